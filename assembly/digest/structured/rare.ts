// An array of records shortened by position shows its first items and its last: a
// linter's JSON report then shows the files without findings, and a log of events
// its routine ones. The records that say something the others do not are picked to be
// shown wherever they are: the rarest values first, each value once. A record's
// values are its scalars by their path of keys (array positions are not part of a
// path), and a value only counts where its path takes few values across the records
// that hold it ("severity": 1 or 2; "ruleId": a handful of rules): a path that tells
// every record apart (an id, a file's path, a line number, a timestamp) says nothing
// about which one matters.
//
//   [{"filePath": "a.js", "messages": []}, …, {"filePath": "q.js", "messages":
//    [{"ruleId": "use-isnan", …}]}, …]      → q.js's record is picked: its rule is
//                                             the only one of its kind
import { JsonIndex } from "../../json";
import { scalarEnd, skipJsonSpace } from "../../json";
import { scanJsonString } from "../../json/strings";
import { CharCode } from "../../util/chars";
import { unitAt } from "../../util/lines";
import { Picks } from "./shorten";
import { sortI64 } from "../../util/sort-ints";
import { U32Map } from "../../util/u32-map";
import { fold, FNV_OFFSET, FNV_PRIME, hashRange, memberPath } from "./paths";

/** Records needed for rarity to mean anything. */
const MIN_RECORDS: i32 = 6;
/** Units of records read, at most: a large array is judged by its first records. */
const MAX_UNITS: i32 = 1 << 18;
/** Records picked, at most. */
const MAX_PICKS: i32 = 4;
/** A path counts when it takes at least two values, and at most one per PATH_SPREAD records that hold it. */
const PATH_SPREAD: i32 = 3;
/** A telling path's strings take each value this many times on average, at least. */
const TELLING_RECURS: i32 = 2;
/** A telling path's strings are this long on average, at least: shorter ones name a state, not what happened. */
const TELLING_UNITS: i32 = 16;
/** Paths and containers nested deeper than this are read as one value. */
const MAX_NESTING: i32 = 32;

/** The value of an empty object or array, as a hash: `"messages": []` differs from a list of messages. */
const EMPTY: u64 = 0x9e3779b97f4a7c15;


/** The values the records hold: per (path, value) how many records hold it and the first one that does. */
class Values {
  /** Slot of each (path, value) and of each path in the arrays below. */
  // Keyed by 32 bits of the hashes: a collision only merges two values' counts.
  pairSlot: U32Map = new U32Map();
  pathSlot: U32Map = new U32Map();
  // Per pair slot.
  held: Array<i32> = new Array<i32>();
  first: Array<i32> = new Array<i32>();
  lastRecord: Array<i32> = new Array<i32>();
  pathOf: Array<i32> = new Array<i32>();
  // Per path slot: distinct values, records holding it, the last of them.
  spread: Array<i32> = new Array<i32>();
  holders: Array<i32> = new Array<i32>();
  pathRecord: Array<i32> = new Array<i32>();
  /** Per path slot: the path (folded) and its values' units in all (negative once one is not a string). */
  pathHash: Array<i32> = new Array<i32>();
  textUnits: Array<i32> = new Array<i32>();
  /** Per path slot: the values noted on it, a record's items of a nested array each once. */
  notes: Array<i32> = new Array<i32>();
  /** The path of the object holding each keyed member, by the member's path (all folded). */
  parents: U32Map = new U32Map();

