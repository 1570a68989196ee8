// A program that logs as it goes and dies on an uncaught exception: the last line it logged
// before the trace says how far it got ("order 1200 …" before "Caught: …"). Above the small
// budget that line is offered with the trace, across the blank lines between them.
import { keepImportant } from "../../assembly/important";

const FRAMES = 40;

/**
 * Lines 1–200: "order 1NNN region R total T"; then `blanks` blank lines; then
 * "Caught: java.lang.IllegalStateException: …", the exception again, FRAMES library
 * frames, "Caused by: java.util.NoSuchElementException: …" and ten more frames.
 */
function crash(blanks: i32): string {
  const regions = ["eu", "us", "apac"];
  const lines = new Array<string>();
  for (let i = 1; i <= 200; i++) lines.push("order " + (1000 + i).toString() + " region " + regions[i % 3] + " total " + (i * 375).toString());
  for (let k = 0; k < blanks; k++) lines.push("");
  lines.push("Caught: java.lang.IllegalStateException: cannot total line SKU-031");
  lines.push("java.lang.IllegalStateException: cannot total line SKU-031");
  for (let k = 0; k < FRAMES; k++) lines.push("\tat org.codehaus.groovy.runtime.callsite.CallSiteArray.defaultCall(CallSiteArray.java:" + (100 + k).toString() + ")");
  lines.push("Caused by: java.util.NoSuchElementException: no price for SKU-031 in region us");
  for (let k = 0; k < 10; k++) lines.push("\tat java.base/java.util.HashMap.get(HashMap.java:" + (500 + k).toString() + ")");
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
});
