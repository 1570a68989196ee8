import { Kind } from "../../assembly/important/kinds";
import { flaggedAs } from "./support/refined";

/** The 1-based lines the refined scan of `text` flags as errors, joined by spaces. */
function errors(text: string, exitCode: i32): string {
  return flaggedAs(text, exitCode, Kind.Error);
}

// A template expanded by a macro processor that traces its macros and stops on a missing
// include: only its warning holds a keyword; the complaint that failed it holds none.
const EXPANSION =
  "<ul>\n" + // line 1
  "gen-trace: item(`a') -> `<li>a</li>'\n" + // line 2
  "<li>a</li>\n" + // line 3
  "gen:site.t:3: cannot open `parts/b.t'\n" + // line 4, what failed it (no keyword, no "No such file")
  "gen-trace: item(`c') -> `<li>c</li>'\n" + // line 5
  "<li>c</li>\n" + // line 6
  "gen:site.t:9: Warning: excess arguments to builtin `len' ignored\n" + // line 7, flagged
  "</ul>\n"; // line 8

describe("refineScan: a failed run's program complains under its flagged line's prefix", () => {
  it("marks the other lines opening with the first flagged line's `word:` as errors", () => {
    expect(errors(EXPANSION, 1)).toBe("4");
  });

  it("marks nothing in a run that succeeded or whose exit is unknown", () => {
    expect(errors(EXPANSION, 0)).toBe("");
    expect(errors(EXPANSION, -1)).toBe("");
  });

  it("takes no prefix that differs after the word (`gen-trace:` is not `gen:`)", () => {
    const text =
      "gen-trace: item(`a')\n" + // line 1: "gen-trace:" opens with "gen" too, not with "gen:"
      "gen-trace: item(`b')\n" + // line 2
      "gen:site.t:3: cannot open `b.t'\n" + // line 3: shares line 4's prefix
      "gen: Warning: excess arguments ignored\n"; // line 4, flagged
    expect(errors(text, 1)).toBe("3");
  });

  it("marks none when many lines share the prefix: they are the output's rows", () => {
    let text = "";
    for (let i = 1; i <= 6; i++) text += "gen:row " + i.toString() + "\n"; // lines 1–6
    text += "gen: Warning: row 7 has no key\n"; // line 7, flagged
    expect(errors(text, 1)).toBe("");
  });

  it("marks none when the first flagged line has no `word:` prefix", () => {
    const text = "gen:site.t:3: cannot open `b.t'\n  Warning: b.t skipped\n<li>c</li>\n"; // line 2 flagged, indented
    expect(errors(text, 1)).toBe("");
  });
});
