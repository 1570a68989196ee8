import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, existsSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LogWriter } from "../../host/log/writer.js";
import { readLogSync } from "../../host/log/reader.js";
import { decodeLoggedOutput, type CallRecord, type CompletionRecord } from "../../host/log/schema.js";
import { AbridgeError, isAbridgeError } from "../../host/errors.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "abridge-log-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const fixedClock = () => new Date("2025-01-02T03:04:05.678Z");

function lines(path: string): string[] {
  return readFileSync(path, "utf8").split("\n").slice(0, -1);
}

describe("LogWriter records", () => {
  it("writes a call record with every field, one JSON line, schema v1", () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "sess-1", now: fixedClock });
    const r = w.appendCall({ callId: "c1", tool: "bash", args: { command: "make -k" }, exitCode: 2, output: "cc -c a.c\na.c:1: error: x\n" });
    expect(r).toMatchObject({ ok: true, offset: 0 });
    const [line] = lines(path);
    expect(JSON.parse(line)).toEqual({
      v: 1,
      type: "call",
      time: "2025-01-02T03:04:05.678Z",
      session: "sess-1",
      callId: "c1",
      tool: "bash",
      args: { command: "make -k" },
      exitCode: 2,
      output: "cc -c a.c\na.c:1: error: x\n",
      size: { bytes: 26, chars: 26 },
    });
    // Leading fields in a fixed order: the index reads them from a line's head.
    expect(line.startsWith('{"v":1,"type":"call","time":"2025-01-02T03:04:05.678Z","session":"sess-1","callId":"c1",')).toBe(true);
    w.close();
  });

  it("writes a completion record", () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s", now: fixedClock });
    w.appendCompletion({
      callId: "c1",
      category: "CommandOutput",
      llmContent: "a.c:1: error: x",
      summary: "Error: x",
      metadata: { rawTokens: 120, llmTokens: 30 },
      summarizer: { provider: "anthropic", model: "claude-haiku-4-5-20251001", latencyMs: 412, usage: { inputTokens: 100, outputTokens: 20 }, fallbackReason: null },
    });
    const rec = JSON.parse(lines(path)[0]) as CompletionRecord;
    expect(rec).toMatchObject({ v: 1, type: "completion", session: "s", callId: "c1", category: "CommandOutput", summary: "Error: x" });
    expect(rec.summarizer?.usage).toEqual({ inputTokens: 100, outputTokens: 20 });
    w.close();
  });

  it("keeps valid UTF-8 bytes as text and invalid bytes as base64 with their size", () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s" });
    const utf8 = Buffer.from("héllo 😀\n", "utf8");
    const invalid = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0xfe, 0x00, 0x80]); // zip magic, then bytes no UTF-8 sequence allows
    w.appendCall({ callId: "t", tool: "read", output: utf8 });
    w.appendCall({ callId: "b", tool: "read", output: invalid });
    const [t, b] = lines(path).map((l) => JSON.parse(l) as CallRecord);
    expect(t.output).toBe("héllo 😀\n");
    expect(t.size).toEqual({ bytes: 12, chars: 9 }); // 😀 is d83d de00: two units
    expect(b.output).toEqual({ bytes: Buffer.from(invalid).toString("base64") });
    expect(b.size).toEqual({ bytes: 8 });
    expect(Buffer.from((b.output as { bytes: string }).bytes, "base64")).toEqual(Buffer.from(invalid));
    expect(decodeLoggedOutput(b.output).lossy).toBe(true);
    w.close();
  });

  it("round-trips a string with a lone surrogate exactly", () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s" });
    const text = "a\ud800b\udc00c"; // d800 and dc00 unpaired
    w.appendCall({ callId: "x", tool: "t", output: text });
    const rec = readLogSync(path).records[0] as CallRecord;
    expect(rec.output).toBe(text);
    w.close();
  });

  it("logs calls whose args cannot be serialized (bigint, cycles) instead of failing", () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s" });
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(w.appendCall({ callId: "big", tool: "t", args: { n: 10n }, output: "x" }).ok).toBe(true);
    expect(w.appendCall({ callId: "cyc", tool: "t", args: cyclic, output: "y" }).ok).toBe(true);
    const [big, cyc] = readLogSync(path).records as CallRecord[];
    expect(big.args).toEqual({ n: "10" });
    expect(cyc.args).toMatch(/^\[unserializable arguments: /);
    expect(cyc.output).toBe("y");
    w.close();
  });

  it("creates the file with mode 0600 and its directories", () => {
    const path = join(dir, "deep", "er", "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s" });
    w.appendCall({ callId: "c", tool: "t", output: "x" });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, "deep", "er")).mode & 0o777).toBe(0o700);
    w.close();
  });

  it("fsync option writes and syncs each record", () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s", fsync: true });
    for (let i = 0; i < 5; i++) expect(w.appendCall({ callId: `c${i}`, tool: "t", output: "o" }).ok).toBe(true);
    expect(readLogSync(path).records).toHaveLength(5);
    w.close();
  });

  it("applies the redact hook to the logged output and LLM content", () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s", redact: (t) => t.replaceAll("hunter2", "[REDACTED:password]") });
    w.appendCall({ callId: "c", tool: "t", output: "password=hunter2" });
    w.appendCompletion({ callId: "c", category: "CommandOutput", llmContent: "pw hunter2", summary: "" });
    const text = readFileSync(path, "utf8");
    expect(text).not.toContain("hunter2");
    expect(text).toContain("[REDACTED:password]");
    w.close();
  });

  it("does not redact again an LLM content its caller already redacted", () => {
    const path = join(dir, "s.jsonl");
    const seen: string[] = [];
    const w = new LogWriter({ path, sessionId: "s", redact: (t) => (seen.push(t), t.replaceAll("hunter2", "[REDACTED:password]")) });
    w.appendCompletion({ callId: "c", category: "CommandOutput", llmContent: "pw [REDACTED:password]", summary: "", llmContentRedacted: true });
    w.appendCompletion({ callId: "d", category: "CommandOutput", llmContent: "pw hunter2", summary: "" });
    expect(seen).toEqual(["pw hunter2"]);
    expect(readLogSync(path).records.map((r) => (r as CompletionRecord).llmContent)).toEqual(["pw [REDACTED:password]", "pw [REDACTED:password]"]);
    w.close();
  });

  it("reports the record's byte offset and inode", () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s" });
    const a = w.appendCall({ callId: "a", tool: "t", output: "1" });
    const b = w.appendCall({ callId: "b", tool: "t", output: "22" });
    if (!a.ok || !b.ok) throw new Error("write failed");
    expect(b.offset).toBe(a.bytes);
    expect(b.ino).toBe(statSync(path).ino);
    const raw = readFileSync(path);
    expect(JSON.parse(raw.subarray(b.offset, b.offset + b.bytes).toString()).callId).toBe("b");
    w.close();
  });

  it("writes a record larger than PIPE_BUF (and than a read chunk) as one line", () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s" });
    const big = "0123456789abcdef\n".repeat(200_000); // 3.4 MB
    w.appendCall({ callId: "big", tool: "t", output: big });
    w.appendCall({ callId: "after", tool: "t", output: "x" });
    const { records, warnings } = readLogSync(path);
    expect(warnings).toEqual([]);
    expect((records[0] as CallRecord).output).toBe(big);
    expect(records[1].callId).toBe("after");
    w.close();
  });
});

