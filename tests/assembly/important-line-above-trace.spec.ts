// A program that logs as it goes and dies on an uncaught exception: the last line it logged
// before the trace says how far it got ("order 1200 …" before "Caught: …"). Above the small
// budget that line is offered with the trace, across the blank lines between them.
import { keepImportant } from "../../assembly/important";

const FRAMES = 40;

/**
 * Lines 1–200: "order 1NNN region R total T", the last one after `indent`; then `blanks` blank lines; then
 * "Caught: java.lang.IllegalStateException: …", the exception again, FRAMES library
 * frames, "Caused by: java.util.NoSuchElementException: …" and ten more frames.
 */
function crash(blanks: i32, indent: string = ""): string {
  const regions = ["eu", "us", "apac"];
  const lines = new Array<string>();
  for (let i = 1; i <= 200; i++) lines.push((i == 200 ? indent : "") + "order " + (1000 + i).toString() + " region " + regions[i % 3] + " total " + (i * 375).toString());
  for (let k = 0; k < blanks; k++) lines.push("");
  lines.push("Caught: java.lang.IllegalStateException: cannot total line SKU-031");
  lines.push("java.lang.IllegalStateException: cannot total line SKU-031");
  for (let k = 0; k < FRAMES; k++) lines.push("\tat org.codehaus.groovy.runtime.callsite.CallSiteArray.defaultCall(CallSiteArray.java:" + (100 + k).toString() + ")");
  lines.push("Caused by: java.util.NoSuchElementException: no price for SKU-031 in region us");
  for (let k = 0; k < 10; k++) lines.push("\tat java.base/java.util.HashMap.get(HashMap.java:" + (500 + k).toString() + ")");
  return lines.join("\n") + "\n";
}

/** `count` passing tests of cargo test, "test tests::pNNN ... ok". */
function passing(lines: string[], prefix: string, count: i32): void {
  for (let i = 0; i < count; i++) lines.push("test tests::" + prefix + "_" + (100 + i).toString() + " ... ok");
}

/**
 * Two failures of cargo test with RUST_BACKTRACE=1 among passing tests: each "---- tests::NAME
 * stdout ----", a blank line, a short opening line (shorter than a gap's marker), what was
 * compared, eight library frames, then the test's own frame in the user's file.
 */
function cargoFailures(): string {
  const lines = new Array<string>();
  passing(lines, "a", 120);
  lines.push("\nfailures:\n");
  const names = ["one", "two"];
  const lefts = ["999", "None"];
  const rights = ["1000", "Some(1250)"];
  for (let f = 0; f < 2; f++) {
    const name = names[f];
    lines.push("---- tests::" + name + " stdout ----\n");
    lines.push("thread 'tests::" + name + "' (15895) panicked at src/lib.rs:143:9:");
    lines.push("assertion `left == right` failed\n  left: " + lefts[f] + "\n right: " + rights[f] + "\nstack backtrace:");
    for (let k = 0; k < 8; k++) {
      lines.push("   " + k.toString() + ": core::panicking::frame_" + k.toString());
      lines.push("             at /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/panicking.rs:" + (k * 10).toString() + ":5");
    }
    lines.push("   8: ledger::tests::" + name + "\n             at ./src/lib.rs:" + (149 + f).toString() + ":9\nnote: Some details are omitted.\n");
  }
  lines.push("failures:\n    tests::one\n    tests::two\n");
  passing(lines, "b", 120);
  lines.push("test result: FAILED. 240 passed; 2 failed");
  return lines.join("\n") + "\n";
}

describe("keepImportant above the small budget: the line a crashed program logged last", () => {
  it("shows the last log line right above the trace", () => {
    const out = keepImportant(crash(0), 4000, 0.6, "");
    expect(out.length).toBeLessThanOrEqual(4000);
    expect(out.includes("\norder 1200 region apac total 75000\n")).toBe(true);
    expect(out.includes("Caught: java.lang.IllegalStateException: cannot total line SKU-031")).toBe(true);
  });

  it("looks across blank lines for it", () => {
    const out = keepImportant(crash(2), 4000, 0.6, "");
    expect(out.includes("\norder 1200 region apac total 75000\n")).toBe(true);
  });

  it("keeps the key lines of a trace whose opening line is short, the line above shown too", () => {
    const out = keepImportant(cargoFailures(), 4000, 0.6, "");
    expect(out.length).toBeLessThanOrEqual(4000);
    expect(out.includes("\n---- tests::two stdout ----\n")).toBe(true);
    expect(out.includes("\n             at ./src/lib.rs:149:9\n")).toBe(true);
    expect(out.includes("\n             at ./src/lib.rs:150:9\n")).toBe(true);
    expect(out.includes("\n  left: None\n right: Some(1250)\n")).toBe(true);
  });

  it("does not offer it under the small budget", () => {
    const out = keepImportant(crash(0), 1500, 0.6, "");
    expect(out.includes("Caught: java.lang.IllegalStateException: cannot total line SKU-031")).toBe(true);
    expect(out.includes("order 1200 region apac total 75000")).toBe(false);
  });

  it("does not offer an indented one", () => {
    const out = keepImportant(crash(0, "  "), 4000, 0.6, "");
    expect(out.includes("Caught: java.lang.IllegalStateException: cannot total line SKU-031")).toBe(true);
    expect(out.includes("order 1200 region apac total 75000")).toBe(false);
  });
});
