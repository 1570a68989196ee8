// Bytes given to process() are decoded once for the log's redaction and the digest
// (host/log/utf8-once.ts): the digest must read exactly the text its own decode gives.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeOutput } from "../../host/core-api.js";
import { createAbridge } from "../../host/session.js";
import { readLogSync } from "../../host/log/reader.js";
import { decodedUtf8, validUtf8Text, withUtf8Once } from "../../host/log/utf8-once.js";

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe("withUtf8Once", () => {
  it("keeps the decode of its bytes for the calls inside it, with a BOM dropped as TextDecoder drops it", () => {
    for (const bytes of [Buffer.concat([BOM, Buffer.from("héllo wörld ✓\n")]), Buffer.from("plain text\n"), Buffer.alloc(0)]) {
      withUtf8Once(bytes, () => {
        expect(decodedUtf8(bytes)).toBeUndefined();
        expect(validUtf8Text(bytes)).toBe(bytes.toString("utf8"));
        expect(decodedUtf8(bytes)).toBe(new TextDecoder().decode(bytes));
        expect(decodedUtf8(Buffer.from(bytes))).toBeUndefined();
      });
      expect(decodedUtf8(bytes)).toBeUndefined();
    }
  });
});

describe("process() of bytes with the log redacted", () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `[${i}] compilé ünit ${i} ✓ token=${i % 7 === 0 ? "s3cr3tValue" + i : "$TOKEN"}`).join("\n");

  it("digests the text the bytes decode to, and logs them redacted, at every size", async () => {
    const dir = mkdtempSync(join(tmpdir(), "abridge-utf8-once-"));
    try {
      const path = join(dir, "s.jsonl");
      const session = createAbridge({ sessionId: "s", log: { path }, redaction: { log: true }, summarizer: { provider: "off" } });
      const plain = createAbridge({ sessionId: "p", log: { path: join(dir, "p.jsonl") }, redaction: { log: true }, summarizer: { provider: "off" } });
      const outputs = [lines(20), lines(500), lines(12000)].flatMap((t) => [Buffer.from(t), Buffer.concat([BOM, Buffer.from(t)])]);
      for (const [i, bytes] of outputs.entries()) {
        const text = decodeOutput(bytes).text;
        const fromBytes = await session.process({ tool: "bash", output: bytes, exitCode: 1, callId: `c${i}` });
        const fromText = await plain.process({ tool: "bash", output: text, exitCode: 1, callId: `c${i}` });
        expect(fromBytes.llmContent).toBe(fromText.llmContent);
        expect(fromBytes.metadata.keptLines).toEqual(fromText.metadata.keptLines);
      }
      await session.close();
      await plain.close();
      const calls = readLogSync(path).records.filter((r) => r.type === "call") as { output: string }[];
      expect(calls.length).toBe(outputs.length);
      calls.forEach((call, i) => {
        expect(call.output.startsWith("\ufeff")).toBe(i % 2 === 1);
        expect(call.output).not.toContain("s3cr3tValue");
        expect(call.output.length).toBeGreaterThan(outputs[i]!.length / 2);
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
