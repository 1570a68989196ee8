/** Stable error codes. A code, once published, keeps its meaning. */
export type AbridgeErrorCode =
  | "ABRIDGE_INPUT_TOO_LARGE"
  | "ABRIDGE_INVALID_OPTION"
  | "ABRIDGE_INVALID_INPUT"
  | "ABRIDGE_CORE_TRAP"
  | "ABRIDGE_CORE_LOAD"
  | "ABRIDGE_USAGE"
  | "ABRIDGE_LOG_WRITE"
  | "ABRIDGE_LOG_READ"
  | "ABRIDGE_LOG_NOT_FOUND"
  | "ABRIDGE_INVALID_PATTERN"
  | "ABRIDGE_CLOSED";

/** The one error class abridge throws. `code` is stable; `message` says what to do. */
export class AbridgeError extends Error {
  readonly code: AbridgeErrorCode;

  constructor(code: AbridgeErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "AbridgeError";
    this.code = code;
  }
}

export function isAbridgeError(err: unknown, code?: AbridgeErrorCode): err is AbridgeError {
  return err instanceof AbridgeError && (code === undefined || err.code === code);
}
