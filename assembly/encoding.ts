// Which encoding a text that is not UTF-8 is most likely in, from its raw
// bytes, so the host decodes it as it was written (and the model is told, so
// it does not write UTF-8 back into a Latin-1 file).
//
// - A BOM decides: FF FE is UTF-16LE, FE FF UTF-16BE (EF BB BF is UTF-8).
// - UTF-16 without a BOM: text that is mostly ASCII has a NUL in every other
//   byte, at odd offsets (little-endian) or even ones (big-endian), and the
//   16-bit units it decodes to are text.
// - Valid UTF-8 (ASCII included) is UTF-8: "" is the answer.
// - Otherwise the bytes must read as text (no NUL, almost no C0 controls);
//   then a double-byte encoding is chosen when most non-ASCII bytes come in
//   runs (words) and the sample parses in it (a stray byte aside): Shift_JIS
//   or EUC-JP when many characters are kana (Japanese is full of them), else
//   GBK, else Shift_JIS or EUC-JP. Text whose non-ASCII bytes stand mostly
//   alone, between ASCII letters (`Stra\xdfe`, `M\xfcller`), make up at
//   most 30% of it and include none of the five bytes it leaves unassigned,
//   is Windows-1252, Latin-1's superset.
//
// The answer is a WHATWG encoding label a TextDecoder takes; encodingName()
// gives it the name people use.
import { CharCode, isUnitOf } from "./util/chars";
import { formatCount } from "./util/strbuf";
import { utf8Step, UTF8_INCOMPLETE } from "./util/utf8";

/** Bytes examined from the start of the output. */
export const ENCODING_SAMPLE: i32 = 65536;
/** Share (percent) of 16-bit units that must be ASCII behind a NUL to call BOM-less data UTF-16. */
const UTF16_ASCII_PERCENT: i32 = 40;
/** Non-text units or bytes (percent) a legacy text may hold. */
const CONTROL_PERCENT: i32 = 1;
/** Share (percent) of non-ASCII bytes in runs of two or more that makes a double-byte encoding likely. */
const RUN_PERCENT: i32 = 60;
/** Double-byte characters a sample must hold before a double-byte encoding is named. */
const MIN_PAIRS: i32 = 4;
/** Most non-ASCII bytes (percent of all) a Windows-1252 text holds. */
const LATIN_HIGH_PERCENT: i32 = 30;
/** Share (percent) of EUC pairs in the kana rows that says Japanese. */
const KANA_PERCENT: i32 = 20;

// @ts-ignore: decorator
@inline function byteAt(p: usize, i: i32): i32 {
  return <i32>load<u8>(p + <usize>i);
}

// @ts-ignore: decorator
@inline function isTextControl(c: i32): bool {
  if (ASC_SHRINK_LEVEL >= 2) return isUnitOf(c, "\t\n\r\f\v\b\u001b");
  return c == CharCode.TAB || c == CharCode.LF || c == CharCode.CR || c == CharCode.FF || c == CharCode.VT || c == CharCode.BACKSPACE || c == CharCode.ESC;
}

/** Whether the units of BOM-less UTF-16 (`big`-endian) from byte `from` are text, with enough ASCII. */
function readsAsUtf16(p: usize, from: i32, n: i32, big: bool): bool {
  let units = 0;
  let ascii = 0;
  let bad = 0;
  for (let i = from; i + 1 < n; i += 2) {
    const hi = byteAt(p, big ? i : i + 1);
    const lo = byteAt(p, big ? i + 1 : i);
    const u = (hi << 8) | lo;
    units++;
    if (u == 0) bad++;
    else if (u < 0x80) {
      if (u < CharCode.SPACE && !isTextControl(u)) bad++;
      else ascii++;
    } else if (u < 0xa0 || (u & 0xfc00) == 0xdc00) bad++; // C1 controls, a low surrogate first
    else if ((u & 0xfc00) == 0xd800) {
      // A high surrogate must be followed by a low one.
      if (i + 3 < n) {
        const u2 = (byteAt(p, big ? i + 2 : i + 3) << 8) | byteAt(p, big ? i + 3 : i + 2);
        if ((u2 & 0xfc00) != 0xdc00) bad++;
        else {
          i += 2;
          units++;
        }
      }
    }
  }
  if (units < 2) return false;
  return <i64>bad * 100 <= <i64>units * CONTROL_PERCENT && <i64>ascii * 100 >= <i64>units * UTF16_ASCII_PERCENT;
}

