// A session counts each call's tokens as it completes without looking its id up: the lookup that
// makes a call recorded twice count once is made by the next report, for the calls since the
// last one. Counted, never timed.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RowIndex } from "../../host/call-table.js";
import { createAbridge } from "../../host/session.js";
import { tuningOutputs } from "./support/tuning-outputs.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "abridge-stats-rows-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

describe("a session's stats rows", () => {
  it("are found by the report, not by process(): one lookup per call since the last report", async () => {
    // A real capture of a few KB.
    const fixture = tuningOutputs().find((f) => f.text.length >= 2048 && f.text.length <= 8192)!;
    const session = createAbridge({ cwd: dir, env: {}, log: { dir, path: join(dir, "s.jsonl") } });
    const input = (callId: string) => ({ tool: fixture.tool, args: fixture.args as Record<string, unknown>, output: fixture.text, exitCode: fixture.exitCode, callId });
    const lookups = vi.spyOn(RowIndex.prototype, "rowFor");
    const first = await session.process(input("c0"));
    let last = first;
    for (let i = 1; i < 2000; i++) last = await session.process(input(`c${i}`));
    expect(lookups).toHaveBeenCalledTimes(0);

    const report = session.stats();
    expect(lookups).toHaveBeenCalledTimes(2000);
    expect(report.calls).toHaveLength(2000);
    expect(report.calls[1999]).toMatchObject({ callId: "c1999", rawTokens: last.metadata.rawTokens, sentTokens: last.metadata.llmTokens });
    expect(report.total.rawTokens).toBe(2000 * first.metadata.rawTokens);

    // The id of the first call again, with another output: it counts once, in its first row, with its latest figures.
    const again = await session.process({ ...input("c0"), output: fixture.text.slice(0, 1000) });
    lookups.mockClear();
    const next = session.stats();
    expect(lookups).toHaveBeenCalledTimes(1);
    expect(next.calls).toHaveLength(2000);
    expect(next.calls[0]).toMatchObject({ callId: "c0", rawTokens: again.metadata.rawTokens, sentTokens: again.metadata.llmTokens });
    expect(next.total.rawTokens).toBe(1999 * first.metadata.rawTokens + again.metadata.rawTokens);
    await session.close();
  }, 120_000);
});
