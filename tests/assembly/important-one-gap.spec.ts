import { digestCommand } from "../../assembly/digest/command";
import { DigestContext } from "../../assembly/digest/shared/types";

// A text that fits its level's budget is made again within its own length when its
// headline states a total of more than 20 items (compact.ts): it loses one short run of
// lines for the headline's room, not a trace's frames; so does a text just over its
// budget. The lines have the shapes of a JVM script's run (groovy-uncaught-exception): a
// log line per order, then the uncaught exception, its frames (the library's between the
// script's) and its cause.

const REGIONS: string[] = ["us", "apac", "eu"];

function run(orders: i32): string {
  const parts = new Array<string>();
  for (let i = 1; i <= orders; i++) parts.push("order " + (1000 + i).toString() + " region " + REGIONS[i % 3] + " total " + (2500 + ((i * 375) % 10000)).toString());
  parts.push("Caught: java.lang.IllegalStateException: cannot total line SKU-031");
  parts.push("java.lang.IllegalStateException: cannot total line SKU-031");
  parts.push("\tat java.base/jdk.internal.reflect.NativeConstructorAccessorImpl.newInstance0(Native Method)");
  parts.push("\tat java.base/jdk.internal.reflect.DelegatingConstructorAccessorImpl.newInstance(DelegatingConstructorAccessorImpl.java:45)");
  parts.push("\tat Ledger.lineTotal(report.groovy:18)");
  parts.push("\tat jdk.internal.reflect.GeneratedMethodAccessor3.invoke(Unknown Source)");
  parts.push("\tat java.base/jdk.internal.reflect.DelegatingMethodAccessorImpl.invoke(DelegatingMethodAccessorImpl.java:43)");
  parts.push("\tat Ledger$_orderTotal_closure1.doCall(report.groovy:23)");
  parts.push("\tat report$_run_closure1.doCall(report.groovy:33)");
  parts.push("\tat report.run(report.groovy:29)");
  parts.push("Caused by: java.util.NoSuchElementException: no price for SKU-031 in region us");
  parts.push("\tat PriceBook.priceOf(report.groovy:6)");
  parts.push("\t... 14 more");
  return parts.join("\n") + "\n";
}

function count(text: string, needle: string): i32 {
  let n = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) n++;
  return n;
}

describe("a text that fits its level's budget, cut for its headline", () => {
  it("leaves out one short run of the lines a cut would leave out, and keeps every frame", () => {
    const t = run(36);
    const ctx = new DigestContext("bash", '{"command":"groovy report.groovy"}', 1);
    ctx.layoutBudget = 8000;
    const d = digestCommand(t, t.length, ctx, "read more: abridge_read id=x");
    // The headline counts the order lines; no result is longer than the text.
    expect(d.llm.startsWith('exit 1 (failed) \u00b7 49 lines \u00b7 36 lines "order \u2026"\n')).toBe(true);
    expect(d.llm.length <= t.length).toBe(true);
    // One marker, over order lines only, and far less left out than a cut spread over head,
    // tail and the trace would (which lost the script's frame at line 45 of the run it came from).
    expect(count(d.llm, "chars omitted")).toBe(1);
    expect(d.omittedChars < 200).toBe(true);
    expect(count(d.llm, "\tat ")).toBe(9);
    expect(d.llm.indexOf("\tat report$_run_closure1.doCall(report.groovy:33)\n") >= 0).toBe(true);
    expect(d.llm.indexOf("order 1001 region") >= 0).toBe(true);
    expect(d.llm.indexOf("order 1036 region") >= 0).toBe(true);
  });

  it("cuts a text just over its own budget in one gap too, every frame kept", () => {
    const t = run(36);
    const ctx = new DigestContext("bash", '{"command":"groovy report.groovy"}', 1);
    const d = digestCommand(t, t.length - 100, ctx, "read more: abridge_read id=x");
    expect(d.llm.length <= t.length - 100).toBe(true);
    expect(d.llm.indexOf("numbered") < 0).toBe(true);
    expect(count(d.llm, "chars omitted")).toBe(1);
    expect(count(d.llm, "\tat ")).toBe(9);
    expect(d.llm.indexOf("Caused by: java.util.NoSuchElementException: no price for SKU-031 in region us\n") >= 0).toBe(true);
  });
});
