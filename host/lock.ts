// The session lock: decides when a user's input may reach the agent.
// Input is held while a summary is being made, while the model is answering
// and while tools run; it is released by mode (collect / followup / steer).
// Any harness can drive it: it knows nothing about abridge's pipeline.
import { EventEmitter } from "node:events";
import { AbridgeError } from "./errors.js";
import { QUEUE_MODES, type QueueMode } from "./queue-modes.js";

export { QUEUE_MODES, type QueueMode };

export interface SessionLockOptions {
  /** Longest time the summarizing gate may stay held before it opens anyway. @default 30_000 */
  maxHoldMs?: number;
  /** Mode for inputs submitted without one. @default "followup" */
  mode?: QueueMode;
  /** A tool not finished after this long is dropped from the active set (0 = never). @default 600_000 */
  toolTimeoutMs?: number;
  /**
   * Receives delivered input. If it returns a promise, the next followup waits for it to settle
   * (a turn); otherwise the next followup waits for the session to go busy and idle again, or for
   * one macrotask if nothing started.
   */
  onInput?: (input: DeliveredInput) => unknown;
}

export const LOCK_DEFAULTS = Object.freeze({ maxHoldMs: 30_000, mode: "followup" as QueueMode, toolTimeoutMs: 600_000 });

export interface LockState {
  /** Summaries in flight; the gate is held while this is above 0. */
  summaries: number;
  gateHeld: boolean;
  llmActive: boolean;
  /** Generation of the latest LLM request (0 before the first). */
  generation: number;
  activeTools: string[];
  /** Inputs waiting (all modes). */
  queued: number;
  /** No summary, no LLM request and no tool in flight. */
  idle: boolean;
}

export type ChangeReason =
  | "summary-begin"
  | "summary-end"
  | "max-hold"
  | "llm-begin"
  | "llm-end"
  | "llm-abort"
  | "tool-start"
  | "tool-finish"
  | "tool-timeout"
  | "input-queued"
  | "input-delivered";

export interface GateEvent {
  held: boolean;
  /** "summary": first summary began; "released": last summary ended; "max-hold": opened by the timer. */
  reason: "summary" | "released" | "max-hold";
  /** How long the gate was held (on opening). */
  heldMs?: number;
  /** Summaries still unreleased when the gate was forced open. */
  abandoned?: number;
}

export interface DeliveredInput {
  text: string;
  mode: QueueMode;
  /** How many submitted inputs this delivery carries (more than 1 only when merged). */
  count: number;
  /** "immediate": submitted while idle; "idle": released when the session went idle; "tool-boundary": a steer at a tool boundary. */
  reason: "immediate" | "idle" | "tool-boundary";
}

export interface SubmitResult {
  delivered: boolean;
  mode: QueueMode;
  /** Inputs waiting after this call. */
  queued: number;
}

export interface StaleResponse {
  generation: number;
  current: number;
}

export interface ToolTimeout {
  callId: string;
  timeoutMs: number;
}

export interface LockEvents {
  change: [state: LockState, reason: ChangeReason];
  gate: [event: GateEvent];
  input: [input: DeliveredInput];
  stale: [event: StaleResponse];
  toolTimeout: [event: ToolTimeout];
  idle: [];
  /** A listener or the onInput callback threw; the lock's state is unaffected. */
  error: [error: unknown];
}

interface Queued {
  text: string;
  mode: QueueMode;
}

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

const noop = (): void => {};

function checkMs(name: string, value: unknown): void {
  if (value === undefined) return;
  if (typeof value !== "number" || !(value >= 0) || (Number.isFinite(value) && !Number.isInteger(value))) {
    throw new AbridgeError("ABRIDGE_INVALID_OPTION", `${name} must be a non-negative integer of milliseconds, got ${String(value)}`);
  }
}

