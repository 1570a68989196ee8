// Properties of truncate and keepImportant, checked through the binding, and
// the agreement of the TypeScript port (bench/ts-port.ts) with the core.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { importantLines, keepImportant, keepImportantPlan, truncate, truncatePlan, applyTruncatePlan } from "../../host/core-api.js";
import * as port from "../../bench/ts-port.js";
import { hasLoneSurrogate } from "./support/unicode.js";

const MARKER = /^\[\.\.\.([\d,]+) chars omitted\.\.\.\](?: (?:lines ([\d,]+)–([\d,]+)|line ([\d,]+)) of ([\d,]+)( \(partial\))?)?/;
const num = (s: string) => Number(s.replaceAll(",", ""));
const codePoints = (s: string) => [...s].length;

/** Lines of text from a small alphabet: newlines, CRLF, emoji pairs, words that flag a line. */
const piece = fc.constantFrom(
  "a", "b", " ", "\n", "\n", "\r\n", "\u{1F600}", "é", "error: x", "warning: y", "FAILED", "Traceback (most recent call last):",
  "  File \"a.py\", line 1", "ValueError: v", "exit status 2", "ok", "0 errors", "\t",
);
const text = fc.array(piece, { maxLength: 400 }).map((xs) => xs.join(""));
const budget = fc.integer({ min: 0, max: 700 });
/** Texts long enough for budgets where every gap is marked. */
const longText = fc.array(piece, { minLength: 600, maxLength: 2000 }).map((xs) => xs.join(""));
const markedBudget = fc.integer({ min: 2000, max: 3000 });
const ratio = fc.constantFrom(0, 0.3, 0.5, 0.6, 0.7, 1);
const hint = fc.constantFrom("", "; read more: abridge_read id=call_1 offset={first}");


/** Splits a result into kept pieces and markers, and checks each marker against the input. */
function checkPieces(input: string, out: string): void {
  if (NUMBERED.test(out)) return checkNumbered(input, out);
  const plan = keepImportantPlanFromOutput(input, out);
  expect(plan.ok).toBe(true);
}

/** The one marker of a numbered cut (the core's form under 2,000 units). */
const NUMBERED = /^\[\.\.\.([\d,]+) chars omitted\.\.\.\] ([\d,]+) of ([\d,]+) lines shown, numbered/;

/**
 * A numbered cut: every line after the marker is "N: " and the input's line N, or the part
 * of it a cut kept, with the rest stated by an inline marker; the total is the input's.
 */
function checkNumbered(input: string, out: string): void {
  const m = NUMBERED.exec(out)!;
  const truth = input.split("\n");
  if (input.endsWith("\n")) truth.pop();
  expect(num(m[3]!)).toBe(truth.length);
  const lines = out.split("\n").slice(1);
  if (lines.at(-1) === "") lines.pop();
  expect(lines.length).toBe(num(m[2]!));
  let previous = 0;
  for (const line of lines) {
    const n = /^(\d+): /.exec(line);
    expect(n, line).not.toBeNull();
    const no = Number(n![1]);
    expect(no).toBeGreaterThanOrEqual(previous);
    previous = no;
    let shown = line.slice(n![0].length);
    const whole = truth[no - 1]!;
    const before = /^\[\.\.\.([\d,]+) chars omitted\.\.\.\] /.exec(shown);
    const after = / \[\.\.\.([\d,]+) chars omitted\.\.\.\]$/.exec(shown);
    if (before && !whole.startsWith(before[0])) shown = shown.slice(before[0].length);
    if (after && !whole.endsWith(after[0])) shown = shown.slice(0, -after[0].length);
    expect(whole.includes(shown), `line ${no}`).toBe(true);
    if (!before && !after) expect(shown).toBe(whole);
  }
}

/**
 * Walks the output: text between markers must be the next unread part of the
 * input (after the omitted code points the marker states), lines must agree.
 */
