// File kinds by magic number, read from raw bytes or from a string that
// holds them: decoded 1:1 (Latin-1) or leniently as UTF-8, where every
// invalid byte sequence became U+FFFD and byte offsets shifted.
import { utf8Step, UTF8_INCOMPLETE } from "./utf8";
import { formatCount } from "./strbuf";

/**
 * Bytes [0, exact) of the input, known exactly. Raw bytes are exact
 * throughout; a string only up to where its units stop being bytes.
 */
export class ByteView {
  constructor(
    private ptr: usize,
    /** Bytes known exactly from the start. */
    readonly exact: i32,
    /** The data are UTF-16 units (a string) rather than bytes. */
    private wide: bool,
  ) {}

  /** Byte i, or -1 when not known exactly. */
  byte(i: i32): i32 {
    if (i < 0 || i >= this.exact) return -1;
    return this.wide ? <i32>load<u16>(this.ptr + (<usize>i << 1)) : <i32>load<u8>(this.ptr + <usize>i);
  }

  /** Unsigned little- or big-endian integer of `size` bytes at i; -1 when any byte is unknown. */
  uint(i: i32, size: i32, bigEndian: bool): i64 {
    let v: i64 = 0;
    for (let k = 0; k < size; k++) {
      const b = this.byte(bigEndian ? i + k : i + size - 1 - k);
      if (b < 0) return -1;
      v = (v << 8) | b;
    }
    return v;
  }

  matches(magic: string, at: i32): bool {
    for (let k = 0, m = magic.length; k < m; k++) {
      const want = <i32>magic.charCodeAt(k);
      if (this.byte(at + k) != want && want != ANY_BYTE) return false;
    }
    return true;
  }
}

/** In a magic, a byte that may have any value (a length field). */
const ANY_BYTE = 0x100;

/**
 * Whether string s starts with `magic` (bytes, one per char) as a lenient
 * UTF-8 decoder would have produced it: ASCII bytes as themselves, each
 * invalid sequence as one U+FFFD. A sequence cut by the magic's end is not
 * compared (its decoding depends on the bytes after it). A magic without
 * ASCII bytes never matches this way: a few U+FFFD prove nothing.
 */
export function startsWithDecoded(s: string, magic: string): bool {
  const m = magic.length;
  const mp = changetype<usize>(magic);
  let u = 0;
  let i = 0;
  let sawAscii = false;
  while (i < m) {
    if (<i32>magic.charCodeAt(i) == ANY_BYTE) {
      if (u >= s.length) return false;
      i++;
      u++;
      continue;
    }
    const step = utf8Step(mp, i, m, true);
    if (step == UTF8_INCOMPLETE) break;
    if (u >= s.length) return false;
    const c = <i32>s.charCodeAt(u);
    if (step < 0) {
      if (c != 0xfffd) return false;
      i -= step;
      u++;
    } else if (step == 1) {
      if (c != <i32>magic.charCodeAt(i)) return false;
      sawAscii = true;
      i++;
      u++;
    } else {
      // A valid multi-byte character (none of the table's magics has one).
      if (c < 0x80 || c == 0xfffd) return false;
      i += step;
      u += step == 4 ? 2 : 1;
    }
  }
  return sawAscii;
}

// The magics as parallel static tables (one entry per magic, in the order they are
// tried): static data, where objects would be built by code at start-up.

/** The magic's bytes, one per char (ANY_BYTE: any value). */
const MAGIC_BYTES: StaticArray<string> = [
  "\x7fELF",
  "\x89PNG\r\n\x1a\n",
  "\xff\xd8\xff",
  // The same after a lenient UTF-8 decode: ff d8 ff e0 are four U+FFFD, then the JFIF or Exif header.
  "\xff\xd8\xff\xe0\u0100\u0100JFIF",
  "\xff\xd8\xff\xe1\u0100\u0100Exif",
  "GIF87a",
  "GIF89a",
  "%PDF-",
  "\x1f\x8b",
  "PK\x03\x04",
  "PK\x05\x06",
  "\0asm",
  "\xfd7zXZ\0",
  "\x28\xb5\x2f\xfd",
  "BZh",
  "7z\xbc\xaf\x27\x1c",
  "ustar",
  "SQLite format 3\0",
  "\xca\xfe\xba\xbe",
  "\xcf\xfa\xed\xfe",
  "\xce\xfa\xed\xfe",
  "\xfe\xed\xfa\xcf",
  "\xfe\xed\xfa\xce",
  "MZ",
  "II*\0",
  "MM\0*",
  "RIFF",
  "OggS",
  "ID3",
  "ftyp",
];

/** Where the magic stands. */
const MAGIC_OFFSETS: StaticArray<i32> = [
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  257,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  4,
];

/** The kind of file it names. */
const MAGIC_KINDS: StaticArray<string> = [
  "ELF",
  "PNG image",
  "JPEG image",
  "JPEG image",
  "JPEG image",
  "GIF image",
  "GIF image",
  "PDF document",
  "gzip compressed data",
  "Zip archive",
  "Zip archive",
  "WebAssembly module",
  "xz compressed data",
  "Zstandard compressed data",
  "bzip2 compressed data",
  "7-Zip archive",
  "tar archive",
  "SQLite database",
  "Java class file",
  "Mach-O binary",
  "Mach-O binary",
  "Mach-O binary",
  "Mach-O binary",
  "PE/DOS executable",
  "TIFF image",
  "TIFF image",
  "RIFF data",
  "Ogg media",
  "MP3 audio",
  "ISO media (MP4/MOV)",
];

