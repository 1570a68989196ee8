// Reads the JSON records the core writes, checking each field once, here, so the rest of
// the host works with typed values and a core that wrote something else fails loudly
// (ABRIDGE_CORE_TRAP) instead of flowing on as `undefined`.
import { AbridgeError } from "./errors.js";

export type FieldKind = "string" | "number" | "boolean" | "object" | "array" | "string?" | "number?" | "object?" | "array|null" | "object|null";

export type Shape = Readonly<Record<string, FieldKind>>;

function matches(value: unknown, kind: FieldKind): boolean {
  switch (kind) {
    case "string":
      return typeof value === "string";
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean";
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "array":
      return Array.isArray(value);
    case "string?":
      return value === undefined || typeof value === "string";
    case "number?":
      return value === undefined || (typeof value === "number" && Number.isFinite(value));
    case "object?":
      return value === undefined || matches(value, "object");
    case "array|null":
      return value === null || Array.isArray(value);
    case "object|null":
      return value === null || matches(value, "object");
  }
}

function bad(exportName: string, what: string): AbridgeError {
  return new AbridgeError("ABRIDGE_CORE_TRAP", `the core's ${exportName} wrote ${what}`);
}

function parse(exportName: string, json: string): unknown {
  try {
    return JSON.parse(json);
  } catch (cause) {
    throw bad(exportName, `invalid JSON (${(cause as Error).message})`);
  }
}

function checkShape(exportName: string, value: unknown, shape: Shape, where: string): void {
  if (!matches(value, "object")) throw bad(exportName, `${where} that is not an object`);
  const record = value as Record<string, unknown>;
  // for…in over a shape's own fields: no list allocated per record (checked on every call).
  for (const field in shape) {
    const kind = shape[field]!;
    if (!matches(record[field], kind)) throw bad(exportName, `${where}.${field} = ${JSON.stringify(record[field])} where ${kind} was expected`);
  }
}

/** Checks an already-parsed value (a nested record) against a shape. */
export function checkRecord(exportName: string, value: unknown, shape: Shape, where = "a nested record"): void {
  checkShape(exportName, value, shape, where);
}

/** One JSON object of the given shape. */
export function readRecord<T>(exportName: string, json: string, shape: Shape): T {
  const value = parse(exportName, json);
  checkShape(exportName, value, shape, "a record");
  return value as T;
}

/** A JSON array whose every item has the given shape. */
export function readRecords<T>(exportName: string, json: string, shape: Shape): T[] {
  const value = parse(exportName, json);
  if (!Array.isArray(value)) throw bad(exportName, "a value that is not an array");
  value.forEach((item, i) => checkShape(exportName, item, shape, `item ${i}`));
  return value as T[];
}

/** The fields every category digest writes. */
export const DIGEST_SHAPE: Shape = {
  llm: "string",
  summary: "string",
  facts: "object",
  keptLines: "array",
  omittedChars: "number",
  truncated: "boolean",
};
