import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LogWriter } from "../../host/log/writer.js";
import { SessionStats, DEFAULT_PRICES } from "../../host/stats.js";
import { isAbridgeError } from "../../host/errors.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "abridge-stats-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("SessionStats", () => {
  it("per-call and per-session totals with cost at the configured price", () => {
    const s = new SessionStats({ inputPerMTok: 2 });
    s.record({ callId: "a", session: "s1", rawTokens: 10_000, llmTokens: 1_000 });
    s.record({ callId: "b", session: "s1", rawTokens: 4_000, llmTokens: 3_000 });
    s.record({ callId: "c", session: "s2", rawTokens: 500_000, llmTokens: 5_000, summarizerUsage: { inputTokens: 12_500, outputTokens: 200 } });
    const report = s.stats();
    expect(report.calls.map((c) => [c.callId, c.savedTokens])).toEqual([["a", 9_000], ["b", 1_000], ["c", 495_000]]);
    expect(report.sessions.s1).toMatchObject({ calls: 2, rawTokens: 14_000, sentTokens: 4_000, savedTokens: 10_000 });
    expect(report.sessions.s1.costSaved).toBeCloseTo(0.02, 10); // 10,000 tokens × $2/M
    expect(report.sessions.s1.savedPercent).toBeCloseTo((10_000 / 14_000) * 100, 10);
    // Summarizer: 12,500 in × $1/M + 200 out × $5/M = $0.0135.
    expect(report.sessions.s2.summarizerCost).toBeCloseTo(0.0135, 10);
    expect(report.sessions.s2.netCostSaved).toBeCloseTo(0.99 - 0.0135, 10);
    expect(report.total).toMatchObject({ calls: 3, rawTokens: 514_000, sentTokens: 9_000, savedTokens: 505_000 });
    expect(report.total.costSaved).toBeCloseTo(1.01, 10);
  });

  it("a result that grew is a negative saving, not hidden", () => {
    const s = new SessionStats();
    expect(s.record({ callId: "tiny", session: "s", rawTokens: 3, llmTokens: 20 }).savedTokens).toBe(-17);
  });

  it("the same call recorded twice counts once (the latest)", () => {
    const s = new SessionStats();
    s.record({ callId: "a", session: "s", rawTokens: 100, llmTokens: 90 });
    s.record({ callId: "a", session: "s", rawTokens: 100, llmTokens: 10 });
    expect(s.stats().total).toMatchObject({ calls: 1, savedTokens: 90 });
  });

  it("rejects bad prices and token counts", () => {
    expect(() => new SessionStats({ inputPerMTok: -1 })).toThrow(/prices.inputPerMTok must be a non-negative number, got -1/);
    try {
      new SessionStats().record({ callId: "x", session: "s", rawTokens: Number.NaN, llmTokens: 1 });
      throw new Error("no throw");
    } catch (err) {
      expect(isAbridgeError(err, "ABRIDGE_INVALID_INPUT")).toBe(true);
    }
    expect(new SessionStats().prices).toEqual(DEFAULT_PRICES);
  });

  it("computes the same totals from the completion records in a (rotated) log", () => {
    const path = join(dir, "s.jsonl");
    const w = new LogWriter({ path, sessionId: "sess", maxBytes: 2000, keep: 10 });
    const live = new SessionStats();
    for (let i = 0; i < 12; i++) {
      const rawTokens = 1000 + i * 100;
      const llmTokens = 100 + i;
      const usage = i % 3 === 0 ? { inputTokens: 900, outputTokens: 50 } : null;
      w.appendCall({ callId: `c${i}`, tool: "bash", output: "x".repeat(400) });
      w.appendCompletion({
        callId: `c${i}`,
        category: "CommandOutput",
        llmContent: "…",
        summary: "",
        metadata: { rawTokens, llmTokens },
        summarizer: usage ? { provider: "openai", model: "gpt-4.1-mini", latencyMs: 300, usage, fallbackReason: null } : null,
      });
      live.record({ callId: `c${i}`, session: "sess", category: "CommandOutput", rawTokens, llmTokens, summarizerUsage: usage });
    }
    // A completion without token counts is not counted.
    w.appendCompletion({ callId: "no-meta", category: "CommandOutput", llmContent: "", summary: "" });
    w.close();
    const fromLog = SessionStats.fromLog(path).stats();
    expect(fromLog.total).toEqual(live.stats().total);
    expect(fromLog.total.calls).toBe(12);
    expect(fromLog.sessions.sess.savedTokens).toBe(live.stats().total.savedTokens);
  });
});