/** The magic alone proves binary; a weak (all-ASCII) one also needs non-text content. */
const MAGIC_STRONG: StaticArray<bool> = [
  true,
  true,
  true,
  true,
  true,
  false,
  false,
  false,
  true,
  true,
  true,
  true,
  true,
  true,
  false,
  true,
  false,
  true,
  true,
  true,
  true,
  true,
  true,
  false,
  true,
  true,
  false,
  false,
  false,
  false,
];

/** What identify() found. */
export class FileKind {
  /** "" when no magic number matched. */
  kind: string = "";
  strong: bool = false;
}

/**
 * The kind of file whose bytes `view` shows. `text` is the string they came
 * from (null for raw bytes): magics at offset 0 are also matched in their
 * lenient-UTF-8 form, with no details since offsets are lost.
 */
export function identify(view: ByteView, text: string | null): FileKind {
  const found = new FileKind();
  // The Node core rules out a magic that opens with an ASCII byte by that byte first: an ASCII
  // byte matches only itself, exactly or decoded, and most outputs open with none of them.
  const first = ASC_SHRINK_LEVEL < 2 && text !== null && text.length > 0 ? <i32>text.charCodeAt(0) : -1;
  for (let k = 0; k < MAGIC_BYTES.length; k++) {
    const bytes = MAGIC_BYTES[k];
    const offset = MAGIC_OFFSETS[k];
    if (ASC_SHRINK_LEVEL < 2) {
      const c = <i32>bytes.charCodeAt(0);
      if (c < 0x80 && view.byte(offset) != c && (offset != 0 || first != c)) continue;
    }
    const kind = MAGIC_KINDS[k];
    const exact = view.matches(bytes, offset);
    if (!exact && (text === null || offset != 0 || !startsWithDecoded(text, bytes))) continue;
    found.strong = MAGIC_STRONG[k];
    found.kind = exact ? detail(view, kind) : kind == "ELF" ? "ELF file" : kind;
    return found;
  }
  return found;
}

/** The kind with what the header says when it can be read exactly. */
function detail(view: ByteView, kind: string): string {
  if (kind == "ELF") return elfKind(view);
  if (kind == "PNG image") return withSize(kind, view.uint(16, 4, true), view.uint(20, 4, true));
  if (kind == "GIF image") return withSize(kind, view.uint(6, 2, false), view.uint(8, 2, false));
  if (kind == "PDF document") {
    const major = view.byte(5);
    const minor = view.byte(7);
    if (major >= 0x30 && major <= 0x39 && view.byte(6) == 0x2e && minor >= 0x30 && minor <= 0x39) {
      return kind + ", version " + String.fromCharCode(major) + "." + String.fromCharCode(minor);
    }
    return kind;
  }
  if (kind == "RIFF data") {
    if (view.matches("WEBP", 8)) return "WebP image";
    if (view.matches("WAVE", 8)) return "WAVE audio";
    if (view.matches("AVI ", 8)) return "AVI video";
  }
  return kind;
}

function withSize(kind: string, width: i64, height: i64): string {
  if (width <= 0 || height <= 0) return kind;
  return kind + ", " + formatCount(width) + " x " + formatCount(height);
}

const PT_INTERP = 3;

/**
 * ELF type from e_type; a shared object with a program interpreter
 * (PT_INTERP) is a position-independent executable, as `file` says.
 */
function elfKind(view: ByteView): string {
  const is64 = view.byte(4) == 2;
  const big = view.byte(5) == 2;
  const type = view.uint(16, 2, big);
  let kind = "ELF file";
  if (type == 1) kind = "ELF relocatable object";
  else if (type == 2) kind = "ELF executable";
  else if (type == 4) kind = "ELF core dump";
  else if (type == 3) {
    const interp = hasInterpreter(view, is64, big);
    kind = interp > 0 ? "ELF executable" : interp == 0 ? "ELF shared object" : "ELF executable or shared object";
  }
  const machine = machineName(view.uint(18, 2, big));
  return machine.length > 0 ? kind + ", " + machine : kind;
}

/** 1 when a PT_INTERP program header is present, 0 when absent, -1 when the headers cannot be read. */
function hasInterpreter(view: ByteView, is64: bool, big: bool): i32 {
  const phoff = is64 ? view.uint(32, 8, big) : view.uint(28, 4, big);
  const entsize = view.uint(is64 ? 54 : 42, 2, big);
  const count = view.uint(is64 ? 56 : 44, 2, big);
  if (phoff < 0 || entsize < 4 || count < 0 || phoff + entsize * count > <i64>view.exact) return -1;
  for (let k: i64 = 0; k < count; k++) {
    if (view.uint(<i32>(phoff + k * entsize), 4, big) == PT_INTERP) return 1;
  }
  return 0;
}

function machineName(m: i64): string {
  if (m == 0x3e) return "x86-64";
  if (m == 0x03) return "x86";
  if (m == 0xb7) return "AArch64";
  if (m == 0x28) return "ARM";
  if (m == 0xf3) return "RISC-V";
  return "";
}
