// The skeleton of a long output whose lines nest by indentation: the lines that
// head deeper ones ("  public static String formatDurationHMS(long);" over its
// instructions, "    class JSONDecoder(builtins.object)" over its methods, a man
// page's "OPTIONS" over its options). Head and tail show the first and the last
// page; when the command succeeded, its skeleton says what lies between.
//
// Read line by line on the pass that exists (the command digest's, see
// digest/command/lines.ts): a stack of the lines still open, one per level of
// nesting. A line closes every open line indented as deep or deeper; a closed line
// that heads at least one deeper line is kept at its level (0 for one at the
// shallowest indentation open). A level counts as structure only when its lines
// head MIN_MEAN_SPAN deeper lines each on average: a log whose lines wrap now and
// then has no skeleton, and a line led by a number aligned to the right
// ("60368/60335  0.003 …" over "    38/15  0.000 …") opens no level. Memory is bounded: each level keeps at most 2 × PER_LEVEL
// lines, then every other one, evenly over the output.

import { isDigit, isSpaceOrTab } from "../util/chars";
import { unitAt } from "../util/lines";

/** Levels of nesting followed; deeper lines only count for the lines they are under. */
const MAX_DEPTH: i32 = 4;
/** Lines a level keeps before it thins to every other one. */
const PER_LEVEL: i32 = 256;
/** Levels offered: the shallowest that qualify; deeper ones are detail. */
const LEVELS_OFFERED: i32 = 2;
/** Deeper lines a level's lines head on average for the level to be a skeleton. */
const MIN_MEAN_SPAN: i32 = 4;

/**
 * The token at t (before b) is a number only ("60368/60335", "1.5", "12,040", "38%"): a
 * cell of a column aligned to the right, indented by its width, not by a nesting.
 */
function numberCell(s: string, t: i32, b: i32): bool {
  if (!isDigit(unitAt(s, t))) return false;
  for (let i = t + 1; i < b; i++) {
    const c = unitAt(s, i);
    if (isSpaceOrTab(c)) return true;
    if (!isDigit(c) && c != 0x2e && c != 0x2c && c != 0x2f && c != 0x25) return false;
  }
  return true;
}

/** Fields of an open line, OPEN_FIELDS per level: its indentation, start, 1-based line, the non-blank lines read before it, and its last unit. */
const OPEN_FIELDS: i32 = 5;
/**
 * Fields of a level, LEVEL_FIELDS per level: its lines that head others, the deeper lines they
 * head, one kept out of STRIDE, those passed since, and the last unit they all end with (-1 when
 * they differ, 0 before the first).
 */
const LEVEL_FIELDS: i32 = 5;
const HEADS: i32 = 0;
const HEADED: i32 = 1;
const STRIDE: i32 = 2;
const SKIPPED: i32 = 3;
const ENDING: i32 = 4;

export class SkeletonLines {
  private open: StaticArray<i32> = new StaticArray<i32>(MAX_DEPTH * OPEN_FIELDS);
  private levels: StaticArray<i32> = new StaticArray<i32>(MAX_DEPTH * LEVEL_FIELDS);
  /** Per level: the lines kept as (start, 1-based line) pairs. */
  private kept: StaticArray<i32[]> = new StaticArray<i32[]>(MAX_DEPTH);
  private depth: i32 = 0;
  private seen: i32 = 0;

  constructor() {
    for (let k = 0; k < MAX_DEPTH; k++) {
      unchecked((this.kept[k] = []));
      unchecked((this.levels[k * LEVEL_FIELDS + STRIDE] = 1));
    }
  }

  /** Line `line` (1-based) [a, b) of text; `t` its first unit after spaces and tabs. */
  line(s: string, a: i32, t: i32, b: i32, line: i32): void {
    if (t >= b) return;
    // A right-aligned number neither opens nor closes a level: it counts for those open.
    if (numberCell(s, t, b)) {
      this.seen++;
      return;
    }
    const indent = t - a;
    const open = this.open;
    while (this.depth > 0 && unchecked(open[(this.depth - 1) * OPEN_FIELDS]) >= indent) this.close();
    const d = this.depth;
    if (d < MAX_DEPTH) {
      const o = d * OPEN_FIELDS;
      unchecked((open[o] = indent));
      unchecked((open[o + 1] = a));
      unchecked((open[o + 2] = line));
      unchecked((open[o + 3] = this.seen));
      unchecked((open[o + 4] = unitAt(s, b - 1)));
      this.depth = d + 1;
    }
    this.seen++;
  }

