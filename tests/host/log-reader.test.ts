import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LogWriter } from "../../host/log/writer.js";
import { readLog, readLogSync, type LogWarning } from "../../host/log/reader.js";
import type { LogRecord } from "../../host/log/schema.js";

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "abridge-reader-"));
  path = join(dir, "s.jsonl");
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function writeCalls(ids: string[], options: { maxBytes?: number; keep?: number } = {}): void {
  const w = new LogWriter({ path, sessionId: "s", ...options });
  for (const id of ids) {
    w.appendCall({ callId: id, tool: "bash", output: `output of ${id}\n`.repeat(20) });
    w.appendCompletion({ callId: id, category: "CommandOutput", llmContent: `llm ${id}`, summary: id, metadata: { rawTokens: 100, llmTokens: 10 } });
  }
  w.close();
}

async function readAll(p: string, onWarning?: (w: LogWarning) => void): Promise<LogRecord[]> {
  const out: LogRecord[] = [];
  for await (const r of readLog(p, { onWarning })) out.push(r);
  return out;
}

describe("readLog", () => {
  it("reads every record in order, sync and async alike", async () => {
    writeCalls(["a", "b", "c"]);
    const sync = readLogSync(path);
    expect(sync.warnings).toEqual([]);
    expect(sync.records.map((r) => `${r.type}:${r.callId}`)).toEqual(["call:a", "completion:a", "call:b", "completion:b", "call:c", "completion:c"]);
    expect(await readAll(path)).toEqual(sync.records);
  });

  it("skips a torn last line with a warning (sync and async)", async () => {
    writeCalls(["a", "b"]);
    appendFileSync(path, '{"v":1,"type":"call","time":"2025-01-02T03:04:05.678Z","session":"s","callId":"torn","tool":"bash","output":"half');
    const { records, warnings } = readLogSync(path);
    expect(records).toHaveLength(4);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ file: path, line: 5, reason: "torn last line (no newline at end of file): skipped" });
    const asyncWarnings: LogWarning[] = [];
    expect(await readAll(path, (w) => asyncWarnings.push(w))).toHaveLength(4);
    expect(asyncWarnings).toEqual(warnings);
  });

  it("skips unparsable lines, unknown versions and foreign objects anywhere, counting each", () => {
    writeFileSync(
      path,
      [
        '{"v":1,"type":"call","time":"t","session":"s","callId":"ok","tool":"t","args":null,"exitCode":0,"output":"x","size":{"bytes":1,"chars":1}}',
        "not json at all",
        '{"v":2,"type":"call","callId":"future"}',
        '{"v":1,"type":"note","callId":"n"}',
        '{"v":1,"type":"call","callId":"bad-output","output":42}',
        "[1,2,3]",
        "",
        '{"v":1,"type":"completion","time":"t","session":"s","callId":"ok","category":"CommandOutput","llmContent":"x","summary":"","metadata":{},"summarizer":null}',
        "",
      ].join("\n"),
    );
    const { records, warnings } = readLogSync(path);
    expect(records.map((r) => r.type)).toEqual(["call", "completion"]);
    expect(warnings.map((w) => [w.line, w.reason.split(" (")[0]])).toEqual([
      [2, "unparsable JSON"],
      [3, "unsupported schema version 2"],
      [4, 'unknown record type "note"'],
      [5, "output is neither text nor { bytes }"],
      [6, "not a JSON object"],
    ]);
  });

  it("reads rotated files oldest first", async () => {
    writeCalls(["c0", "c1", "c2", "c3", "c4", "c5"], { maxBytes: 1200, keep: 10 });
    const { records, files } = readLogSync(path);
    expect(files.length).toBeGreaterThan(2);
    expect(files.at(-1)).toBe(path);
    expect(files[0]).toBe(`${path}.${files.length - 1}`);
    expect(records.filter((r) => r.type === "call").map((r) => r.callId)).toEqual(["c0", "c1", "c2", "c3", "c4", "c5"]);
    expect((await readAll(path)).map((r) => r.callId)).toEqual(records.map((r) => r.callId));
    expect(readLogSync(path, { rotated: false }).files).toEqual([path]);
  });

  it("a missing log reads as empty; stopping early closes the file", async () => {
    expect(readLogSync(join(dir, "none.jsonl")).records).toEqual([]);
    writeCalls(["a", "b", "c"]);
    for await (const r of readLog(path)) {
      expect(r.callId).toBe("a");
      break;
    }
  });
});
