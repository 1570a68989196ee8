// The shortening levels a JSON value is tried at, loosest first, until the
// result fits its budget. The first levels keep the source's indentation;
// later ones write compact JSON, show fewer items, shorter strings and fewer
// levels; only the last ones limit the keys of the top two levels.
import { JsonIndex } from "../../json";
import { Picks, shortenJson, ShortenLimits, summaryJson } from "./shorten";

// indent (1 = the source's), maxDepth, headItems, maxString, fullKeysDepth, maxKeys
const LEVELS: StaticArray<i32> = [
  1, 32, 20, 400, 2, 64,
  1, 12, 10, 200, 2, 32,
  1, 8, 5, 120, 2, 16,
  0, 8, 5, 120, 2, 16,
  0, 6, 3, 80, 2, 10,
  0, 5, 2, 60, 2, 6,
  0, 4, 1, 48, 2, 4,
  0, 3, 1, 40, 1, 8,
  0, 3, 1, 32, 1, 4,
  0, 2, 1, 32, 1, 4,
  0, 2, 0, 24, 1, 2,
  0, 1, 1, 32, 1, 0,
  0, 1, 0, 24, 1, 0,
  0, 1, 0, 16, 0, 8,
  0, 1, 0, 12, 0, 2,
  0, 1, 0, 8, 0, 0,
];
const FIELDS: i32 = 6;

// LEVELS.length / FIELDS as a literal: a constant, where the quotient is a global set at start.
export const LEVEL_COUNT: i32 = 16;

export function levelLimits(level: i32, sourceIndent: string): ShortenLimits {
  const b = level * FIELDS;
  const indent = unchecked(LEVELS[b]) == 1 ? sourceIndent : "";
  return new ShortenLimits(indent, unchecked(LEVELS[b + 1]), unchecked(LEVELS[b + 2]), unchecked(LEVELS[b + 3]), unchecked(LEVELS[b + 4]), unchecked(LEVELS[b + 5]));
}

export class Shortened {
  /** "" when not even the one-entry summary fits. */
  json: string = "";
  /** 0 = the source verbatim, 1… = LEVELS row + 1, LEVEL_COUNT + 1 = summary only, -1 = nothing. */
  level: i32 = -1;
}

/** The value s[idx.start, idx.end) within `budget` units: verbatim, else the first level that fits. */
export function shortenToFit(s: string, idx: JsonIndex, budget: i32, sourceIndent: string, colon: string, picks: Picks | null = null): Shortened {
  const r = fitLevel(s, idx, budget, sourceIndent, colon, picks);
  // Every pick at every level can make each deeper level too long for a small budget,
  // leaving a one-line summary in a mostly empty result: then as many picks as the
  // level shows members by position, if that says more.
  if (picks === null || picks.capped || r.level == 0 || r.json.length >= <i32>(<f64>budget * FULL_ENOUGH)) return r;
  picks.capped = true;
  const capped = fitLevel(s, idx, budget, sourceIndent, colon, picks);
  picks.capped = false;
  return capped.json.length > r.json.length ? capped : r;
}

/** A result at least this share of its budget is not retried with fewer picks. */
const FULL_ENOUGH: f64 = 0.6;

function fitLevel(s: string, idx: JsonIndex, budget: i32, sourceIndent: string, colon: string, picks: Picks | null): Shortened {
  const r = new Shortened();
  if (idx.end - idx.start <= budget) {
    r.json = s.substring(idx.start, idx.end);
    r.level = 0;
    return r;
  }
  for (let level = 0; level < LEVEL_COUNT; level++) {
    // A level that keeps the source's indentation is pointless when the source has none.
    if (unchecked(LEVELS[level * FIELDS]) == 1 && sourceIndent.length == 0 && level > 0) continue;
    const lim = levelLimits(level, sourceIndent);
    const out = shortenJson(s, idx, lim, colon, budget, picks);
    if (out.length > 0) {
      r.json = relax(s, idx, lim, level > 0 ? levelLimits(level - 1, sourceIndent) : null, colon, budget, out, picks);
      r.level = level + 1;
      return r;
    }
  }
  const summary = summaryJson(s, idx, colon);
  if (summary.length <= budget) {
    r.json = summary;
    r.level = LEVEL_COUNT + 1;
  }
  return r;
}

/** Rounds of loosening after the first level that fits. */
const RELAX_ROUNDS: i32 = 6;

/**
 * Levels are coarse steps: from the first level that fits, the limits are
 * loosened a step at a time (the previous level's values first, then small
 * increments), each kept only while the result still fits, so the budget is
 * used rather than left half empty.
 */
function relax(s: string, idx: JsonIndex, lim: ShortenLimits, looser: ShortenLimits | null, colon: string, budget: i32, best: string, picks: Picks | null): string {
  for (let field = 0; looser !== null && field < 6; field++) {
    const saved = fieldOf(lim, field);
    // Rows trade limits against each other: only ever loosen.
    const wanted = fieldOf(looser, field);
    if (wanted <= saved) continue;
    setField(lim, field, wanted, looser);
    const out = shortenJson(s, idx, lim, colon, budget, picks);
    if (out.length > 0) best = out;
    else setField(lim, field, saved, null);
  }
  for (let round = 0; round < RELAX_ROUNDS; round++) {
    let grew = false;
    for (let field = 1; field < 5; field++) {
      const saved = fieldOf(lim, field);
      // Counts double (a big budget can show hundreds of items), depth grows by one.
      const step = field == 1 ? 1 : field == 4 ? max(saved >> 1, 8) : max(saved, field == 2 ? 2 : 1);
      // The full step, else half of it: doubling overshoots a budget that is nearly used.
      for (let part = step; part >= 1; part = part == step && step > 1 ? step >> 1 : 0) {
        setField(lim, field, saved + part, null);
        const out = shortenJson(s, idx, lim, colon, budget, picks);
        if (out.length > best.length) {
          best = out;
          grew = true;
          break;
        }
        setField(lim, field, saved, null);
      }
    }
    if (!grew) break;
  }
  return best;
}

// Fields in the order they are loosened: what the model gains most from first.
function fieldOf(lim: ShortenLimits, field: i32): i32 {
  switch (field) {
    case 0: return lim.fullKeysDepth;
    case 1: return lim.maxDepth;
    case 2: return lim.maxKeys;
    case 3: return lim.headItems;
    case 4: return lim.maxString;
  }
  return lim.indent.length;
}

function setField(lim: ShortenLimits, field: i32, value: i32, from: ShortenLimits | null): void {
  switch (field) {
    case 0: lim.fullKeysDepth = value; break;
    case 1: lim.maxDepth = value; break;
    case 2: lim.maxKeys = value; break;
    case 3: lim.headItems = value; break;
    case 4: lim.maxString = value; break;
    default: lim.indent = from !== null ? from.indent : "";
  }
}