  private close(): void {
    const k = --this.depth;
    const o = k * OPEN_FIELDS;
    const open = this.open;
    const span = this.seen - unchecked(open[o + 3]) - 1;
    if (span <= 0) return;
    const levels = this.levels;
    const l = k * LEVEL_FIELDS;
    unchecked((levels[l + HEADS] += 1));
    unchecked((levels[l + HEADED] += span));
    const ending = unchecked(levels[l + ENDING]);
    const last = unchecked(open[o + 4]);
    if (ending != last) unchecked((levels[l + ENDING] = ending == 0 ? last : -1));
    const skipped = unchecked(levels[l + SKIPPED]) + 1;
    if (skipped < unchecked(levels[l + STRIDE])) {
      unchecked((levels[l + SKIPPED] = skipped));
      return;
    }
    unchecked((levels[l + SKIPPED] = 0));
    const kept = unchecked(this.kept[k]);
    kept.push(unchecked(open[o + 1]));
    kept.push(unchecked(open[o + 2]));
    if (kept.length < PER_LEVEL * 4) return;
    // Full: every other line stays, and from now on one in twice as many is kept.
    for (let j = 0; j < PER_LEVEL; j++) {
      unchecked((kept[2 * j] = kept[4 * j]));
      unchecked((kept[2 * j + 1] = kept[4 * j + 1]));
    }
    kept.length = PER_LEVEL * 2;
    unchecked((levels[l + STRIDE] <<= 1));
  }

  /**
   * The lines of the offered level that heads the most (a class's methods rather than the
   * class line over them), or 0 when no level is offered or its lines do not all end alike:
   * how many members the skeleton outlines. Lines that end with the same sign (`);`, `:`,
   * `{`) are one kind of declaration; lines that end every which way (a report's annotated
   * source, a graph's rows) head blocks of no one kind, and a count of them says nothing.
   * Closes the lines still open.
   */
  mostHeads(): i32 {
    while (this.depth > 0) this.close();
    let most = 0;
    let alike = 0;
    for (let k = 0, offered = 0; k < MAX_DEPTH && offered < LEVELS_OFFERED; k++) {
      const l = k * LEVEL_FIELDS;
      const heads = unchecked(this.levels[l + HEADS]);
      if (heads == 0 || unchecked(this.levels[l + HEADED]) < heads * MIN_MEAN_SPAN) continue;
      offered++;
      if (heads <= most) continue;
      most = heads;
      alike = unchecked(this.levels[l + ENDING]) > 0 ? heads : 0;
    }
    return alike;
  }

  /**
   * The skeleton's lines as (start, 1-based line) pairs in the order they are offered
   * the budget: the shallowest level first, and within a level spread over the whole
   * output (its first line, then the middle one, then the quarters, …), so that what
   * fits outlines all of it rather than its first page, after those `out` holds. Closes
   * the lines still open.
   */
  order(out: i32[]): i32[] {
    while (this.depth > 0) this.close();
    for (let k = 0, offered = 0; k < MAX_DEPTH && offered < LEVELS_OFFERED; k++) {
      const heads = unchecked(this.levels[k * LEVEL_FIELDS + HEADS]);
      if (heads == 0 || unchecked(this.levels[k * LEVEL_FIELDS + HEADED]) < heads * MIN_MEAN_SPAN) continue;
      offered++;
      const kept = unchecked(this.kept[k]);
      const n = kept.length >> 1;
      let step = 1;
      while (step * 2 < n) step <<= 1;
      out.push(unchecked(kept[0]));
      out.push(unchecked(kept[1]));
      for (let s = step; s >= 1; s >>= 1) {
        for (let i = s; i < n; i += s << 1) {
          out.push(unchecked(kept[2 * i]));
          out.push(unchecked(kept[2 * i + 1]));
        }
      }
    }
    return out;
  }
}
