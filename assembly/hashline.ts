// Hashlines: `{line}:{hh}|{content}`, where hh is the low byte of the FNV-1a
// 32-bit hash of the line's UTF-8 bytes. An edit names `line:hh` anchors and
// verifyAnchors says which still hold, so a stale view is caught before a change.
import { CharCode, isHighSurrogate, isLowSurrogate } from "./util/chars";
import { Anchor, parseAnchors } from "./util/anchors";
import { countNewlines, findNewline, lineCount, unitAt } from "./util/lines";
import { StrBuf } from "./util/strbuf";
import { sortI64 } from "./util/sort-ints";

const FNV_BASIS: u32 = 2166136261;
const FNV_PRIME: u32 = 16777619;

// @ts-ignore: decorator
@inline function fnvByte(h: u32, b: u32): u32 {
  return (h ^ b) * FNV_PRIME;
}

/**
 * Low byte of FNV-1a over the UTF-8 encoding of s[start, end), computed on the
 * fly. A trailing '\r' is not hashed (CRLF and LF files give the same anchors);
 * every other unit, spaces and tabs included, is. A lone surrogate is hashed as
 * U+FFFD (EF BF BD), the character every UTF-8 encoder substitutes for it.
 */
export function hashRange(s: string, start: i32, end: i32): i32 {
  if (end > start && unitAt(s, end - 1) == CharCode.CR) end--;
  let h = FNV_BASIS;
  for (let i = start; i < end; i++) {
    let c = <u32>unitAt(s, i);
    if (c < 0x80) {
      h = fnvByte(h, c);
      continue;
    }
    if (c < 0x800) {
      h = fnvByte(h, 0xc0 | (c >> 6));
      h = fnvByte(h, 0x80 | (c & 0x3f));
      continue;
    }
    if (isHighSurrogate(c) && i + 1 < end && isLowSurrogate(unitAt(s, i + 1))) {
      const cp = 0x10000 + ((c - 0xd800) << 10) + (<u32>unitAt(s, i + 1) - 0xdc00);
      i++;
      h = fnvByte(h, 0xf0 | (cp >> 18));
      h = fnvByte(h, 0x80 | ((cp >> 12) & 0x3f));
      h = fnvByte(h, 0x80 | ((cp >> 6) & 0x3f));
      h = fnvByte(h, 0x80 | (cp & 0x3f));
      continue;
    }
    if ((c & 0xf800) == 0xd800) c = CharCode.REPLACEMENT;
    h = fnvByte(h, 0xe0 | (c >> 12));
    h = fnvByte(h, 0x80 | ((c >> 6) & 0x3f));
    h = fnvByte(h, 0x80 | (c & 0x3f));
  }
  return <i32>(h & 0xff);
}

/** Hash of one line (see hashRange for what is hashed). */
export function lineHash(line: string): i32 {
  return hashRange(line, 0, line.length);
}

// @ts-ignore: decorator
@inline function hexDigit(d: i32): i32 {
  return d < 10 ? 0x30 + d : 0x61 + d - 10;
}

/** Appends `{line}:{hh}` for a line whose hash is h. */
// @ts-ignore: decorator
@inline function addAnchorHash(out: StrBuf, line: i32, h: i32): void {
  out.addInt(line);
  out.addChar(CharCode.COLON);
  out.addChar(hexDigit(h >> 4));
  out.addChar(hexDigit(h & 15));
}

/** Appends `{line}:{hh}` for s[start, end). */
export function addAnchor(out: StrBuf, line: i32, s: string, start: i32, end: i32): void {
  addAnchorHash(out, line, hashRange(s, start, end));
}

/** `{line}:{hh}` for a line whose hash is h. */
export function anchorText(line: i32, h: i32): string {
  const out = new StrBuf(16);
  addAnchorHash(out, line, h);
  return out.toString();
}

/** End of a line's content: before its '\r' terminator, if it has one. */
export function contentEnd(s: string, start: i32, end: i32): i32 {
  return end > start && unitAt(s, end - 1) == CharCode.CR ? end - 1 : end;
}

/**
 * Appends the hashlines of the lines starting at `from` until `to` (exclusive,
 * a line start or s.length), numbered from `firstLine`, joined by '\n'.
 * Returns the number of lines written.
 */
export function addHashlines(out: StrBuf, s: string, from: i32, to: i32, firstLine: i32): i32 {
  let line = firstLine;
  let i = from;
  while (i < to) {
    const nl = findNewline(s, i, to);
    if (line != firstLine) out.addChar(CharCode.LF);
    addAnchor(out, line, s, i, nl);
    out.addChar(CharCode.PIPE);
    out.addRange(s, i, contentEnd(s, i, nl));
    line++;
    i = nl + 1;
  }
  return line - firstLine;
}

