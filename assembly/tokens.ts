// A fast estimate of o200k_base token counts. o200k first splits text into
// pieces with a regex (words with one leading space or punctuation mark,
// camelCase humps, digit groups of up to 3, punctuation runs, whitespace
// runs), then runs BPE inside each piece. The estimate counts those piece
// boundaries and run lengths with bitmasks over 64 code units at a time and
// weighs them with coefficients fitted on real text (bench/tokens.mjs --fit;
// measured error in docs/tokens.md).
import { isUnitOf } from "./util/chars";
import { unitAt } from "./util/lines";
import { StrBuf } from "./util/strbuf";

/** Feature slots, in the order the weights below use. */
export const enum Feature {
  WordStarts, // letter runs
  CamelHumps, // an uppercase letter after a lowercase one
  CapsRun, // an uppercase letter after an uppercase one
  LetterDepth3, // letters with >= 3 letters before them in their run (deeper levels fitted to ~0)
  DigitStarts,
  DigitDepth3,
  AlnumSwitch, // letter <-> digit transitions (hashes, hex, base64)
  PunctRuns, // punctuation runs that do not merge into the next word
  WordPrefixes, // one punctuation mark glued to the word after it
  PathPrefixes, // ... when it is one of / . _ - (paths, members, snake_case: nearly always one token)
  PunctDepth1, // punctuation with 1 to 3 punctuation marks right before it
  PunctDepth4, // ... with 4 or more (rulers like ****, ----: long runs are cheap)
  SpaceRuns, // runs of >= 2 spaces or tabs
  SpaceBeforeDigit,
  NewlineRuns, // not after punctuation (`);\n` is one piece)
  NonAsciiLetters,
  Cjk,
  Symbols, // other non-ASCII: symbols, emoji halves, private use
  BoxDrawing, // runs of ─ │ ├ └ and — (tree, tables): a run is about one piece
  Escapes, // ESC: ANSI colour sequences split into many small pieces
  Count,
}

/** Weights per feature, fitted by bench/tokens.mjs --fit (paste its output here). */
const WEIGHTS: StaticArray<f64> = [
  0.9321, 0.7227, 0.0397, 0.0533, 1.3971, 0.7372, 0.0000, 0.7592, 1.1814, 0.4707, 0.2730, 0.0359, 1.0410, 1.1650, 0.9851, 0.1895, 0.6522, 1.8972, 2.0024, 1.0341,
];

const features = new StaticArray<i64>(Feature.Count);

const enum Unit {
  Letter = 1,
  Upper = 2, // ASCII uppercase, also a Letter
  Digit = 4,
  Space = 8,
  Newline = 16,
  Punct = 32,
  Cjk = 64,
  Symbol = 128,
  Box = 256,
}

/** Class of one UTF-16 unit, for the scalar path (tail and non-ASCII units). */
function classify(c: i32): i32 {
  if (c < 0x80) {
    if (<u32>(c - 0x61) < 26) return Unit.Letter;
    if (<u32>(c - 0x41) < 26) return Unit.Letter | Unit.Upper;
    if (<u32>(c - 0x30) < 10) return Unit.Digit;
    if (c == 0x20 || c == 0x09) return Unit.Space;
    if (c == 0x0a || c == 0x0d) return Unit.Newline;
    return Unit.Punct;
  }
  // Latin, Greek, Cyrillic, Hebrew, Arabic, Indic, ... (0xD7 and 0xF7 are × and ÷).
  if (c >= 0xc0 && c < 0x2000) return c == 0xd7 || c == 0xf7 ? Unit.Symbol : Unit.Letter;
  if (c >= 0x2e80 && c < 0xa000) return c >= 0x3000 && c < 0x3040 ? Unit.Symbol : Unit.Cjk;
  if (c >= 0xac00 && c < 0xd7b0) return Unit.Cjk;
  if (c >= 0xf900 && c < 0xfb00) return Unit.Cjk;
  if ((c >= 0xa000 && c < 0xac00) || (c >= 0xfb00 && c < 0xfe00)) return Unit.Letter;
  // An em dash merges into runs as box drawing does (80 of them are 5 o200k tokens).
  if ((c >= 0x2500 && c < 0x25a0) || c == 0x2014) return Unit.Box;
  return Unit.Symbol;
}

