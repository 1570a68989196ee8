// A record that stands for a failure, shown by what it says. An event stream's
// failing record is long (cargo's compiler message with its target and spans,
// a test event with its package and timestamp), and shortened by position its
// message is cut to a few characters: "rendered":"error[E0308]: mism…". Focused,
// the record keeps the string that carries the failure (the one holding the
// strongest error keyword, else its longest string) in its source text, the
// keys on the way to it, and the short scalars beside them ("level":"error",
// "Test":"TestReserve"); every other member is counted. Still valid JSON:
//
//   {"Action":"output","Test":"TestReserve","Output":"    inventory_test.go:71: Reserve: insufficient stock for A-7: 2 \u003c 3\n","…":"+2 keys"}
import { JsonIndex } from "../../json";
import { decodeJsonString } from "../../json/strings";
import { rankOf } from "../../important/kinds";
import { scanImportant } from "../../important/scan";
import { CharCode } from "../../util/chars";
import { codePoints, unitAt } from "../../util/lines";
import { StrBuf } from "../../util/strbuf";
import { MemberWalk } from "./members";
import { ELLIPSIS } from "./shorten";

/** Containers followed on the way to the message, at most. */
const MAX_DEPTH: i32 = 16;
/** A scalar beside the path this long at most is shown. */
const SHORT_SCALAR: i32 = 24;
/** Share of the room the scalars beside the path may take. */
const CONTEXT_SHARE: i32 = 3;
/** The message is worth showing when at least this much of it fits. */
const MIN_MESSAGE: i32 = 24;

/** Where the record's message string lies: s[start, end), quotes included. */
class Message {
  start: i32 = -1;
  end: i32 = -1;
  /** It holds a keyword of the strongest rank found. */
  flagged: bool = false;
}

/**
 * The record s[idx.start, idx.end) (an object) within `cap` units, focused on
 * its message; "" when it is not an object, has no string, or too little of
 * its message would fit.
 */
export function focusRecord(s: string, idx: JsonIndex, cap: i32): string {
  if (idx.opens.length == 0 || unchecked(idx.opens[0]) != idx.start || unitAt(s, idx.start) != CharCode.LBRACE) return "";
  const msg = messageOf(s, idx);
  if (msg.start < 0) return "";
  const out = new StrBuf(cap + 32);
  const w = new Writer(s, idx, msg, out, <i32>Math.floor(<f64>cap / <f64>CONTEXT_SHARE));
  if (!w.container(0, 0)) return "";
  // The message goes where the walk left room for it.
  const frame = out.toString();
  const room = cap - frame.length;
  const text = clippedString(s, msg.start, msg.end, room);
  if (text.length == 0) return "";
  return frame.substring(0, w.at) + text + frame.substring(w.at);
}

/** The string carrying the record's strongest keyword (the longest such), else its longest string. */
function messageOf(s: string, idx: JsonIndex): Message {
  const scan = scanImportant(s.substring(idx.start, idx.end));
  let best = 0;
  for (let i = 0; i < scan.count; i++) best = max(best, rankOf(unchecked(scan.kinds[i])));
  const hits = new Array<i32>();
  for (let i = 0; i < scan.count; i++) if (rankOf(unchecked(scan.kinds[i])) == best) hits.push(idx.start + unchecked(scan.hits[i]));
  const m = new Message();
  strings(s, idx, 0, 0, hits, m);
  // A keyword in a short value ("level":"error") marks the record, not its message: the longest string says more.
  if (m.flagged && m.end - m.start <= SHORT_SCALAR) {
    const longest = new Message();
    strings(s, idx, 0, 0, new Array<i32>(), longest);
    if (longest.end - longest.start > SHORT_SCALAR) return longest;
  }
  // A record of short values only has no message to focus on.
  if (m.end - m.start <= SHORT_SCALAR) m.start = -1;
  return m;
}

