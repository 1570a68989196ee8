// Bytes of valid UTF-8 given to compact() or process() are decoded by the core, in place
// (assembly/util/utf8-text.ts, host/core.ts lowerUtf8): the result must be exactly the one the
// decoded string gives, and no JS string of the output is made unless uiContent asks for it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeOutput } from "../../host/core-api.js";
import { coreGeneration, coreMemoryBytes, coreUnitsLowered, resetCore, RETAIN_MEMORY_BYTES } from "../../host/core.js";
import { compact } from "../../host/pipeline.js";
import { createAbridge } from "../../host/session.js";
import type { ToolResultOutput } from "../../host/types.js";

const BOM = [0xef, 0xbb, 0xbf];

/** Everything a caller can read of a result, uiContent included. */
function seen(r: ToolResultOutput) {
  return { category: r.category, llmContent: r.llmContent, summary: r.summary, truncated: r.truncated, metadata: { ...r.metadata }, uiContent: r.uiContent };
}

/** Pieces whose UTF-8 forms are 1 to 4 bytes long, so that sequences fall across the core's 16-byte steps. */
const piece = fc.oneof(
  fc.constantFrom("a", "error: x", " ", "\n", "\t", "0123456789abcdef", "warning: unused ‘x’ [-Wunused]\n", "\u001b[31m", "\r"),
  fc.constantFrom("é", "ü", "–", "✓", "中文", "€", "\u00a0"),
  fc.constantFrom("😀", "𝄞", "🚀 done"),
);

afterEach(() => vi.restoreAllMocks());

describe("compact() of UTF-8 bytes, decoded in the core", () => {
  it("gives the result its decoded text gives, at any length and budget, with or without a BOM", () => {
    fc.assert(
      fc.property(fc.array(piece, { minLength: 0, maxLength: 400 }), fc.boolean(), fc.constantFrom(200, 800, 4000), (pieces, bom, budget) => {
        const text = pieces.join("");
        const bytes = new Uint8Array([...(bom ? BOM : []), ...Buffer.from(text, "utf8")]);
        const input = { tool: "bash", args: { command: "make" }, exitCode: 2 };
        expect(seen(compact({ ...input, output: bytes }, { budget }))).toEqual(seen(compact({ ...input, output: text }, { budget })));
      }),
      { numRuns: 300 },
    );
  });

  it("makes no JS string of the output until uiContent is read, and then one", () => {
    const text = Array.from({ length: 4000 }, (_, i) => `[${i}] cc -c ünit_${i}.c ${i === 2100 ? "error: boom ✗" : "ok"}`).join("\n");
    const bytes = Buffer.from(text, "utf8");
    const decode = vi.spyOn(TextDecoder.prototype, "decode");
    const toString = vi.spyOn(Buffer.prototype, "toString");
    const result = compact({ tool: "bash", output: bytes, exitCode: 1 }, { budget: 2000 });
    expect(result.llmContent).toContain("error: boom ✗");
    expect(result.metadata.rawChars).toBe(text.length);
    const decodes = () => decode.mock.calls.filter(([input]) => input === bytes).length + toString.mock.contexts.filter((self) => self === bytes).length;
    expect(decodes()).toBe(0);
    expect(result.uiContent).toBe(text);
    expect(decodes()).toBe(1);
    expect(result.uiContent).toBe(text);
    expect(decodes()).toBe(1);
  });

  it("copies the bytes into the core once, and a 10 MB output keeps the instance", () => {
    const line = "cc -Wall -c ünit.c -o ünit.o   warning: unused ‘x’\n";
    const bytes = Buffer.from(line.repeat(Math.ceil((10 * 1024 * 1024) / Buffer.byteLength(line))), "utf8");
    compact({ tool: "bash", output: bytes, exitCode: 1 });
    const generation = coreGeneration();
    const lowered = coreUnitsLowered();
    const result = compact({ tool: "bash", output: bytes, exitCode: 1 });
    // The bytes, once (a decoded copy would add twice as many units); besides them only the
    // starts the binary and encoding checks read.
    expect(coreUnitsLowered() - lowered).toBeGreaterThanOrEqual(bytes.length);
    expect(coreUnitsLowered() - lowered).toBeLessThan(bytes.length * 1.05);
    expect(coreGeneration()).toBe(generation);
    expect(result.metadata.rawChars).toBe(bytes.toString("utf8").length);
  });

  it("leaves bytes that are not valid UTF-8 to the host's decode in the encoding they are in, as before", () => {
    const bytes = new Uint8Array([...Buffer.from("line one\nbad byte: "), 0xff, 0xfe, 0x0a, ...Buffer.from("tail ✓\n")]);
    const decoded = decodeOutput(bytes);
    const result = compact({ tool: "bash", output: bytes });
    expect(result.uiContent).toBe(decoded.text);
    expect(result.metadata.encoding).toBe(decoded.encoding || undefined);
  });
});

describe("process() of UTF-8 bytes", () => {
  it("runs a 10 MB output's log escape and digest in the instance the session keeps", async () => {
    const dir = mkdtempSync(join(tmpdir(), "abridge-utf8-keep-"));
    try {
      const session = createAbridge({ sessionId: "k", log: { dir }, summarizer: { provider: "off" } });
      const line = "cc -Wall -c ünit.c -o ünit.o   warning: unused ‘x’\n";
      const bytes = Buffer.from(line.repeat(Math.ceil((10 * 1024 * 1024) / Buffer.byteLength(line))), "utf8");
      // A fresh instance: its memory grows by this session's calls alone.
      resetCore();
      await session.process({ tool: "bash", output: bytes, exitCode: 1, callId: "w" });
      const generation = coreGeneration();
      for (let i = 0; i < 2; i++) await session.process({ tool: "bash", output: bytes, exitCode: 1, callId: `k${i}` });
      // Memory grown past what an instance keeps would have it rebuilt, with all its page faults, on every call.
      expect(coreGeneration()).toBe(generation);
      expect(coreMemoryBytes()).toBeLessThanOrEqual(RETAIN_MEMORY_BYTES);
      await session.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("digests and logs them as the decoded text, the log holding every byte", async () => {
    const dir = mkdtempSync(join(tmpdir(), "abridge-utf8-core-"));
    try {
      const session = createAbridge({ sessionId: "b", log: { dir }, summarizer: { provider: "off" } });
      const plain = createAbridge({ sessionId: "t", log: { dir }, summarizer: { provider: "off" } });
      const text = Array.from({ length: 3000 }, (_, i) => `step ${i}: naïve ✓ ${i === 1700 ? "FAILED: 🚀 lost" : "ok"}`).join("\n");
      const fromBytes = await session.process({ tool: "bash", output: Buffer.from(text, "utf8"), exitCode: 1, callId: "c1" });
      const fromText = await plain.process({ tool: "bash", output: text, exitCode: 1, callId: "c1" });
      expect(fromBytes.llmContent).toBe(fromText.llmContent);
      expect(fromBytes.metadata).toEqual(fromText.metadata);
      expect(fromBytes.uiContent).toBe(text);
      expect(session.read("c1", { offset: 1701, limit: 1 }).text).toContain("FAILED: 🚀 lost");
      await session.close();
      await plain.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
