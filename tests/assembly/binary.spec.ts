import { describeBinary, describeBinaryBytes, describeBinaryBytesSample, describeBinaryTextSample } from "../../assembly/binary";
import { startsWithDecoded } from "../../assembly/util/magic";
import { utf8Length, utf8Step } from "../../assembly/util/utf8";

/** An ArrayBuffer holding the low byte of each unit of s. */
function bytesOf(s: string): ArrayBuffer {
  const buf = new ArrayBuffer(s.length);
  for (let i = 0; i < s.length; i++) store<u8>(changetype<usize>(buf) + <usize>i, <u8>s.charCodeAt(i));
  return buf;
}

/** A 64-bit little-endian ELF header (64 bytes) of type `type`, followed by its program headers. */
function elfHeader(type: i32, interp: bool): string {
  // 7f 45 4c 46 | class 2 (64-bit) | data 1 (LE) | version 1 | pad
  let h = "\x7fELF\x02\x01\x01" + "\0".repeat(9);
  h += String.fromCharCode(type) + "\0" + "\x3e\0"; // e_type, e_machine x86-64
  h += "\x01\0\0\0"; // e_version
  h += "\0".repeat(8); // e_entry
  h += "\x40" + "\0".repeat(7); // e_phoff = 64
  h += "\0".repeat(8); // e_shoff
  h += "\0\0\0\0"; // e_flags
  h += "\x40\0\x38\0\x02\0"; // e_ehsize 64, e_phentsize 56, e_phnum 2
  h += "\0".repeat(6); // e_shentsize, e_shnum, e_shstrndx
  // Program headers: PT_PHDR (6), then PT_INTERP (3) or PT_LOAD (1).
  h += "\x06\0\0\0" + "\0".repeat(52);
  h += (interp ? "\x03\0\0\0" : "\x01\0\0\0") + "\0".repeat(52);
  return h;
}

describe("describeBinary: text", () => {
  it("returns \"\" for text, coloured text and emoji", () => {
    expect(describeBinary("")).toBe("");
    expect(describeBinary("hello\nworld\n")).toBe("");
    expect(describeBinary("\x1b[01;31merror:\x1b[m\r\n\tat x\x08\x07")).toBe("");
    // 😀 = d83d de00
    expect(describeBinary("\uD83D\uDE00".repeat(1000))).toBe("");
    expect(describeBinary("café, naïve, 日本語\n")).toBe("");
  });

  it("keeps a NUL-separated list as text", () => {
    expect(describeBinary("json\0json/__init__.py\0json/decoder.py\0")).toBe("");
  });

  it("does not read an all-ASCII magic in plain text as binary", () => {
    expect(describeBinary("GIF89a is a format\n")).toBe("");
    expect(describeBinary("%PDF-1.5 header\n")).toBe("");
    expect(describeBinary("MZ is the DOS signature")).toBe("");
  });
});