function keepImportantPlanFromOutput(input: string, out: string): { ok: boolean } {
  const lines = out.split("\n");
  let pos = 0; // offset in input
  let i = 0;
  let pendingPiece = "";
  const flush = (): boolean => {
    if (pendingPiece === "") return true;
    if (!input.startsWith(pendingPiece, pos)) return false;
    pos += pendingPiece.length;
    pendingPiece = "";
    return true;
  };
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const m = MARKER.exec(line);
    const isMarker = m !== null && (i === 0 || pendingPiece === "" || pendingPiece.endsWith("\n") || true);
    if (isMarker && m) {
      // The kept piece before a marker may have had a "\n" added after a partial line. When the
      // input has a "\n" there too, the marker's first line tells which: a gap that starts with
      // that newline starts on the line the piece ends in.
      let piece = pendingPiece;
      const lineAt = (p: number) => input.slice(0, p).split("\n").length;
      if (piece.endsWith("\n")) {
        const withNewline = input.startsWith(piece, pos);
        const firstLine = m[5] !== undefined ? num(m[2] ?? m[4]!) : undefined;
        if (!withNewline || (firstLine !== undefined && firstLine !== lineAt(pos + piece.length) && firstLine === lineAt(pos + piece.length - 1))) {
          piece = piece.slice(0, -1);
        }
      }
      pendingPiece = piece;
      if (!flush()) return { ok: false };
      const omitted = num(m[1]!);
      // Find the end of the gap: `omitted` code points from pos.
      let end = pos;
      for (let k = 0; k < omitted; k++) {
        const c = input.charCodeAt(end);
        end += c >= 0xd800 && c <= 0xdbff && end + 1 < input.length && (input.charCodeAt(end + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
      }
      if (end > input.length) return { ok: false };
      if (m[5] !== undefined) {
        const first = num(m[2] ?? m[4]!);
        const last = num(m[3] ?? m[4]!);
        if (first !== lineAt(pos) || last !== lineAt(end - 1)) return { ok: false };
        const total = input.length === 0 ? 0 : input.split("\n").length - (input.endsWith("\n") ? 1 : 0);
        if (num(m[5]!) !== total) return { ok: false };
      }
      pos = end;
      continue;
    }
    pendingPiece += line + (i < lines.length - 1 ? "\n" : "");
  }
  if (!flush()) return { ok: false };
  return { ok: pos === input.length };
}

describe("truncate properties", () => {
  it("never exceeds the budget, keeps a prefix and a suffix, states exact counts", () => {
    fc.assert(
      fc.property(text, budget, ratio, hint, (t, b, r, h) => {
        const out = truncate(t, b, r, h);
        expect(out.length).toBeLessThanOrEqual(Math.max(b, 0));
        if (t.length <= b) {
          expect(out).toBe(t);
          return;
        }
        if (out === "") return;
        const plan = truncatePlan(t, b, r, h);
        expect(applyTruncatePlan(t, plan)).toBe(out);
        const head = t.slice(0, plan.headEnd);
        const tail = t.slice(plan.tailStart);
        expect(out.startsWith(head)).toBe(true);
        expect(out.endsWith(tail)).toBe(true);
        expect(plan.omittedChars).toBe(codePoints(t.slice(plan.headEnd, plan.tailStart)));
        const m = MARKER.exec(plan.marker)!;
        expect(m).not.toBeNull();
        expect(num(m[1]!)).toBe(plan.omittedChars);
        checkPieces(t, out);
      }),
      { numRuns: 400 },
    );
  });

  it("produces no lone surrogate from well-formed input and is idempotent", () => {
    fc.assert(
      fc.property(text, budget, ratio, (t, b, r) => {
        const out = truncate(t, b, r);
        expect(hasLoneSurrogate(out)).toBe(false);
        expect(truncate(out, b, r)).toBe(out);
      }),
      { numRuns: 300 },
    );
  });

  it("agrees with the TypeScript port", () => {
    fc.assert(
      fc.property(text, budget, ratio, hint, (t, b, r, h) => {
        expect(port.truncate(t, b, r, h)).toBe(truncate(t, b, r, h));
      }),
      { numRuns: 300 },
    );
  });
});

describe("keepImportant properties", () => {
  it("never exceeds the budget; kept pieces are the input's, markers exact", () => {
    fc.assert(
      fc.property(text, budget, ratio, hint, (t, b, r, h) => {
        const out = keepImportant(t, b, r, h);
        expect(out.length).toBeLessThanOrEqual(Math.max(b, 0));
        if (t.length <= b) {
          expect(out).toBe(t);
          return;
        }
        if (out === "") return;
        expect(hasLoneSurrogate(out)).toBe(false);
        checkPieces(t, out);
        expect(keepImportant(out, b, r, h)).toBe(out);
      }),
      { numRuns: 400 },
    );
  });

  it("under 2,000 units numbers the kept lines: each is the input's line of that number, the marker's counts exact", () => {
    let numbered = 0;
    fc.assert(
      fc.property(longText, fc.integer({ min: 300, max: 1999 }), ratio, hint, (t, b, r, h) => {
        const out = keepImportant(t, b, r, h);
        expect(out.length).toBeLessThanOrEqual(b);
        if (!NUMBERED.test(out)) return;
        numbered++;
        checkNumbered(t, out);
        const plan = keepImportantPlan(t, b, r, h);
        expect(num(NUMBERED.exec(out)![1]!)).toBe(plan.omittedChars);
        const kept = plan.kept.reduce((sum, [s, e]) => sum + codePoints(t.slice(s, e)), 0);
        expect(kept + plan.omittedChars).toBe(codePoints(t));
      }),
      { numRuns: 200 },
    );
    // Most runs have flagged lines to keep, so most cuts are numbered.
    expect(numbered).toBeGreaterThan(100);
  });

  it("reports the kept ranges and omitted code points", () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 120, max: 700 }), ratio, (t, b, r) => {
        const plan = keepImportantPlan(t, b, r, "");
        let kept = 0;
        let prevEnd = -1;
        for (const [s, e, first, last] of plan.kept) {
          expect(s).toBeGreaterThan(prevEnd);
          prevEnd = e;
          kept += codePoints(t.slice(s, e));
          expect(first).toBe(t.slice(0, s).split("\n").length);
          expect(last).toBeGreaterThanOrEqual(first);
        }
        if (t.length > b) expect(kept + plan.omittedChars).toBe(codePoints(t));
      }),
      { numRuns: 300 },
    );
  });

  it("agrees with the TypeScript port on the marked form (budgets of 2,000 and more)", () => {
    fc.assert(
      fc.property(longText, markedBudget, ratio, hint, (t, b, r, h) => {
        // A cut numbered because that keeps more flagged lines than a marker per gap is the core's alone.
        const out = keepImportant(t, b, r, h);
        if (!out.includes(" lines shown, numbered")) expect(port.keepImportant(t, b, r, h)).toBe(out);
      }),
      { numRuns: 400 },
    );
  });
});

