import { cleanText } from "../../assembly/clean";
import { PlainCounts } from "../../assembly/util/plain-counts";
import { codePoints, countNewlines } from "../../assembly/util/lines";

function same(a: string, b: string): bool {
  return changetype<usize>(a) == changetype<usize>(b);
}

/**
 * Cleans `text` with counts and checks them: a text left as it was is counted (in a build with
 * the plain lines' fast path) exactly as countNewlines and codePoints count it; a text that
 * changed is not counted, and the counts then count whatever they are asked.
 */
function check(text: string, collapse: bool): void {
  const counts = new PlainCounts();
  const out = cleanText(text, collapse, counts);
  if (!same(out, text)) {
    expect(counts.holds(text)).toBe(false);
    expect(counts.holds(out)).toBe(false);
  } else if (ASC_SHRINK_LEVEL < 2) {
    expect(counts.holds(text)).toBe(true);
  }
  expect(counts.newlinesOf(text)).toBe(countNewlines(text, 0, text.length));
  expect(counts.codePointsOf(text)).toBe(codePoints(text, 0, text.length));
  expect(counts.newlinesOf(out)).toBe(countNewlines(out, 0, out.length));
  expect(counts.codePointsOf(out)).toBe(codePoints(out, 0, out.length));
}

/** s repeated n times. */
function times(s: string, n: i32): string {
  const parts = new Array<string>(n);
  for (let i = 0; i < n; i++) parts[i] = s;
  return parts.join("");
}

describe("plain counts: what cleaning counts of a text it leaves as it was", () => {
  it("counts the newlines and pairs of plain texts, short and long lines, with and without a last newline", () => {
    check("", true);
    check("one line", true);
    check("a\nb\n", true);
    check("a\nb", true);
    check("\n\n\n", true);
    check(times("a line long enough to cross the 32-unit steps of the fast path\n", 40), true);
    check(times("x", 1000), true);
    // 😀 = d83d de00: pairs anywhere in a line, at a step's end, and at the text's end.
    check("smile \uD83D\uDE00 done\n" + times("\uD83D\uDE00", 40) + "\n" + times("b", 31) + "\uD83D\uDE00\nend \uD83D\uDE00", true);
  });

  it("counts a text whose repeated lines were too few to collapse, and not one whose run collapsed", () => {
    check("ok\nok\nok\n", true);
    check(times("same line\n", 50), true);
    check(times("same line\n", 50), false);
  });

  it("does not count a text cleaning changed: escapes, carriage returns, a lone surrogate", () => {
    check("\u001b[31mred\u001b[0m\nplain\n", true);
    check("progress 10%\rprogress 100%\ndone\n", true);
    check("crlf\r\nlines\r\n", true);
    check("lone \uD83D surrogate\n", true);
    check(times("plain\n", 20) + "late \u001b[1mbold\u001b[0m\n", true);
  });

  it("matches countNewlines and codePoints on random texts", () => {
    // The units a text is made of: plain ones most often, now and then one cleaning edits.
    const units: string[] = ["a", "b", " ", "\t", "\n", "\n", "\uD83D\uDE00", "é", "\u001b[2K", "\r", "\uDC00", "\u0007"];
    let seed: u32 = 20261202;
    for (let round = 0; round < 600; round++) {
      seed = seed * 1103515245 + 12345;
      const length = <i32>((seed >> 16) % 200);
      // A third of the texts draw plain units only, so that many are left as they were.
      const kinds = round % 3 == 0 ? 8 : units.length;
      const parts = new Array<string>(length);
      for (let i = 0; i < length; i++) {
        seed = seed * 1103515245 + 12345;
        parts[i] = units[<i32>((seed >> 16) % <u32>kinds)];
      }
      check(parts.join(""), round % 2 == 0);
    }
  });
});
