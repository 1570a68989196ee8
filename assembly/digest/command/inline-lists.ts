// A list printed on one line, its items counted so that the model does not count them
// along a line hundreds of units long:
//
//   DNS:api.shop.internal, DNS:www.shop.internal, …, IP Address:127.0.0.1
//                                        line 52 lists 26 items: DNS 24, IP Address 2
//
// The items are separated by a comma and a space, and each is one token, after a label
// and a colon or not (`DNS:a.b`, `'/usr/lib/python3'`): a sentence's commas part phrases
// with spaces in them, which are no items, and a signature's its parameters. Only the
// longest line is read (a list long enough to need counting is one), so that a long
// output costs one compare a line.
import { CharCode, isAlpha } from "../../util/chars";
import { unitAt } from "../../util/lines";
import { StrBuf } from "../../util/strbuf";

/** Shortest line read for a list. */
const MIN_LINE: i32 = 120;
/** Items at least for a count (fewer are counted at a glance). */
const MIN_ITEMS: i32 = 10;
/** Longest label before an item's colon. */
const MAX_LABEL: i32 = 24;
/** Labels named, in the order first seen; a list of more names none. */
const SHOWN_LABELS: i32 = 3;

export class InlineLists {
  text: string = "";
  /** The longest line read: its first unit after spaces and tabs, its end, its 1-based number. */
  start: i32 = 0;
  end: i32 = MIN_LINE - 1;
  number: i32 = 0;

  /** Line `lineNo`; `t` its first unit after spaces and tabs, `b` its end. */
  line(text: string, t: i32, b: i32, lineNo: i32): void {
    if (b - t <= this.end - this.start) return;
    this.text = text;
    this.start = t;
    this.end = b;
    this.number = lineNo;
  }
}

/** "line 52 lists 26 items: DNS 24, IP Address 2" for the longest line when it is a list of enough items, else "". */
export function inlineListLine(l: InlineLists): string {
  if (l.number == 0) return "";
  const labels = new Array<string>();
  const counts = new Array<i32>();
  const items = itemsOf(l.text, l.start, l.end, labels, counts);
  if (items < MIN_ITEMS) return "";
  const out = new StrBuf(64).addLabelCount("line ", l.number).addLabelCount(" lists ", items).add(" items");
  // Labels named only when every item has one and they are few: else the counts would not add up.
  let labelled = 0;
  for (let j = 0; j < counts.length; j++) labelled += counts[j];
  if (labelled == items && labels.length <= SHOWN_LABELS) {
    for (let j = 0; j < labels.length; j++) out.add(j == 0 ? ": " : ", ").add(labels[j]).addLabelCount(" ", counts[j]);
  }
  return out.toString();
}

/**
 * Items of line [a, b) when it is a list (see the file's header), else 0; `labels` and `counts`
 * get the labels of the items and how many have each (an item without a label adds none).
 */
function itemsOf(s: string, a: i32, b: i32, labels: Array<string>, counts: Array<i32>): i32 {
  let items = 0;
  let i = a;
  while (i < b) {
    // One item: up to ", " or the line's end. A label ends at its colon; a space belongs to one only.
    let label = -1;
    let spaced = false;
    let j = i;
    for (; j < b; j++) {
      const c = unitAt(s, j);
      if (c == CharCode.COMMA && j + 1 < b && unitAt(s, j + 1) == CharCode.SPACE) break;
      // A call's or a signature's arguments (`dump(obj, fp, *, skipkeys=False)`) are no list.
      if (c == 0x28 || c == 0x29) return 0;
      if (c == CharCode.SPACE || c == CharCode.TAB) {
        if (label >= 0) return 0;
        spaced = true;
      } else if (c == CharCode.COLON && label < 0) {
        if (j - i > MAX_LABEL || !isLabel(s, i, j)) {
          if (spaced) return 0;
        } else label = j;
      }
    }
    if (j == i || (spaced && label < 0)) return 0;
    items++;
    if (label >= 0) addLabel(s.substring(i, label), labels, counts);
    i = j + 2;
  }
  return items;
}

/** [a, e) reads as a label: letters, spaces and hyphens, a letter first. */
function isLabel(s: string, a: i32, e: i32): bool {
  if (!isAlpha(unitAt(s, a))) return false;
  for (let i = a; i < e; i++) {
    const c = unitAt(s, i);
    if (!isAlpha(c) && c != CharCode.SPACE && c != CharCode.MINUS) return false;
  }
  return true;
}

function addLabel(label: string, labels: Array<string>, counts: Array<i32>): void {
  const k = labels.indexOf(label);
  if (k >= 0) counts[k] = counts[k] + 1;
  else {
    labels.push(label);
    counts.push(1);
  }
}
