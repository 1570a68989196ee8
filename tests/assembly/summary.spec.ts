import { digestCommand } from "../../assembly/digest/command";
import { failureSummary, genericSummary, isErrorReport } from "../../assembly/digest/shared/summary";
import { traceMessageFor } from "../../assembly/digest/shared/trace";
import { DigestContext } from "../../assembly/digest/shared/types";
import { parseCall } from "../../assembly/call";
import { Category } from "../../assembly/category";

// The traces below are cut from real runs (tests/fixtures/corpus: node-unhandled-rejection,
// python-traceback-before-buffered-output, python-chained-exceptions, lua-nil-arithmetic).

/** `n` lines of a program's ordinary output, then `tail`. */
function afterOutput(n: i32, tail: string): string {
  const parts = new Array<string>();
  for (let i = 0; i < n; i++) parts.push("shipment " + (70000 + i).toString() + " zone=eu weight=250g price=112.5");
  return parts.join("\n") + "\n" + tail;
}

const NODE_REJECTION =
  "file:///tmp/abridge-corpus/node-unhandled-rejection/ship.mjs:5\n" +
  '  if (zone === "ch") throw new Error(`no rate for zone ${zone}`);\n' +
  "                           ^\n" +
  "\n" +
  "Error: no rate for zone ch\n" +
  "    at fetchRate (file:///tmp/abridge-corpus/node-unhandled-rejection/ship.mjs:5:28)\n" +
  "    at async price (file:///tmp/abridge-corpus/node-unhandled-rejection/ship.mjs:10:12)\n" +
  "\n" +
  "Node.js v20.20.2\n";

const PYTHON_TRACEBACK =
  "Traceback (most recent call last):\n" +
  '  File "/tmp/abridge-corpus/python-traceback-before-buffered-output/migrate.py", line 9, in <module>\n' +
  '    print("checking", rows["customers"])\n' +
  "                      ~~~~^^^^^^^^^^^^^\n" +
  "KeyError: 'customers'\n";

const PYTHON_LIBRARY =
  "Traceback (most recent call last):\n" +
  '  File "/usr/lib/python3.11/json/__init__.py", line 346, in loads\n' +
  "    return _default_decoder.decode(s)\n" +
  '  File "/usr/lib/python3.11/json/decoder.py", line 355, in raw_decode\n' +
  '    raise JSONDecodeError("Expecting value", s, err.value) from None\n' +
  "json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)\n";

const LUA_TRACEBACK =
  "lua5.4: ship.lua:3: attempt to perform arithmetic on a nil value (field '?')\n" +
  "stack traceback:\n" +
  "\t[C]: in metamethod 'mul'\n" +
  "\tship.lua:3: in upvalue 'rate_for'\n" +
  "\tship.lua:11: in main chunk\n" +
  "\t[C]: in ?\n";

describe("the message of a stack trace", () => {
  it("after the frames when the most recent call is last", () => {
    expect(traceMessageFor(PYTHON_TRACEBACK, "Traceback (most recent call last):")).toBe("KeyError: 'customers'");
    expect(traceMessageFor(PYTHON_TRACEBACK, '    print("checking", rows["customers"])')).toBe("KeyError: 'customers'");
    expect(traceMessageFor(PYTHON_LIBRARY, '    raise JSONDecodeError("Expecting value", s, err.value) from None')).toBe(
      "json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)",
    );
  });

  it("before the frames otherwise, past a quoted source line, its pointer and a header", () => {
    expect(traceMessageFor(NODE_REJECTION, '  if (zone === "ch") throw new Error(`no rate for zone ${zone}`);')).toBe("Error: no rate for zone ch");
    expect(traceMessageFor(NODE_REJECTION, "    at fetchRate (file:///tmp/abridge-corpus/node-unhandled-rejection/ship.mjs:5:28)")).toBe("Error: no rate for zone ch");
    expect(traceMessageFor(LUA_TRACEBACK, "\t[C]: in ?")).toBe("lua5.4: ship.lua:3: attempt to perform arithmetic on a nil value (field '?')");
    expect(traceMessageFor(LUA_TRACEBACK, "stack traceback:")).toBe("lua5.4: ship.lua:3: attempt to perform arithmetic on a nil value (field '?')");
  });

  it("nothing for a line that is the message, or in no trace", () => {
    expect(traceMessageFor(NODE_REJECTION, "Error: no rate for zone ch")).toBe("");
    expect(traceMessageFor(PYTHON_TRACEBACK, "KeyError: 'customers'")).toBe("");
    // An indented finding (eslint's stylish format) is no frame.
    const eslint = "/srv/src/routes/route03.js\n  8:39  error  'next' is defined but never used  no-unused-vars\n  9:7   error  Use the isNaN function  use-isnan\n";
    expect(traceMessageFor(eslint, "  8:39  error  'next' is defined but never used  no-unused-vars")).toBe("");
    expect(traceMessageFor("a\nb\n", "not there")).toBe("");
    expect(traceMessageFor("", "")).toBe("");
  });
});

