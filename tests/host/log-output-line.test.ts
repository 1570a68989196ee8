// A long output is escaped once by the core and written between the quotes of its
// record: the line must be byte for byte what serialising the whole record gives.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ASYNC_WRITE_FROM, LogWriter } from "../../host/log/writer.js";
import { readLogSync } from "../../host/log/reader.js";
import { CORE_ESCAPE_FROM } from "../../host/log/output-line.js";
import { coreLogEscapes, resetCore, useCoreWasm, withJsonEscaped } from "../../host/core.js";
import { redactSecrets } from "../../host/redact.js";
import { createAbridge } from "../../host/session.js";
import type { CallRecord } from "../../host/log/schema.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "abridge-output-line-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const clock = () => new Date("2025-01-02T03:04:05.678Z");
const pad = "cc -c src/unit.c -o build/unit.o\n".repeat(Math.ceil(CORE_ESCAPE_FROM / 33));

/** The line serialising the whole record gives (what the writer wrote before the core escaped outputs). */
function expectedCallLine(output: string | Uint8Array, args: unknown = { command: "make" }): string {
  const text = typeof output === "string" ? output : Buffer.from(output).toString("utf8");
  const bytes = typeof output === "string" ? Buffer.byteLength(output, "utf8") : output.length;
  const record: CallRecord = { v: 1, type: "call", time: clock().toISOString(), session: "s1", callId: "c1", tool: "bash", args, exitCode: 2, output: text, size: { bytes, chars: text.length } };
  return JSON.stringify(record);
}

