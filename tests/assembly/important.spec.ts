import { importantLines, keepImportant } from "../../assembly/important";
import { scanImportant } from "../../assembly/important/scan";
import { kindName } from "../../assembly/important/kinds";

/** Kind names of the flagged lines of `text`, joined with ",". */
function kinds(text: string): string {
  const scan = scanImportant(text);
  const names = new Array<string>();
  for (let i = 0; i < scan.count; i++) names.push(kindName(scan.kinds[i]));
  return names.join(",");
}

/** `n` filler lines, then `middle`, then `n` more. */
function log(n: i32, middle: string): string {
  const parts = new Array<string>();
  for (let i = 0; i < n; i++) parts.push("step " + i.toString() + ": copying build/out/file" + i.toString() + ".o to dist");
  parts.push(middle);
  for (let i = 0; i < n; i++) parts.push("step " + (n + i).toString() + ": copying build/out/file" + i.toString() + ".o to dist");
  return parts.join("\n") + "\n";
}

describe("flagged lines", () => {
  it("recognises diagnostics and failures", () => {
    expect(kinds("a.c:3:9: error: 'x' undeclared\n")).toBe("error");
    expect(kinds("src/a.ts(3,7): error TS2345: Argument of type\n")).toBe("error");
    expect(kinds("a.c:3:9: warning: unused variable\n")).toBe("warning");
    expect(kinds("make: *** [Makefile:8: u301.o] Error 1\n")).toBe("error");
    expect(kinds("make[1]: *** No rule to make target 'x'.  Stop.\n")).toBe("error");
    expect(kinds("npm ERR! code ELIFECYCLE\n")).toBe("error");
    expect(kinds("2024-01-01 12:00:00 FATAL cannot bind\n")).toBe("error");
    expect(kinds("Segmentation fault (core dumped)\n")).toBe("error");
    expect(kinds("FAILED tests/test_x.py::test_y - assert 1 == 2\n")).toBe("failure");
    expect(kinds("--- FAIL: TestParse (0.00s)\n")).toBe("failure");
    expect(kinds("  \u2717 parses dates\n")).toBe("failure");
    expect(kinds("   \u00d7 adds numbers 3ms\n")).toBe("failure");
  });

  it("recognises traces and their languages", () => {
    expect(kinds("Traceback (most recent call last):\n")).toBe("trace");
    expect(kinds("Exception in thread \"main\" java.lang.IllegalStateException: boom\n")).toBe("trace");
    expect(kinds("panic: runtime error: index out of range [5] with length 3\n")).toBe("trace");
    expect(kinds("thread 'main' panicked at src/main.rs:4:5:\n")).toBe("trace");
    expect(kinds("TypeError: Cannot read properties of undefined\n")).toBe("error");
    expect(kinds("error[E0308]: mismatched types\n")).toBe("error");
  });

  it("recognises summaries and exit lines", () => {
    expect(kinds("Ran 12 tests in 0.003s\n")).toBe("summary");
    expect(kinds("test result: ok. 5 passed; 0 failed; 0 ignored\n")).toBe("summary");
    expect(kinds("Tests:       1 failed, 2 passed, 3 total\n")).toBe("failure");
    expect(kinds("exit status 1\n")).toBe("exit");
    expect(kinds("Process exited with code 2\n")).toBe("exit");
  });

  it("rejects look-alikes", () => {
    expect(kinds("compiled with 0 errors and 0 warnings\n")).toBe("");
    expect(kinds("no errors found\n")).toBe("");
    expect(kinds("cc -c error_handler.c -o error_handler.o\n")).toBe("");
    expect(kinds("cc -Werror -Wall main.c\n")).toBe("");
    expect(kinds("redirecting stderr to a file\n")).toBe("");
    // A test named with digits is not a count of passed tests.
    expect(kinds("tests/test_a.py::test_x_001 PASSED\n")).toBe("");
    expect(kinds("ok 7 - suite/case-12 passed\n")).toBe("");
    expect(kinds("using default settings; terror and mirror\n")).toBe("");
    expect(kinds("Resolving module '@typescript/lib-es2022/error'\n")).toBe("");
    expect(kinds("test_x.py::test_y PASSED\n")).toBe("");
    expect(kinds("exit status 0\n")).toBe("");
    expect(kinds("errors: 0\n")).toBe("");
    expect(kinds("3 \u00d7 4 = 12\n")).toBe("");
  });

  it("numbers lines and handles CRLF, no trailing newline and one huge line", () => {
    const scan = scanImportant("ok\r\nok\r\nerror: boom\r\nok");
    expect(scan.count).toBe(1);
    expect(scan.lineNumbers[0]).toBe(3);
    expect(scan.totalLines).toBe(4);
    const huge = "x".repeat(100000) + " error: at the end";
    expect(scanImportant(huge).count).toBe(1);
    expect(scanImportant("").count).toBe(0);
    expect(scanImportant("").totalLines).toBe(0);
  });

  it("counts surrogate pairs while scanning", () => {
    // d83d de00 twice, one lone d800.
    expect(scanImportant("\u{1F600}abc\u{1F600}" + "x".repeat(40) + "\uD800").pairs).toBe(2);
  });
});

