// Redaction with the core out of the way: the rules' searches as JS runs them alone, the
// reference that the core's prefilter must answer exactly as.
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import { coreNeedleScans, resetCore, useCoreWasm } from "../../../host/core.js";
import { redactSecrets } from "../../../host/redact.js";

// (module (func (export "compact"))): accepted by the binding, and without the scan export.
const BARE_MODULE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x04, 0x01, 0x60, 0x00, 0x00, 0x03, 0x02, 0x01, 0x00, 0x07, 0x0b, 0x01, 0x07,
  ...Buffer.from("compact"), 0x00, 0x00, 0x0a, 0x04, 0x01, 0x02, 0x00, 0x0b,
]);

/** The redactions of `texts` with no core scan (checked), then the built core back in place. */
export function redactAllInJs(texts: readonly string[]): ReturnType<typeof redactSecrets>[] {
  useCoreWasm(BARE_MODULE);
  try {
    const before = coreNeedleScans();
    const results = texts.map((t) => redactSecrets(t));
    expect(coreNeedleScans()).toBe(before);
    return results;
  } finally {
    useCoreWasm(readFileSync(new URL("../../../build/abridge.wasm", import.meta.url)));
    resetCore();
  }
}