describe("describeBinary: the non-text rule", () => {
  it("calls two NULs in a row binary", () => {
    expect(describeBinary("abc\0\0def")).toBe("[binary output: 8 bytes, data]");
  });

  it("draws the line at 30% non-text units", () => {
    const thirty = "\x01".repeat(30) + "a".repeat(70);
    const more = "\x01".repeat(31) + "a".repeat(69);
    expect(describeBinary(thirty)).toBe("");
    expect(describeBinary(more)).toBe("[binary output: 100 bytes, data]");
    const fffd = "\uFFFD".repeat(31) + "a".repeat(69);
    // Each U+FFFD of a lenient decode stands for one invalid byte.
    expect(describeBinary(fffd)).toBe("[binary output: 100 bytes, data]");
    // Lone surrogates count too: dc00 ×40.
    expect(describeBinary("\uDC00".repeat(40) + "b".repeat(60))).toBe("[binary output: 180 bytes, data]");
    // Fewer than 32 units: no ratio applies.
    expect(describeBinary("\x01\x02\x03")).toBe("");
    expect(describeBinary("\uFFFD")).toBe("");
    expect(describeBinaryTextSample("\0\0", 1)).toBe("[binary output: 1 byte, data]");
  });

  it("counts non-text units among colours and the controls text holds", () => {
    // ESC, BEL, \b \t \n \v \f \r and non-ASCII text count for nothing, however dense.
    const coloured = "\x1b[1m\x1b[K\x07\x08\t\n\x0b\x0c\r\u00e9\u2500\u00a0".repeat(40);
    expect(describeBinary(coloured)).toBe("");
    // The same with a C1 control, DEL, U+FFFD or a lone surrogate in every group: over 30% of the units.
    expect(describeBinary("\x1b\x85\t".repeat(40))).not.toBe("");
    expect(describeBinary("\x1b\x7f\n".repeat(40))).not.toBe("");
    expect(describeBinary("\x1b\uFFFD\r".repeat(40))).not.toBe("");
    expect(describeBinary("\x1b\uDC00\x07".repeat(40))).not.toBe("");
    expect(describeBinary("\x1b\x01\x08".repeat(40))).not.toBe("");
    // The 8-bit CSI is text, and a pair is one character.
    expect(describeBinary("\x1b\x9b\t".repeat(40))).toBe("");
    expect(describeBinary("a\uD83D\uDE00".repeat(40))).toBe("");
  });

  it("only looks at the first 8 KB", () => {
    expect(describeBinary("a".repeat(8192) + "\0\0\0\0")).toBe("");
  });
});

describe("describeBinary: magic numbers", () => {
  it("reads ELF headers", () => {
    expect(describeBinary(elfHeader(2, false))).toBe("[binary output: 176 bytes, ELF executable, x86-64]");
    expect(describeBinary(elfHeader(3, true))).toBe("[binary output: 176 bytes, ELF executable, x86-64]");
    expect(describeBinary(elfHeader(3, false))).toBe("[binary output: 176 bytes, ELF shared object, x86-64]");
    expect(describeBinary(elfHeader(1, false))).toBe("[binary output: 176 bytes, ELF relocatable object, x86-64]");
  });

  it("recognises PNG as Latin-1 units and after a lenient UTF-8 decode", () => {
    // 89 50 4e 47 0d 0a 1a 0a, IHDR chunk, width 608 (0x260), height 275 (0x113)
    const png = "\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR\0\0\x02\x60\0\0\x01\x13\x08\x02";
    // One unit per byte: 26 units, 26 bytes.
    expect(describeBinary(png)).toBe("[binary output: 26 bytes, PNG image, 608 x 275]");
    // 0x89 decoded leniently is U+FFFD: no exact offsets, no size; still the one byte it replaced.
    const decoded = "\uFFFD" + png.substring(1);
    expect(describeBinary(decoded)).toBe("[binary output: 26 bytes, PNG image]");
  });

  it("recognises JPEG, GIF, PDF, gzip, zip and wasm", () => {
    expect(describeBinary("\xff\xd8\xff\xe0\0\x10JFIF\0")).toBe("[binary output: 11 bytes, JPEG image]");
    // ff d8 ff e0 00: four invalid sequences, four U+FFFD.
    expect(describeBinary("\uFFFD\uFFFD\uFFFD\uFFFD\0\x10JFIF\0")).toBe("[binary output: 11 bytes, JPEG image]");
    expect(describeBinary("GIF89a\x10\0\x10\0\xf7\0\0")).toBe("[binary output: 13 bytes, GIF image, 16 x 16]");
    expect(describeBinary("%PDF-1.5\n%\x01\x02\x03\x04\n")).toBe("[binary output: 15 bytes, PDF document, version 1.5]");
    expect(describeBinary("\x1f\x8b\x08\0")).toBe("[binary output: 4 bytes, gzip compressed data]");
    expect(describeBinary("\x1f\uFFFD\x08\0")).toBe("[binary output: 4 bytes, gzip compressed data]");
    expect(describeBinary("PK\x03\x04\x14\0")).toBe("[binary output: 6 bytes, Zip archive]");
    expect(describeBinary("\0asm\x01\0\0\0")).toBe("[binary output: 8 bytes, WebAssembly module]");
  });

  it("recognises a magic that stands past the first byte, whatever that byte is", () => {
    expect(describeBinary("\0\0\0\x18ftypmp42\0\0\0\0")).toBe("[binary output: 16 bytes, ISO media (MP4/MOV)]");
    // Text that opens with a magic's first letters is text.
    expect(describeBinary("ftyp is an MP4 box\n")).toBe("");
  });

  it("writes the byte count with thousands separators", () => {
    const big = elfHeader(2, false) + "\0".repeat(30000 - 176);
    expect(describeBinary(big)).toBe("[binary output: 30,000 bytes, ELF executable, x86-64]");
  });
});

