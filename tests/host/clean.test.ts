// clean, describeBinary and outputToText through the binding, on real
// captured outputs (tests/fixtures/*/meta.json says how each was made).
import { readFileSync } from "node:fs";
import fc from "fast-check";
import stripAnsi from "strip-ansi";
import { describe, expect, it } from "vitest";
import { clean, decodeOutput, outputToText, describeBinary } from "../../host/core-api.js";

const fixtureDir = new URL("../fixtures/", import.meta.url);
const bytesOf = (id: string): Buffer => readFileSync(new URL(`${id}/output`, fixtureDir));
const textOf = (id: string): string => new TextDecoder().decode(bytesOf(id));

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Everything clean() removes: C0 controls but \t and \n, DEL, the 8-bit CSI.
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f\x9b]/;

describe("clean on real terminal output", () => {
  it("leaves only the final state of git clone's progress lines", () => {
    const raw = textOf("git-clone-progress");
    expect(raw).toContain("\r");
    const expected = readFileSync(new URL("git-clone-progress/clean.expected", fixtureDir), "utf8");
    const out = clean(raw);
    expect(out).toBe(expected);
    expect(out).not.toContain("\r");
    expect(out.split("\n")).toHaveLength(7);
    expect(out).toContain("Receiving objects: 100% (4002/4002), 8.03 MiB | 5.57 MiB/s, done.\n");
    expect(raw.length / out.length).toBeGreaterThan(40);
  });

  for (const id of ["ls-la-color-always", "grep-rn-color-always", "gcc-color-errors"]) {
    it(`strips the colours of ${id} exactly as strip-ansi does`, () => {
      const raw = textOf(id);
      expect(raw).toContain("\x1b[");
      const oracle = stripAnsi(raw);
      expect(clean(raw, false)).toBe(oracle);
      // No two neighbouring lines are equal in these outputs, so collapsing changes nothing.
      const lines = oracle.split("\n");
      expect(lines.some((l, i) => i > 0 && l !== "" && l === lines[i - 1])).toBe(false);
      expect(clean(raw)).toBe(oracle);
    });
  }

  it("keeps gcc's diagnostics readable", () => {
    const out = clean(textOf("gcc-color-errors"));
    expect(out).toContain("bad.c:7:18: error: ‘struct point’ has no member named ‘z’\n");
    expect(out).toContain("bad.c:12:27: error: expected ‘;’ before ‘return’\n");
  });

  it("returns a clean text unchanged", () => {
    const raw = textOf("make-k-c-syntax-error");
    expect(clean(raw)).toBe(raw);
  });

  it("turns find -print0's NULs into line breaks", () => {
    const raw = textOf("find-print0");
    expect(describeBinary(raw)).toBe("");
    const names = raw.split("\0").filter((n) => n !== "");
    expect(names).toHaveLength(12);
    expect(clean(raw)).toBe(names.map((n) => `${n}\n`).join(""));
  });

  it("collapses repeated lines of a real output", () => {
    // Lines compare after cleaning: the \r-rewritten line equals its final state.
    const raw = textOf("git-clone-progress");
    const last = raw.slice(raw.lastIndexOf("\n", raw.length - 2) + 1);
    const final = "Receiving objects: 100% (4002/4002), 8.03 MiB | 5.57 MiB/s, done.";
    expect(clean(`${raw}${final}\n${last}`)).toContain(`${final} (repeated 3 times)\n`);
  });
});

