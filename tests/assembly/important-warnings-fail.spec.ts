import { refined } from "./support/refined";

// A documentation build run with warnings turned into errors: every line it flags says
// "WARNING", and it exits 1 for them.
const STRICT =
  "reading sources... [ 50%] index\n" + // line 1
  "reading sources... [100%] guide\n" + // line 2
  "index.rst:11: WARNING: toctree contains reference to nonexisting document 'returns'\n" + // line 3
  "guide.rst:25: WARNING: undefined label: 'retry-policy'\n" + // line 4
  "writing output... [ 50%] index\n" + // line 5
  "writing output... [100%] guide\n"; // line 6

describe("refineScan: a failed run that flags warnings only failed for them", () => {
  it("makes its warnings failures", () => {
    expect(refined(STRICT, 1)).toBe("3:failure,4:failure");
  });

  it("leaves them warnings in a run that succeeded or whose exit is unknown", () => {
    expect(refined(STRICT, 0)).toBe("3:warning,4:warning");
    expect(refined(STRICT, -1)).toBe("3:warning,4:warning");
  });

  it("leaves them warnings beside an error line", () => {
    const text = "a.c:3:5: warning: unused variable 'x'\na.c:9:1: error: expected ';'\nbuilt nothing\n";
    expect(refined(text, 1)).toBe("1:warning,2:error,3:summary");
  });
});
