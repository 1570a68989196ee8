// createAbridge().stream(): exact equivalence with process() while the output fits in
// streamBufferBytes, the log written as the output arrives and read back whole, and
// the sink's errors. Bounded mode has its own file (stream-bounded.test.ts).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAbridge, type Abridge, type ProcessResult } from "../../host/session.js";
import { readLogSync } from "../../host/log/reader.js";
import { isAbridgeError } from "../../host/errors.js";
import type { AbridgeError } from "../../host/errors.js";

interface Fixture {
  name: string;
  tool: string;
  args: Record<string, unknown>;
  exitCode?: number;
  bytes: Buffer;
}

// Real captured outputs: colour, CR progress, Latin-1, binary, JSON, a traceback in the middle.
const NAMES = [
  "gcc-color-errors",
  "python-etl-traceback-middle",
  "latin1-iconv",
  "binary-png",
  "grep-rn-color-always",
  "listing-ls-la",
  "runner-pytest-q-failures",
  "npm-view-undici-json",
  "make-k-c-syntax-error",
  "git-clone-progress",
];
const FIXTURES: Fixture[] = NAMES.map((name) => {
  const dir = new URL(`../fixtures/${name}/`, import.meta.url);
  const meta = JSON.parse(readFileSync(new URL("meta.json", dir), "utf8")) as { tool: string; args: Record<string, unknown>; exitCode?: number };
  return { name, tool: meta.tool, args: meta.args, exitCode: meta.exitCode ?? undefined, bytes: readFileSync(new URL("output", dir)) };
});

let dir: string;
let path: string;
let abridge: Abridge;
const errors: AbridgeError[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "abridge-stream-"));
  path = join(dir, "s.jsonl");
  abridge = createAbridge({ sessionId: "s", log: { path }, summarizer: { provider: "off" } });
  errors.length = 0;
  abridge.on("error", (e) => errors.push(e));
});
afterEach(async () => {
  await abridge.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Everything a caller can see of a result, the lazy uiContent included. */
function visible(r: ProcessResult): unknown {
  return JSON.parse(JSON.stringify({ ...r, uiContent: r.uiContent }));
}

/** Splits `length` at the given cut points (any positions, kept in range and sorted). */
function pieces(length: number, cuts: number[]): Array<[number, number]> {
  const at = [...new Set(cuts.map((c) => c % (length + 1)))].sort((a, b) => a - b);
  const out: Array<[number, number]> = [];
  let from = 0;
  for (const c of [...at, length]) {
    out.push([from, c]);
    from = c;
  }
  return out;
}

async function streamed(f: Fixture, callId: string, chunks: Array<string | Uint8Array>): Promise<ProcessResult> {
  const sink = abridge.stream({ tool: f.tool, args: f.args, callId });
  for (const c of chunks) sink.write(c);
  return sink.end({ exitCode: f.exitCode });
}

describe("while the output fits in streamBufferBytes", () => {
  it("end() gives exactly process()'s result for real fixtures written as bytes cut anywhere (inside multi-byte characters too)", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FIXTURES), fc.array(fc.nat(), { maxLength: 40 }), async (f, cuts) => {
        const id = `b${run++}`;
        const expected = await abridge.process({ tool: f.tool, args: f.args, output: f.bytes, exitCode: f.exitCode, callId: id });
        const got = await streamed(f, id, pieces(f.bytes.length, cuts).map(([a, b]) => f.bytes.subarray(a, b)));
        expect(visible(got)).toEqual(visible(expected));
      }),
      { numRuns: 40 },
    );
    expect(errors).toEqual([]);
  });

  it("end() gives exactly process()'s result for real fixtures written as strings cut anywhere (inside surrogate pairs too)", async () => {
    const texts = FIXTURES.filter((f) => f.name !== "binary-png").map((f) => ({ ...f, text: f.bytes.toString("utf8") + "emoji 😀 and 日本語\n" }));
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...texts), fc.array(fc.nat(), { maxLength: 40 }), async (f, cuts) => {
        const id = `s${run++}`;
        const expected = await abridge.process({ tool: f.tool, args: f.args, output: f.text, exitCode: f.exitCode, callId: id });
        // text.length - 10 falls between the two halves of the 😀 appended above.
        const got = await streamed(f, id, pieces(f.text.length, [...cuts, f.text.length - 10]).map(([a, b]) => f.text.slice(a, b)));
        expect(visible(got)).toEqual(visible(expected));
      }),
      { numRuns: 40 },
    );
  });

  it("an empty stream is an empty output", async () => {
    const expected = await abridge.process({ tool: "bash", output: "", exitCode: 0, callId: "e" });
    const sink = abridge.stream({ tool: "bash", callId: "e" });
    expect(visible(await sink.end({ exitCode: 0 }))).toEqual(visible(expected));
    const calls = readLogSync(path).records.filter((r) => r.type === "call");
    expect(calls.map((c) => c.type === "call" && c.output)).toEqual(["", ""]);
  });

  it("a small stream is logged as one ordinary call record, as process() logs it", async () => {
    const sink = abridge.stream({ tool: "bash", args: { command: "make" }, callId: "small" });
    sink.write("cc -c a.c\n");
    sink.write("a.c:1: error: x\n");
    await sink.end({ exitCode: 2 });
    const raw = readFileSync(path, "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(raw.map((r) => r.type)).toEqual(["call", "completion"]);
    expect(raw[0]).toMatchObject({ output: "cc -c a.c\na.c:1: error: x\n", exitCode: 2, size: { bytes: 26, chars: 26 } });
    expect(raw[0]!.chunks).toBeUndefined();
  });
});