function checkMode(name: string, value: unknown): void {
  if (value === undefined) return;
  if (!QUEUE_MODES.includes(value as QueueMode)) {
    throw new AbridgeError("ABRIDGE_INVALID_OPTION", `${name} must be one of collect, followup, steer; got ${String(value)}`);
  }
}

export class SessionLock extends EventEmitter<LockEvents> {
  readonly maxHoldMs: number;
  readonly mode: QueueMode;
  readonly toolTimeoutMs: number;
  private readonly onInput?: (input: DeliveredInput) => unknown;

  private summaries = 0;
  /** Bumped when the gate is forced open, so releases from before become no-ops. */
  private gateEpoch = 0;
  private gateSince = 0;
  private holdTimer: ReturnType<typeof setTimeout> | undefined;

  private generation = 0;
  private llmActive = false;

  private readonly tools = new Map<string, ReturnType<typeof setTimeout> | undefined>();

  private readonly queue: Queued[] = [];
  private readonly steers: Queued[] = [];
  /** A tool finished while the gate was held: steers go out when it opens. */
  private boundaryPending = false;
  /** A followup turn is running (its promise has not settled). */
  private turnPending = false;
  private recheck: ReturnType<typeof setImmediate> | undefined;

  private waiters: Waiter[] = [];
  private closed = false;

  constructor(options: SessionLockOptions = {}) {
    super();
    checkMs("lock.maxHoldMs", options.maxHoldMs);
    checkMs("lock.toolTimeoutMs", options.toolTimeoutMs);
    checkMode("lock.mode", options.mode);
    this.maxHoldMs = options.maxHoldMs ?? LOCK_DEFAULTS.maxHoldMs;
    this.mode = options.mode ?? LOCK_DEFAULTS.mode;
    this.toolTimeoutMs = options.toolTimeoutMs ?? LOCK_DEFAULTS.toolTimeoutMs;
    this.onInput = options.onInput;
  }

  state(): LockState {
    return {
      summaries: this.summaries,
      gateHeld: this.summaries > 0,
      llmActive: this.llmActive,
      generation: this.generation,
      activeTools: [...this.tools.keys()],
      queued: this.queue.length + this.steers.length,
      idle: this.isIdle(),
    };
  }

  isIdle(): boolean {
    return this.summaries === 0 && !this.llmActive && this.tools.size === 0;
  }

  get gateHeld(): boolean {
    return this.summaries > 0;
  }

  // ---- summarizing gate -------------------------------------------------

  /** Holds the gate until the returned function is called (calling it again does nothing). */
  beginSummary(): () => void {
    if (this.closed) return noop;
    const epoch = this.gateEpoch;
    let released = false;
    this.summaries++;
    if (this.summaries === 1) {
      this.gateSince = Date.now();
      if (this.maxHoldMs > 0 && Number.isFinite(this.maxHoldMs)) {
        this.holdTimer = setTimeout(() => this.forceOpen(), this.maxHoldMs);
        this.holdTimer.unref?.();
      }
      this.safeEmit("gate", { held: true, reason: "summary" });
    }
    this.changed("summary-begin");
    return () => {
      if (released) return;
      released = true;
      if (epoch !== this.gateEpoch || this.summaries === 0) return;
      this.summaries--;
      if (this.summaries === 0) this.openGate("released", 0);
      this.changed("summary-end");
      this.settle();
    };
  }

  private forceOpen(): void {
    if (this.summaries === 0) return;
    const abandoned = this.summaries;
    this.summaries = 0;
    this.gateEpoch++;
    this.openGate("max-hold", abandoned);
    this.changed("max-hold");
    this.settle();
  }

  private openGate(reason: "released" | "max-hold", abandoned: number): void {
    clearTimeout(this.holdTimer);
    this.holdTimer = undefined;
    const event: GateEvent = { held: false, reason, heldMs: Date.now() - this.gateSince };
    if (reason === "max-hold") event.abandoned = abandoned;
    this.safeEmit("gate", event);
  }

