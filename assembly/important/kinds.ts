// What a flagged line says about a command's outcome, and how much it matters.

export const enum Kind {
  None = 0,
  /**
   * A line that breaks the output's rhythm (shapes.ts): no keyword, but a token
   * its column almost never holds ("not ok", "✕", "SUMMARY:"). A candidate only:
   * offered the budget after errors and summaries, never counted as an error.
   */
  Notable = 1,
  Warning = 2,
  Exit = 3,
  Summary = 4,
  Failure = 5,
  Error = 6,
  /** A stack trace or panic: its frames follow it, so its block reaches further. */
  Trace = 7,
}

/** 3 = error (kept first), 2 = outcome summary or exit status, 1 = warning, 0 = notable. */
export function rankOf(kind: i32): i32 {
  if (kind >= Kind.Failure) return 3;
  if (kind >= Kind.Exit) return 2;
  return kind == Kind.Warning ? 1 : 0;
}

export function kindName(kind: i32): string {
  switch (kind) {
    case Kind.Notable: return "notable";
    case Kind.Warning: return "warning";
    case Kind.Exit: return "exit";
    case Kind.Summary: return "summary";
    case Kind.Failure: return "failure";
    case Kind.Error: return "error";
    case Kind.Trace: return "trace";
  }
  return "none";
}

/** Lines of context kept before a flagged line. */
export function contextBefore(kind: i32): i32 {
  return kind <= Kind.Warning ? 0 : 1;
}

/** Lines of context kept after the flagged line and its continuation. */
export function contextAfter(kind: i32): i32 {
  return kind <= Kind.Warning ? 0 : 1;
}

/** Most continuation lines (frames, code snippets) followed after a flagged line. */
export function continuationCap(kind: i32): i32 {
  if (kind == Kind.Trace) return 40;
  if (kind == Kind.Error || kind == Kind.Failure) return 12;
  // A notable line often heads a failure's own block ("● name", "not ok 7 - name").
  if (kind == Kind.Notable) return 8;
  return kind == Kind.Warning ? 3 : 2;
}