describe("the log, written as the output arrives", () => {
  // ~3.5 MB: several chunk records. Multi-byte characters everywhere, so cuts fall inside them.
  const line = (i: number) => `[${i}] compiling unit ${i} — ünïcödé 日本語 😀 ok\n`;
  const text = Array.from({ length: 50_000 }, (_, i) => line(i)).join("");

  it("holds a large text stream in chunk records; readers, read() and search() see it exactly as if written whole", async () => {
    const sink = abridge.stream({ tool: "bash", args: { command: "build" }, callId: "big" });
    for (let i = 0; i < text.length; i += 65_537) sink.write(text.slice(i, i + 65_537));
    // Chunks reach the log before end().
    expect(readLogSync(path, { chunks: "keep" }).records.filter((r) => r.type === "chunk").length).toBeGreaterThan(1);
    await sink.end({ exitCode: 0 });
    await abridge.process({ tool: "bash", args: { command: "build" }, output: text, exitCode: 0, callId: "whole" });

    const kept = readLogSync(path, { chunks: "keep" }).records;
    const chunks = kept.filter((r) => r.type === "chunk");
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(chunks.map((c) => c.type === "chunk" && c.seq)).toEqual(chunks.map((_, i) => i));
    const bigCall = kept.find((r) => r.type === "call" && r.callId === "big");
    expect(bigCall).toMatchObject({ output: "", chunks: chunks.length, size: { bytes: Buffer.byteLength(text), chars: text.length } });

    const joined = readLogSync(path);
    expect(joined.warnings).toEqual([]);
    const calls = joined.records.filter((r) => r.type === "call");
    expect(calls).toHaveLength(2);
    expect(calls[0]!.type === "call" && calls[0]!.output === text).toBe(true);
    // The joined record is the whole-output record, plus how many chunks it came in.
    expect({ ...calls[0], callId: "", time: "" }).toEqual({ ...calls[1], callId: "", time: "", chunks: chunks.length });

    for (const options of [{ offset: 1, limit: 5 }, { offset: 24_999, limit: 3 }, { offset: 50_000 }]) {
      expect(abridge.read("big", options).text).toBe(abridge.read("whole", options).text);
    }
    const hit = abridge.search("big", "[31337]");
    expect(hit.text).toBe(abridge.search("whole", "[31337]").text);
    expect(hit.lines).toEqual([31_338]);
    // A fresh reader (another process) finds the chunks by scanning the file.
    const { LogRetrieval } = await import("../../host/log/retrieval.js");
    expect(new LogRetrieval({ path }).read("big", { offset: 49_999 }).text).toBe(abridge.read("whole", { offset: 49_999 }).text);
  });

  it("keeps invalid UTF-8 as bytes: the log reads back the exact bytes written", async () => {
    const bytes = Buffer.from(text, "utf8");
    bytes[1_500_000] = 0xff; // one invalid byte in the middle of the second chunk
    const sink = abridge.stream({ tool: "bash", callId: "raw" });
    for (let i = 0; i < bytes.length; i += 65_536) sink.write(bytes.subarray(i, i + 65_536));
    await sink.end({ exitCode: 0 });
    await abridge.process({ tool: "bash", output: bytes, exitCode: 0, callId: "rawWhole" });
    const calls = readLogSync(path).records.filter((r) => r.type === "call");
    const [s, w] = calls.map((c) => (c.type === "call" ? c : undefined)!);
    expect(typeof s!.output).toBe("object");
    expect(Buffer.from((s!.output as { bytes: string }).bytes, "base64").equals(bytes)).toBe(true);
    expect(s!.output).toEqual(w!.output);
    expect(s!.size).toEqual(w!.size);
    expect(abridge.read("raw", { offset: 20_000, limit: 50 }).text).toBe(abridge.read("rawWhole", { offset: 20_000, limit: 50 }).text);
  });

  it("does not rotate a streamed call's chunks away", async () => {
    await abridge.close();
    abridge = createAbridge({ sessionId: "s", log: { path, maxBytes: 1_500_000, keep: 1 }, summarizer: { provider: "off" } });
    const sink = abridge.stream({ tool: "bash", callId: "rot" });
    for (let i = 0; i < text.length; i += 100_000) sink.write(text.slice(i, i + 100_000));
    await sink.end({ exitCode: 0 });
    const call = readLogSync(path).records.find((r) => r.type === "call" && r.callId === "rot");
    expect(call?.type === "call" && call.output === text).toBe(true);
    expect(abridge.read("rot", { offset: 50_000 }).text).toContain("[49999]");
  });

  it("abort() ends the call without a result; the log says so and keeps what arrived", async () => {
    const sink = abridge.stream({ tool: "bash", callId: "ab" });
    sink.write(text.slice(0, 2_000_000));
    sink.abort("user pressed ctrl-c");
    sink.abort(); // a second abort is a no-op
    const records = readLogSync(path).records;
    expect(records.filter((r) => r.type === "completion")).toEqual([]);
    const call = records.find((r) => r.type === "call");
    expect(call).toMatchObject({ callId: "ab", aborted: "user pressed ctrl-c", exitCode: null });
    expect(call?.type === "call" && call.output === text.slice(0, 2_000_000)).toBe(true);
    await expect(sink.end()).rejects.toMatchObject({ code: "ABRIDGE_CLOSED" });
  });
});