/**
 * Every line of `text` as `{line}:{hh}|{content}`, numbered from `firstLine`,
 * joined by '\n' (no trailing newline). Content is verbatim except the '\r' of
 * a CRLF terminator. "" gives "", "a\n" gives one line.
 */
export function hashlines(text: string, firstLine: i32): string {
  const out = new StrBuf(text.length + (text.length >> 2) + 16);
  addHashlines(out, text, 0, text.length, firstLine);
  return out.toString();
}

/** Longest malformed token echoed back in a verify result. */
export const MAX_ECHO: i32 = 80;

/** The anchors of a verify call, each with the hash its line has now. */
export class AnchorCheck {
  constructor(
    public anchors: Array<Anchor>,
    /** Per anchor, its line's current hash; -1 when the line no longer exists or the anchor is malformed. */
    public current: StaticArray<i32>,
    public totalLines: i32,
  ) {}

  /** Whether anchor k is well-formed and its line still hashes the same. */
  holds(k: i32): bool {
    const a = unchecked(this.anchors[k]);
    return a.line >= 0 && unchecked(this.current[k]) == a.hash;
  }

  /** At least one anchor, and every one holds. */
  allHold(): bool {
    const count = this.anchors.length;
    for (let k = 0; k < count; k++) if (!this.holds(k)) return false;
    return count > 0;
  }
}

/** Checks `line:hh` anchors (see verifyAnchors) against the current text. */
export function checkAnchors(anchors: string, text: string): AnchorCheck {
  const list = parseAnchors(anchors);
  const count = list.length;
  const total = lineCount(text, countNewlines(text, 0, text.length));
  // Current hash per anchor, found in one forward walk in line order.
  const current = new StaticArray<i32>(count);
  const order = new Array<i64>(count);
  for (let k = 0; k < count; k++) {
    current[k] = -1;
    order[k] = (<i64>list[k].line << 32) | <i64>k;
  }
  sortI64(order);
  let line = 1;
  let pos = 0;
  const n = text.length;
  for (let j = 0; j < count; j++) {
    const k = <i32>(order[j] & 0xffffffff);
    const want = list[k].line;
    if (want < 1 || want > total) continue;
    while (line < want) {
      pos = findNewline(text, pos, n) + 1;
      line++;
    }
    current[k] = hashRange(text, pos, findNewline(text, pos, n));
  }
  return new AnchorCheck(list, current, total);
}

/**
 * Checks `line:hh` anchors (comma-, space- or newline-separated, or whole
 * hashlines) against the current text. Returns JSON:
 * `{"ok":bool,"totalLines":N,"anchors":[{"anchor":"12:a3","ok":true},
 *   {"anchor":"13:0f","ok":false,"current":"13:7c"},
 *   {"anchor":"99:00","ok":false,"current":null}]}`.
 * `current` is null when the line no longer exists; a token that is not an
 * anchor comes back with `"error":"malformed"`. ok is true only when there is
 * at least one anchor and every anchor holds.
 */
export function verifyAnchors(anchors: string, text: string): string {
  const check = checkAnchors(anchors, text);
  const list = check.anchors;
  const count = list.length;
  const out = new StrBuf(64 + count * 48);
  out.add(check.allHold() ? '{"ok":true' : '{"ok":false');
  out.addLabelInt(',"totalLines":', check.totalLines).add(',"anchors":[');
  for (let k = 0; k < count; k++) {
    const a = list[k];
    if (k > 0) out.addChar(CharCode.COMMA);
    out.add('{"anchor":');
    if (a.line < 0) {
      out.addChar(CharCode.DQUOTE);
      out.addJsonRange(anchors, a.tokenStart, min(a.tokenEnd, a.tokenStart + MAX_ECHO));
      out.add('","ok":false,"current":null,"error":"malformed"}');
      continue;
    }
    addAnchorText(out, a.line, a.hash);
    if (check.holds(k)) {
      out.add(',"ok":true}');
      continue;
    }
    const h = check.current[k];
    out.add(',"ok":false,"current":');
    if (h < 0) out.add("null");
    else addAnchorText(out, a.line, h);
    out.addChar(CharCode.RBRACE);
  }
  out.add("]}");
  return out.toString();
}

function addAnchorText(out: StrBuf, line: i32, hash: i32): void {
  out.addChar(CharCode.DQUOTE);
  addAnchorHash(out, line, hash);
  out.addChar(CharCode.DQUOTE);
}
