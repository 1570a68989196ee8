// Writes an indexed JSON value (util/json-index.ts) shortened by a set of
// limits, and always as valid JSON:
//   long arrays   → first items, "…+N items (M in all)", last item; an array of
//                   records adds the sums of their count members (sums.ts):
//                   "…+18 items (24 in all; errorCount 20 in all)"
//   big objects   → first keys, "…": "+N keys (M in all)", last key (below the levels kept whole)
//                   (the total from 10 members on, but for a record shown by its
//                   telling member alone: an array's records tell each other apart by
//                   the member rare.ts finds, shown in place of the last key)
//   long strings  → "abc…(+1,234 chars)"
//   deep nesting  → {"…": "object with 12 keys"} / "[array of 40 items]"
// Recursion goes no deeper than `maxDepth`: containers below it are summarised.
import { CharCode } from "../../util/chars";
import { JsonIndex, scalarEnd, skipJsonSpace } from "../../json";
import { decodeJsonString, scanJsonString } from "../../json/strings";
import { blanksEnd, codePoints, safeEnd, unitAt } from "../../util/lines";
import { formatCount, StrBuf } from "../../util/strbuf";
import { countSums } from "./sums";
import { sortI64 } from "../../util/sort-ints";
import { among, FNV_OFFSET, memberPath } from "./paths";

export const ELLIPSIS: string = "\u2026";
/** A shortened container with fewer members than this gets no "(M in all)": the sum is obvious. */
const MIN_TOTAL: i32 = 10;
/** A string on the telling path (Picks.told) is shown whole up to this many units at every level. */
const TELLING_STRING: i32 = 80;
/** Containers spanning at most this many units are never summarised. */
const SMALL_SPAN: i32 = 32;

export class ShortenLimits {
  constructor(
    /** Indent unit ("  ", "\t"); "" writes compact JSON on one line. */
    public indent: string,
    /** Containers at this depth (top = 0) are summarised by their counts. */
    public maxDepth: i32,
    /** Items shown before the "…+N items" entry; the last item is shown too. */
    public headItems: i32,
    /** Longest string value shown whole, in UTF-16 units. */
    public maxString: i32,
    /** Objects above this depth keep every key. */
    public fullKeysDepth: i32,
    /** Keys shown before the "…" entry in deeper objects; the last key is shown too. */
    public maxKeys: i32,
  ) {}
}

/**
 * Members of one object (by container ordinal) shown wherever they are, on
 * top of the first ones, when the object is shortened: a document may know
 * which of its entries matter (json-lockfile.ts).
 */
export class Picks {
  /** Indexes of the picked members, the first shown first when not all can be. */
  members: Array<i32> = new Array<i32>();
  /** Show only as many picks as the level shows members by position (ladder.ts sets it). */
  capped: bool = false;
  /**
   * Paths (paths.ts, folded) of the member that tells the array's records apart and of the
   * members holding it (rare.ts): a shortened record shows it in place of its last member,
   * and the containers holding it are not summarised; null when none does.
   */
  told: Array<i32> | null = null;
  constructor(public ordinal: i32) {}
}

/**
 * The picked members in [from, to) that are shown: the first `cap` of them in the
 * picks' order, ascending.
 */
function cappedPicks(members: Array<i32>, from: i32, to: i32, cap: i32): Array<i32> {
  // Sorted as i64: the core sorts no i32 array elsewhere, and each sort's code takes room.
  const keys = new Array<i64>();
  for (let i = 0; i < members.length && keys.length < cap; i++) {
    const m = unchecked(members[i]);
    if (m >= from && m < to) keys.push(m);
  }
  sortI64(keys);
  const shown = new Array<i32>(keys.length);
  for (let i = 0; i < keys.length; i++) unchecked((shown[i] = <i32>unchecked(keys[i])));
  return shown;
}

class Walker {
  /** Ordinal of the next container in source order. */
  ord: i32 = 0;
  over: bool = false;
  /** Path of the value being written, kept while a telling path is known (Picks.told). */
  path: u64 = FNV_OFFSET;
  told: Array<i32> | null = null;

  constructor(
    public s: string,
    public idx: JsonIndex,
    public lim: ShortenLimits,
    public colon: string,
    public out: StrBuf,
    public cap: i32,
    public picks: Picks | null,
  ) {
    if (picks !== null) this.told = picks.told;
  }

  newline(depth: i32): void {
    if (this.lim.indent.length == 0) return;
    this.out.addChar(CharCode.LF);
    for (let i = 0; i < depth; i++) this.out.add(this.lim.indent);
  }

  /** Writes the value at s[p]; returns the offset after it. */
  value(p: i32, depth: i32): i32 {
    if (this.out.length > this.cap) this.over = true;
    if (this.over) return this.skip(p);
    const s = this.s;
    const c = unitAt(s, p);
    if (c == CharCode.LBRACE || c == CharCode.LBRACKET) return this.container(p, depth, c == CharCode.LBRACE);
    const e = scalarEnd(s, p, this.idx.end);
    // A telling string is shown whole up to TELLING_STRING units at every level.
    const maxString = this.onTold() ? max(this.lim.maxString, TELLING_STRING) : this.lim.maxString;
    if (c == CharCode.DQUOTE && e - p - 2 > maxString) this.longString(p + 1, e - 1, maxString);
    else this.out.addRange(s, p, e);
    return e;
  }