// Bitmask of the 16 byte lanes of a comparison (lane i -> bit i).
// @ts-ignore: decorator
@inline function bits8(m: v128): u64 {
  return <u64>i8x16.bitmask(m);
}

// Mask of "the unit k places before has the property", carrying in from the previous block.
// @ts-ignore: decorator
@inline function prev(m: u64, before: u64, k: i32): u64 {
  return (m << k) | (before >> (64 - k));
}

// Adds to a feature slot without the bounds check of features[k] (this runs per 64 units).
// @ts-ignore: decorator
@inline function bump(k: i32, v: i64): void {
  const at = changetype<usize>(features) + (<usize>k << 3);
  store<i64>(at, load<i64>(at) + v);
}

// @ts-ignore: decorator
@inline function pop(m: u64): i64 {
  return <i64>popcnt(m);
}

/**
 * Fills `features` for s. Works on blocks of 64 units: SIMD compares give the
 * ASCII classes as bitmasks, non-ASCII units are classified one by one, and
 * each feature is a popcount of shifted masks.
 */
export function computeFeatures(s: string): void {
  for (let k = 0; k < Feature.Count; k++) features[k] = 0;
  const n = s.length;
  const base = changetype<usize>(s);
  let pJ: u64 = 0, pL: u64 = 0, pU: u64 = 0, pD: u64 = 0, pS: u64 = 0, pN: u64 = 0, pP: u64 = 0;
  let nonAsciiLetters: i64 = 0, cjk: i64 = 0, symbols: i64 = 0, box: i64 = 0;
  let lastBox = -2;
  let lastBar = -2, barRun = 0;
  for (let at = 0; at < n; at += 64) {
    let L: u64 = 0, U: u64 = 0, D: u64 = 0, S: u64 = 0, N: u64 = 0, P: u64 = 0, X: u64 = 0, J: u64 = 0, E: u64 = 0;
    // The size-optimised build (the component's) classifies every unit one by one, as the
    // last partial block is: the same masks, for less code.
    if (ASC_SHRINK_LEVEL < 2 && at + 64 <= n) {
      // 16 units per step: clamp to 0xff and narrow to bytes (every non-ASCII unit stays > 0x7f).
      for (let j = 0; j < 4; j++) {
        const p = base + (<usize>(at + (j << 4)) << 1);
        const clamp = i16x8.splat(0xff);
        const v = i8x16.narrow_i16x8_u(i16x8.min_u(v128.load(p), clamp), i16x8.min_u(v128.load(p, 16), clamp));
        const shift = <u64>(j << 4);
        const upper = i8x16.lt_u(i8x16.sub(v, i8x16.splat(0x41)), i8x16.splat(26));
        const alpha = i8x16.lt_u(i8x16.sub(v128.or(v, i8x16.splat(0x20)), i8x16.splat(0x61)), i8x16.splat(26));
        const digit = i8x16.lt_u(i8x16.sub(v, i8x16.splat(0x30)), i8x16.splat(10));
        const space = v128.or(i8x16.eq(v, i8x16.splat(0x20)), i8x16.eq(v, i8x16.splat(0x09)));
        const nl = v128.or(i8x16.eq(v, i8x16.splat(0x0a)), i8x16.eq(v, i8x16.splat(0x0d)));
        const high = i8x16.gt_u(v, i8x16.splat(0x7f));
        const joiner = v128.or(
          v128.or(i8x16.eq(v, i8x16.splat(0x2f)), i8x16.eq(v, i8x16.splat(0x2e))),
          v128.or(i8x16.eq(v, i8x16.splat(0x5f)), i8x16.eq(v, i8x16.splat(0x2d))),
        );
        L |= bits8(alpha) << shift;
        U |= bits8(upper) << shift;
        D |= bits8(digit) << shift;
        S |= bits8(space) << shift;
        N |= bits8(nl) << shift;
        X |= bits8(high) << shift;
        J |= bits8(joiner) << shift;
        E |= bits8(i8x16.eq(v, i8x16.splat(0x1b))) << shift;
      }
      P = ~(L | D | S | N | X);
    } else {
      X = 0;
      for (let j = 0; j < 64 && at + j < n; j++) X |= (<u64>1) << j;
    }
    // Units the SIMD pass did not classify: non-ASCII ones and the final partial block.
    let todo = X;
    X = 0;
    while (todo != 0) {
      const j = <i32>ctz(todo);
      todo &= todo - 1;
      const cls = classify(unitAt(s, at + j));
      const bit = (<u64>1) << j;
      if (cls & Unit.Letter) {
        L |= bit;
        if (cls & Unit.Upper) U |= bit;
        if (unitAt(s, at + j) >= 0x80) nonAsciiLetters++;
      } else if (cls == Unit.Digit) D |= bit;
      else if (cls == Unit.Space) S |= bit;
      else if (cls == Unit.Newline) N |= bit;
      else if (cls == Unit.Punct) {
        P |= bit;
        const c = unitAt(s, at + j);
        if (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, "/._-") : c == 0x2f || c == 0x2e || c == 0x5f || c == 0x2d) J |= bit;
        if (c == 0x1b) E |= bit;
      }
      else if (cls == Unit.Cjk) cjk++;
      else if (cls == Unit.Box) {
        if (lastBox != at + j - 1) box++;
        lastBox = at + j;
      }
      else {
        // A ruler of horizontal bars (― ― ―) is about one token per two bars, not one per bar:
        // a bar counts as a symbol once every four in its run (a symbol weighs about two).
        if (unitAt(s, at + j) != 0x2015 || lastBar != at + j - 1) barRun = 0;
        if (unitAt(s, at + j) == 0x2015) lastBar = at + j;
        if ((barRun++ & 3) == 0) symbols++;
      }
    }
    const L1 = prev(L, pL, 1);
    const lower1 = prev(L & ~U, pL & ~pU, 1);
    const L3run = L & L1 & prev(L, pL, 2) & prev(L, pL, 3);
    const D1 = prev(D, pD, 1);
    const P1 = prev(P, pP, 1), P2 = prev(P, pP, 2), P3 = prev(P, pP, 3);
    const S1 = prev(S, pS, 1), S2 = prev(S, pS, 2);
    bump(Feature.WordStarts, pop(L & ~L1));
    bump(Feature.CamelHumps, pop(U & lower1));
    bump(Feature.CapsRun, pop(U & prev(U, pU, 1)));
    bump(Feature.LetterDepth3, pop(L3run));
    bump(Feature.DigitStarts, pop(D & ~D1));
    bump(Feature.DigitDepth3, pop(D & D1 & prev(D, pD, 2) & prev(D, pD, 3)));
    bump(Feature.AlnumSwitch, pop(D & L1) + pop(L & D1));
    const prefixes = L & P1 & ~P2;
    const pathPrefixes = pop(prefixes & prev(J, pJ, 1));
    bump(Feature.PunctRuns, pop(P & ~P1) - pop(prefixes));
    bump(Feature.WordPrefixes, pop(prefixes) - pathPrefixes);
    bump(Feature.PathPrefixes, pathPrefixes);
    const P4run = P & P1 & P2 & P3 & prev(P, pP, 4);
    bump(Feature.PunctDepth1, pop(P & P1) - pop(P4run));
    bump(Feature.PunctDepth4, pop(P4run));
    bump(Feature.SpaceRuns, pop(S & S1 & ~S2));
    bump(Feature.SpaceBeforeDigit, pop(D & S1));
    bump(Feature.Escapes, pop(E));
    bump(Feature.NewlineRuns, pop(N & ~prev(N, pN, 1) & ~P1));
    pJ = J; pL = L; pU = U; pD = D; pS = S; pN = N; pP = P;
  }
  features[Feature.NonAsciiLetters] = nonAsciiLetters;
  features[Feature.Cjk] = cjk;
  features[Feature.Symbols] = symbols;
  features[Feature.BoxDrawing] = box;
}

/** The features of s as a JSON array of integers (for fitting the weights). */
export function tokenFeatures(s: string): string {
  computeFeatures(s);
  const out = new StrBuf(Feature.Count * 8);
  out.addChar(0x5b);
  for (let k = 0; k < Feature.Count; k++) {
    if (k > 0) out.addChar(0x2c);
    out.addInt(features[k]);
  }
  return out.addChar(0x5d).toString();
}

/**
 * Estimated number of o200k_base tokens in s: 0 for "", otherwise at least 1.
 * One pass over the text, no allocation.
 */
export function estimateTokens(s: string): i32 {
  if (s.length == 0) return 0;
  computeFeatures(s);
  let sum = 0.0;
  for (let k = 0; k < Feature.Count; k++) sum += <f64>features[k] * unchecked(WEIGHTS[k]);
  return max(1, <i32>Math.round(sum));
}