describe("LogWriter recovery", () => {
  it("closes a torn last line left by a crashed writer before appending", () => {
    const path = join(dir, "s.jsonl");
    const w1 = new LogWriter({ path, sessionId: "s" });
    w1.appendCall({ callId: "ok1", tool: "t", output: "fine" });
    w1.close();
    appendFileSync(path, '{"v":1,"type":"call","time":"2025-01-0'); // what a crash mid-write leaves
    const w2 = new LogWriter({ path, sessionId: "s" });
    w2.appendCall({ callId: "ok2", tool: "t", output: "also fine" });
    w2.close();
    const { records, warnings } = readLogSync(path);
    expect(records.map((r) => r.callId)).toEqual(["ok1", "ok2"]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ line: 2, reason: expect.stringMatching(/^unparsable JSON/) });
  });

  it("after close, appends fail with a typed error instead of throwing", () => {
    const w = new LogWriter({ path: join(dir, "s.jsonl"), sessionId: "s" });
    w.close();
    const r = w.appendCall({ callId: "c", tool: "t", output: "x" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe("ABRIDGE_LOG_WRITE");
  });

  it("validates its options", () => {
    expect(() => new LogWriter({ path: "", sessionId: "s" })).toThrow(AbridgeError);
    expect(() => new LogWriter({ path: "x", sessionId: "s", keep: -1 })).toThrow(/log.keep must be a non-negative integer, got -1/);
  });
});

describe("LogWriter faults: typed error event, no throw, the caller goes on", () => {
  function expectWriteError(w: LogWriter, systemCode: string) {
    const events: AbridgeError[] = [];
    w.on("error", (e) => events.push(e));
    let result;
    expect(() => {
      result = w.appendCall({ callId: "c", tool: "bash", output: "important output" });
    }).not.toThrow();
    expect(result).toMatchObject({ ok: false });
    expect(events).toHaveLength(1);
    expect(isAbridgeError(events[0], "ABRIDGE_LOG_WRITE")).toBe(true);
    expect((events[0].cause as NodeJS.ErrnoException).code).toBe(systemCode);
    expect(events[0].message).toContain(systemCode);
    expect(w.failures).toBe(1);
    return events[0];
  }

  it("ENOSPC: the log is a link to /dev/full", () => {
    const path = join(dir, "full.jsonl");
    symlinkSync("/dev/full", path);
    expectWriteError(new LogWriter({ path, sessionId: "s" }), "ENOSPC");
  });

  it("a regular file where the log directory should be (ENOTDIR)", () => {
    writeFileSync(join(dir, "notadir"), "x");
    expectWriteError(new LogWriter({ path: join(dir, "notadir", "sessions", "s.jsonl"), sessionId: "s" }), "ENOTDIR");
  });

  it("a directory that cannot be created under /proc (ENOENT)", () => {
    expectWriteError(new LogWriter({ path: "/proc/abridge-no-such-dir/s.jsonl", sessionId: "s" }), "ENOENT");
  });

  it("the log path is a directory (EISDIR)", () => {
    expectWriteError(new LogWriter({ path: dir, sessionId: "s" }), "EISDIR");
  });

  it("with no error listener the failure is still returned, and a throwing listener is contained", () => {
    const path = join(dir, "full.jsonl");
    symlinkSync("/dev/full", path);
    const quiet = new LogWriter({ path, sessionId: "s" });
    const r = quiet.appendCall({ callId: "c", tool: "t", output: "x" });
    expect(r.ok).toBe(false);
    expect(quiet.lastError?.code).toBe("ABRIDGE_LOG_WRITE");
    const loud = new LogWriter({ path, sessionId: "s" });
    loud.on("error", () => {
      throw new Error("listener bug");
    });
    expect(() => loud.appendCall({ callId: "c", tool: "t", output: "x" })).not.toThrow();
  });

  it("recovers when the fault goes away (directory created later)", () => {
    writeFileSync(join(dir, "blocker"), "x");
    const path = join(dir, "blocker", "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s" });
    expect(w.appendCall({ callId: "lost", tool: "t", output: "x" }).ok).toBe(false);
    rmSync(join(dir, "blocker"));
    expect(w.appendCall({ callId: "kept", tool: "t", output: "y" }).ok).toBe(true);
    expect(readLogSync(path).records.map((r) => r.callId)).toEqual(["kept"]);
    w.close();
  });
});

