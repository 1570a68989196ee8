// Under the small budget (the minimal level) the room goes to what a failure states: a
// frame that names no place is not the user's frame, a line that states a value is not
// a section's name (those wait behind the failures), and a last line too long for the
// tail shows its start. Each input is built line by line below.
import { headerLike, keepImportant } from "../../assembly/important";
import { locatesCode } from "../../assembly/important/frames";

const HINT = "; read more: x";

function places(line: string): bool {
  return locatesCode(line, 0, line.length);
}

/** `n` lines "ok N - case N" (lines 1 to n). */
function passing(n: i32): string[] {
  const lines = new Array<string>();
  for (let i = 1; i <= n; i++) lines.push("ok " + i.toString() + " - case " + i.toString());
  return lines;
}

describe("locatesCode: a frame that says where its code is", () => {
  it("takes a source location, a path or Python's line", () => {
    expect(places("        at UserContext.<anonymous> (file:///work/spec/inventory.spec.mjs:161:36)")).toBe(true);
    expect(places('  File "/work/app/settings.py", line 5, in load')).toBe(true);
    expect(places("       shop.CartTest.total(CartTest.java:138)")).toBe(true);
    expect(places("\tC:\\work\\app\\main.go +0x49")).toBe(true);
  });

  it("leaves a frame that names only a function or a runner", () => {
    expect(places("        at <Jasmine>")).toBe(false);
    expect(places("    at async Promise.all (index 0)")).toBe(false);
  });
});

function header(line: string): bool {
  return headerLike(line, 0, line.length);
}

describe("headerLike: a line that only names a section", () => {
  it("takes rules, a word alone and a few words before a colon", () => {
    expect(header("=================== FAILURES ===================")).toBe(true);
    expect(header("FAIL")).toBe(true);
    expect(header("Failures:")).toBe(true);
    expect(header("  Stack:")).toBe(true);
    expect(header("Failures (2):")).toBe(true);
  });

  it("leaves a word with a value: it states the value (TAP's YAML, its totals)", () => {
    expect(header("  expected: 2379")).toBe(false);
    expect(header("  actual: 2378")).toBe(false);
    expect(header("# tests 113")).toBe(false);
    expect(header("# fail 3")).toBe(false);
  });
});

describe("keepImportant under the small budget: what a failure states first", () => {
  it("shows a failed spec's expectation rather than a frame that names no place", () => {
    // Lines 1–60: passing specs; 61: "Failures:"; 62: the failed spec; 63: "  Message:";
    // 64: the expectation; 65: "  Stack:"; 66: "at <Jasmine>" (no place); 67: the user's
    // frame, 140 units long; 68: "at <Jasmine>"; 69: blank; 70: the totals.
    const lines = passing(60);
    lines.push("Failures:");
    lines.push("1) inventory priceWithVat rounds half to even cents");
    lines.push("  Message:");
    lines.push("    Expected 2378 to equal 2379.");
    lines.push("  Stack:");
    lines.push("        at <Jasmine>");
    lines.push("        at UserContext.<anonymous> (file:///work/shop/spec/" + "deeply/".repeat(12) + "inventory.spec.mjs:161:36)");
    lines.push("        at <Jasmine>");
    lines.push("");
    lines.push("60 specs, 1 failure");
    const out = keepImportant(lines.join("\n") + "\n", 300, 0.5, HINT);
    expect(out.length).toBeLessThanOrEqual(300);
    expect(out.includes("62: 1) inventory priceWithVat rounds half to even cents")).toBe(true);
    expect(out.includes("64:     Expected 2378 to equal 2379.")).toBe(true);
    expect(out.includes("65:   Stack:")).toBe(false);
  });

  it("shows the start of a last line longer than what is left", () => {
    // Lines 1–80: "cc -c src/unitN.c -o build/unitN.o"; 81: a warning; 82–120: more of
    // them; 121: the link line, "cc -o bin/app" and 400 objects (over 5,000 units).
    const lines = new Array<string>();
    for (let i = 1; i <= 120; i++) {
      if (i == 81) lines.push("src/hash.c:6:21: warning: comparison of integer expressions of different signedness [-Wsign-compare]");
      else lines.push("cc -c src/unit" + i.toString() + ".c -o build/unit" + i.toString() + ".o");
    }
    const objects = new Array<string>();
    for (let i = 1; i <= 400; i++) objects.push("build/unit" + i.toString() + ".o");
    lines.push("cc -o bin/app " + objects.join(" "));
    const out = keepImportant(lines.join("\n") + "\n", 400, 0.5, HINT);
    expect(out.length).toBeLessThanOrEqual(400);
    expect(out.includes("81: src/hash.c:6:21: warning:")).toBe(true);
    expect(out.includes("121: cc -o bin/app build/unit1.o")).toBe(true);
    expect(out.includes(" chars omitted...]")).toBe(true);
  });
});
