// process() and compact() of an output past streamBufferBytes: fed to the stream's
// bounded mode in slices, so the result is the one stream() gives for the same output,
// the log holds the whole output in chunk records read back exactly, and what the
// output is (text, another encoding, binary) is decided as process() decides it.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAbridge, type Abridge, type ProcessResult } from "../../host/session.js";
import { compact } from "../../host/pipeline.js";
import { readLogSync } from "../../host/log/reader.js";
import { answerReadTool } from "../../host/adapters/read-tool.js";
import { BYTE_SLICE, STRING_SLICE, outputOver, slicesOf } from "../../host/stream/whole.js";
import type { AbridgeError } from "../../host/errors.js";
// @ts-expect-error: a plain ES module shared with the benches
import { buildLog } from "../../bench/data/build-log.mjs";

const BUFFER = 1024 * 1024;
const TEXT: string = buildLog(3_000_000, 0.4);
const BYTES = Buffer.from(TEXT, "utf8");
const ARGS = { command: "make -k" };

let dir: string;
let abridge: Abridge;
/** The same outputs through a session whose buffer holds them whole: process() as it always was. */
let whole: Abridge;
const errors: AbridgeError[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "abridge-process-bounded-"));
  abridge = createAbridge({ sessionId: "s", log: { path: join(dir, "s.jsonl") }, summarizer: { provider: "off" }, streamBufferBytes: BUFFER });
  whole = createAbridge({ sessionId: "w", log: { path: join(dir, "w.jsonl") }, summarizer: { provider: "off" }, streamBufferBytes: 64 * BUFFER });
  errors.length = 0;
  abridge.on("error", (e) => errors.push(e));
});
afterEach(async () => {
  await abridge.close();
  await whole.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Everything a caller can see of a result, the lazy uiContent included, with the call's id taken out. */
function visible(r: ProcessResult): unknown {
  return JSON.parse(JSON.stringify({ ...r, uiContent: r.uiContent, callId: "" }).replaceAll(`id=${r.callId}`, "id=ID"));
}

async function streamed(output: string | Uint8Array, callId: string, chunk = 65_536): Promise<ProcessResult> {
  const sink = abridge.stream({ tool: "bash", args: ARGS, callId });
  for (let i = 0; i < output.length; i += chunk) sink.write(output.slice(i, i + chunk));
  return sink.end({ exitCode: 2 });
}

describe("process() past streamBufferBytes", () => {
  for (const [kind, output] of [
    ["bytes", BYTES],
    ["a string", TEXT],
  ] as const) {
    it(`gives exactly stream()'s result for ${kind}: error kept, true totals`, async () => {
      const processed = await abridge.process({ tool: "bash", args: ARGS, output, exitCode: 2, callId: "p" });
      const viaStream = await streamed(output, "s");
      expect(visible(processed)).toEqual(visible(viaStream));
      const lines = TEXT.endsWith("\n") ? TEXT.split("\n").length - 1 : TEXT.split("\n").length;
      expect(processed.stream).toEqual({ bounded: true, bytes: BYTES.length, chars: TEXT.length, lines, omittedChars: expect.any(Number) });
      expect(processed.metadata.totalLines).toBe(lines);
      expect(processed.metadata.rawChars).toBe(TEXT.length);
      expect(processed.llmContent).toContain("error:");
      expect(processed.llmContent.split("\n")[0]).toContain(`${lines.toLocaleString("en-US")} lines`);
    });
  }

  it("logs the whole output in chunk records that read(), search() and abridge_read give back exactly", async () => {
    const result = await abridge.process({ tool: "bash", args: ARGS, output: BYTES, exitCode: 2, callId: "p" });
    await whole.process({ tool: "bash", args: ARGS, output: BYTES, exitCode: 2, callId: "w" });

    const kept = readLogSync(join(dir, "s.jsonl"), { chunks: "keep" }).records;
    expect(kept.filter((r) => r.type === "chunk").length).toBeGreaterThanOrEqual(2);
    const joined = readLogSync(join(dir, "s.jsonl"));
    expect(joined.warnings).toEqual([]);
    const call = joined.records.find((r) => r.type === "call" && r.callId === "p");
    expect(call?.type === "call" && call.output === TEXT).toBe(true);
    expect(readLogSync(join(dir, "w.jsonl")).records.filter((r) => r.type === "chunk")).toEqual([]);

    const last = result.metadata.totalLines;
    for (const options of [{ offset: 1, limit: 5 }, { offset: Math.floor(last * 0.4), limit: 50 }, { offset: last - 2 }]) {
      expect(abridge.read("p", options).text).toBe(whole.read("w", options).text);
      expect(answerReadTool(abridge, { id: "p", ...options }).text).toBe(answerReadTool(whole, { id: "w", ...options }).text);
    }
    expect(abridge.search("p", "error:").text).toBe(whole.search("w", "error:").text);
    expect(answerReadTool(abridge, { id: "p", pattern: "error:" }).text).toBe(answerReadTool(whole, { id: "w", pattern: "error:" }).text);

    // Every offset a marker names is a true line of the output.
    const offsets = [...result.llmContent.matchAll(/offset=(\d+)/g)].map((m) => Number(m[1]));
    expect(offsets.length).toBeGreaterThan(0);
    for (const n of offsets) expect(abridge.read("p", { offset: n, limit: 1 }).text).toBe(whole.read("w", { offset: n, limit: 1 }).text);
  });

  it("changes nothing at streamBufferBytes and below: one ordinary call record, process()'s digest", async () => {
    const atLimit = BYTES.subarray(0, BUFFER);
    const result = await abridge.process({ tool: "bash", args: ARGS, output: atLimit, exitCode: 2, callId: "p" });
    const expected = await whole.process({ tool: "bash", args: ARGS, output: atLimit, exitCode: 2, callId: "w" });
    expect(result.stream).toBeUndefined();
    expect(visible(result)).toEqual(visible(expected));
    const records = readLogSync(join(dir, "s.jsonl"), { chunks: "keep" }).records;
    expect(records.filter((r) => r.type === "chunk")).toEqual([]);
    // A string one byte past it (a 3-byte character at the end) is bounded: bytes count, not units.
    const text = `${"a".repeat(BUFFER - 2)}…`;
    expect((await abridge.process({ tool: "bash", output: text, callId: "q" })).stream?.bounded).toBe(true);
    expect((await abridge.process({ tool: "bash", output: text.slice(0, -1), callId: "r" })).stream).toBeUndefined();
  });

  it("cuts one 3 MB line (a minified bundle) in the middle with true counts", async () => {
    const half = "x".repeat(1_500_000);
    const line = `${half} error: boom ${half}`;
    const result = await abridge.process({ tool: "bash", output: line, exitCode: 1, callId: "one" });
    expect(result.stream).toMatchObject({ bounded: true, chars: line.length, lines: 1 });
    expect(result.metadata.totalLines).toBe(1);
    expect(result.metadata.rawChars).toBe(line.length);
    const shown = result.llmContent.split("\n");
    const marker = shown.findIndex((l) => l.startsWith("[..."));
    // The head of the line, the marker, the end of the line.
    expect(shown[marker - 1]).toMatch(/^x+$/);
    expect(shown[marker + 1]).toMatch(/^x+$/);
    const m = /^\[\.\.\.([\d,]+) chars omitted\.\.\.\] line 1 of 1/.exec(shown[marker]!);
    expect(m).not.toBeNull();
    // What the marker leaves out and what is shown of the line add up to the whole line.
    expect(Number(m![1]!.replaceAll(",", "")) + shown[marker - 1]!.length + shown[marker + 1]!.length).toBe(line.length);
    expect(result.metadata.omittedChars).toBe(Number(m![1]!.replaceAll(",", "")));
    // The rest is one read away, in pieces of the line.
    expect(abridge.read("one", { offset: 1 }).text).toContain("xxxx");
  });

  it("describes binary bytes with their true size, and logs every byte", async () => {
    const png = readFileSync(new URL("../fixtures/binary-png/output", import.meta.url));
    const bytes = Buffer.alloc(2 * BUFFER + 123);
    for (let at = 0; at < bytes.length; at += png.length) png.copy(bytes, at);
    const result = await abridge.process({ tool: "bash", output: bytes, exitCode: 0, callId: "bin" });
    const expected = await whole.process({ tool: "bash", output: bytes, exitCode: 0, callId: "w" });
    expect(result.category).toBe("Binary");
    expect(result.llmContent).toBe(expected.llmContent);
    expect(result.llmContent).toContain(`${bytes.length.toLocaleString("en-US")} bytes`);
    expect(result.metadata.rawChars).toBe(bytes.length);
    expect(result.stream).toEqual({ bounded: true, bytes: bytes.length, chars: 0, lines: 0, omittedChars: 0 });
    const call = readLogSync(join(dir, "s.jsonl")).records.find((r) => r.type === "call");
    expect(call?.type === "call" && typeof call.output === "object" && Buffer.from(call.output.bytes, "base64").equals(bytes)).toBe(true);
  });

  it("keeps invalid UTF-8 and NUL bytes of a text output in the log, and digests the text", async () => {
    const bytes = Buffer.concat([BYTES.subarray(0, 200_000), Buffer.from([0xff, 0xfe, 0x00, 0x0a]), BYTES.subarray(200_000)]);
    const result = await abridge.process({ tool: "bash", args: ARGS, output: bytes, exitCode: 2, callId: "bad" });
    expect(result.category).not.toBe("Binary");
    expect(result.metadata.encoding).toBeUndefined();
    expect(result.llmContent).toContain("error:");
    const call = readLogSync(join(dir, "s.jsonl")).records.find((r) => r.type === "call");
    expect(call?.type === "call" && typeof call.output === "object" && Buffer.from(call.output.bytes, "base64").equals(bytes)).toBe(true);
  });

  it("decodes bytes in another encoding as process() does, and read() decodes the log the same way", async () => {
    const latin1 = Buffer.from("café naïve résumé: ok\n".repeat(150_000) + "error: façade cassée\n" + "fin ok\n".repeat(50_000), "latin1");
    const result = await abridge.process({ tool: "bash", output: latin1, exitCode: 1, callId: "l1" });
    const expected = await whole.process({ tool: "bash", output: latin1, exitCode: 1, callId: "w" });
    expect(expected.metadata.encoding).toBe("windows-1252");
    expect(result.metadata.encoding).toBe("windows-1252");
    expect(result.llmContent).toContain("café naïve résumé");
    expect(result.llmContent).toContain("error: façade cassée");
    // Bounded results page the whole output line by line ("cleaned"): the marker's numbers are its lines.
    expect(result.metadata.paging).toBe("cleaned");
    expect(abridge.read("l1", { offset: 150_001, limit: 1 }).text).toMatch(/^150001: error: façade cassée\n/);
    expect(abridge.read("l1", { offset: 1, limit: 1 }).text).toMatch(/^1: café naïve résumé: ok\n/);
  });

  it("fails open when the log cannot be written: the result still comes, without a read hint, reported once", async () => {
    await abridge.close();
    const blocker = join(dir, "not-a-dir");
    writeFileSync(blocker, "");
    abridge = createAbridge({ sessionId: "s", log: { path: join(blocker, "s.jsonl") }, summarizer: { provider: "off" }, streamBufferBytes: BUFFER });
    const seen: AbridgeError[] = [];
    abridge.on("error", (e) => seen.push(e));
    const result = await abridge.process({ tool: "bash", args: ARGS, output: TEXT, exitCode: 2, callId: "open" });
    expect(seen.map((e) => e.code)).toEqual(["ABRIDGE_LOG_WRITE"]);
    expect(result.stream?.bounded).toBe(true);
    expect(result.llmContent).toContain("error:");
    expect(result.llmContent).not.toContain("abridge_read");
  });
});

describe("compact() past streamBufferBytes", () => {
  it("gives the result of a stream of the same output without a log", async () => {
    const unlogged = createAbridge({ sessionId: "u", log: false, summarizer: { provider: "off" }, streamBufferBytes: BUFFER });
    try {
      for (const output of [BYTES, TEXT]) {
        const sink = unlogged.stream({ tool: "bash", args: ARGS, callId: "u" });
        for (let i = 0; i < output.length; i += 65_536) sink.write(output.slice(i, i + 65_536));
        const viaStream = await sink.end({ exitCode: 2 });
        const compacted = compact({ tool: "bash", args: ARGS, output, exitCode: 2 }, { streamBufferBytes: BUFFER });
        expect(compacted.llmContent).toBe(viaStream.llmContent);
        expect(JSON.parse(JSON.stringify(compacted.metadata))).toEqual(JSON.parse(JSON.stringify(viaStream.metadata)));
        expect(compacted.uiContent).toBe(viaStream.uiContent);
      }
    } finally {
      await unlogged.close();
    }
  });

  it("stays whole up to the default 16 MiB, and refuses a bad streamBufferBytes", () => {
    const input = { tool: "bash", args: ARGS, output: TEXT, exitCode: 2 };
    const byDefault = compact(input).llmContent;
    expect(byDefault).toBe(compact(input, { streamBufferBytes: 64 * BUFFER }).llmContent);
    expect(byDefault).not.toBe(compact(input, { streamBufferBytes: BUFFER }).llmContent);
    expect(() => compact({ tool: "bash", output: "x" }, { streamBufferBytes: -1 })).toThrow(/streamBufferBytes/);
  });
});

describe("slices of a whole output", () => {
  it("give back the output exactly; a string is cut after a line end when one is near, never inside a surrogate pair", () => {
    const lines = `${"😀".repeat(STRING_SLICE / 2 - 3)}ab\n${"c".repeat(100)}\n`.repeat(3);
    const slices = [...slicesOf(lines)] as string[];
    expect(slices.join("")).toBe(lines);
    expect(slices.length).toBeGreaterThan(1);
    for (const slice of slices.slice(0, -1)) expect(slice.endsWith("\n")).toBe(true);
    // No line end within reach: cut after a whole pair.
    const pairs = "😀".repeat(STRING_SLICE + 100_000);
    const cut = [...slicesOf(pairs)] as string[];
    expect(cut.join("")).toBe(pairs);
    for (const slice of cut) expect(slice.length % 2).toBe(0);
    const bytes = Buffer.from(lines);
    const parts = [...slicesOf(bytes)] as Uint8Array[];
    expect(Buffer.concat(parts).equals(bytes)).toBe(true);
    expect(Math.max(...parts.map((p) => p.length))).toBe(BYTE_SLICE);
    // Views of the output's memory, not copies.
    expect(parts[1]!.buffer).toBe(bytes.buffer);
  });

  it("measure a string in UTF-8 bytes", () => {
    expect(outputOver("é".repeat(10), 19)).toBe(true);
    expect(outputOver("é".repeat(10), 20)).toBe(false);
    expect(outputOver(new Uint8Array(21), 20)).toBe(true);
  });

  it("count a long string in pieces that agree with its whole byte count, pairs never split", () => {
    const MiB = 1 << 20;
    // A pair astride the first piece's end; a lone surrogate; text that is mostly ASCII, mostly
    // three-byte, and changes halfway (the count must not stop on the first half's evidence).
    const texts = [
      "a".repeat(MiB - 1) + "😀".repeat(300_000) + "b".repeat(MiB),
      "x".repeat(MiB) + "\ud800" + "é".repeat(MiB),
      "→".repeat(2 * MiB + 7),
      "a".repeat(2 * MiB) + "→".repeat(MiB),
      "→".repeat(MiB) + "a".repeat(2 * MiB),
    ];
    for (const text of texts) {
      const bytes = Buffer.byteLength(text, "utf8");
      for (const limit of [text.length, bytes - 1, bytes, bytes + 1, Math.ceil(text.length * 1.5)]) {
        if (limit < text.length || limit >= text.length * 3) continue;
        expect(outputOver(text, limit), `${text.length} units, ${bytes} bytes, limit ${limit}`).toBe(bytes > limit);
      }
    }
  });
});