describe("a held call record", () => {
  it("goes to the file with its completion in one write, each record located where it landed", () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s", now: fixedClock });
    expect(w.appendCall({ callId: "first", tool: "t", output: "before" }).ok).toBe(true);
    const written: { type: string; callId: string; offset: number; bytes: number }[] = [];
    w.on("written", (e) => written.push(e));
    const held = w.holdCall({ callId: "c1", tool: "bash", args: { command: "ls" }, exitCode: 0, output: "a.txt\n“b”.txt\n\u001b[0m" });
    if (!held || !("line" in held)) throw new Error("the call was not held");
    // Nothing is in the file until the completion comes.
    expect(lines(path)).toHaveLength(1);
    const done = w.appendCompletion({ callId: "c1", category: "Listing", llmContent: "a.txt\n“b”.txt", summary: "2 files" }, held);
    expect(done.ok).toBe(true);
    expect(held.result).toEqual(done);
    const file = readFileSync(path);
    expect(written.map((e) => `${e.type} ${e.callId}`)).toEqual(["call c1", "completion c1"]);
    const [call, completion] = written.map((e) => JSON.parse(file.subarray(e.offset, e.offset + e.bytes).toString("utf8")));
    expect(call).toEqual({ v: 1, type: "call", time: "2025-01-02T03:04:05.678Z", session: "s", callId: "c1", tool: "bash", args: { command: "ls" }, exitCode: 0, output: "a.txt\n“b”.txt\n\u001b[0m", size: { bytes: 22, chars: 18 } });
    expect(completion).toMatchObject({ type: "completion", callId: "c1", llmContent: "a.txt\n“b”.txt" });
    expect(written[1]!.offset + written[1]!.bytes).toBe(file.length);
    expect(done).toMatchObject({ offset: written[1]!.offset, bytes: written[1]!.bytes });
    // Written once: a later flush is the same result, not a second record.
    expect(w.writeHeldCall(held)).toBe(done);
    expect(readLogSync(path).records.map((r) => `${r.type} ${r.callId}`)).toEqual(["call first", "call c1", "completion c1"]);
    w.close();
  });

  it("written alone first, its completion follows as a record of its own", () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s" });
    const held = w.holdCall({ callId: "c1", tool: "t", output: "x" });
    if (!held || !("line" in held)) throw new Error("the call was not held");
    expect(w.writeHeldCall(held).ok).toBe(true);
    expect(lines(path)).toHaveLength(1);
    expect(w.appendCompletion({ callId: "c1", category: "CommandOutput", llmContent: "x", summary: "" }, held).ok).toBe(true);
    expect(readLogSync(path).records.map((r) => r.type)).toEqual(["call", "completion"]);
    w.close();
  });

  it("is not held for a long, streamed or aborted output, on a closed writer, or after a failed write", () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s" });
    expect(w.holdCall({ callId: "long", tool: "t", output: "y".repeat(16 * 1024) })).toBeUndefined();
    expect(w.holdCall({ callId: "s", tool: "t", output: "", chunks: { count: 2, size: { bytes: 4, chars: 4 } } })).toBeUndefined();
    expect(w.holdCall({ callId: "a", tool: "t", output: "z", aborted: "cancelled" })).toBeUndefined();
    w.close();
    expect(w.holdCall({ callId: "closed", tool: "t", output: "z" })).toBeUndefined();
    const fullPath = join(dir, "full.jsonl");
    symlinkSync("/dev/full", fullPath);
    const full = new LogWriter({ path: fullPath, sessionId: "s" });
    full.on("error", () => {});
    const held = full.holdCall({ callId: "c1", tool: "t", output: "x" });
    if (!held || !("line" in held)) throw new Error("the call was not held");
    const failed = full.appendCompletion({ callId: "c1", category: "CommandOutput", llmContent: "x", summary: "" }, held);
    expect(failed.ok).toBe(false);
    expect(held.result).toBe(failed);
    expect(full.failures).toBe(1);
    // The caller would digest again for a record that did not land: the next call is written at once.
    expect(full.holdCall({ callId: "c2", tool: "t", output: "x" })).toBeUndefined();
  });
});

