// Under the small budget a run that succeeded, yet warns on a good part of its lines (a
// documentation build listing what it could not resolve), is about its warnings: each
// message once comes before the lines that only break the rhythm of its progress (its
// banner, its steps), which would otherwise take all the room. A run whose warnings are a
// few among many lines keeps its order. The input follows a documentation build's log.
import { keepImportant } from "../../assembly/important";

const HINT = "; read more: x";
const DIR = "/home/builder/checkouts/inventory-service-documentation";

const BANNER = [
  "Doxygen version used: 1.9.4",
  "Notice: Output directory 'docs' does not exist. I have created it for you.",
  "Searching for include files...",
  "Searching for example files...",
  "Searching for images...",
  "Searching for dot files...",
  "Searching for msc files...",
  "Searching for dia files...",
  "Searching for files to exclude",
  "Searching INPUT for files to process...",
  "Searching for files in directory " + DIR + "/include",
  "Searching for files in directory " + DIR + "/src",
  "Reading and parsing tag files",
  "Parsing files",
];

const STEPS = [
  "Building macro definition list...",
  "Building group list...",
  "Building directory list...",
  "Building namespace list...",
  "Building file list...",
  "Building class list...",
  "Computing nesting relations for classes...",
  "Associating documentation with classes...",
];

const RARE = DIR + "/include/pricing.h:27: warning: unable to resolve reference to 'pricing_table' for \\ref command";

/** The build's log: `warned` warnings (one message, and the rare one halfway) among its steps. */
function build(warned: i32): string {
  const lines = new Array<string>();
  for (let i = 0; i < BANNER.length; i++) lines.push(BANNER[i]);
  for (let i = 0; i < 10; i++) {
    lines.push("Preprocessing " + DIR + "/src/unit" + i.toString() + ".c...");
    lines.push("Parsing file " + DIR + "/src/unit" + i.toString() + ".c...");
  }
  for (let i = 0; i < STEPS.length; i++) lines.push(STEPS[i]);
  for (let i = 0; i < warned; i++) {
    if (i == warned / 2) lines.push(RARE);
    else lines.push(DIR + "/include/unit" + i.toString() + ".h:" + (10 + i).toString() + ": warning: Member state (variable) of struct unit" + i.toString() + " is not documented.");
  }
  for (let i = 0; i < 10; i++) {
    lines.push("Generating code for file unit" + i.toString() + ".c...");
    lines.push("Generating docs for compound unit" + i.toString() + "...");
  }
  lines.push("finished...");
  return lines.join("\n") + "\n";
}

describe("keepImportant under the small budget: a run that is mostly warnings", () => {
  it("shows its rarest warning before the lines that only break its progress", () => {
    const out = keepImportant(build(60), 800, 0.5, HINT);
    expect(out.length).toBeLessThanOrEqual(800);
    expect(out.includes(RARE)).toBe(true);
  });

  it("leaves a run whose warnings are a few among its lines in its order", () => {
    // 8 warnings of 71 lines: its steps keep their place, up to the last one before the warnings.
    const out = keepImportant(build(8), 800, 0.5, HINT);
    expect(out.length).toBeLessThanOrEqual(800);
    expect(out.includes("\n42: Associating documentation with classes...\n")).toBe(true);
    // The same step gives its room to the warnings once they are most of the run.
    expect(keepImportant(build(60), 800, 0.5, HINT).includes("Associating documentation with classes...")).toBe(false);
  });
});
