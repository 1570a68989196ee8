// The writer reads its file's size back (an fstat) to learn of other appenders: every 64th write
// at first, less and less often while the reads find only its own records, every 64th again as
// soon as one finds another's. Counted as the calls the writer makes, never timed.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const sizeReads = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../host/node-fs.js", async (importOriginal) => {
  const fs = await importOriginal<typeof import("../../host/node-fs.js")>();
  return {
    ...fs,
    fstatSync: ((...args: Parameters<typeof fs.fstatSync>) => {
      sizeReads.count++;
      return fs.fstatSync(...args);
    }) as typeof fs.fstatSync,
  };
});

const { LogWriter } = await import("../../host/log/writer.js");
type Result = ReturnType<InstanceType<typeof LogWriter>["appendCall"]>;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "abridge-size-reads-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Whether a write's location holds, in the file, the record of that call id. */
function locates(path: string, result: Result, callId: string): boolean {
  if (!result.ok) return false;
  const line = readFileSync(path).subarray(result.offset, result.offset + result.bytes).toString("utf8");
  return line.endsWith("\n") && (JSON.parse(line) as { callId: string }).callId === callId;
}

describe("reads of the log's size", () => {
  it("grow rarer while this writer alone appends: 7 in 10,000 writes after the open's, each record located exactly", () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s" });
    w.appendCall({ callId: "first", tool: "bash", output: "opened\n" });
    sizeReads.count = 0;
    let exact = 0;
    for (let i = 1; i < 10_000; i++) {
      const r = w.appendCall({ callId: `c${i}`, tool: "bash", output: `line ${i}\n` });
      if (i % 97 === 0 && locates(path, r, `c${i}`)) exact++;
    }
    // After writes 64, 192, 448, 960, 1984, 4032 and 8128: intervals of 64, 128 … 4,096.
    expect(sizeReads.count).toBe(7);
    expect(exact).toBe(Math.floor(9_999 / 97));
    w.close();
  });

  it("go back to every 64th write once one finds another appender's records", () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "s" });
    const other = new LogWriter({ path, sessionId: "other" });
    for (let i = 0; i < 1000; i++) w.appendCall({ callId: `a${i}`, tool: "bash", output: "x\n" });
    // Reads so far after writes 64, 192, 448 and 960: the next is due after write 1,984.
    other.appendCall({ callId: "o", tool: "bash", output: "from elsewhere\n" });
    sizeReads.count = 0;
    for (let i = 1000; i < 1984; i++) w.appendCall({ callId: `a${i}`, tool: "bash", output: "x\n" });
    expect(sizeReads.count).toBe(1);
    // It found the other's record: every 64th write again, each read then finding only this writer's.
    let r = w.appendCall({ callId: "b0", tool: "bash", output: "x\n" });
    expect(locates(path, r, "b0")).toBe(true);
    sizeReads.count = 0;
    for (let i = 1; i < 64; i++) r = w.appendCall({ callId: `b${i}`, tool: "bash", output: "x\n" });
    expect(sizeReads.count).toBe(1);
    expect(locates(path, r, "b63")).toBe(true);
    other.close();
    w.close();
  });
});
