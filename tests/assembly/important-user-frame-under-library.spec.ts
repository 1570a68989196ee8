// A JVM trace prints each frame on a tab-indented "at" line, the user's frames between the
// runtime's reflection frames ("\tat jdk.internal.reflect.GeneratedMethodAccessor4.invoke(Unknown
// Source)" over "\tat Ledger.lineTotal(report.groovy:18)"). A location under the line that names
// its function (Go's "\t/src/main.go:12 +0x1d" under "main.total(…)") comes with that line; a
// library's frame above a user's frame is no such line: the user's frame is the key line itself.
import { keepImportant } from "../../assembly/important";

/** `count` reflection frames of the runtime, numbered from `from`. */
function libraryFrames(lines: string[], from: i32, count: i32): void {
  for (let k = 0; k < count; k++) {
    lines.push("\tat java.base/jdk.internal.reflect.DelegatingMethodAccessorImpl.invoke(DelegatingMethodAccessorImpl.java:" + (from + k).toString() + ")");
  }
}

/**
 * 200 log lines "order 1NNN region R total T", then "Caught: …", the exception again, library
 * frames with two of the user's frames among them, "Caused by: …" and more library frames.
 */
function crash(): string {
  const regions = ["eu", "us", "apac"];
  const lines = new Array<string>();
  for (let i = 1; i <= 200; i++) lines.push("order " + (1000 + i).toString() + " region " + regions[i % 3] + " total " + (i * 375).toString());
  lines.push("Caught: java.lang.IllegalStateException: cannot total line SKU-031");
  lines.push("java.lang.IllegalStateException: cannot total line SKU-031");
  libraryFrames(lines, 40, 3);
  lines.push("\tat Ledger.lineTotal(report.groovy:18)");
  libraryFrames(lines, 100, 30);
  lines.push("\tat report.run(report.groovy:29)");
  libraryFrames(lines, 200, 10);
  lines.push("Caused by: java.util.NoSuchElementException: no price for SKU-031 in region us");
  libraryFrames(lines, 300, 10);
  return lines.join("\n") + "\n";
}

describe("keepImportant: a user's frame under a library's frame", () => {
  it("keeps the user's frames themselves, not the library frames above them", () => {
    const out = keepImportant(crash(), 3000, 0.6, "");
    expect(out.length).toBeLessThanOrEqual(3000);
    expect(out.includes("Caught: java.lang.IllegalStateException: cannot total line SKU-031")).toBe(true);
    expect(out.includes("\n\tat Ledger.lineTotal(report.groovy:18)\n")).toBe(true);
    expect(out.includes("\n\tat report.run(report.groovy:29)\n")).toBe(true);
  });
});