  // ---- LLM requests -----------------------------------------------------

  /** Marks the model as answering; returns the request's generation. Any older request becomes stale. */
  beginLlmRequest(): number {
    this.generation++;
    this.llmActive = true;
    this.changed("llm-begin");
    return this.generation;
  }

  /** True when `generation` is the latest request. A response for any other generation should be dropped. */
  isCurrent(generation: number): boolean {
    return generation === this.generation;
  }

  /**
   * Ends the request. Returns false, and emits `stale`, when a newer request has started since
   * (the response must be dropped); returns false silently when it already ended.
   */
  endLlmRequest(generation: number): boolean {
    if (generation !== this.generation) {
      this.safeEmit("stale", { generation, current: this.generation });
      return false;
    }
    if (!this.llmActive) return false;
    this.llmActive = false;
    this.changed("llm-end");
    this.settle();
    return true;
  }

  /** The user interrupted: the in-flight response becomes stale and the model is no longer active. */
  abortLlmRequest(): void {
    if (!this.llmActive) return;
    this.generation++;
    this.llmActive = false;
    this.changed("llm-abort");
    this.settle();
  }

  // ---- tools --------------------------------------------------------------

  /** A tool call started. Starting the same id again restarts its timeout. 0 = no timeout. */
  toolStarted(callId: string, timeoutMs: number = this.toolTimeoutMs): void {
    checkMs("timeoutMs", timeoutMs);
    clearTimeout(this.tools.get(callId));
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (timeoutMs > 0 && Number.isFinite(timeoutMs)) {
      timer = setTimeout(() => this.toolTimedOut(callId, timeoutMs), timeoutMs);
      timer.unref?.();
    }
    this.tools.set(callId, timer);
    this.changed("tool-start");
  }

  /** A tool call finished: a tool boundary. Returns false when the id is unknown (or already timed out). */
  toolFinished(callId: string): boolean {
    if (!this.tools.has(callId)) return false;
    clearTimeout(this.tools.get(callId));
    this.tools.delete(callId);
    this.changed("tool-finish");
    this.toolBoundary();
    return true;
  }

  private toolTimedOut(callId: string, timeoutMs: number): void {
    if (!this.tools.has(callId)) return;
    this.tools.delete(callId);
    this.safeEmit("toolTimeout", { callId, timeoutMs });
    this.changed("tool-timeout");
    this.toolBoundary();
  }

  private toolBoundary(): void {
    if (this.summaries > 0) this.boundaryPending = this.steers.length > 0;
    else this.deliverSteers("tool-boundary");
    this.settle();
  }

  // ---- user input ----------------------------------------------------------

  /** Delivers `text` now when the session is idle (and nothing is queued ahead), otherwise queues it. */
  submitInput(text: string, options: { mode?: QueueMode } = {}): SubmitResult {
    checkMode("mode", options.mode);
    const mode = options.mode ?? this.mode;
    const nothingAhead = this.queue.length === 0 && this.steers.length === 0 && !this.turnPending;
    if (!this.closed && this.isIdle() && nothingAhead) {
      this.deliver({ text, mode, count: 1, reason: "immediate" });
      return { delivered: true, mode, queued: 0 };
    }
    (mode === "steer" ? this.steers : this.queue).push({ text, mode });
    this.changed("input-queued");
    return { delivered: false, mode, queued: this.queue.length + this.steers.length };
  }

  /** Removes and returns every queued input without delivering it (e.g. the user cleared the prompt). */
  clearQueue(): string[] {
    const texts = [...this.steers, ...this.queue].map((q) => q.text);
    this.steers.length = 0;
    this.queue.length = 0;
    this.boundaryPending = false;
    return texts;
  }

