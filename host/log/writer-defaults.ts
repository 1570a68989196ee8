// The log writer's defaults, apart from the writer: the configuration reads them, and a process
// that only resolves its configuration (a hook answering a PreToolUse) should not load the writer.
export const LOG_WRITER_DEFAULTS = Object.freeze({
  fsync: false,
  /** Rotate when the live file would pass this size (0 = never). */
  maxBytes: 64 * 1024 * 1024,
  /** Rotated files kept (`.1` … `.keep`). */
  keep: 5,
  fileMode: 0o600,
  dirMode: 0o700,
});
