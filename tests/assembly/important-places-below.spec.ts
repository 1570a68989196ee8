// Under the small budget an error whose next line only names its place ("  --> src/a.rs:7:5")
// is offered that line right after the errors themselves, before the errors that repeat a
// message in places of their own: where each failure is costs a few units. A row led by a
// count is no such place. Each input is built line by line below.
import { errorPlaceBelow, keepImportant } from "../../assembly/important";

const MESSAGES = ["mismatched types", "missing lifetime specifier", "cannot borrow `list` as mutable"];

/**
 * Lines 1–40: "compiling unit_N …"; lines 41–55: three errors with distinct messages, each as
 * five lines: "error: <message>", "  --> src/unit_K.rs:K:5", "   |", "K |     let v = list[K];",
 * "   |             ^ here"; lines 56–63: "src/lib_K.rs:K:9: error: unused result", each in a
 * place of its own; line 64: "error: aborting due to 11 errors".
 */
function build(): string {
  const lines = new Array<string>();
  for (let i = 1; i <= 40; i++) lines.push("compiling unit_" + i.toString() + " with the release profile and debug info");
  for (let k = 0; k < 3; k++) {
    lines.push("error: " + MESSAGES[k]);
    lines.push("  --> src/unit_" + k.toString() + ".rs:" + k.toString() + ":5");
    lines.push("   |");
    lines.push(k.toString() + " |     let v = list[" + k.toString() + "];");
    lines.push("   |             ^ here");
  }
  for (let k = 0; k < 8; k++) lines.push("src/lib_" + k.toString() + ".rs:" + k.toString() + ":9: error: unused result");
  lines.push("error: aborting due to 11 errors");
  return lines.join("\n") + "\n";
}

/** The line `n` as a numbered cut shows it. */
function shown(out: string, n: i32, text: string): bool {
  return out.includes("\n" + n.toString() + ": " + text + "\n");
}

describe("keepImportant under the small budget: an error's place below it", () => {
  it("shows each distinct error with its place before the errors that repeat a message", () => {
    const out = keepImportant(build(), 520, 0.6, "");
    expect(out.length).toBeLessThanOrEqual(520);
    for (let k = 0; k < 3; k++) {
      expect(shown(out, 41 + 5 * k, "error: " + MESSAGES[k])).toBe(true);
      expect(shown(out, 42 + 5 * k, "  --> src/unit_" + k.toString() + ".rs:" + k.toString() + ":5")).toBe(true);
    }
  });
});

describe("errorPlaceBelow: the line under an error that only names its place", () => {
  it("finds an indented short place", () => {
    const text = "error: mismatched types\n  --> src/main.rs:23:5\n";
    expect(errorPlaceBelow(text, 23)).toBe(text.length - 1);
  });

  it("takes a row led by a count for no such place", () => {
    expect(errorPlaceBelow("Errors  Files\n     1  src/format.ts:4\n", 13)).toBe(-1);
  });

  it("finds none under a last line or a line that says more", () => {
    expect(errorPlaceBelow("error: mismatched types", 23)).toBe(-1);
    expect(errorPlaceBelow("error: x\n  expected `u32` because of the return type declared here\n", 8)).toBe(-1);
  });
});