/** Visits every string scalar of container k, keeping the best message candidate in m. */
function strings(s: string, idx: JsonIndex, k: i32, depth: i32, hits: i32[], m: Message): void {
  if (depth >= MAX_DEPTH) return;
  const w = new MemberWalk(s, idx, k);
  while (w.next()) {
    if (w.ordinal >= 0) {
      strings(s, idx, w.ordinal, depth + 1, hits, m);
      continue;
    }
    if (unitAt(s, w.valueStart) != CharCode.DQUOTE) continue;
    let flagged = false;
    for (let i = 0; i < hits.length; i++) {
      const p = unchecked(hits[i]);
      if (p > w.valueStart && p < w.valueEnd) flagged = true;
    }
    const longer = w.valueEnd - w.valueStart > m.end - m.start;
    if ((flagged && (!m.flagged || longer)) || (!flagged && !m.flagged && longer)) {
      m.start = w.valueStart;
      m.end = w.valueEnd;
      m.flagged = flagged;
    }
  }
}

class Writer {
  /** Where the message goes in `out`. */
  at: i32 = -1;
  private context: i32 = 0;

  constructor(public s: string, public idx: JsonIndex, public msg: Message, public out: StrBuf, public contextRoom: i32) {}

  /** Writes container k focused on the message; false when the message is not inside it. */
  container(k: i32, depth: i32): bool {
    if (depth >= MAX_DEPTH) return false;
    const s = this.s;
    const isObject = unitAt(s, unchecked(this.idx.opens[k])) == CharCode.LBRACE;
    const out = this.out;
    out.addChar(isObject ? CharCode.LBRACE : CharCode.LBRACKET);
    const w = new MemberWalk(s, this.idx, k);
    let written = 0;
    let left = 0;
    let found = false;
    while (w.next()) {
      const onPath = w.valueStart <= this.msg.start && this.msg.end <= w.valueEnd;
      const short = w.ordinal < 0 && w.valueEnd - w.valueStart <= SHORT_SCALAR;
      const keyLength = isObject ? w.keyEnd - w.keyStart + 1 : 0;
      if (!onPath && !(short && this.context + keyLength + w.valueEnd - w.valueStart + 1 <= this.contextRoom)) {
        left++;
        continue;
      }
      if (written++ > 0) out.addChar(CharCode.COMMA);
      if (isObject) out.addRange(s, w.keyStart, w.keyEnd).addChar(CharCode.COLON);
      if (!onPath) {
        out.addRange(s, w.valueStart, w.valueEnd);
        this.context += keyLength + w.valueEnd - w.valueStart + 1;
      } else if (w.ordinal < 0) {
        this.at = out.length;
        found = true;
      } else {
        found = this.container(w.ordinal, depth + 1);
        if (!found) return false;
      }
    }
    if (left > 0) {
      if (written > 0) out.addChar(CharCode.COMMA);
      if (isObject) out.addChar(CharCode.DQUOTE).add(ELLIPSIS).addLabelCount('":"+', left).add(left == 1 ? ' key"' : ' keys"');
      else out.addChar(CharCode.DQUOTE).add(ELLIPSIS).addLabelCount("+", left).add(left == 1 ? ' item"' : ' items"');
    }
    out.addChar(isObject ? CharCode.RBRACE : CharCode.RBRACKET);
    return found;
  }
}

/**
 * The string s[start, end) (quotes included) in its source text within `room`
 * units, cut at an escape's boundary with what was left out counted
 * ("…(+812 chars)"); "" when less than MIN_MESSAGE of it would fit.
 */
function clippedString(s: string, start: i32, end: i32, room: i32): string {
  if (end - start <= room) return s.substring(start, end);
  // The count of what is cut is at most this long: "…(+1,234,567 chars)".
  const keep = room - 2 - 22;
  if (keep < MIN_MESSAGE) return "";
  let cut = start + 1;
  // Escapes are whole or not at all; a surrogate pair too.
  while (cut < end - 1) {
    const c = unitAt(s, cut);
    const width = c == CharCode.BACKSLASH ? (unitAt(s, cut + 1) == 0x75 ? 6 : 2) : c >= 0xd800 && c < 0xdc00 ? 2 : 1;
    if (cut + width - (start + 1) > keep) break;
    cut += width;
  }
  const tail = decodeJsonString(s, cut, end - 1);
  const rest = codePoints(tail, 0, tail.length);
  const out = new StrBuf(cut - start + 24);
  out.addRange(s, start, cut).add(ELLIPSIS).addLabelCount("(+", rest).add(" chars)").addChar(CharCode.DQUOTE);
  return out.toString();
}