  /** Resolves when the session is idle (at once if it is); rejects with the signal's reason if aborted. */
  waitIdle(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.isIdle()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal };
      if (signal) {
        waiter.onAbort = () => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          reject(signal.reason);
        };
        signal.addEventListener("abort", waiter.onAbort, { once: true });
      }
      this.waiters.push(waiter);
    });
  }

  /** Stops every timer; queued input stays queued. Idle waiters are left pending. */
  close(): void {
    this.closed = true;
    clearTimeout(this.holdTimer);
    for (const timer of this.tools.values()) clearTimeout(timer);
    if (this.recheck) clearImmediate(this.recheck);
    this.recheck = undefined;
  }

  // ---- delivery ------------------------------------------------------------

  /** Called after every transition that may have made input deliverable. */
  private settle(): void {
    if (this.summaries === 0 && this.boundaryPending) {
      this.boundaryPending = false;
      this.deliverSteers("tool-boundary");
    }
    if (!this.isIdle()) return;
    this.resolveWaiters();
    this.safeEmit("idle");
    if (!this.isIdle()) return; // an idle listener started work
    this.deliverSteers("idle");
    this.deliverQueued();
  }

  private deliverSteers(reason: DeliveredInput["reason"]): void {
    if (this.steers.length === 0 || this.closed) return;
    const batch = this.steers.splice(0);
    this.deliver({ text: batch.map((q) => q.text).join("\n\n"), mode: "steer", count: batch.length, reason });
  }

  private deliverQueued(): void {
    if (this.queue.length === 0 || this.turnPending || this.closed || !this.isIdle()) return;
    const head = this.queue[0];
    let batch: Queued[];
    if (head.mode === "collect") {
      // Merge the run of collect inputs at the head; a followup behind them keeps its own turn.
      let n = 0;
      while (n < this.queue.length && this.queue[n].mode === "collect") n++;
      batch = this.queue.splice(0, n);
    } else {
      batch = this.queue.splice(0, 1);
    }
    this.deliver({ text: batch.map((q) => q.text).join("\n\n"), mode: head.mode, count: batch.length, reason: "idle" });
    // Nothing started a turn synchronously: give the harness one macrotask before the next.
    if (this.queue.length > 0 && !this.turnPending && this.isIdle()) this.scheduleRecheck();
  }

  private scheduleRecheck(): void {
    if (this.recheck) return;
    this.recheck = setImmediate(() => {
      this.recheck = undefined;
      this.deliverQueued();
    });
  }

  private deliver(input: DeliveredInput): void {
    this.changed("input-delivered");
    let result: unknown;
    try {
      result = this.onInput?.(input);
    } catch (err) {
      this.reportError(err);
    }
    // A promise from onInput is the turn this input started: later followups wait for it.
    if (input.mode !== "steer" && result && typeof (result as PromiseLike<unknown>).then === "function") {
      this.turnPending = true;
      const next = (): void => {
        this.turnPending = false;
        this.settle();
      };
      (result as PromiseLike<unknown>).then(next, next);
    }
    this.safeEmit("input", input);
  }

  // ---- events ----------------------------------------------------------------

  private changed(reason: ChangeReason): void {
    if (this.listenerCount("change") > 0) this.safeEmit("change", this.state(), reason);
  }

  private resolveWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) {
      if (w.onAbort) w.signal?.removeEventListener("abort", w.onAbort);
      w.resolve();
    }
  }

  /** Listeners must not be able to corrupt the lock's state or throw into a timer. */
  private safeEmit<K extends keyof LockEvents>(event: K, ...args: LockEvents[K]): void {
    try {
      (this.emit as (e: K, ...a: LockEvents[K]) => boolean)(event, ...args);
    } catch (err) {
      this.reportError(err);
    }
  }

  private reportError(err: unknown): void {
    if (this.listenerCount("error") === 0) {
      process.emitWarning(`abridge session lock: a listener threw: ${String(err)}`);
      return;
    }
    try {
      this.emit("error", err);
    } catch {
      // an error listener that throws has nowhere left to report to
    }
  }
}