describe("describeBinaryBytes", () => {
  it("reads raw bytes", () => {
    expect(describeBinaryBytes(bytesOf(elfHeader(3, true)))).toBe("[binary output: 176 bytes, ELF executable, x86-64]");
    expect(describeBinaryBytes(bytesOf(""))).toBe("");
    expect(describeBinaryBytes(bytesOf("plain\ntext\n"))).toBe("");
  });

  it("counts invalid UTF-8 as non-text, valid UTF-8 as text", () => {
    // c3 a9 = é, valid.
    expect(describeBinaryBytes(bytesOf("caf\xc3\xa9 ".repeat(100)))).toBe("");
    // Latin-1 é (e9) alone: one invalid byte in 5.
    expect(describeBinaryBytes(bytesOf("caf\xe9 ".repeat(100)))).toBe("");
    expect(describeBinaryBytes(bytesOf("\xe9\xff\xfe".repeat(40)))).toBe("[binary output: 120 bytes, data]");
  });

  it("takes a sample and the total size", () => {
    expect(describeBinaryBytesSample(bytesOf("\x89PNG\r\n\x1a\n"), 1234567)).toBe("[binary output: 1,234,567 bytes, PNG image]");
    expect(describeBinaryTextSample("\0\0", 5000)).toBe("[binary output: 5,000 bytes, data]");
  });
});

describe("UTF-8 helpers", () => {
  it("measures UTF-8 length, lone surrogates as U+FFFD", () => {
    expect(utf8Length("aé日\uD83D\uDE00")).toBe(1 + 2 + 3 + 4);
    expect(utf8Length("\uD83D")).toBe(3);
  });

  it("steps over valid and invalid sequences like a lenient decoder", () => {
    const s = "\xe0\xa0\x41"; // e0 a0 41: e0 a0 is a maximal invalid subpart
    expect(utf8Step(changetype<usize>(s), 0, 3, true)).toBe(-2);
    const t = "\xc3\xa9"; // é
    expect(utf8Step(changetype<usize>(t), 0, 2, true)).toBe(2);
    const u = "\xf0\x9f"; // cut short
    expect(utf8Step(changetype<usize>(u), 0, 2, true)).toBe(0);
  });

  it("matches a magic in its decoded form", () => {
    // zstd 28 b5 2f fd → "(" fffd "/" then fd cut by the magic's end… fd is always invalid.
    expect(startsWithDecoded("(\uFFFD/\uFFFD\x04", "\x28\xb5\x2f\xfd")).toBe(true);
    expect(startsWithDecoded("(x/y", "\x28\xb5\x2f\xfd")).toBe(false);
    expect(startsWithDecoded("", "\x89PNG")).toBe(false);
    // Nothing but U+FFFD proves nothing: ff d8 ff alone does not match.
    expect(startsWithDecoded("\uFFFD\uFFFD\uFFFD", "\xff\xd8\xff")).toBe(false);
  });
});
