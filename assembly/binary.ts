// Binary recognition: output that is not text reaches the model as one line,
// `[binary output: 30,000 bytes, ELF executable, x86-64]`, never as bytes.
//
// The rule looks at the first SAMPLE units (a string) or bytes:
// - a strong magic number (one with non-ASCII or control bytes: ELF, PNG,
//   JPEG, gzip, zip, wasm, xz, ...) makes it binary;
// - a weak, all-ASCII one (GIF89a, %PDF-, MZ, BZh, ...) does when the sample
//   also has a NUL or at least 1% non-text units;
// - two NULs in a row make it binary;
// - so does more than 30% of the sample being non-text, or being NUL, in a
//   sample of at least 32 units (a ratio over a few units means nothing).
// Non-text: C0 controls other than \t \n \v \f \r, backspace, BEL and ESC
// (terminals use those in text); DEL; C1 controls other than the 8-bit CSI;
// U+FFFD and lone surrogates (a lenient decode's marks of invalid UTF-8);
// for raw bytes, each invalid UTF-8 sequence. Raw bytes that are text in
// another encoding (encoding.ts: UTF-16, Shift_JIS, Latin-1 …) are text,
// unless a strong magic number says otherwise.
// A single NUL here and there is text: `find -print0` separates names with
// NULs, and clean() turns those into line breaks.
//
// Byte counts: raw bytes as given. A string stands for bytes decoded one of
// two ways: one unit per byte (Latin-1, Node's "binary"), when no unit is
// above 0xff; else a lenient UTF-8 decode, whose U+FFFD each replaced an
// invalid byte (stringBytes).
import { textEncodingAt } from "./encoding";
import { CharCode } from "./util/chars";
import { ByteView, FileKind, identify } from "./util/magic";
import { formatCount } from "./util/strbuf";
import { utf8Length, utf8Step, UTF8_INCOMPLETE } from "./util/utf8";

/** Units or bytes examined from the start of the output. */
export const SAMPLE = 8192;
/** Binary when more than this percentage of the sample is non-text (or NUL). */
export const NON_TEXT_PERCENT = 30;
/** Samples shorter than this are too small for a ratio to mean anything. */
const MIN_RATIO_SAMPLE = 32;
/** A weak magic number needs at least this percentage of non-text units. */
const WEAK_MAGIC_PERCENT = 1;

/** What the sample holds. */
class SampleStats {
  length: i32 = 0;
  nuls: i32 = 0;
  nonText: i32 = 0;
  doubleNul: bool = false;
}

// @ts-ignore: decorator
@inline function isTextControl(c: i32): bool {
  // \b \t \n \v \f \r, BEL, ESC
  return (c >= CharCode.BACKSPACE && c <= CharCode.CR) || c == 0x07 || c == CharCode.ESC;
}

// @ts-ignore: decorator
@inline function isNonTextAscii(c: i32): bool {
  return (c < CharCode.SPACE && c != CharCode.NUL && !isTextControl(c)) || c == CharCode.DEL;
}

