// The keys of a run of JSON records (NDJSON's lines, a JSON stream's values), counted
// so that a reader sees every key and, for a key with few short values, how many records
// hold each ("status (300: "ok" 299, "failed" 1)"), and where the rare ones are: what sets
// a record apart is what a reader looks for, and the head of the output seldom shows it.
import { CharCode } from "../../util/chars";
import { JsonIndex, scalarEnd, skipJsonSpace } from "../../json";
import { decodeJsonString, scanJsonString } from "../../json/strings";
import { unitAt } from "../../util/lines";
import { sortI32 } from "../../util/sort-ints";
import { decimal, StrBuf } from "../../util/strbuf";
import { ItemLine } from "../shared/items";
import { StringIndex } from "../../util/string-index";

/** Distinct keys counted; more are summed as "+N more keys". */
const MAX_KEYS: i32 = 100;
/** Keys with at most this many distinct short values are counted by value ("dev (875: true 873, false 2)"). */
const MAX_VALUES: i32 = 4;
/** Longest value text counted as a category. */
const MAX_VALUE_TEXT: i32 = 32;
/** Fewer records than this: no counts by value, no rare records (the records say it themselves). */
const MIN_RECORDS_FOR_VALUES: i32 = 20;
/** A value held by at most this share of the records is rare: its first records are shown. */
const RARE_SHARE: f64 = 0.02;
/** Records shown for one rare value, and for all of them. */
const RARE_PER_VALUE: i32 = 3;
const MAX_RARE: i32 = 6;

function sameText(a: string, s: string, start: i32, end: i32): bool {
  const n = a.length;
  if (n != end - start) return false;
  return memory.compare(changetype<usize>(a), changetype<usize>(s) + (<usize>start << 1), <usize>n << 1) == 0;
}

/** The distinct values of one key while there are few and they are short scalars. */
class KeyValues {
  texts: Array<string> = new Array<string>();
  counts: Array<i32> = new Array<i32>();
  /** The first records (their numbers as the caller counts them) holding each value. */
  records: Array<Array<i32>> = new Array<Array<i32>>();
  /** Too many distinct values, or a long or structured one: not a category. */
  open: bool = false;

  /** Counts the value s[start, end) of record `at` (compared in place: no copy per record). */
  add(s: string, start: i32, end: i32, at: i32): void {
    if (this.open) return;
    for (let k = 0; k < this.texts.length; k++) {
      if (!sameText(this.texts[k], s, start, end)) continue;
      this.counts[k] = this.counts[k] + 1;
      if (this.records[k].length < RARE_PER_VALUE) this.records[k].push(at);
      return;
    }
    if (this.texts.length >= MAX_VALUES) {
      this.open = true;
      return;
    }
    this.texts.push(s.substring(start, end));
    this.counts.push(1);
    const first = new Array<i32>();
    first.push(at);
    this.records.push(first);
  }

  /** Two to MAX_VALUES distinct values. */
  get isCategory(): bool {
    return !this.open && this.texts.length >= 2;
  }
}

export class RecordKeys {
  /** Records that are objects: the ones whose keys are counted. */
  objects: i32 = 0;
  keyNames: Array<string> = new Array<string>();
  keyCounts: Array<i32> = new Array<i32>();
  keyIds: StringIndex = new StringIndex();
  /** Per key (as keyNames), its values while they look like a category. */
  keyValues: Array<KeyValues> = new Array<KeyValues>();
  /** Keys seen beyond MAX_KEYS distinct ones. */
  moreKeys: i32 = 0;

  /** Counts key `name`; returns its id, or -1 past MAX_KEYS distinct keys. */
  countKey(name: string): i32 {
    if (this.keyIds.has(name)) {
      const id = this.keyIds.get(name);
      this.keyCounts[id] = this.keyCounts[id] + 1;
      return id;
    } else if (this.keyNames.length < MAX_KEYS) {
      const id = this.keyNames.length;
      this.keyIds.set(name, id);
      this.keyNames.push(name);
      this.keyCounts.push(1);
      this.keyValues.push(new KeyValues());
      return id;
    }
    this.moreKeys++;
    return -1;
  }

  /** Enough object records for their values to be counted (fewer say it themselves). */
  get manyObjects(): bool {
    return this.objects >= MIN_RECORDS_FOR_VALUES;
  }

