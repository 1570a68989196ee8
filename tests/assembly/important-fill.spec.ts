// A numbered cut spends what its bounds held back: whole lines it left out are added while
// the rendered result still fits its budget (important/fill.ts), flagged lines first, then
// the last lines. Each input is built line by line below.
import { Cut } from "../../assembly/cut";
import { keepImportant } from "../../assembly/important";
import { Filled, saysNothing, withLine } from "../../assembly/important/fill";

/** `text` cut to lines 1, 3 and 5 of "a\nbb\nccc\ndddd\neeeee\n", numbered. */
function sample(): Cut {
  const text = "a\nbb\nccc\ndddd\neeeee\n";
  const cut = new Cut(text, 5);
  cut.numbered = true;
  cut.keep(0, 2, 1);
  cut.keep(5, 9, 3);
  cut.keep(14, 20, 5);
  return cut;
}

/** Numbered lines of a result ("12: text") by number; the marker line is not one. */
function shownLines(out: string): Map<i32, string> {
  const shown = new Map<i32, string>();
  const lines = out.split("\n");
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    const colon = line.indexOf(": ");
    if (colon <= 0) continue;
    shown.set(I32.parseInt(line.substring(0, colon)), line.substring(colon + 2));
  }
  return shown;
}

/** Digits of n, ':' and ' ': what a line's number costs. */
function numberWidth(total: i32): i32 {
  return total.toString().length + 2;
}

describe("withLine: a cut with one more whole line", () => {
  it("places the line between the ranges around it, merged with those it touches", () => {
    const wider = withLine(sample(), 2, 5, 2);
    expect(wider === null).toBe(false);
    const cut = wider!;
    expect(cut.count).toBe(2);
    expect(cut.starts[0]).toBe(0);
    expect(cut.ends[0]).toBe(9);
    expect(cut.firstLines[1]).toBe(5);
    expect(cut.numbered).toBe(true);
  });

  it("adds a line after the last range", () => {
    const cut = new Cut("a\nbb\nccc\n", 3);
    cut.keep(0, 2, 1);
    const wider = withLine(cut, 5, 9, 3)!;
    expect(wider.count).toBe(2);
    expect(wider.firstLines[1]).toBe(3);
  });

  it("gives nothing for a line part of which is kept already", () => {
    const cut = new Cut("a\nbbbbbbbb\n", 2);
    cut.keep(0, 5, 1);
    expect(withLine(cut, 2, 11, 2) === null).toBe(true);
  });
});

describe("Filled: lines added while the result fits", () => {
  it("adds a line that fits and keeps the marker's counts true", () => {
    const cut = sample();
    const out = cut.render("", null, 0, 200);
    const fill = new Filled(out, cut, out.length + 8, "", null, 0, 3);
    expect(fill.offer(9, 13, 4)).toBe(true);
    expect(fill.output.includes("4: dddd")).toBe(true);
    // Lines 2 ("bb") left out: 3 chars, its newline included.
    expect(fill.output.startsWith("[...3 chars omitted...] 4 of 5 lines shown, numbered")).toBe(true);
  });

  it("refuses a line that would not fit, and leaves the result as it was", () => {
    const cut = sample();
    const out = cut.render("", null, 0, 200);
    const fill = new Filled(out, cut, out.length + 6, "", null, 0, 3);
    expect(fill.offer(9, 13, 4)).toBe(false);
    expect(fill.output).toBe(out);
  });

  it("fills from the end up past a line too long for the room", () => {
    const long = "x".repeat(300);
    const text = "head\n" + long + "\nlast but one\n" + long + "\n";
    const cut = new Cut(text, 4);
    cut.numbered = true;
    cut.keep(0, 5, 1);
    const out = cut.render("", null, 0, 400);
    const fill = new Filled(out, cut, out.length + 40, "", null, 0, 3);
    fill.offerTail(null, null);
    expect(fill.output.includes("3: last but one")).toBe(true);
    expect(fill.output.length).toBeLessThanOrEqual(out.length + 40);
  });
});

describe("Filled: lines that say nothing alone", () => {
  it("tells a line without a letter or digit", () => {
    expect(saysNothing("   |", 0, 4)).toBe(true);
    expect(saysNothing("      ^~~~", 0, 10)).toBe(true);
    expect(saysNothing("}", 0, 1)).toBe(true);
    expect(saysNothing("  4 |", 0, 5)).toBe(false);
    expect(saysNothing("é", 0, 1)).toBe(false);
    // Gutters drawn with box-drawing characters (U+2500–U+259F), a no-break space.
    expect(saysNothing("  \u2502", 0, 3)).toBe(true);
    expect(saysNothing("  \u2570\u2500\u2500\u00a0", 0, 6)).toBe(true);
    expect(saysNothing("  \u2502 \u00e9", 0, 5)).toBe(false);
  });

  it("passes over a last line that says nothing for the one above it", () => {
    const text = "head\n" + "x".repeat(300) + "\nlast words\n   |\n";
    const cut = new Cut(text, 4);
    cut.numbered = true;
    cut.keep(0, 5, 1);
    const out = cut.render("", null, 0, 400);
    const fill = new Filled(out, cut, out.length + 40, "", null, 0, 3);
    fill.offerTail(null, null);
    expect(fill.output.includes("3: last words")).toBe(true);
    expect(fill.output.includes("4:    |")).toBe(false);
  });
});

describe("keepImportant under the small budget: no room left that a line would fit", () => {
  it("adds the last lines that fit when the tail's last line is too long to show whole", () => {
    // Lines 1–40: build steps; 41: an error; 42–47: short notes; 48: a 400-unit line.
    const lines = new Array<string>();
    for (let i = 1; i <= 40; i++) lines.push("compiling module_" + i.toString() + " with flags -O2 -g -Wall");
    lines.push("error: module_17 failed to link: undefined reference to `checksum_update'");
    for (let i = 1; i <= 6; i++) lines.push("note: step " + i.toString() + " skipped");
    lines.push("y".repeat(400));
    const text = lines.join("\n") + "\n";
    for (let budget = 300; budget <= 700; budget += 50) {
      const out = keepImportant(text, budget, 0.6, "");
      expect(out.length).toBeLessThanOrEqual(budget);
      expect(out.includes("41: error: module_17 failed to link")).toBe(true);
      const shown = shownLines(out);
      // Every short line near the end that is left out would not have fitted.
      for (let n = 42; n <= 47; n++) {
        if (shown.has(n)) continue;
        expect(lines[n - 1].length + 1 + numberWidth(48)).toBeGreaterThan(budget - out.length);
      }
    }
  });
});