interface Meta {
  facts: { errorLines?: string[]; errorLinePrefixes?: string[]; errorLineSuffixes?: string[] };
}

describe("real logs keep their error lines", () => {
  const ids = ["make-k-c-syntax-error", "python-etl-traceback-middle", "tsc-trace-resolution-errors"];
  for (const id of ids) {
    const dir = new URL(`../fixtures/${id}/`, import.meta.url);
    const output = readFileSync(new URL("output", dir), "utf8");
    const meta = JSON.parse(readFileSync(new URL("meta.json", dir), "utf8")) as Meta;
    for (const b of [800, 4000, 16000]) {
      it(`${id} at ${b}`, () => {
        const out = keepImportant(output, b, 0.6, "; read more: abridge_read id=call_1 offset={first}");
        expect(out.length).toBeLessThanOrEqual(b);
        // Under 2,000 the kept lines are numbered ("12: text").
        const lines = out.split("\n").map((l) => (b < 2000 ? l.replace(/^\d+: /, "") : l));
        // The first error line always survives; at 4,000 and above, all of them.
        const wanted = b === 800 ? (meta.facts.errorLines ?? []).slice(0, 1) : (meta.facts.errorLines ?? []);
        for (const l of wanted) expect(lines).toContain(l);
        for (const p of meta.facts.errorLinePrefixes ?? []) expect(lines.some((l) => l.startsWith(p))).toBe(true);
        for (const s of meta.facts.errorLineSuffixes ?? []) expect(lines.some((l) => l.endsWith(s))).toBe(true);
        checkPieces(output, out);
        // The port mirrors the marked form, the one the benchmark measures; the numbered form is the core's alone.
        if (b >= 2000 && !out.includes(" lines shown, numbered")) expect(port.keepImportant(output, b, 0.6, "; read more: abridge_read id=call_1 offset={first}")).toBe(out);
      });
    }
    it(`${id}: importantLines flags every error line`, () => {
      const blocks = importantLines(output);
      const lines = output.split("\n");
      for (const l of meta.facts.errorLines ?? []) {
        const n = lines.indexOf(l) + 1;
        expect(blocks.some((b) => b.first <= n && n <= b.last)).toBe(true);
      }
    });
  }
});
