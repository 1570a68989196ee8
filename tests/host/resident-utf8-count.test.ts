// The core's UTF-8 count of a resident text (residentUtf8Bytes), which decides whether
// process() takes a long string whole or bounded, against Buffer.byteLength: every kind of
// unit (ASCII, two and three bytes, pairs, lone and reversed surrogates) at every offset
// of the SIMD steps, and the bounded decision made with and without it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { residentUtf8Bytes, withResidentText } from "../../host/core.js";
import { redactSecrets } from "../../host/redact.js";
import { createAbridge } from "../../host/session.js";
import { readLogSync } from "../../host/log/reader.js";
import { lengthUndecided, outputOver } from "../../host/stream/whole.js";

const UNITS = [0x41, 0x0a, 0x1b, 0x7f, 0x80, 0x7ff, 0x800, 0x2018, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfffd, 0xffff];

function randomText(length: number, seed: number): string {
  let s = seed;
  const units = new Array<number>(length);
  for (let i = 0; i < length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    units[i] = UNITS[(s >>> 16) % UNITS.length]!;
  }
  return String.fromCharCode(...units);
}

describe("residentUtf8Bytes", () => {
  it("counts as Buffer.byteLength does, at every length and mix", () => {
    for (let length = 0; length < 80; length++) {
      for (let seed = 1; seed <= 20; seed++) {
        const text = randomText(length, seed * 7919 + length);
        expect(withResidentText(text, () => residentUtf8Bytes(text))).toBe(Buffer.byteLength(text, "utf8"));
      }
    }
    // Pairs across every step boundary, and long runs that flush the lane counters.
    for (const text of ["😀".repeat(40_000), `x${"😀".repeat(40_000)}`, `${"\u2018".repeat(200_000)}\ud800`, "a".repeat(300_001), `\udc00${"é".repeat(70_000)}\ud83d`]) {
      expect(withResidentText(text, () => residentUtf8Bytes(text))).toBe(Buffer.byteLength(text, "utf8"));
    }
  });

  it("counts the one unit that is not ASCII wherever it sits among blocks of ASCII", () => {
    for (const odd of ["\u00e9", "\u2018", "\ud83d\ude00", "\ud800", "\udc00"]) {
      for (let at = 0; at < 100; at++) {
        const text = `${"a".repeat(at)}${odd}${"b".repeat(100 - at)}`;
        expect(withResidentText(text, () => residentUtf8Bytes(text))).toBe(Buffer.byteLength(text, "utf8"));
        // The same from offset 5: the blocks start at the slice's start, so the text's memory is
        // read at an address that is no multiple of a block.
        expect(withResidentText(text, () => residentUtf8Bytes(text, 5, text.length))).toBe(Buffer.byteLength(text.slice(5), "utf8"));
      }
    }
  });

  it("counts a range of it as Buffer.byteLength counts that slice", () => {
    const text = randomText(5000, 17);
    withResidentText(text, () => {
      for (const [from, to] of [[0, 0], [0, 8], [3, 4999], [1000, 5000], [17, 4096], [4990, 5000]]) {
        expect(residentUtf8Bytes(text, from, to)).toBe(Buffer.byteLength(text.slice(from, to), "utf8"));
      }
    });
  });

  it("counts only the resident text", () => {
    const text = "a".repeat(100);
    expect(residentUtf8Bytes(text)).toBeUndefined();
    expect(withResidentText(text, () => residentUtf8Bytes(`${text}b`))).toBeUndefined();
  });

  it("makes outputOver() decide as it does without the core, around the limit", () => {
    const limit = 3000;
    for (let length = Math.floor(limit / 3) + 1; length <= limit; length += 37) {
      const text = randomText(length, length);
      expect(lengthUndecided(text.length, limit)).toBe(true);
      const inCore = withResidentText(text, () => outputOver(text, limit));
      expect(inCore).toBe(outputOver(text, limit));
      expect(inCore).toBe(Buffer.byteLength(text, "utf8") > limit);
    }
  });
});

describe("process() of a string whose length does not tell whether it is bounded", () => {
  const LIMIT = 1024 * 1024;
  const SECRET = "DB_PASSWORD=hunter2hunter2\n";
  // Lines of a three-byte character and ASCII: about 1.6 bytes a unit, so ~650 K units make the limit.
  const line = "\u2018warning\u2019 unused \u2018x\u2019 in unit.c:12\n";
  const body = (bytes: number) => {
    let text = line.repeat(Math.floor(bytes / Buffer.byteLength(line)));
    while (Buffer.byteLength(text) < bytes) text += "a";
    return text;
  };

  for (const redaction of [false, true]) {
    it(`takes it whole up to streamBufferBytes and bounded past it, by its bytes (redaction of the log ${redaction ? "on" : "off"})`, async () => {
      const dir = mkdtempSync(join(tmpdir(), "abridge-undecided-"));
      try {
        const path = join(dir, "s.jsonl");
        const session = createAbridge({ sessionId: "s", log: { path }, redaction: { log: redaction }, summarizer: { provider: "off" }, streamBufferBytes: LIMIT });
        const cases = [
          { id: "at", text: body(LIMIT) },
          { id: "past", text: body(LIMIT + 1) },
          // A secret the redaction shortens: the bytes that count are the output's, not the logged text's.
          { id: "secret-at", text: SECRET + body(LIMIT - SECRET.length) },
          { id: "secret-past", text: SECRET + body(LIMIT + 1 - SECRET.length) },
        ];
        for (const c of cases) {
          expect(c.text.length * 3).toBeGreaterThan(LIMIT);
          const result = await session.process({ tool: "bash", output: c.text, exitCode: 1, callId: c.id });
          expect(result.stream?.bounded === true).toBe(Buffer.byteLength(c.text) > LIMIT);
        }
        await session.close();
        const records = readLogSync(path, { chunks: "keep" }).records;
        for (const c of cases) {
          const calls = records.filter((r) => r.type === "call" && r.callId === c.id) as { output: string; chunks?: number }[];
          expect(calls.length).toBe(1);
          if (Buffer.byteLength(c.text) > LIMIT) expect(calls[0]!.chunks).toBeGreaterThan(0);
          else expect(calls[0]!.output).toBe(redaction ? redactSecrets(c.text).text : c.text);
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  }
});
