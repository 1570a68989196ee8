// Under the small budget (the minimal level) a banner's lines (each unlike the others, so
// each breaks a rhythm not held yet) wait behind the failure a run reports further on. The
// input is built line by line below.
import { keepImportant } from "../../assembly/important";

const HINT = "; read more: x";

/** `n` lines "test_N.py::test_case_N PASSED", numbered from `from`. */
function passing(from: i32, n: i32): string[] {
  const lines = new Array<string>();
  for (let i = from; i < from + n; i++) lines.push("test_" + i.toString() + ".py::test_case_" + i.toString() + " PASSED");
  return lines;
}

function append(to: string[], lines: string[]): void {
  for (let i = 0; i < lines.length; i++) to.push(lines[i]);
}

describe("keepImportant under the small budget: a banner waits behind a failure", () => {
  it("shows the failure's user frame rather than the banner's lines", () => {
    // Lines 1–3: a banner, each line unlike the others; 4–63: passing tests; 64: the
    // failed test's progress line; 65–124: passing tests; 125: "Traceback …"; 126–185:
    // thirty library frames, each a "File" line and its code line; 186–187: the user's
    // frame and its code; 188: the exception; 189: the totals.
    const lines = new Array<string>();
    lines.push("platform linux -- Python 3.11.7, pytest-9.0.3, pluggy-1.6.0 -- /usr/bin/python3");
    lines.push("rootdir: /work/shop");
    lines.push("plugins: hypothesis-6.155.2, benchmark-5.2.3");
    append(lines, passing(4, 60));
    lines.push("test_settings.py::test_port FAILED");
    append(lines, passing(65, 60));
    lines.push("Traceback (most recent call last):");
    for (let i = 0; i < 30; i++) {
      lines.push('  File "/usr/lib/python3.11/site-packages/runner/hooks.py", line ' + (100 + i).toString() + ", in call_" + i.toString());
      lines.push("    return hook(*args)");
    }
    lines.push('  File "/work/shop/settings.py", line 5, in load');
    lines.push("    return json.loads(text)");
    lines.push("json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)");
    lines.push("1 failed, 120 passed in 0.20s");
    const out = keepImportant(lines.join("\n") + "\n", 400, 0.5, HINT);
    expect(out.length).toBeLessThanOrEqual(400);
    expect(out.includes('186:   File "/work/shop/settings.py", line 5, in load')).toBe(true);
    expect(out.includes("188: json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)")).toBe(true);
    expect(out.includes("1: platform linux")).toBe(false);
  });
});