  note(path64: u64, value: u64, record: i32, textUnits: i32 = -1): void {
    const path = fold(path64);
    let p = this.pathSlot.valueOr(path, -1);
    if (p >= 0) {
      if (unchecked(this.pathRecord[p]) != record) {
        unchecked((this.pathRecord[p] = record));
        unchecked((this.holders[p] += 1));
      }
    } else {
      p = this.spread.length;
      this.pathSlot.set(path, p);
      this.spread.push(0);
      this.holders.push(1);
      this.pathRecord.push(record);
      this.pathHash.push(<i32>path);
      this.textUnits.push(0);
      this.notes.push(0);
    }
    unchecked((this.notes[p] += 1));
    unchecked((this.textUnits[p] = textUnits < 0 ? i32.MIN_VALUE : unchecked(this.textUnits[p]) + textUnits));
    const pair = fold((value * FNV_PRIME) ^ path64);
    const k = this.pairSlot.valueOr(pair, -1);
    if (k < 0) {
      this.pairSlot.set(pair, this.held.length);
      this.held.push(1);
      this.first.push(record);
      this.lastRecord.push(record);
      this.pathOf.push(p);
      unchecked((this.spread[p] += 1));
      return;
    }
    if (unchecked(this.lastRecord[k]) == record) return;
    unchecked((this.lastRecord[k] = record));
    unchecked((this.held[k] += 1));
  }
}

/**
 * Notes the scalars of the record s[open, close] (an object or an array). Keys name the
 * path; an array's items share its path.
 */
function readRecord(s: string, open: i32, close: i32, record: i32, values: Values): void {
  const paths = new StaticArray<u64>(MAX_NESTING);
  const objects = new StaticArray<bool>(MAX_NESTING);
  let depth = 0;
  let valuePath: u64 = FNV_OFFSET;
  let i = open;
  while (i <= close) {
    i = skipJsonSpace(s, i, close + 1);
    if (i > close) break;
    const c = unitAt(s, i);
    if (c == CharCode.LBRACE || c == CharCode.LBRACKET) {
      const inner = skipJsonSpace(s, i + 1, close + 1);
      const shut = inner <= close ? unitAt(s, inner) : 0;
      if ((c == CharCode.LBRACE && shut == CharCode.RBRACE) || (c == CharCode.LBRACKET && shut == CharCode.RBRACKET)) {
        values.note(valuePath, EMPTY, record);
        i = inner + 1;
      } else if (depth == MAX_NESTING) {
        return;
      } else {
        unchecked((paths[depth] = valuePath));
        unchecked((objects[depth] = c == CharCode.LBRACE));
        depth++;
        i++;
      }
      continue;
    }
    if (c == CharCode.RBRACE || c == CharCode.RBRACKET) {
      depth--;
      if (depth <= 0) return;
      valuePath = unchecked(paths[depth - 1]);
      i++;
      continue;
    }
    if (c == CharCode.COMMA) {
      i++;
      continue;
    }
    const inObject = depth > 0 && unchecked(objects[depth - 1]);
    const end = scalarEnd(s, i, close + 1);
    if (end < 0) return;
    if (inObject && c == CharCode.DQUOTE) {
      // A key when a ':' follows it.
      const after = skipJsonSpace(s, end, close + 1);
      if (after <= close && unitAt(s, after) == CharCode.COLON) {
        valuePath = memberPath(unchecked(paths[depth - 1]), s, i, end);
        values.parents.set(fold(valuePath), <i32>fold(unchecked(paths[depth - 1])));
        i = after + 1;
        continue;
      }
    }
    values.note(inObject ? valuePath : depth > 0 ? unchecked(paths[depth - 1]) : FNV_OFFSET, hashRange(FNV_OFFSET, s, i, end), record, c == CharCode.DQUOTE ? end - i - 2 : -1);
    i = end;
  }
}

/**
 * The records of the array that is the whole value (ordinal 0) which hold its rarest
 * values, rarest first; null when it is not an array of enough records or none stands out.
 */