/** Non-text units and NULs in the first `length` units of the string at p. */
function stringStats(p: usize, length: i32): SampleStats {
  const st = new SampleStats();
  st.length = length;
  let i = 0;
  while (i < length) {
    // Most text is printable ASCII and line breaks: 16 units a step, narrowed to bytes (a unit
    // above 0xff narrows to 0x00 or 0xff, outside the printable range, so it takes the exact
    // check below).
    if (ASC_SHRINK_LEVEL < 2 && i + 16 <= length) {
      const at = p + (<usize>i << 1);
      const b = i8x16.narrow_i16x8_u(v128.load(at), v128.load(at, 16));
      const plain = v128.or(i8x16.lt_u(i8x16.sub(b, i8x16.splat(0x20)), i8x16.splat(0x5f)), i8x16.eq(b, i8x16.splat(0x0a)));
      if (i8x16.all_true(plain)) {
        i += 16;
        continue;
      }
    }
    // Skip 8 units at a time that count for nothing: printable ASCII, the controls text
    // holds (\b \t \n \v \f \r, BEL, ESC: a coloured log has one every few units) and
    // non-ASCII other than C1 controls, surrogates and U+FFFD. (Not in the size-optimised
    // build, the component's: the unit loop below counts the same alone.)
    if (ASC_SHRINK_LEVEL < 2 && i + 8 <= length) {
      const v = v128.load(p + (<usize>i << 1));
      const textControl = v128.or(i16x8.lt_u(i16x8.sub(v, i16x8.splat(0x07)), i16x8.splat(7)), i16x8.eq(v, i16x8.splat(<i16>CharCode.ESC)));
      const control = v128.andnot(i16x8.lt_u(v, i16x8.splat(<i16>CharCode.SPACE)), textControl);
      const c1 = i16x8.lt_u(i16x8.sub(v, i16x8.splat(<i16>CharCode.DEL)), i16x8.splat(0x21));
      const marks = v128.or(i16x8.lt_u(i16x8.sub(v, i16x8.splat(<i16>0xd800)), i16x8.splat(0x800)), i16x8.eq(v, i16x8.splat(<i16>CharCode.REPLACEMENT)));
      if (!v128.any_true(v128.or(control, v128.or(c1, marks)))) {
        i += 8;
        continue;
      }
    }
    const end = min(i + 8, length);
    for (; i < end; i++) {
      const c = <i32>load<u16>(p + (<usize>i << 1));
      if (c < 0x7f && c >= CharCode.SPACE) continue;
      if (c == CharCode.NUL) {
        st.nuls++;
        if (i > 0 && load<u16>(p + (<usize>(i - 1) << 1)) == 0) st.doubleNul = true;
      } else if (c < 0x80) {
        if (isNonTextAscii(c)) st.nonText++;
      } else if (c <= 0x9f) {
        if (c != CharCode.C1_CSI) st.nonText++;
      } else if (c == CharCode.REPLACEMENT) {
        st.nonText++;
      } else if ((c & 0xf800) == 0xd800) {
        const paired = (c & 0xfc00) == 0xd800 && i + 1 < length && (<i32>load<u16>(p + (<usize>(i + 1) << 1)) & 0xfc00) == 0xdc00;
        if (paired) i++;
        else st.nonText++;
      }
    }
  }
  return st;
}

/** The same for raw bytes: invalid UTF-8 counts as one non-text unit per U+FFFD it would decode to. */
function byteStats(p: usize, length: i32): SampleStats {
  const st = new SampleStats();
  st.length = length;
  let i = 0;
  while (i < length) {
    const b = <i32>load<u8>(p + <usize>i);
    if (b < 0x80) {
      if (b == 0) {
        st.nuls++;
        if (i > 0 && load<u8>(p + <usize>(i - 1)) == 0) st.doubleNul = true;
      } else if (isNonTextAscii(b)) st.nonText++;
      i++;
      continue;
    }
    const step = utf8Step(p, i, length, false);
    if (step == UTF8_INCOMPLETE) break; // cut by the sample's end
    if (step < 0) {
      st.nonText++;
      i -= step;
      continue;
    }
    // C1 controls arrive as c2 80..9f.
    if (b == 0xc2 && <i32>load<u8>(p + <usize>(i + 1)) < 0xa0 && <i32>load<u8>(p + <usize>(i + 1)) != CharCode.C1_CSI) st.nonText++;
    i += step;
  }
  return st;
}

function isBinary(st: SampleStats, kind: FileKind): bool {
  if (kind.kind.length > 0) {
    if (kind.strong) return true;
    if (st.nuls > 0 || <i64>st.nonText * 100 >= <i64>st.length * WEAK_MAGIC_PERCENT) return true;
  }
  if (st.doubleNul) return true;
  if (st.length < MIN_RATIO_SAMPLE) return false;
  const limit = <i64>st.length * NON_TEXT_PERCENT;
  return <i64>st.nonText * 100 > limit || <i64>st.nuls * 100 > limit;
}

