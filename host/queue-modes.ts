// The lock's queue modes, apart from the lock: the configuration checks a mode against them, and
// a process that only resolves its configuration should not load the lock.
/** How queued input is delivered. */
export type QueueMode =
  /** Everything queued is merged into one input (joined by blank lines) when the session is idle. */
  | "collect"
  /** Queued inputs are delivered one at a time, each when the session is idle again. */
  | "followup"
  /** Delivered at the next tool boundary (a tool finishing), even while the model is answering. */
  | "steer";

export const QUEUE_MODES: readonly QueueMode[] = ["collect", "followup", "steer"];