/** Set by the parsers below: double-byte characters, and those in the kana rows (Japanese text is full of kana). */
let pairs: i32 = 0;
let kanaPairs: i32 = 0;

/** Errors parsing bytes [0, n) as Shift_JIS (kana rows: leads 0x82 hiragana, 0x83 katakana). */
function shiftJisErrors(p: usize, n: i32): i32 {
  let errors = 0;
  pairs = 0;
  kanaPairs = 0;
  let i = 0;
  while (i < n) {
    const b = byteAt(p, i);
    if (b < 0x80 || (b >= 0xa1 && b <= 0xdf)) {
      i++; // ASCII, or half-width katakana
      continue;
    }
    if ((b >= 0x81 && b <= 0x9f) || (b >= 0xe0 && b <= 0xfc)) {
      if (i + 1 >= n) break; // cut by the sample's end
      const t = byteAt(p, i + 1);
      if ((t >= 0x40 && t <= 0x7e) || (t >= 0x80 && t <= 0xfc)) {
        pairs++;
        if (b == 0x82 || b == 0x83) kanaPairs++;
        i += 2;
        continue;
      }
    }
    errors++;
    i++;
  }
  return errors;
}

/** Errors parsing bytes [0, n) as EUC-JP (kana rows: leads 0xa4 hiragana, 0xa5 katakana). */
function eucJpErrors(p: usize, n: i32): i32 {
  let errors = 0;
  pairs = 0;
  kanaPairs = 0;
  let i = 0;
  while (i < n) {
    const b = byteAt(p, i);
    if (b < 0x80) {
      i++;
      continue;
    }
    const need = b == 0x8f ? 2 : b == 0x8e || (b >= 0xa1 && b <= 0xfe) ? 1 : -1;
    if (need < 0) {
      errors++;
      i++;
      continue;
    }
    if (i + need >= n) break;
    let ok = true;
    for (let k = 1; k <= need; k++) {
      const t = byteAt(p, i + k);
      if (t < 0xa1 || t > 0xfe || (b == 0x8e && t > 0xdf)) ok = false;
    }
    if (!ok) {
      errors++;
      i++;
      continue;
    }
    pairs++;
    if (b == 0xa4 || b == 0xa5) kanaPairs++;
    i += need + 1;
  }
  return errors;
}

/** Errors parsing bytes [0, n) as GBK. */
function gbkErrors(p: usize, n: i32): i32 {
  let errors = 0;
  pairs = 0;
  let i = 0;
  while (i < n) {
    const b = byteAt(p, i);
    if (b < 0x80) {
      i++;
      continue;
    }
    if (b >= 0x81 && b <= 0xfe) {
      if (i + 1 >= n) break;
      const t = byteAt(p, i + 1);
      if ((t >= 0x40 && t <= 0x7e) || (t >= 0x80 && t <= 0xfe)) {
        pairs++;
        i += 2;
        continue;
      }
    }
    errors++;
    i++;
  }
  return errors;
}

/**
 * The encoding of the `length` bytes at p (the start of an output) when it
 * is text in an encoding other than UTF-8: "utf-16le", "utf-16be",
 * "shift_jis", "euc-jp", "gbk" or "windows-1252". "" for UTF-8 and ASCII,
 * and for data that is not text in any of them (binary.ts then decides).
 */