describe("errors reported by their form", () => {
  it("a severity where one goes, an exception's name, a status in capitals, a crash", () => {
    expect(isErrorReport("report.c:210:13: error: expected ';' before '}' token")).toBe(true);
    expect(isErrorReport("psql:report.sql:4: ERROR:  column o.totl_cents does not exist")).toBe(true);
    expect(isErrorReport("fatal: not a git repository (or any of the parent directories): .git")).toBe(true);
    expect(isErrorReport("error[E0308]: mismatched types")).toBe(true);
    expect(isErrorReport("KeyError: 'customers'")).toBe(true);
    expect(isErrorReport("java.lang.NullPointerException: boom")).toBe(true);
    expect(isErrorReport("2024-03-14 08:44:52.735 ERROR http  GET /api/orders/712 500")).toBe(true);
    expect(isErrorReport("==== parse-1 a quantity with a unit FAILED")).toBe(true);
    expect(isErrorReport("Program received signal SIGSEGV, Segmentation fault.")).toBe(true);
  });

  it("not a word that a line of data or prose merely holds", () => {
    expect(isErrorReport("ii  libasan8:amd64  12.2.0-14  amd64  AddressSanitizer -- a fast memory error detector")).toBe(false);
    expect(isErrorReport("  75 | customer 76 | SE | 96925 | failed | 2024-03-16")).toBe(false);
    expect(isErrorReport("a1b2c3d Fix host type error")).toBe(false);
    expect(isErrorReport("^a8c09c6 (corpus 2023-12-04 12:00:00 +0000   8) except ImportError:")).toBe(false);
    expect(isErrorReport("    RX:  bytes packets errors dropped  missed   mcast")).toBe(false);
    expect(isErrorReport("       Error messages are written to standard error.")).toBe(false);
    expect(isErrorReport("ERRORS")).toBe(false);
    expect(isErrorReport("[    1.234567] ACPI Error: AE_NOT_FOUND, While resolving a named reference")).toBe(false);
    expect(isErrorReport("")).toBe(false);
  });
});