function writeCall(output: string | Uint8Array, args: unknown = { command: "make" }): string {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.jsonl`);
  const w = new LogWriter({ path, sessionId: "s1", now: clock, escape: withJsonEscaped });
  const before = coreLogEscapes();
  const r = w.appendCall({ callId: "c1", tool: "bash", args, exitCode: 2, output });
  expect(r.ok).toBe(true);
  // The long output went through the core's escape, not a second serialisation.
  expect(coreLogEscapes() - before).toBe(1);
  w.close();
  const file = readFileSync(path, "utf8");
  expect(file.endsWith("\n")).toBe(true);
  expect(file.indexOf("\n")).toBe(file.length - 1);
  return file.slice(0, -1);
}

// Every class JSON.stringify treats on its own: quotes, backslashes, the short escapes, every
// other control character, DEL and U+2028/9 (left as they are), non-ASCII of 2, 3 and 4 UTF-8
// bytes, and lone surrogates of both halves (written \udxxx, so they read back as themselves).
const CLASSES = [
  '"',
  "\\",
  "\b\f\n\r\t",
  Array.from({ length: 32 }, (_, c) => String.fromCharCode(c)).join(""),
  "\u007f",
  "\u2028\u2029",
  "é", // utf8: c3 a9
  "日", // utf8: e6 97 a5
  "😀", // utf8: f0 9f 98 80
  "\ud800", // a high half alone
  "\udfff", // a low half alone
  "\udc00\ud800", // the halves in the wrong order
  "‘x’",
];

describe("a call record whose output the core escapes", () => {
  it("is byte for byte the serialised record for every escape class, at every position of a SIMD block", () => {
    for (const piece of CLASSES) {
      for (let shift = 0; shift < 17; shift++) {
        const output = pad + "x".repeat(shift) + piece + "tail";
        expect(writeCall(output)).toBe(expectedCallLine(output));
      }
    }
  });

  it("keeps a lone surrogate at the very start and at the very end, and a pair split at the end", () => {
    for (const output of ["\udbff" + pad, pad + "\ud83d", pad + "😀", "\udc00" + pad + "\ud800"]) {
      const line = writeCall(output);
      expect(line).toBe(expectedCallLine(output));
      expect((JSON.parse(line) as CallRecord).output).toBe(output);
    }
  });

  it("reads back identical for random text of every class (property)", () => {
    const unit = fc.oneof(
      fc.constantFrom(...CLASSES),
      fc.string({ minLength: 1, maxLength: 40 }),
      fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 200 }), (pieces) => {
        const output = pad + pieces.join("");
        const line = writeCall(output);
        expect(line).toBe(expectedCallLine(output));
        expect((JSON.parse(line) as CallRecord).output).toBe(output);
      }),
      { numRuns: 60 },
    );
  });

  it("escapes a text that grows past its first output window (a control character is six bytes)", () => {
    const output = pad + "\u0001\u001b\u0000".repeat(40_000) + "end";
    expect(writeCall(output)).toBe(expectedCallLine(output));
  });

  it("writes valid UTF-8 bytes as text, escaped without decoding, as the whole record would", () => {
    const text = pad + CLASSES.filter((c) => !/[\ud800-\udfff]/.test(c) || c === "😀").join("|") + "\ufeff";
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]);
    expect(writeCall(bytes)).toBe(expectedCallLine(bytes));
    const many = Buffer.from(pad + "\u001b[31merror\u001b[0m\n".repeat(20_000));
    expect(writeCall(many)).toBe(expectedCallLine(many));
  });

  it("logs invalid UTF-8 bytes as base64, never through the text escape", () => {
    const path = join(dir, "b.jsonl");
    const w = new LogWriter({ path, sessionId: "s1", now: clock, escape: withJsonEscaped });
    const bytes = Buffer.concat([Buffer.from(pad), Buffer.from([0xff, 0xfe, 0x80])]);
    const before = coreLogEscapes();
    w.appendCall({ callId: "c1", tool: "bash", output: bytes });
    expect(coreLogEscapes()).toBe(before);
    const [record] = readLogSync(path).records as CallRecord[];
    expect(record!.output).toEqual({ bytes: bytes.toString("base64") });
  });

  it("keeps arguments that serialise oddly: an `output` key of their own, a bigint, a cycle", () => {
    const output = pad + "error: x\n";
    expect(writeCall(output, { output: "", n: 7 })).toBe(expectedCallLine(output, { output: "", n: 7 }));
    expect(writeCall(output, { big: 10n })).toBe(expectedCallLine(output, { big: "10" }));
    const cyclic: Record<string, unknown> = { command: "make" };
    cyclic.self = cyclic;
    const line = writeCall(output, cyclic);
    expect((JSON.parse(line) as CallRecord).args).toMatch(/^\[unserializable arguments: /);
    expect((JSON.parse(line) as CallRecord).output).toBe(output);
  });

  it("escapes a chunk record's piece the same way", () => {
    const path = join(dir, "chunk.jsonl");
    const w = new LogWriter({ path, sessionId: "s1", now: clock, escape: withJsonEscaped });
    const piece = pad + "\u001b[1mwarning\u001b[0m ‘x’\n";
    const before = coreLogEscapes();
    const text = w.appendChunk({ callId: "c1", seq: 0, output: piece });
    const bytes = w.appendChunk({ callId: "c1", seq: 1, output: Buffer.from(piece) });
    expect(coreLogEscapes() - before).toBe(2);
    expect(text.ok && text.size).toEqual({ bytes: Buffer.byteLength(piece), chars: piece.length });
    expect(bytes.ok && bytes.size).toEqual({ bytes: Buffer.byteLength(piece), chars: piece.length });
    const expected = (seq: number) =>
      JSON.stringify({ v: 1, type: "chunk", time: clock().toISOString(), session: "s1", callId: "c1", seq, output: piece, size: { bytes: Buffer.byteLength(piece), chars: piece.length } });
    expect(readFileSync(path, "utf8")).toBe(`${expected(0)}\n${expected(1)}\n`);
  });

  it("redacts the logged output before it is escaped", () => {
    const path = join(dir, "r.jsonl");
    const w = new LogWriter({ path, sessionId: "s1", now: clock, escape: withJsonEscaped, redact: (t) => redactSecrets(t).text });
    const secret = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
    w.appendCall({ callId: "c1", tool: "bash", output: `${pad}export GITHUB_TOKEN=${secret}\n"quoted" \u001b[0m\n` });
    const file = readFileSync(path, "utf8");
    expect(file).not.toContain(secret);
    const [record] = readLogSync(path).records as CallRecord[];
    expect(record!.output).toContain("[REDACTED:");
    expect(record!.output).toContain('"quoted" \u001b[0m');
  });
});

describe("redaction of outputs given as bytes", () => {
  it("redacts text bytes in call and chunk records, long and short, and keeps bytes without secrets as they are", () => {
    const path = join(dir, "rb.jsonl");
    const w = new LogWriter({ path, sessionId: "s1", now: clock, escape: withJsonEscaped, redact: (t) => redactSecrets(t).text });
    const secret = "AKIA" + "ABCDEFGHIJKLMNOP";
    const long = Buffer.from(`${pad}aws_access_key_id ${secret}\n`);
    const short = Buffer.from(`id ${secret}\n`);
    const clean = Buffer.from(`${pad}nothing secret here\n`);
    w.appendCall({ callId: "a", tool: "bash", output: long });
    w.appendCall({ callId: "b", tool: "bash", output: short });
    w.appendChunk({ callId: "c", seq: 0, output: long });
    w.appendChunk({ callId: "c", seq: 1, output: short });
    w.appendCall({ callId: "d", tool: "bash", output: clean });
    const file = readFileSync(path, "utf8");
    expect(file).not.toContain(secret);
    expect(file.match(/\[REDACTED:aws-access-key-id\]/g)).toHaveLength(4);
    const records = readLogSync(path, { chunks: "keep" }).records as CallRecord[];
    expect(records.at(-1)!.output).toBe(clean.toString("utf8"));
  });
});

describe("a core that cannot escape", () => {
  it("leaves the writer serialising the whole record, as before", () => {
    // (module (func (export "compact"))): a module the binding accepts, with no escape exports.
    const bare = new Uint8Array([
      0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x04, 0x01, 0x60, 0x00, 0x00, 0x03, 0x02, 0x01, 0x00, 0x07, 0x0b, 0x01, 0x07,
      ...Buffer.from("compact"), 0x00, 0x00, 0x0a, 0x04, 0x01, 0x02, 0x00, 0x0b,
    ]);
    const path = join(dir, "bare.jsonl");
    useCoreWasm(bare);
    try {
      const w = new LogWriter({ path, sessionId: "s1", now: clock, escape: withJsonEscaped });
      const output = pad + '"\u0001\ud800';
      const before = coreLogEscapes();
      expect(w.appendCall({ callId: "c1", tool: "bash", args: { command: "make" }, exitCode: 2, output }).ok).toBe(true);
      expect(coreLogEscapes()).toBe(before);
      expect(readFileSync(path, "utf8")).toBe(`${expectedCallLine(output)}\n`);
    } finally {
      useCoreWasm(readFileSync(new URL("../../build/abridge.wasm", import.meta.url)));
      resetCore();
    }
  });
});

describe("process() with long outputs", () => {
  it("writes each call record before its completion and keeps the order of calls", async () => {
    const abridge = createAbridge({ cwd: dir, env: {}, log: { dir }, redaction: { log: true } });
    const outputs = [pad + "a.c:1: error: first\n", "short\n", pad.repeat(3) + "b.c:2: error: second \u001b[31m‘x’\u001b[0m\n", "\ud800 lone\n" + pad];
    const ids = [];
    for (const [i, output] of outputs.entries()) ids.push((await abridge.process({ tool: "bash", output, exitCode: 1, callId: `k${i}` })).callId);
    const path = abridge.logPath!;
    await abridge.close();
    const { records, warnings } = readLogSync(path);
    expect(warnings).toEqual([]);
    expect(records.map((r) => `${r.type}:${r.callId}`)).toEqual(ids.flatMap((id) => [`call:${id}`, `completion:${id}`]));
    const calls = records.filter((r): r is CallRecord => r.type === "call");
    expect(calls.map((c) => c.output)).toEqual(outputs);
  });
});

describe("a long call record written by the thread pool (appendCallAsync)", () => {
  const long = "cc -c src/unit.c -o build/unit.o \u001b[32mok\u001b[0m\n".repeat(Math.ceil(ASYNC_WRITE_FROM / 40));

  it("resolves once the line is in the file, the same line appendCall writes", async () => {
    const path = join(dir, "async.jsonl");
    const w = new LogWriter({ path, sessionId: "s1", now: clock, escape: withJsonEscaped });
    const written: string[] = [];
    w.on("written", (r) => written.push(`${r.type}:${r.callId}`));
    const pending = w.appendCallAsync({ callId: "c1", tool: "bash", args: { command: "make" }, exitCode: 2, output: long });
    expect(pending).toBeInstanceOf(Promise);
    const result = await pending;
    expect(result).toMatchObject({ ok: true, offset: 0 });
    expect(written).toEqual(["call:c1"]);
    expect(readFileSync(path, "utf8")).toBe(`${expectedCallLine(long)}\n`);
    // A short output is written at once.
    const short = w.appendCallAsync({ callId: "c2", tool: "bash", output: "ok\n" });
    expect(short).not.toBeInstanceOf(Promise);
    w.close();
  });

  it("keeps writes in flight whole when close() comes first, and refuses later ones", async () => {
    const path = join(dir, "close.jsonl");
    const w = new LogWriter({ path, sessionId: "s1", now: clock, escape: withJsonEscaped });
    const a = w.appendCallAsync({ callId: "a", tool: "bash", args: { command: "make" }, exitCode: 2, output: long });
    const b = w.appendCallAsync({ callId: "b", tool: "bash", args: { command: "make" }, exitCode: 2, output: long + "b" });
    w.close();
    expect(await a).toMatchObject({ ok: true });
    expect(await b).toMatchObject({ ok: true });
    expect(w.appendCall({ callId: "c", tool: "bash", output: "x" })).toMatchObject({ ok: false });
    const { records, warnings } = readLogSync(path);
    expect(warnings).toEqual([]);
    expect(records.map((r) => r.callId)).toEqual(["a", "b"]);
  });

  it("reports a write that fails in the thread pool, and process() then gives the digest of an unlogged call", async () => {
    // /dev/full opens and takes the first record's write: ENOSPC, from the thread pool.
    const failing = createAbridge({ cwd: dir, env: {}, log: { path: "/dev/full" } });
    const errors: string[] = [];
    failing.on("error", (e) => errors.push(e.code));
    const unlogged = createAbridge({ cwd: dir, env: {}, log: false });
    const input = { tool: "bash", args: { command: "make -k" }, output: long + "a.c:1:1: error: boom\n", exitCode: 2, callId: "c1" };
    const a = await failing.process(input);
    const b = await unlogged.process(input);
    expect(errors).toEqual(["ABRIDGE_LOG_WRITE"]);
    expect(a.llmContent).toBe(b.llmContent);
    expect(a.llmContent).not.toContain("abridge_read");
    expect(a.metadata).toEqual(b.metadata);
    await failing.close();
    await unlogged.close();
  });
});
