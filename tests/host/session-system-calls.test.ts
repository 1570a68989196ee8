// What a session's process() of a short output asks of the file system, counted: one write(2)
// for its call record and completion together, and a read of the log's size back only now and
// then (rarer and rarer while nobody else writes the log). Never timed.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const calls = vi.hoisted(() => ({ writes: 0, sizeReads: 0, other: 0 }));
vi.mock("../../host/node-fs.js", async (importOriginal) => {
  const fs = await importOriginal<typeof import("../../host/node-fs.js")>();
  const counted = <F extends (...args: never[]) => unknown>(f: F, key: keyof typeof calls) => ((...args: Parameters<F>) => {
    calls[key]++;
    return f(...args);
  }) as unknown as F;
  return {
    ...fs,
    writeSync: counted(fs.writeSync, "writes"),
    writevSync: counted(fs.writevSync, "writes"),
    writev: counted(fs.writev, "writes"),
    fstatSync: counted(fs.fstatSync, "sizeReads"),
    statSync: counted(fs.statSync, "other"),
    openSync: counted(fs.openSync, "other"),
    readSync: counted(fs.readSync, "other"),
    existsSync: counted(fs.existsSync, "other"),
  };
});

const { createAbridge } = await import("../../host/session.js");
const { tuningOutputs } = await import("./support/tuning-outputs.js");

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "abridge-system-calls-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("process() of a short output", () => {
  it("writes once per call and reads the log's size back 7 times in 10,000 calls (after the log is opened)", async () => {
    // A real capture of a few KB (held with its completion, escaped by the core).
    const fixture = tuningOutputs().find((f) => f.text.length >= 2048 && f.text.length <= 8192);
    expect(fixture).toBeDefined();
    // No rotation: 10,000 calls of a few KB pass the default 64 MiB.
    const session = createAbridge({ cwd: dir, env: {}, log: { dir, path: join(dir, "s.jsonl"), maxBytes: 0 } });
    const input = (callId: string) => ({ tool: fixture!.tool, args: fixture!.args as Record<string, unknown>, output: fixture!.text, exitCode: fixture!.exitCode, callId });
    await session.process(input("first"));
    calls.writes = calls.sizeReads = calls.other = 0;
    for (let i = 1; i < 10_000; i++) await session.process(input(`c${i}`));
    expect(calls.writes).toBe(9_999);
    // Reads after writes 64, 192, 448, 960, 1,984, 4,032 and 8,128 of the log (the first call's was its first).
    expect(calls.sizeReads).toBe(7);
    expect(calls.other).toBe(0);
    expect(session.read("c9999").text.length).toBeGreaterThan(0);
    await session.close();
  }, 120_000);
});