export function rarePicks(s: string, idx: JsonIndex): Picks | null {
  if (idx.opens.length < MIN_RECORDS + 1 || unchecked(idx.opens[0]) != idx.start || unitAt(s, idx.start) != CharCode.LBRACKET) return null;
  const count = unchecked(idx.counts[0]);
  if (count < MIN_RECORDS) return null;
  const values = new Values();
  // The top array's items that are containers follow one another through `nexts`.
  const close = unchecked(idx.closes[0]);
  let k = 1;
  let record = 0;
  let p = skipJsonSpace(s, idx.start + 1, close);
  const limit = idx.start + MAX_UNITS;
  while (p < close && record < count) {
    const c = unitAt(s, p);
    let after: i32;
    if ((c == CharCode.LBRACE || c == CharCode.LBRACKET) && k < idx.opens.length && unchecked(idx.opens[k]) == p) {
      const end = unchecked(idx.closes[k]);
      if (end > limit) break;
      readRecord(s, p, end, record, values);
      after = end + 1;
      k = unchecked(idx.nexts[k]);
    } else {
      // A scalar item is a record of one value.
      const e = scalarEnd(s, p, close);
      if (e < 0) return null;
      values.note(FNV_OFFSET, hashRange(FNV_OFFSET, s, p, e), record);
      after = e;
    }
    record++;
    p = skipJsonSpace(s, after, close);
    if (p < close && unitAt(s, p) == CharCode.COMMA) p = skipJsonSpace(s, p + 1, close);
  }
  if (record < MIN_RECORDS) return null;
  const told = tellingPaths(values);
  let picks = choose(values, record);
  if (told.length > 0) {
    if (picks === null) picks = new Picks(0);
    picks.told = told;
  }
  return picks;
}

/**
 * A record shortened by position shows its last member, often one that says
 * nothing ("usedDeprecatedRules": []). What tells the records apart is the text
 * that varies from record to record yet recurs: a message, a rule's description
 * (an id or a file's path is unique to each record, a status is short). The path
 * of the longest such strings on average, with the paths of the members holding
 * it (folded), so the shortener shows it in place of the last member; none when
 * no path's strings vary and recur.
 */
function tellingPaths(values: Values): Array<i32> {
  // The best mean so far as a fraction, units / uses: the shortest a telling one may be to start.
  // Uses count every value noted (each item of a record's nested array), as the units do.
  let best = -1;
  let bestUnits: i64 = TELLING_UNITS;
  let bestUses: i64 = 1;
  for (let p = 0, n = values.spread.length; p < n; p++) {
    const uses = unchecked(values.notes[p]);
    const spread = unchecked(values.spread[p]);
    const units = unchecked(values.textUnits[p]);
    if (spread < 2 || spread * TELLING_RECURS > uses || <i64>units * bestUses <= bestUnits * <i64>uses) continue;
    best = p;
    bestUnits = units;
    bestUses = uses;
  }
  const chain = new Array<i32>();
  const record = <i32>fold(FNV_OFFSET);
  let path = best < 0 ? record : unchecked(values.pathHash[best]);
  while (path != record && chain.length < MAX_NESTING) {
    chain.push(path);
    path = values.parents.valueOr(path, record);
  }
  return chain;
}

/** One record per value held by fewer than half of the `records`, rarest first, each record once. */
function choose(values: Values, records: i32): Picks | null {
  // (records holding it, first appearance, slot) of each rare value, sorted rarest first, earliest first.
  const keys = new Array<i64>();
  for (let j = 0, n = values.held.length; j < n; j++) {
    const held = unchecked(values.held[j]);
    if (held * 2 >= records) continue;
    const p = unchecked(values.pathOf[j]);
    const spread = unchecked(values.spread[p]);
    if (spread < 2 || spread > max(2, unchecked(values.holders[p]) / PATH_SPREAD)) continue;
    keys.push((<i64>held << 40) | (<i64>unchecked(values.first[j]) << 20) | <i64>min(j, 0xfffff));
  }
  if (keys.length == 0) return null;
  sortI64(keys);
  const picks = new Picks(0);
  const taken = new StaticArray<bool>(records);
  for (let j = 0; j < keys.length && picks.members.length < MAX_PICKS; j++) {
    const record = <i32>((unchecked(keys[j]) >> 20) & 0xfffff);
    if (unchecked(taken[record])) continue;
    unchecked((taken[record] = true));
    picks.members.push(record);
  }
  return picks;
}