export function textEncodingAt(p: usize, length: i32): string {
  const n = min(length, ENCODING_SAMPLE);
  if (n >= 2) {
    const b0 = byteAt(p, 0);
    const b1 = byteAt(p, 1);
    if (b0 == 0xff && b1 == 0xfe && !(n >= 4 && byteAt(p, 2) == 0 && byteAt(p, 3) == 0)) return "utf-16le";
    if (b0 == 0xfe && b1 == 0xff) return "utf-16be";
    if (n >= 3 && b0 == 0xef && b1 == 0xbb && byteAt(p, 2) == 0xbf) return "";
  }
  // One pass: NULs by parity, controls, invalid UTF-8, runs of non-ASCII bytes.
  let nulEven = 0;
  let nulOdd = 0;
  let controls = 0;
  let invalid = 0;
  let high = 0;
  let inRuns = 0;
  let run = 0;
  /** Bytes Windows-1252 leaves unassigned. */
  let unassigned = 0;
  let i = 0;
  let utf8Next = 0;
  for (; i < n; i++) {
    const b = byteAt(p, i);
    if (b == 0) {
      if ((i & 1) == 0) nulEven++;
      else nulOdd++;
    } else if (b < CharCode.SPACE && !isTextControl(b)) controls++;
    else if (b == CharCode.DEL) controls++;
    if (b >= 0x80) {
      high++;
      run++;
      if (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(b, "\u0081\u008d\u008f\u0090\u009d") : b == 0x81 || b == 0x8d || b == 0x8f || b == 0x90 || b == 0x9d) unassigned++;
    } else {
      if (run >= 2) inRuns += run;
      run = 0;
    }
    if (i >= utf8Next) {
      const step = utf8Step(p, i, n, false);
      if (step == UTF8_INCOMPLETE) utf8Next = n;
      else if (step < 0) {
        invalid++;
        utf8Next = i - step;
      } else utf8Next = i + step;
    }
  }
  if (run >= 2) inRuns += run;
  if (nulEven + nulOdd > 0) {
    // UTF-16 without a BOM, or binary (binary.ts says which kind).
    if (nulOdd > nulEven * 4 && readsAsUtf16(p, 0, n, false)) return "utf-16le";
    if (nulEven > nulOdd * 4 && readsAsUtf16(p, 0, n, true)) return "utf-16be";
    return "";
  }
  if (invalid == 0 || high == 0) return "";
  if (<i64>controls * 100 > <i64>n * CONTROL_PERCENT) return "";
  if (<i64>inRuns * 100 >= <i64>high * RUN_PERCENT) {
    // Words of non-ASCII bytes: a double-byte encoding, if one reads them (a stray byte aside).
    const tolerance = high / 100;
    const sjis = shiftJisErrors(p, n);
    const sjisPairs = pairs;
    const sjisKana = kanaPairs * 100 >= pairs * KANA_PERCENT;
    if (sjis <= tolerance && sjisPairs >= MIN_PAIRS && sjisKana) return "shift_jis";
    const euc = eucJpErrors(p, n);
    const eucPairs = pairs;
    if (euc <= tolerance && eucPairs >= MIN_PAIRS && kanaPairs * 100 >= pairs * KANA_PERCENT) return "euc-jp";
    if (gbkErrors(p, n) <= tolerance && pairs >= MIN_PAIRS) return "gbk";
    if (sjis <= tolerance && sjisPairs >= MIN_PAIRS) return "shift_jis";
    if (euc <= tolerance && eucPairs >= MIN_PAIRS) return "euc-jp";
  }
  // A Western text is mostly ASCII, with an accented letter here and there.
  if (<i64>high * 100 > <i64>n * LATIN_HIGH_PERCENT || unassigned > 0) return "";
  return "windows-1252";
}

/** textEncodingAt for a host's sample of an output's first bytes. */
export function textEncodingBytes(sample: ArrayBuffer): string {
  return textEncodingAt(changetype<usize>(sample), sample.byteLength);
}

/** The name people use for an encoding label textEncodingAt returns. */
export function encodingName(label: string): string {
  if (label == "utf-16le") return "UTF-16LE";
  if (label == "utf-16be") return "UTF-16BE";
  if (label == "shift_jis") return "Shift_JIS";
  if (label == "euc-jp") return "EUC-JP";
  if (label == "gbk") return "GBK (GB18030)";
  if (label == "windows-1252") return "Windows-1252 (Latin-1)";
  return label;
}

/** encodingName without what follows it in parentheses: `Windows-1252`, `GBK`. */
export function encodingShortName(label: string): string {
  const name = encodingName(label);
  const paren = name.indexOf(" (");
  return paren > 0 ? name.substring(0, paren) : name;
}

/**
 * The line that tells the model an output is not UTF-8:
 * `[not UTF-8: Windows-1252 (Latin-1) text, 76,695 bytes, shown decoded; keep Windows-1252 when writing it back]`.
 */
export function encodingNote(label: string, bytes: i64): string {
  const name = encodingName(label);
  const short = encodingShortName(label);
  const size = bytes >= 0 ? ", " + formatCount(bytes) + (bytes == 1 ? " byte" : " bytes") : "";
  return "[not UTF-8: " + name + " text" + size + ", shown decoded; keep " + short + " when writing it back]";
}
