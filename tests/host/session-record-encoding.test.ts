// What building a short output's two log records costs a session, counted per call: the JSON
// texts serialised and the UTF-8 encodes that make a view and a result object per piece. Counted,
// never timed; the bytes themselves are compared with JSON.stringify of each record elsewhere
// (log-record-text.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAbridge } from "../../host/session.js";
import { tuningOutputs } from "./support/tuning-outputs.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "abridge-record-encoding-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

describe("a short output's records", () => {
  it("are encoded without TextEncoder, and quote a repeated tool, category and time once", async () => {
    // A real capture of a few KB, passed to the model whole (its record escaped by the core).
    const fixture = tuningOutputs().find((f) => f.text.length >= 2048 && f.text.length <= 8192)!;
    const session = createAbridge({ cwd: dir, env: {}, log: { dir, path: join(dir, "s.jsonl") } });
    const input = (callId: string) => ({ tool: fixture.tool, args: fixture.args as Record<string, unknown>, output: fixture.text, exitCode: fixture.exitCode, callId });
    await session.process(input("first"));
    // One millisecond for every record: the time is then quoted once in all, so the count per
    // call does not depend on how many records happen to start a new millisecond.
    vi.spyOn(Date, "now").mockReturnValue(Date.parse("2026-11-30T12:00:00.000Z"));
    const encodes = vi.spyOn(TextEncoder.prototype, "encodeInto");
    const serialised = vi.spyOn(JSON, "stringify");
    const calls = 200;
    for (let i = 0; i < calls; i++) await session.process(input(`c${i}`));
    expect(encodes).toHaveBeenCalledTimes(0);
    // Per call, besides its args: the call record's id, exit code, bytes and chars, the
    // completion's id, summary and metadata. The tool, category and time repeat, quoted once.
    const args = serialised.mock.calls.filter(([v]) => typeof v === "object" && v !== null && !("rawTokens" in v));
    const timesQuoted = serialised.mock.calls.filter(([v]) => v === "2026-11-30T12:00:00.000Z").length;
    expect(timesQuoted).toBeLessThanOrEqual(1);
    expect(serialised.mock.calls.length - args.length - timesQuoted).toBe(7 * calls);
    serialised.mockRestore();
    // Each record is the JSON of its fields, as JSON.parse reads it back.
    const lines = readFileSync(session.logPath!, "utf8").trimEnd().split("\n");
    const last = lines.slice(-2).map((l) => JSON.parse(l));
    expect(last.map((r) => [r.type, r.callId, r.tool ?? r.category])).toEqual([
      ["call", `c${calls - 1}`, fixture.tool],
      ["completion", `c${calls - 1}`, last[1].category],
    ]);
    await session.close();
  }, 60_000);
});