/** The description line for `bytes` bytes of `kind` ("" for unknown data). */
export function binaryLine(bytes: i64, kind: string): string {
  return "[binary output: " + formatCount(bytes) + (bytes == 1 ? " byte, " : " bytes, ") + (kind.length > 0 ? kind : "data") + "]";
}

/**
 * Where a string's units stop being exact bytes. Without any unit above
 * 0xff it reads as bytes decoded 1:1 (Latin-1); otherwise it was decoded as
 * UTF-8 and only the ASCII prefix keeps its byte offsets.
 */
function exactBytes(p: usize, length: i32): i32 {
  let firstNonAscii = length;
  let i = 0;
  const ascii = i16x8.splat(0x80);
  // ASCII 8 units a step, but in the size-optimised build (the component's).
  while (ASC_SHRINK_LEVEL < 2 && i + 8 <= length && !v128.any_true(i16x8.ge_u(v128.load(p + (<usize>i << 1)), ascii))) i += 8;
  for (; i < length; i++) {
    const c = load<u16>(p + (<usize>i << 1));
    if (c >= 0x100) return min(firstNonAscii, i);
    if (c >= 0x80 && firstNonAscii == length) firstNonAscii = i;
  }
  return length;
}

/**
 * The bytes a string was decoded from, as far as it tells: its length when
 * every unit is at most 0xff (one unit per byte); else its UTF-8 length with
 * each U+FFFD counted as the one invalid byte a lenient decoder replaced.
 */
export function stringBytes(text: string): i64 {
  const p = changetype<usize>(text);
  const n = text.length;
  let replaced: i64 = 0;
  let wide = false;
  for (let i = 0; i < n; i++) {
    const c = <i32>load<u16>(p + (<usize>i << 1));
    if (c <= 0xff) continue;
    wide = true;
    if (c == CharCode.REPLACEMENT) replaced++;
  }
  return wide ? utf8Length(text) - 2 * replaced : <i64>n;
}

/** "" for text, else the one-line description, with the byte count of stringBytes. */
export function describeBinary(text: string): string {
  return describeText(text, -1);
}

/**
 * describeBinary from the output's first units and its total size in bytes
 * (stringBytes of the whole), so a host need not copy a huge output into the
 * core to classify it.
 */
export function describeBinaryTextSample(sample: string, totalBytes: f64): string {
  return describeText(sample, <i64>totalBytes);
}

/** describeBinary for raw bytes (before any decoding). */
export function describeBinaryBytes(bytes: ArrayBuffer): string {
  return describeBinaryBytesSample(bytes, <f64>bytes.byteLength);
}

/** describeBinaryBytes from the output's first bytes and its total size. */
export function describeBinaryBytesSample(sample: ArrayBuffer, totalBytes: f64): string {
  const p = changetype<usize>(sample);
  const length = min(sample.byteLength, SAMPLE);
  const kind = identify(new ByteView(p, sample.byteLength, false), null);
  // Text in another encoding (UTF-16, Shift_JIS, Latin-1) is text, however its bytes read as UTF-8.
  if (!kind.strong && textEncodingAt(p, sample.byteLength).length > 0) return "";
  if (!isBinary(byteStats(p, length), kind)) return "";
  return binaryLine(<i64>max(totalBytes, <f64>sample.byteLength), kind.kind);
}

/** `totalBytes` < 0: the text is the whole output and its UTF-8 length is counted. */
function describeText(text: string, totalBytes: i64): string {
  const p = changetype<usize>(text);
  const length = min(text.length, SAMPLE);
  const kind = identify(new ByteView(p, exactBytes(p, length), true), text);
  if (!isBinary(stringStats(p, length), kind)) return "";
  return binaryLine(totalBytes >= 0 ? totalBytes : stringBytes(text), kind.kind);
}
