// A writer locates its records by the size it knows plus what it wrote, reading the file's size
// back every few dozen writes: locations are exact while it alone appends, and a log shared with
// another appender still reads every record (a stale location costs a scan, never a wrong record).
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync, truncateSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ASYNC_WRITE_FROM, LogWriter, type LogWriteResult } from "../../host/log/writer.js";
import { withJsonEscaped } from "../../host/core.js";
import { LogRetrieval } from "../../host/log/retrieval.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "abridge-locations-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Whether a write's location holds, in the file, the record of that call id. */
function locates(path: string, result: LogWriteResult, callId: string): boolean {
  if (!result.ok) return false;
  const line = readFileSync(path).subarray(result.offset, result.offset + result.bytes).toString("utf8");
  return line.endsWith("\n") && (JSON.parse(line) as { callId: string }).callId === callId;
}

describe("record locations", () => {
  it("are exact for every record while one writer appends (300 records, some with a non-ASCII output)", () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s" });
    let exact = 0;
    for (let i = 0; i < 300; i++) {
      const callId = `c${i}`;
      const r = w.appendCall({ callId, tool: "bash", output: i % 3 === 0 ? `naïve “quoted” ${"x".repeat(i)}` : `line ${i}\n`.repeat(i % 7) });
      if (locates(path, r, callId)) exact++;
    }
    expect(exact).toBe(300);
    w.close();
  });

  it("become exact again after another appender's records, and every call reads back whole", () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s" });
    const retrieval = new LogRetrieval({ path, writer: w });
    // Another process's appends, as the file sees them: a second writer of the same file.
    const other = new LogWriter({ path, sessionId: "other" });
    let exactLast = 0;
    for (let i = 0; i < 200; i++) {
      if (i % 50 === 10) other.appendCall({ callId: `o${i}`, tool: "bash", output: "from elsewhere\n" });
      const callId = `c${i}`;
      const r = w.appendCall({ callId, tool: "bash", output: `output of ${callId}\n` });
      if (i >= 195 && locates(path, r, callId)) exactLast++;
    }
    // The last other append (i = 160) is followed by more than 35 writes of this writer, its
    // 192nd (i = 191) among them, when it read the size back (every 64th write).
    expect(exactLast).toBe(5);
    const unreadable = [];
    for (let i = 0; i < 200; i++) {
      const text = retrieval.read(`c${i}`).text;
      if (!text.includes(`output of c${i}`)) unreadable.push(i);
    }
    expect(unreadable).toEqual([]);
    other.close();
    w.close();
  });

  it("while a long record is written in the background: every call reads back whole, and the next record is exact", async () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s", escape: withJsonEscaped });
    const retrieval = new LogRetrieval({ path, writer: w });
    const long = "compiling unit\n".repeat(Math.ceil(ASYNC_WRITE_FROM / 15) + 1);
    const pending = w.appendCallAsync({ callId: "long", tool: "bash", output: long });
    expect(pending).toBeInstanceOf(Promise);
    // Written meanwhile: before or after the long one, which the writer cannot know.
    for (let i = 0; i < 5; i++) w.appendCall({ callId: `s${i}`, tool: "bash", output: `short ${i}\n` });
    expect((await pending).ok).toBe(true);
    // Once all are done, the known size is the file's end again.
    const after = w.appendCall({ callId: "after", tool: "bash", output: "after\n" });
    expect(locates(path, after, "after")).toBe(true);
    expect(retrieval.read("long").text).toMatch(/^1: compiling unit\n2: compiling unit\n/);
    for (let i = 0; i < 5; i++) expect(retrieval.read(`s${i}`).text).toContain(`short ${i}`);
    w.close();
  });

  it("a log emptied from outside is not rotated away on a stale size", () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s", maxBytes: 20000, keep: 2 });
    const rotations: unknown[] = [];
    w.on("rotate", (e) => rotations.push(e));
    // About 18 KB in 18 records, under maxBytes and fewer writes than the size is read back after.
    for (let i = 0; i < 18; i++) w.appendCall({ callId: `a${i}`, tool: "bash", output: "x".repeat(900) });
    expect(rotations).toHaveLength(0);
    expect(readFileSync(path).length).toBeGreaterThan(16000);
    // Emptied by another program (a copy-and-truncate rotation): this writer's known size is stale.
    truncateSync(path, 0);
    for (let i = 0; i < 10; i++) w.appendCall({ callId: `b${i}`, tool: "bash", output: "x".repeat(900) });
    expect(rotations).toHaveLength(0);
    const r = w.appendCall({ callId: "last", tool: "bash", output: "last\n" });
    expect(locates(path, r, "last")).toBe(true);
    w.close();
  });
});
