// A trace's user frame is found however many of a framework's frames come before it: the
// frames are read down to the line that closes the trace, not to the block's cap. The input
// is built line by line below.
import { keepImportant } from "../../assembly/important";

/** `n` lines "test_N.py::test_case_N PASSED", numbered from `from`. */
function passing(from: i32, n: i32): string[] {
  const lines = new Array<string>();
  for (let i = from; i < from + n; i++) lines.push("test_" + i.toString() + ".py::test_case_" + i.toString() + " PASSED");
  return lines;
}

describe("keepImportant: a trace's user frame past a framework's", () => {
  it("shows the user's frame under thirty library frames", () => {
    // Lines 1–200: passing tests; 201: "Traceback …"; 202–261: thirty library frames, each
    // a "File" line and its code line; 262–263: the user's frame and its code; 264: the
    // exception; 265–464: passing tests; 465: the totals.
    const lines = passing(1, 200);
    lines.push("Traceback (most recent call last):");
    for (let i = 0; i < 30; i++) {
      lines.push('  File "/usr/lib/python3.11/site-packages/runner/hooks.py", line ' + (100 + i).toString() + ", in call_" + i.toString());
      lines.push("    return hook(*args)");
    }
    lines.push('  File "/work/shop/settings.py", line 5, in load');
    lines.push("    return json.loads(text)");
    lines.push("json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)");
    const after = passing(266, 200);
    for (let i = 0; i < after.length; i++) lines.push(after[i]);
    lines.push("1 failed, 400 passed in 0.20s");
    const out = keepImportant(lines.join("\n") + "\n", 2000, 0.5, "; read more: x");
    expect(out.length).toBeLessThanOrEqual(2000);
    expect(out.includes('lines 202–261 of 465; read more: x\n  File "/work/shop/settings.py", line 5, in load\n')).toBe(true);
    expect(out.includes("\njson.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)\n")).toBe(true);
  });
});