  /** Offset after the value at s[p], moving the container cursor past it. */
  skip(p: i32): i32 {
    const c = unitAt(this.s, p);
    if (c == CharCode.LBRACE || c == CharCode.LBRACKET) {
      const k = this.ord;
      this.ord = unchecked(this.idx.nexts[k]);
      return unchecked(this.idx.closes[k]) + 1;
    }
    return scalarEnd(this.s, p, this.idx.end);
  }

  /** The value being written is on the telling path (or holds it). */
  onTold(): bool {
    const told = this.told;
    return told !== null && among(told, this.path);
  }

  longString(start: i32, end: i32, maxString: i32): void {
    const value = decodeJsonString(this.s, start, end);
    const keep = safeEnd(value, max(maxString, 0));
    // Escapes ("\u0000", "\n") made the source longer than the string: it is shown whole.
    if (keep >= value.length) {
      this.out.addRange(this.s, start - 1, end + 1);
      return;
    }
    const shown = new StrBuf(keep + 24);
    shown.addRange(value, 0, keep).add(ELLIPSIS).addLabelCount("(+", codePoints(value, keep, value.length)).add(" chars)");
    this.out.addJson(shown.toString());
  }

  container(p: i32, depth: i32, isObject: bool): i32 {
    const k = this.ord;
    const idx = this.idx;
    const count = unchecked(idx.counts[k]);
    const closeAt = unchecked(idx.closes[k]);
    if (count == 0) {
      this.out.addChar(isObject ? CharCode.LBRACE : CharCode.LBRACKET).addChar(isObject ? CharCode.RBRACE : CharCode.RBRACKET);
      this.ord = unchecked(idx.nexts[k]);
      return closeAt + 1;
    }
    // A container whose whole text is shorter than its summary is shown as it is.
    // A record of an array with a telling path, and the containers on that path, show
    // their telling member where they would be summarised.
    const telling = depth == 1 ? this.told !== null : this.onTold();
    const deep = depth >= this.lim.maxDepth;
    if (deep && closeAt - p > SMALL_SPAN && !telling) {
      this.ord = unchecked(idx.nexts[k]);
      if (isObject) {
        this.out.add('{"').add(ELLIPSIS).addChar(CharCode.DQUOTE).add(this.colon).addLabelCount('"object with ', count).add(count == 1 ? ' key"}' : ' keys"}');
      } else {
        this.out.addLabelCount('"[array of ', count).add(count == 1 ? ' item]"' : ' items]"');
      }
      return closeAt + 1;
    }
    this.ord = k + 1;
    // How many members are shown before the marker entry, and whether one is needed.
    let head = count;
    if (isObject) {
      if (depth >= this.lim.fullKeysDepth && count > this.lim.maxKeys + 2) head = this.lim.maxKeys;
      // Below the depth shown, a record or an item of a telling array is its telling member: the rest is counted.
      if (telling && deep) head = 0;
    } else if (count > this.lim.headItems + 2) head = this.lim.headItems;
    const shortened = head < count;
    const picks = this.picks;
    const picked: Array<i32> | null = shortened && picks !== null && picks.ordinal == k ? cappedPicks(picks.members, head, count - 1, !picks.capped ? i32.MAX_VALUE : isObject ? this.lim.maxKeys : this.lim.headItems) : null;
    // Picked members past the first ones are shown, so the marker does not count them.
    const pickedLater = picked !== null ? picked.length : 0;
    const omitted = count - head - 1 - pickedLater;
    this.out.addChar(isObject ? CharCode.LBRACE : CharCode.LBRACKET);
    const s = this.s;
    let q = skipJsonSpace(s, p + 1, closeAt);
    let written = 0;
    let nextPick = 0; // picked is ascending: the members are met in its order
    const path = this.path;
    const told = this.told !== null;
    // A shortened record shows its telling member in place of its last one.
    let tellingShown = false;
    for (let m = 0; m < count; m++) {
      const isPicked = picked !== null && nextPick < picked.length && unchecked(picked[nextPick]) == m;
      if (isPicked) nextPick++;
      let show = m < head || isPicked;
      if (shortened && m == head && omitted > 0) {
        // The marker entry stands where the omitted members were (before any picked ones).
        if (written++ > 0) this.out.addChar(CharCode.COMMA);
        this.newline(depth + 1);
        if (isObject) this.out.add('"').add(ELLIPSIS).addChar(CharCode.DQUOTE).add(this.colon).addLabelCount('"+', omitted).add(omitted == 1 ? " key" : " keys");
        else this.out.add('"').add(ELLIPSIS).addLabelCount("+", omitted).add(omitted == 1 ? " item" : " items");
        // The total too: "how many versions / packages" is a question the shown
        // members plus the omitted count answer only after some arithmetic; so is
        // "how many errors" of records that each count theirs (sums.ts).
        const sums = isObject ? "" : countSums(s, idx, k);
        // A record's keys are not counted in all: nobody asks how many a record has.
        const total = count >= MIN_TOTAL && !(telling && isObject && head == 0);
        if (total || sums.length > 0) {
          this.out.add(" (");
          if (total) this.out.addCount(count).add(" in all");
          if (sums.length > 0) this.out.add(total ? "; " : "").add(sums).add(" in all");
          this.out.addChar(0x29);
        }
        this.out.addChar(CharCode.DQUOTE);
      }
      let v = q;
      let keyStart = -1;
      let keyEnd = -1;
      if (isObject) {
        keyStart = q;
        keyEnd = scanJsonString(s, q);
        v = skipJsonSpace(s, keyEnd, closeAt);
        v = skipJsonSpace(s, v + 1, closeAt); // past ':'
      }
      if (told && isObject) {
        this.path = memberPath(path, s, keyStart, keyEnd);
        if (shortened && !show && !tellingShown && this.onTold()) show = tellingShown = true;
      }
      if (m == count - 1 && !tellingShown) show = true;
      let after: i32;
      if (show) {
        if (written++ > 0) this.out.addChar(CharCode.COMMA);
        this.newline(depth + 1);
        if (isObject) this.out.addRange(s, keyStart, keyEnd).add(this.colon);
        after = this.value(v, depth + 1);
      } else after = this.skip(v);
      this.path = path;
      q = skipJsonSpace(s, after, closeAt);
      if (q < closeAt && unitAt(s, q) == CharCode.COMMA) q = skipJsonSpace(s, q + 1, closeAt);
    }
    this.newline(depth);
    this.out.addChar(isObject ? CharCode.RBRACE : CharCode.RBRACKET);
    this.ord = unchecked(idx.nexts[k]);
    return closeAt + 1;
  }
}

