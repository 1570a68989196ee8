// Chunk records of text bytes are serialised without decoding the bytes (host/log/chunk-line.ts):
// the escaped body must read back as exactly the text, with its true UTF-16 length.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { escapeUtf8 } from "../../host/log/chunk-line.js";
import { utf8Boundary } from "../../host/stream/chunk-log.js";

describe("escapeUtf8", () => {
  it("JSON.parse reads the escaped bytes back as the text, and chars is its UTF-16 length", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.oneof(fc.constantFrom("\u001b", "\r", "\n", "\t", "\0", '"', "\\", "\u007f", "\b", "\f"), fc.constantFrom("a", "é", "日", "😀"), fc.integer({ min: 0, max: 0x10ffff }).filter((c) => c < 0xd800 || c > 0xdfff).map((c) => String.fromCodePoint(c))) }), (text) => {
        const bytes = Buffer.from(text, "utf8");
        const { body, size } = escapeUtf8(bytes);
        expect(JSON.parse(`"${body.toString("utf8")}"`)).toBe(text);
        expect(size).toEqual({ bytes: bytes.length, chars: text.length });
      }),
      { numRuns: 500 },
    );
  });

  it("grows its scratch space when every byte needs an escape", () => {
    const text = "\u0001".repeat(100_000);
    const { body } = escapeUtf8(Buffer.from(text));
    expect(body.length).toBe(600_000);
    expect(JSON.parse(`"${body.toString()}"`)).toBe(text);
  });
});

describe("utf8Boundary", () => {
  it("never leaves a character cut at the end: the bytes before the boundary decode alone as they do in the whole", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "é", "日", "😀", "\n") }), fc.nat(), (text, at) => {
        const bytes = Buffer.from(text);
        const end = bytes.length === 0 ? 0 : at % (bytes.length + 1);
        const cut = utf8Boundary(bytes, end);
        expect(cut).toBeLessThanOrEqual(end);
        expect(end - cut).toBeLessThan(4);
        const left = bytes.subarray(0, cut).toString();
        expect(text.startsWith(left)).toBe(true);
        expect(left).not.toContain("\ufffd");
      }),
      { numRuns: 500 },
    );
  });
});

describe("a streamed output too large to hold as one string", () => {
  it("is left in its chunk records: readers warn, read() says why with ABRIDGE_LOG_READ", async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const { readLogSync } = await import("../../host/log/reader.js");
    const { LogRetrieval } = await import("../../host/log/retrieval.js");
    const dir = mkdtempSync(join(tmpdir(), "abridge-huge-"));
    try {
      const path = join(dir, "s.jsonl");
      // What a 1 GB stream leaves (its one chunk shortened here): the call record's size is the truth.
      const head = { v: 1, time: "2026-01-01T00:00:00.000Z", session: "s", callId: "huge" };
      const lines = [
        { ...head, type: "chunk", seq: 0, output: "build ok\n", size: { bytes: 9, chars: 9 } },
        { ...head, type: "call", tool: "bash", args: null, exitCode: 0, output: "", size: { bytes: 1_073_741_824, chars: 1_073_741_824 }, chunks: 1 },
      ];
      writeFileSync(path, lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
      const read = readLogSync(path);
      expect(read.records).toHaveLength(1);
      expect(read.records[0]).toMatchObject({ type: "call", output: "", chunks: 1 });
      expect(read.warnings.map((w) => w.reason)).toEqual([expect.stringMatching(/too large to join/)]);
      expect(() => new LogRetrieval({ path }).read("huge")).toThrowError(expect.objectContaining({ code: "ABRIDGE_LOG_READ", message: expect.stringMatching(/too large to page whole/) }));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