  /** Value counts of key `id` are worth showing: a category in enough records. */
  isCategory(id: i32): bool {
    return this.manyObjects && this.keyValues[id].isCategory;
  }

  /** Counts the top-level keys of the object record `at` (idx), and their short scalar values. */
  countKeys(text: string, idx: JsonIndex, at: i32): void {
    this.objects++;
    const close = unchecked(idx.closes[0]);
    let ord = 1;
    let p = skipJsonSpace(text, unchecked(idx.opens[0]) + 1, close);
    while (p < close) {
      const keyEnd = scanJsonString(text, p);
      const id = this.countKey(decodeJsonString(text, p + 1, keyEnd - 1));
      let v = skipJsonSpace(text, keyEnd, close);
      v = skipJsonSpace(text, v + 1, close);
      let after: i32;
      const c = unitAt(text, v);
      if (c == CharCode.LBRACE || c == CharCode.LBRACKET) {
        after = unchecked(idx.closes[ord]) + 1;
        ord = unchecked(idx.nexts[ord]);
        if (id >= 0) this.keyValues[id].open = true;
      } else {
        after = scalarEnd(text, v, close);
        if (id >= 0) {
          const values = this.keyValues[id];
          if (after - v > MAX_VALUE_TEXT) values.open = true;
          else values.add(text, v, after, at);
        }
      }
      p = skipJsonSpace(text, after, close);
      if (p < close && unitAt(text, p) == CharCode.COMMA) p = skipJsonSpace(text, p + 1, close);
    }
  }

  /** `head` and "; keys: …" within `cap` units (at least room for a few keys); `head` alone with no keys. */
  withKeys(head: string, cap: i32): string {
    if (this.keyNames.length == 0) return head;
    const items = new ItemLine(head + "; keys:", max(cap, head.length + 25), 24);
    const n = this.keyNames.length;
    for (let i = 0; i < n; i++) {
      const item = this.isCategory(i) ? this.categoryItem(i) : this.keyNames[i] + " (" + decimal(this.keyCounts[i]) + ")";
      if (!items.tryAdd(item, i == n - 1 && this.moreKeys == 0)) break;
    }
    const left = n - items.count + this.moreKeys;
    return items.finish(left > 0 ? "+" + decimal(left) + " more keys" : "");
  }

  /** `dev (875: true 873, false 2)`: a key with few values, counted by value, most frequent first. */
  private categoryItem(id: i32): string {
    const values = this.keyValues[id];
    const order = byCountDesc(values);
    const out = new StrBuf(48);
    out.add(this.keyNames[id]).addLabelInt(" (", this.keyCounts[id]).add(":");
    for (let k = 0; k < order.length; k++) {
      out.add(k == 0 ? " " : ", ").add(values.texts[order[k]]).addChar(CharCode.SPACE).addInt(values.counts[order[k]]);
    }
    return out.add(")").toString();
  }

  /**
   * The first records holding a rare value of a category key (`"dev":false` in 2 of 875
   * records), in order: what sets those records apart is what a reader looks for.
   */
  rareRecords(): Array<i32> {
    const found = new Array<i32>();
    for (let id = 0; id < this.keyNames.length && found.length < MAX_RARE; id++) {
      if (!this.isCategory(id)) continue;
      const values = this.keyValues[id];
      const rare = max(1, <i32>Math.floor(<f64>this.objects * RARE_SHARE));
      for (let k = 0; k < values.texts.length; k++) {
        if (values.counts[k] > rare) continue;
        const at = values.records[k];
        for (let j = 0; j < at.length && found.length < MAX_RARE; j++) if (!found.includes(at[j])) found.push(at[j]);
      }
    }
    sortI32(found);
    return found;
  }
}

function byCountDesc(values: KeyValues): Array<i32> {
  const order = new Array<i32>();
  // At most MAX_VALUES entries: an insertion sort, stable for equal counts.
  for (let k = 0; k < values.texts.length; k++) {
    order.push(k);
    for (let at = order.length - 1; at > 0 && values.counts[order[at - 1]] < values.counts[order[at]]; at--) {
      const t = order[at - 1];
      order[at - 1] = order[at];
      order[at] = t;
    }
  }
  return order;
}