/**
 * The value shortened by `lim`, or "" when the result would be longer than
 * `cap` units (the walk stops early, so a loose attempt on a huge value is cheap).
 */
export function shortenJson(s: string, idx: JsonIndex, lim: ShortenLimits, colon: string, cap: i32, picks: Picks | null = null): string {
  const out = new StrBuf(min(cap, 1 << 16) + 64);
  const w = new Walker(s, idx, lim, colon, out, cap, picks);
  w.value(idx.start, 0);
  if (w.over || out.length > cap) return "";
  return out.toString();
}

/** The whole value as one summary entry: `{"…": "object with 24 keys"}` or `"[array of 40 items]"`. */
export function summaryJson(s: string, idx: JsonIndex, colon: string): string {
  return shortenJson(s, idx, new ShortenLimits("", 0, 0, 0, 0, 0), colon, 1 << 20);
}

/** The indent unit of pretty-printed JSON ("" when the value is on one line). */
export function indentOf(s: string, idx: JsonIndex): string {
  if (idx.opens.length == 0) return "";
  const open = unchecked(idx.opens[0]);
  const close = unchecked(idx.closes[0]);
  let i = open + 1;
  while (i < close && unitAt(s, i) != CharCode.LF) {
    if (unitAt(s, i) != CharCode.SPACE && unitAt(s, i) != CharCode.TAB && unitAt(s, i) != CharCode.CR) return "";
    i++;
  }
  if (i >= close) return "";
  const from = i + 1;
  let j = from;
  j = blanksEnd(s, j, close);
  if (j == from || j - from > 8) return j == from ? "" : "  ";
  return s.substring(from, j);
}

/** The key separator the source uses: ": " when its first key is followed by a space. */
export function colonOf(s: string, idx: JsonIndex): string {
  for (let k = 0; k < idx.opens.length; k++) {
    const open = unchecked(idx.opens[k]);
    if (unitAt(s, open) != CharCode.LBRACE || unchecked(idx.counts[k]) == 0) continue;
    const key = skipJsonSpace(s, open + 1, s.length);
    const e = scanJsonString(s, key);
    if (e < 0) return ":";
    let c = e;
    while (c < s.length && unitAt(s, c) != CharCode.COLON) c++;
    return c + 1 < s.length && unitAt(s, c + 1) == CharCode.SPACE ? ": " : ":";
  }
  return ": ";
}

/** "object with 24 keys" / "array of 1,200 items" / "string" …: what the value is. */
export function describeValue(s: string, idx: JsonIndex): string {
  const c = unitAt(s, idx.start);
  if (c == CharCode.LBRACE || c == CharCode.LBRACKET) {
    const n = unchecked(idx.counts[0]);
    if (c == CharCode.LBRACE) return "object with " + formatCount(n) + (n == 1 ? " key" : " keys");
    return "array of " + formatCount(n) + (n == 1 ? " item" : " items");
  }
  if (c == CharCode.DQUOTE) return "string";
  if (c == 0x74 || c == 0x66) return "boolean";
  if (c == 0x6e) return "null";
  return "number";
}