describe("failure summaries", () => {
  it("follow the exit code: a success names no error its lines merely mention", () => {
    const rows = "  75 | customer 76 | SE | 96925 | failed | 2024-03-16\n  76 | customer 77 | DE | 100 | paid | 2024-03-16\n";
    expect(failureSummary(rows, 0, "  75 | customer 76 | SE | 96925 | failed | 2024-03-16")).toBe("");
    expect(failureSummary(rows, -1, "")).toBe("");
    const log = "2024-03-14 08:44:50.680 WARN  pool  connections in use: 20/20\n2024-03-14 08:44:52.735 ERROR http  GET /api 500\n";
    expect(failureSummary(log, 0, "")).toBe("Error: 2024-03-14 08:44:52.735 ERROR http GET /api 500");
    expect(failureSummary(rows, 2, "")).toBe("Error: 76 | customer 77 | DE | 100 | paid | 2024-03-16");
    expect(failureSummary("", 3, "")).toBe("Error: exit code 3");
  });

  it("find a severity of four letters, the shortest, among file names and numbers before a colon", () => {
    // Compiler lines put short words before their colons ("unit.c:", "33:"): none is a severity.
    const log = "unit.c:3:33: warning: unused variable 'x'\nfail: no rule to make target 'all'\n";
    expect(failureSummary(log, -1, "")).toBe("Error: fail: no rule to make target 'all'");
    expect(failureSummary("unit.c:3:33: warning: unused variable 'x'\nsrc/a.c:4: note: here\n", -1, "")).toBe("");
  });

  it("join a bare label to the message on its next line (jshell)", () => {
    // jshell-script-errors: "Error:" alone, the message under it.
    const jshell = "subtotal 9643.25\nError:\ncannot find symbol\n  symbol:   variable taxRate\n";
    expect(failureSummary(jshell, 1, "Error:")).toBe("Error: cannot find symbol");
    // The label found where it stands alone, not inside another line.
    expect(failureSummary("TypeError: x\nError:\n\n  disk full\n", 1, "Error:")).toBe("Error: disk full");
    // A label that opens the next line too is said once (lintian's notes).
    expect(failureSummary("N:\nN: The package installs a directory in /usr/local.\n", 2, "N:")).toBe("Error: N: The package installs a directory in /usr/local.");
    // A label with words is its own message.
    expect(failureSummary("Build failed:\nsee above\n", 1, "Build failed:")).toBe("Error: Build failed:");
  });

  it("give a trace's message, not its header, a frame or a library's source line", () => {
    expect(failureSummary(afterOutput(50, PYTHON_TRACEBACK), 1, "Traceback (most recent call last):")).toBe("Error: KeyError: 'customers'");
    expect(failureSummary(afterOutput(50, PYTHON_LIBRARY), 1, '    raise JSONDecodeError("Expecting value", s, err.value) from None')).toBe(
      "Error: json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)",
    );
    expect(failureSummary(afterOutput(600, NODE_REJECTION), 1, '  if (zone === "ch") throw new Error(`no rate for zone ${zone}`);')).toBe("Error: no rate for zone ch");
    // Nothing flagged: the crash's trace at the end leads to its message.
    expect(failureSummary(afterOutput(600, LUA_TRACEBACK), 1, "")).toBe("Error: lua5.4: ship.lua:3: attempt to perform arithmetic on a nil value (field '?')");
  });

  it("the command digest and the generic summary use them", () => {
    const man = afterOutput(200, "ERRORS\n       Error messages are written to standard error; a failed write is reported.\n");
    const ok = new DigestContext("bash", '{"command":"man ls"}', 0);
    expect(digestCommand(man, 500, ok, "").summary).toBe("Ran man ls (202 lines)");
    const crashed = new DigestContext("bash", '{"command":"python3 migrate.py"}', 1);
    expect(digestCommand(afterOutput(200, PYTHON_TRACEBACK), 500, crashed, "").summary).toBe("Error: KeyError: 'customers'");
    expect(genericSummary(Category.StructuredData, parseCall("bash", '{"command":"node ship.mjs"}'), 1, afterOutput(50, NODE_REJECTION))).toBe("Error: no rate for zone ch");
  });
});

describe("the first line that reports an error by its form", () => {
  it("takes a crash named on a later line, and not one past the 400 units read of its line", () => {
    expect(failureSummary("step 1 ok\nstep 2 ok\nSegmentation fault (core dumped)\nstep 3\n", 0, "")).toBe("Error: Segmentation fault (core dumped)");
    const far = "x".repeat(500) + " SIGSEGV\n";
    expect(failureSummary(far + "fine\n", 0, "")).toBe("");
    expect(failureSummary(far + "error: disk full\n", 0, "")).toBe("error: disk full");
    expect(failureSummary("ok\n" + "y".repeat(100) + " core dumped\n", 0, "")).toBe("Error: " + "y".repeat(100) + " core dumped");
  });

  it("finds a crash name or a status word wherever it starts, up to the last units of the text", () => {
    // Offsets around the 16-unit steps of the search, and words that end the text.
    for (let at = 1; at < 40; at++) {
      const pad = "x".repeat(at);
      expect(failureSummary("ok\n" + pad + " SIGSEGV", 0, "")).toBe("Error: " + pad + " SIGSEGV");
      expect(failureSummary("ok\n" + pad + " SIGABRT\nmore\n", 0, "")).toBe("Error: " + pad + " SIGABRT");
      expect(failureSummary(pad + " Segmentation fault\n", 0, "")).toBe("Error: " + pad + " Segmentation fault");
      expect(failureSummary("core dumped " + pad, 0, "")).toBe("Error: core dumped " + pad);
      expect(failureSummary("ok\n" + pad + " CRITICAL disk", 0, "")).toBe("Error: " + pad + " CRITICAL disk");
      expect(failureSummary(pad + " FAILED\n", 0, "")).toBe("Error: " + pad + " FAILED");
      // Their first two units alone, or a word cut by the text's end, are none.
      expect(failureSummary("ok\n" + pad + " SIGNAL SEVER FAI co", 0, "")).toBe("");
    }
  });
});