describe("binary output", () => {
  it("describes a 30 KB ELF from its raw bytes", () => {
    const bytes = bytesOf("binary-elf-true-30k");
    expect(bytes.length).toBe(30000);
    const line = "[binary output: 30,000 bytes, ELF executable, x86-64]";
    expect(describeBinary(bytes)).toBe(line);
    expect(outputToText(bytes)).toEqual({ text: line, binary: line });
  });

  it("describes the same ELF as a Latin-1 string and as a leniently decoded one, with its byte count", () => {
    const bytes = bytesOf("binary-elf-true-30k");
    const latin1 = bytes.toString("latin1");
    // One unit per byte: the count is exact.
    expect(describeBinary(latin1)).toBe("[binary output: 30,000 bytes, ELF executable, x86-64]");
    const decoded = new TextDecoder().decode(bytes);
    // Offsets are lost after the first invalid byte: the program headers cannot be read. Each
    // U+FFFD stands for the byte it replaced (a decoder merges a few invalid runs into one), not
    // for the 3 bytes its UTF-8 takes (44,596).
    const line = "[binary output: 29,880 bytes, ELF executable or shared object, x86-64]";
    expect(describeBinary(decoded)).toBe(line);
    expect(clean(decoded)).toBe(line);
    expect(clean(latin1)).toMatch(/^\[binary output: [\d,]+ bytes, ELF executable, x86-64\]$/);
  });

  it("describes a real PNG, GIF and PDF", () => {
    expect(describeBinary(bytesOf("binary-png"))).toBe("[binary output: 31,081 bytes, PNG image, 608 x 275]");
    const png = new TextDecoder().decode(bytesOf("binary-png"));
    expect(describeBinary(png)).toBe("[binary output: 30,595 bytes, PNG image]");
    expect(describeBinary(bytesOf("binary-gif"))).toBe("[binary output: 405 bytes, GIF image, 16 x 16]");
    expect(describeBinary(bytesOf("binary-pdf-head"))).toBe("[binary output: 16,384 bytes, PDF document, version 1.5]");
  });

  it("reads text fixtures as text", () => {
    for (const id of ["git-clone-progress", "ls-la-color-always", "grep-rn-color-always", "gcc-color-errors", "latin1-iconv", "find-print0", "make-k-c-syntax-error"]) {
      expect(describeBinary(bytesOf(id)), id).toBe("");
      expect(describeBinary(textOf(id)), id).toBe("");
    }
  });

  it("samples a long string and still counts all of it", () => {
    const elf = bytesOf("binary-elf-true-30k").toString("latin1");
    const long = elf + elf + elf;
    expect(describeBinary(long)).toBe("[binary output: 90,000 bytes, ELF executable, x86-64]");
    expect(describeBinary("text line\n".repeat(10000))).toBe("");
  });
});

describe("outputToText", () => {
  it("decodes Latin-1 bytes as Windows-1252, and says so", () => {
    const bytes = bytesOf("latin1-iconv");
    const { text, binary } = outputToText(bytes);
    expect(binary).toBe("");
    expect(text).toContain("2004 Andr\u00e9 Lu\u00eds Lopes <andreop@debian.org>");
    expect(decodeOutput(bytes)).toEqual({ text, binary: "", encoding: "windows-1252", bytes: 3720 });
    expect(clean(text)).toBe(text);
  });

  it("decodes invalid UTF-8 that is no text in another encoding leniently", () => {
    // 81 and 8d: unassigned in Windows-1252, and no UTF-8.
    const bytes = new Uint8Array([...Buffer.from("ok "), 0x81, 0x8d, ...Buffer.from(" ok\n")]);
    expect(decodeOutput(bytes)).toEqual({ text: "ok \uFFFD\uFFFD ok\n", binary: "", encoding: "", bytes: 9 });
  });

  it("passes strings through", () => {
    expect(outputToText("plain\n")).toEqual({ text: "plain\n", binary: "" });
    expect(outputToText(new Uint8Array())).toEqual({ text: "", binary: "" });
  });
});

describe("properties", () => {
  const texts = fc.oneof(
    fc.string({ unit: "binary", maxLength: 300 }),
    fc.string({ unit: fc.constantFrom("a", "b", " ", "\n", "\r", "\b", "\t", "\0", "\x1b", "[", "m", "K", "]", "\x07", "\uD83D", "\uDE00", "é"), maxLength: 300 }),
    fc.array(fc.constantFrom("line", "\x1b[31mline\x1b[0m", "line\r", "", "progress 50%\r"), { maxLength: 40 }).map((ls) => ls.join("\n")),
  );

  it("never throws, never leaves controls or lone surrogates, is idempotent", () => {
    fc.assert(
      fc.property(texts, (s) => {
        const once = clean(s);
        expect(LONE_SURROGATE.test(once)).toBe(false);
        expect(CONTROL.test(once)).toBe(false);
        expect(once.includes("\x1b")).toBe(false);
        expect(clean(once)).toBe(once);
      }),
      { numRuns: 600 },
    );
  });

  it("decodes any bytes without an exception", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        const { text, binary, encoding } = decodeOutput(bytes);
        if (binary !== "") expect(text).toBe(binary);
        else expect(text).toBe(new TextDecoder(encoding || "utf-8").decode(bytes));
        expect(LONE_SURROGATE.test(clean(text))).toBe(false);
      }),
      { numRuns: 400 },
    );
  });
});