describe("importantLines", () => {
  it("returns merged blocks with their rank", () => {
    const json = importantLines("a\nb\nerror: one\nerror: two\nc\nd\ne\nwarning: w\n");
    expect(json).toBe("[{\"first\":2,\"last\":5,\"rank\":3,\"kind\":\"error\",\"flagged\":[3,4]},{\"first\":8,\"last\":8,\"rank\":1,\"kind\":\"warning\",\"flagged\":[8]}]");
    expect(importantLines("")).toBe("[]");
  });

  it("follows a Python traceback to its exception line", () => {
    const t = "x\nTraceback (most recent call last):\n  File \"a.py\", line 1, in <module>\n    f()\nKeyError: 'k'\ny\nz\n";
    expect(importantLines(t)).toBe("[{\"first\":1,\"last\":6,\"rank\":3,\"kind\":\"trace\",\"flagged\":[2,5]}]");
  });
});

describe("keepImportant", () => {
  it("keeps an error from the middle of 5,000 lines at every budget", () => {
    const t = log(2500, "src/parse.c:88:12: error: expected ';' before '}' token");
    const budgets: i32[] = [800, 4000, 16000];
    for (let i = 0; i < budgets.length; i++) {
      const out = keepImportant(t, budgets[i], 0.6, "");
      expect(out.length).toBeLessThanOrEqual(budgets[i]);
      expect(out.includes("src/parse.c:88:12: error: expected ';' before '}' token\n")).toBe(true);
      expect(out.includes(" of 5,001")).toBe(true);
    }
  });

  it("returns a text that fits unchanged", () => {
    const t = "error: small\n";
    expect(changetype<usize>(keepImportant(t, 100, 0.6, ""))).toBe(changetype<usize>(t));
  });

  it("ranks errors above a flood of warnings and counts what it drops", () => {
    const parts = new Array<string>();
    for (let i = 0; i < 3000; i++) parts.push("lib/w" + i.toString() + ".c:1:1: warning: unused parameter 'x'");
    parts.push("lib/core.c:9:9: error: conflicting types for 'run'");
    for (let i = 0; i < 3000; i++) parts.push("lib/v" + i.toString() + ".c:1:1: warning: unused parameter 'y'");
    const t = parts.join("\n") + "\n";
    const out = keepImportant(t, 800, 0.6, "");
    expect(out.length).toBeLessThanOrEqual(800);
    expect(out.includes("lib/core.c:9:9: error: conflicting types for 'run'")).toBe(true);
    // Numbered, the one marker states the lines shown, not the flagged lines left out.
    expect(out.includes(" warning lines")).toBe(false);
    const wide = keepImportant(t, 4000, 0.6, "");
    expect(wide.includes("lib/core.c:9:9: error: conflicting types for 'run'")).toBe(true);
    expect(wide.includes(" warning lines")).toBe(true);
  });

  it("degrades to plain truncation for tiny budgets and none for 0", () => {
    const t = log(500, "error: boom");
    expect(keepImportant(t, 0, 0.6, "")).toBe("");
    expect(keepImportant(t, 1, 0.6, "")).toBe("");
    const small = keepImportant(t, 60, 0.6, "");
    expect(small.length).toBeLessThanOrEqual(60);
  });

  it("handles all-identical error lines", () => {
    const t = "error: same\n".repeat(2000);
    const out = keepImportant(t, 500, 0.6, "");
    expect(out.length).toBeLessThanOrEqual(500);
    // Numbered under a small budget: the marker, then line 1.
    expect(out.includes(" of 2,000 lines shown, numbered\n")).toBe(true);
    expect(out.includes("\n1: error: same\n")).toBe(true);
  });

  it("keeps surrogate pairs whole", () => {
    // d83d de00 in every line.
    const t = log(300, "error: \u{1F600} broke").replaceAll("dist", "\u{1F600}");
    const out = keepImportant(t, 400, 0.6, "; more: offset={first}");
    expect(out.length).toBeLessThanOrEqual(400);
    expect(out.includes("error: \u{1F600} broke")).toBe(true);
    for (let i = 0; i < out.length; i++) {
      const c = out.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff) {
        expect(out.charCodeAt(i + 1) >= 0xdc00 && out.charCodeAt(i + 1) <= 0xdfff).toBe(true);
        i++;
      } else expect(c >= 0xdc00 && c <= 0xdfff).toBe(false);
    }
  });
});

describe("scanImportant line bounds", () => {
  it("gives each flagged line its start, whether its '\\n' is in the hit's 16-unit step or before it", () => {
    // Lines of every length around a step's 16 units, the trigger early, late and past a step.
    const lines = ["error: a", "x", "a long line that ends with a failure", "ERROR", "", "   warning: indented", "fatal", "0123456789abcdef error", "panic"];
    const text = lines.join("\n") + "\n";
    const scan = scanImportant(text);
    expect(scan.count).toBe(7);
    for (let k = 0; k < scan.count; k++) {
      const start = scan.lineStarts[k];
      expect(start == 0 || text.charCodeAt(start - 1) == 0x0a).toBe(true);
      expect(text.lastIndexOf("\n", scan.hits[k] - 1) + 1).toBe(start);
      expect(scan.lineEnds[k]).toBe(text.indexOf("\n", scan.hits[k]));
    }
  });
});