describe("errors", () => {
  it("write() after end() is a clear ABRIDGE_CLOSED error, and so is a second end()", async () => {
    const sink = abridge.stream({ tool: "bash" });
    sink.write("ok\n");
    await sink.end({ exitCode: 0 });
    expect(() => sink.write("more")).toThrowError(/write\(\) after end\(\)/);
    try {
      sink.write("more");
    } catch (err) {
      expect(isAbridgeError(err, "ABRIDGE_CLOSED")).toBe(true);
    }
    await expect(sink.end()).rejects.toMatchObject({ code: "ABRIDGE_CLOSED" });
  });

  it("strings and bytes cannot be mixed in one stream", () => {
    const sink = abridge.stream({ tool: "bash" });
    sink.write("text\n");
    expect(() => sink.write(new Uint8Array([0x41]))).toThrowError(expect.objectContaining({ code: "ABRIDGE_INVALID_INPUT" }));
    const other = abridge.stream({ tool: "bash" });
    other.write(new Uint8Array([0x41]));
    expect(() => other.write("text")).toThrowError(/started with bytes/);
    expect(() => other.write(42 as unknown as string)).toThrowError(expect.objectContaining({ code: "ABRIDGE_INVALID_INPUT" }));
  });

  it("bad arguments are refused up front", async () => {
    expect(() => abridge.stream({ tool: 7 as unknown as string })).toThrowError(expect.objectContaining({ code: "ABRIDGE_INVALID_INPUT" }));
    expect(() => abridge.stream({ tool: "bash", streamBufferBytes: -1 })).toThrowError(expect.objectContaining({ code: "ABRIDGE_INVALID_OPTION" }));
    const sink = abridge.stream({ tool: "bash" });
    await expect(sink.end({ exitCode: 1.5 })).rejects.toMatchObject({ code: "ABRIDGE_INVALID_INPUT" });
    await abridge.close();
    expect(() => abridge.stream({ tool: "bash" })).toThrowError(expect.objectContaining({ code: "ABRIDGE_CLOSED" }));
  });

  it("fails open when the log cannot be written: the result still comes, the failure is reported once", async () => {
    await abridge.close();
    const blocker = join(dir, "not-a-dir");
    writeFileSync(blocker, "");
    abridge = createAbridge({ sessionId: "s", log: { path: join(blocker, "s.jsonl") }, summarizer: { provider: "off" } });
    const seen: AbridgeError[] = [];
    abridge.on("error", (e) => seen.push(e));
    const big = "step ok\n".repeat(400_000) + "fatal error: disk on fire\n";
    const sink = abridge.stream({ tool: "bash", callId: "open" });
    for (let i = 0; i < big.length; i += 65_536) sink.write(big.slice(i, i + 65_536));
    const result = await sink.end({ exitCode: 1 });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.code).toBe("ABRIDGE_LOG_WRITE");
    expect(result.llmContent).toContain("fatal error: disk on fire");
    expect(result.llmContent).not.toContain("abridge_read");
    const expected = await abridge.process({ tool: "bash", output: big, exitCode: 1, callId: "open" });
    expect(visible(result)).toEqual(visible(expected));
  });
});
