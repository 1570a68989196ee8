// Public API of the abridge package.
export { AbridgeError, isAbridgeError } from "./errors.js";
export type { AbridgeErrorCode } from "./errors.js";
export { oneLine } from "./ops.js";
