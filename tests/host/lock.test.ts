import { afterEach, describe, expect, it, vi } from "vitest";
import { SessionLock, type DeliveredInput, type GateEvent } from "../../host/lock.js";
import { isAbridgeError } from "../../host/errors.js";

function collect(lock: SessionLock): DeliveredInput[] {
  const got: DeliveredInput[] = [];
  lock.on("input", (i) => got.push(i));
  return got;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("summarizing gate", () => {
  it("counts concurrent summaries and opens when the last one is released", () => {
    const lock = new SessionLock();
    const gates: GateEvent[] = [];
    lock.on("gate", (g) => gates.push(g));
    const a = lock.beginSummary();
    const b = lock.beginSummary();
    expect(lock.state()).toMatchObject({ summaries: 2, gateHeld: true, idle: false });
    a();
    expect(lock.gateHeld).toBe(true);
    b();
    expect(lock.state()).toMatchObject({ summaries: 0, gateHeld: false, idle: true });
    expect(gates.map((g) => `${g.held}:${g.reason}`)).toEqual(["true:summary", "false:released"]);
    lock.close();
  });

  it("release is idempotent: releasing one summary twice does not release another", () => {
    const lock = new SessionLock();
    const a = lock.beginSummary();
    lock.beginSummary();
    a();
    a();
    a();
    expect(lock.state().summaries).toBe(1);
    expect(lock.gateHeld).toBe(true);
    lock.close();
  });

  it("opens after maxHoldMs with reason max-hold, and releases from before become no-ops", () => {
    vi.useFakeTimers();
    const lock = new SessionLock({ maxHoldMs: 30_000 });
    const gates: GateEvent[] = [];
    lock.on("gate", (g) => gates.push(g));
    const stuck = lock.beginSummary();
    lock.beginSummary();
    vi.advanceTimersByTime(29_999);
    expect(lock.gateHeld).toBe(true);
    vi.advanceTimersByTime(1);
    expect(lock.gateHeld).toBe(false);
    expect(gates.at(-1)).toEqual({ held: false, reason: "max-hold", heldMs: 30_000, abandoned: 2 });
    // A new summary after the forced opening is not released by the stale release.
    const fresh = lock.beginSummary();
    stuck();
    expect(lock.state().summaries).toBe(1);
    fresh();
    expect(lock.gateHeld).toBe(false);
    expect(gates.at(-1)).toMatchObject({ held: false, reason: "released" });
    lock.close();
  });

  it("a released gate does not fire max-hold later", () => {
    vi.useFakeTimers();
    const lock = new SessionLock({ maxHoldMs: 1000 });
    const gates: GateEvent[] = [];
    lock.on("gate", (g) => gates.push(g));
    lock.beginSummary()();
    vi.advanceTimersByTime(5000);
    expect(gates.map((g) => g.reason)).toEqual(["summary", "released"]);
    lock.close();
  });

  it("validates options with typed errors", () => {
    expect(() => new SessionLock({ maxHoldMs: -1 })).toThrow(/lock.maxHoldMs/);
    expect(() => new SessionLock({ mode: "later" as never })).toThrow(/lock.mode must be one of collect, followup, steer; got later/);
    try {
      new SessionLock({ toolTimeoutMs: 1.5 });
    } catch (err) {
      expect(isAbridgeError(err, "ABRIDGE_INVALID_OPTION")).toBe(true);
    }
  });
});

describe("LLM requests", () => {
  it("generations: a response from an older request is stale and dropped", () => {
    const lock = new SessionLock();
    const stale: unknown[] = [];
    lock.on("stale", (s) => stale.push(s));
    const g1 = lock.beginLlmRequest();
    const g2 = lock.beginLlmRequest();
    expect(g2).toBe(g1 + 1);
    expect(lock.isCurrent(g1)).toBe(false);
    expect(lock.isCurrent(g2)).toBe(true);
    expect(lock.endLlmRequest(g1)).toBe(false);
    expect(stale).toEqual([{ generation: g1, current: g2 }]);
    expect(lock.state().llmActive).toBe(true);
    expect(lock.endLlmRequest(g2)).toBe(true);
    expect(lock.state().llmActive).toBe(false);
    // Ending twice is quiet.
    expect(lock.endLlmRequest(g2)).toBe(false);
    expect(stale).toHaveLength(1);
  });

  it("abortLlmRequest makes the in-flight response stale", () => {
    const lock = new SessionLock();
    const g = lock.beginLlmRequest();
    lock.abortLlmRequest();
    expect(lock.isIdle()).toBe(true);
    expect(lock.isCurrent(g)).toBe(false);
    expect(lock.endLlmRequest(g)).toBe(false);
  });
});

describe("tools", () => {
  it("tracks active tools by call id", () => {
    const lock = new SessionLock();
    lock.toolStarted("a");
    lock.toolStarted("b");
    expect(lock.state().activeTools).toEqual(["a", "b"]);
    expect(lock.toolFinished("a")).toBe(true);
    expect(lock.toolFinished("a")).toBe(false);
    expect(lock.toolFinished("nope")).toBe(false);
    expect(lock.isIdle()).toBe(false);
    lock.toolFinished("b");
    expect(lock.isIdle()).toBe(true);
    lock.close();
  });

  it("removes a timed-out tool with an event, and a late finish returns false", () => {
    vi.useFakeTimers();
    const lock = new SessionLock({ toolTimeoutMs: 60_000 });
    const timeouts: unknown[] = [];
    lock.on("toolTimeout", (t) => timeouts.push(t));
    lock.toolStarted("slow", 5000);
    lock.toolStarted("default");
    vi.advanceTimersByTime(5000);
    expect(timeouts).toEqual([{ callId: "slow", timeoutMs: 5000 }]);
    expect(lock.state().activeTools).toEqual(["default"]);
    expect(lock.toolFinished("slow")).toBe(false);
    vi.advanceTimersByTime(55_000);
    expect(timeouts).toHaveLength(2);
    expect(lock.isIdle()).toBe(true);
    lock.close();
  });

  it("restarting a tool restarts its timeout; 0 means no timeout", () => {
    vi.useFakeTimers();
    const lock = new SessionLock();
    lock.toolStarted("t", 1000);
    vi.advanceTimersByTime(900);
    lock.toolStarted("t", 1000);
    vi.advanceTimersByTime(900);
    expect(lock.state().activeTools).toEqual(["t"]);
    lock.toolStarted("forever", 0);
    vi.advanceTimersByTime(10_000_000);
    expect(lock.state().activeTools).toEqual(["forever"]);
    lock.close();
  });
});

describe("user input queue", () => {
  it("delivers at once when idle", () => {
    const lock = new SessionLock();
    const got = collect(lock);
    expect(lock.submitInput("hello")).toEqual({ delivered: true, mode: "followup", queued: 0 });
    expect(got).toEqual([{ text: "hello", mode: "followup", count: 1, reason: "immediate" }]);
  });

  it("collect: queued inputs are merged with blank lines when the gate opens", () => {
    const lock = new SessionLock({ mode: "collect" });
    const got = collect(lock);
    const release = lock.beginSummary();
    expect(lock.submitInput("one")).toEqual({ delivered: false, mode: "collect", queued: 1 });
    lock.submitInput("two");
    lock.submitInput("three");
    expect(got).toEqual([]);
    release();
    expect(got).toEqual([{ text: "one\n\ntwo\n\nthree", mode: "collect", count: 3, reason: "idle" }]);
    expect(lock.state().queued).toBe(0);
  });

  it("followup: one input per turn, the next when the session is idle again", () => {
    const lock = new SessionLock({ mode: "followup" });
    const got: string[] = [];
    let gen = 0;
    // The harness starts a turn for each delivered input, synchronously.
    lock.on("input", (i) => {
      got.push(i.text);
      gen = lock.beginLlmRequest();
    });
    const g0 = lock.beginLlmRequest();
    lock.submitInput("a");
    lock.submitInput("b");
    lock.submitInput("c");
    lock.endLlmRequest(g0);
    expect(got).toEqual(["a"]);
    lock.endLlmRequest(gen);
    expect(got).toEqual(["a", "b"]);
    lock.endLlmRequest(gen);
    expect(got).toEqual(["a", "b", "c"]);
    lock.endLlmRequest(gen);
    expect(lock.state().queued).toBe(0);
  });

  it("followup waits for the turn promise returned by onInput", async () => {
    const turns: Array<() => void> = [];
    const got: string[] = [];
    const lock = new SessionLock({
      onInput: (i) => {
        got.push(i.text);
        return new Promise<void>((r) => turns.push(r));
      },
    });
    lock.submitInput("first"); // idle: immediate, starts a turn
    lock.submitInput("second");
    expect(got).toEqual(["first"]);
    await new Promise((r) => setImmediate(r));
    expect(got).toEqual(["first"]);
    turns[0]();
    await new Promise((r) => setImmediate(r));
    expect(got).toEqual(["first", "second"]);
  });

  it("followup drains one per macrotask when the harness starts nothing", async () => {
    const lock = new SessionLock();
    const got = collect(lock);
    const release = lock.beginSummary();
    lock.submitInput("x");
    lock.submitInput("y");
    release();
    expect(got.map((g) => g.text)).toEqual(["x"]);
    await new Promise((r) => setImmediate(r));
    expect(got.map((g) => g.text)).toEqual(["x", "y"]);
  });

  it("steer: delivered at the next tool boundary even while the LLM is active", () => {
    const lock = new SessionLock();
    const got = collect(lock);
    lock.beginLlmRequest();
    lock.toolStarted("t1");
    lock.toolStarted("t2");
    expect(lock.submitInput("stop, use make -k", { mode: "steer" })).toMatchObject({ delivered: false, mode: "steer" });
    lock.submitInput("and keep going", { mode: "steer" });
    lock.toolFinished("t1");
    expect(got).toEqual([{ text: "stop, use make -k\n\nand keep going", mode: "steer", count: 2, reason: "tool-boundary" }]);
    expect(lock.state()).toMatchObject({ llmActive: true, activeTools: ["t2"], queued: 0 });
  });

  it("steer waits for the summarizing gate when the boundary comes while it is held", () => {
    const lock = new SessionLock();
    const got = collect(lock);
    lock.beginLlmRequest();
    lock.toolStarted("t1");
    lock.submitInput("steer me", { mode: "steer" });
    const release = lock.beginSummary();
    lock.toolFinished("t1");
    expect(got).toEqual([]);
    release();
    expect(got).toEqual([{ text: "steer me", mode: "steer", count: 1, reason: "tool-boundary" }]);
  });

  it("a tool timeout is a tool boundary for steers", () => {
    vi.useFakeTimers();
    const lock = new SessionLock();
    const got = collect(lock);
    lock.beginLlmRequest();
    lock.toolStarted("hang", 1000);
    lock.submitInput("s", { mode: "steer" });
    vi.advanceTimersByTime(1000);
    expect(got.map((g) => g.reason)).toEqual(["tool-boundary"]);
    lock.close();
  });

  it("mixed modes: steers first, then the collect run, then followups one by one", async () => {
    const lock = new SessionLock();
    const got = collect(lock);
    const release = lock.beginSummary();
    lock.submitInput("c1", { mode: "collect" });
    lock.submitInput("c2", { mode: "collect" });
    lock.submitInput("f1", { mode: "followup" });
    lock.submitInput("s1", { mode: "steer" });
    release();
    expect(got.map((g) => `${g.mode}:${g.text}`)).toEqual(["steer:s1", "collect:c1\n\nc2"]);
    await new Promise((r) => setImmediate(r));
    expect(got.map((g) => `${g.mode}:${g.text}`)).toEqual(["steer:s1", "collect:c1\n\nc2", "followup:f1"]);
  });

  it("max-hold releases queued input and says why", () => {
    vi.useFakeTimers();
    const lock = new SessionLock({ maxHoldMs: 2000, mode: "collect" });
    const got = collect(lock);
    const reasons: string[] = [];
    lock.on("change", (_s, reason) => reasons.push(reason));
    lock.beginSummary(); // never released: a hung summarizer
    lock.submitInput("are you there?");
    vi.advanceTimersByTime(2000);
    expect(got.map((g) => g.text)).toEqual(["are you there?"]);
    expect(reasons).toContain("max-hold");
    lock.close();
  });

  it("clearQueue drops queued input", () => {
    const lock = new SessionLock();
    const got = collect(lock);
    const release = lock.beginSummary();
    lock.submitInput("a");
    lock.submitInput("b", { mode: "steer" });
    expect(lock.clearQueue()).toEqual(["b", "a"]);
    release();
    expect(got).toEqual([]);
  });

  it("a throwing listener does not corrupt the lock and is reported", () => {
    const lock = new SessionLock();
    const errors: unknown[] = [];
    lock.on("error", (e) => errors.push(e));
    lock.on("input", () => {
      throw new Error("listener bug");
    });
    expect(lock.submitInput("x").delivered).toBe(true);
    expect(errors).toHaveLength(1);
    const release = lock.beginSummary();
    release();
    expect(lock.isIdle()).toBe(true);
  });
});

describe("waitIdle", () => {
  it("resolves at once when idle, later when the last busy thing ends", async () => {
    const lock = new SessionLock();
    await lock.waitIdle();
    const release = lock.beginSummary();
    const g = lock.beginLlmRequest();
    let done = false;
    const p = lock.waitIdle().then(() => (done = true));
    release();
    await Promise.resolve();
    expect(done).toBe(false);
    lock.endLlmRequest(g);
    await p;
    expect(done).toBe(true);
  });

  it("rejects with the signal's reason when aborted", async () => {
    const lock = new SessionLock();
    lock.beginSummary();
    const ac = new AbortController();
    const p = lock.waitIdle(ac.signal);
    ac.abort(new Error("user gave up"));
    await expect(p).rejects.toThrow("user gave up");
    await expect(lock.waitIdle(ac.signal)).rejects.toThrow("user gave up");
    lock.close();
  });

  it("real timers: a max-hold of 50 ms ends a wait on a stuck summary", async () => {
    const lock = new SessionLock({ maxHoldMs: 50 });
    // Never released: only the max-hold timer can end the wait (else the test times out).
    lock.beginSummary();
    await lock.waitIdle();
    lock.close();
  });
});