describe("rotation", () => {
  it("rotates by size to .1, .2 … and keeps N files", () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s", maxBytes: 1000, keep: 2 });
    const rotations: unknown[] = [];
    w.on("rotate", (e) => rotations.push(e));
    const out = "y".repeat(300); // each record ≈ 470 bytes: two per file
    for (let i = 0; i < 10; i++) expect(w.appendCall({ callId: `c${i}`, tool: "t", output: out }).ok).toBe(true);
    w.close();
    expect(existsSync(`${path}.1`)).toBe(true);
    expect(existsSync(`${path}.2`)).toBe(true);
    expect(existsSync(`${path}.3`)).toBe(false);
    for (const f of [path, `${path}.1`, `${path}.2`]) {
      expect(statSync(f).size).toBeLessThanOrEqual(1000);
      expect(statSync(f).mode & 0o777).toBe(0o600);
    }
    expect(rotations).toHaveLength(4);
    // Oldest first across files; the first four records were rotated away.
    expect(readLogSync(path).records.map((r) => r.callId)).toEqual(["c4", "c5", "c6", "c7", "c8", "c9"]);
  });

  it("keep = 0 truncates by starting over; a record bigger than maxBytes is still written whole", () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s", maxBytes: 200, keep: 0 });
    w.appendCall({ callId: "a", tool: "t", output: "z".repeat(500) });
    w.appendCall({ callId: "b", tool: "t", output: "z".repeat(500) });
    w.close();
    expect(existsSync(`${path}.1`)).toBe(false);
    expect(readLogSync(path).records.map((r) => r.callId)).toEqual(["b"]);
  });

  it("maxBytes 0 never rotates", () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s", maxBytes: 0 });
    for (let i = 0; i < 20; i++) w.appendCall({ callId: `c${i}`, tool: "t", output: "q".repeat(1000) });
    w.close();
    expect(existsSync(`${path}.1`)).toBe(false);
    expect(readLogSync(path).records).toHaveLength(20);
  });
});
