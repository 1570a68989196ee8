import { Kind } from "../../assembly/important/kinds";
import { flaggedAs } from "./support/refined";
import { CommandLines } from "../../assembly/digest/command/lines";
import { refineScan } from "../../assembly/important/refine";
import { withRunners } from "../../assembly/important/runners";
import { scanImportant } from "../../assembly/important/scan";
import { Shapes } from "../../assembly/important/shapes";

/** The 1-based lines the refined scan of `text` flags as failures, joined by spaces (headings and totals by their words). */
function failures(text: string, exitCode: i32): string {
  return flaggedAs(text, exitCode, Kind.Failure);
}

// A spec runner's close: its totals, then one line per failed example naming its place.
const RECAP =
  "..F....E..\n" + // line 1
  "Finished in 1.72 milliseconds\n" + // line 2
  "10 examples, 1 failures, 1 errors, 0 pending\n" + // line 3
  "\n" + // line 4
  "Failed examples:\n" + // line 5
  "\n" + // line 6
  "crystal spec spec/tax_spec.cr:17 # Tax scales step 3\n" + // line 7
  "crystal spec spec/cart_spec.cr:29 # Cart parses a quantity\n"; // line 8

// A feature runner's recap: indented places under the heading, no blank line between.
const SCENARIOS =
  "Failing scenarios:\n" + // line 1
  "  features/tax.feature:14  tax order 3\n" + // line 2
  "  features/stock.feature:9  stock order 2\n" + // line 3
  "\n" + // line 4
  "3 features passed, 2 failed, 0 skipped\n"; // line 5

// "Failures:" heading details: its next lines name no place, so none is marked.
const DETAILS =
  "Failures:\n" + // line 1
  "\n" + // line 2
  "  1) Tax scales step 3\n" + // line 3
  "     Expected: 39\n" + // line 4
  "     # spec/tax_spec.cr:18\n"; // line 5

describe("refineScan: the list of failures a failed run closes with", () => {
  it("marks each place under a 'Fail…:' heading, past one blank line", () => {
    expect(failures(RECAP, 1)).toBe("3 5 7 8");
  });

  it("marks indented places under the heading", () => {
    expect(failures(SCENARIOS, 1)).toBe("1 2 3 5");
  });

  it("stops at the first line naming no place", () => {
    expect(failures(DETAILS, 1)).toBe("1");
  });

  it("marks none in a run that succeeded or whose exit is unknown", () => {
    expect(failures(RECAP, 0)).toBe("3 5");
    expect(failures(RECAP, -1)).toBe("3 5");
  });

  it("takes no heading indented or without its colon", () => {
    expect(failures("  Failed examples:\ncrystal spec spec/a_spec.cr:1 # a\n", 1)).toBe("1");
    expect(failures("Failed examples\ncrystal spec spec/a_spec.cr:1 # a\n", 1)).toBe("1");
  });
});

/** failures() of `text` read as the command digest reads it: one pass over its lines with every reader, the runner's summaries merged into the scan. */
function failuresWithRunners(text: string, exitCode: i32): string {
  const base = scanImportant(text, true);
  const perLine = new CommandLines(base);
  const shapes = new Shapes(text, base.totalLines, perLine, base.newlineAt);
  const keywords = withRunners(base, perLine.runners.finish());
  const r = refineScan(text, keywords, shapes, exitCode);
  const lines = new Array<string>();
  for (let i = 0; i < r.count; i++) if (r.kinds[i] == Kind.Failure) lines.push(r.lineNumbers[i].toString());
  return (keywords === base ? "unmerged " : "") + lines.join(" ");
}

// A runner's totals line the runner summaries read (cargo's), over a list of failed places.
const TOTALS_OVER_LIST =
  "test result: FAILED. 3 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s\n" + // line 1
  "\n" + // line 2
  "Failed examples:\n" + // line 3
  "crystal spec spec/tax_spec.cr:17 # Tax scales step 3\n"; // line 4

describe("refineScan: the list of failures after the runner's summaries", () => {
  it("marks each place when the scan it refines holds the runner's totals too", () => {
    expect(failuresWithRunners(TOTALS_OVER_LIST, 1)).toBe("1 3 4");
  });
});

// A merge that stopped under its conflicts (status words, no keyword), with a runner's totals
// line the runner summaries read (cargo's) after it.
const CONFLICT_THEN_TOTALS =
  "Auto-merging src/mod1.py\n" + // line 1
  "CONFLICT (content): Merge conflict in src/mod2.py\n" + // line 2
  "Auto-merging src/mod3.py\n" + // line 3
  "Automatic merge failed; fix conflicts and then commit the result.\n" + // line 4
  "test result: ok. 3 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s\n"; // line 5

describe("refineScan: status words after the runner's summaries", () => {
  it("marks a status word's line when the scan it refines holds the runner's totals too", () => {
    expect(failuresWithRunners(CONFLICT_THEN_TOTALS, 1).split(" ")).toContain("2");
  });
});
