// A call or completion record's text made field by field around its long field must be what
// JSON.stringify of the whole record gives, byte for byte, or undefined (the writer then
// serialises the record whole): every kind of value a harness can hand over is tried.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { callRecordText, completionRecordText, fieldJson } from "../../host/log/record-text.js";
import type { CallInput, CallRecord, CompletionRecord } from "../../host/log/schema.js";

const TIME = "2025-01-02T03:04:05.678Z";

/**
 * The text JSON.stringify gives around a record's long field: a call's output is its last field
 * but its size (args before it may hold the same text), a completion's llmContent its first that
 * may hold any text (summary and metadata after it may hold the same).
 */
function around(json: string, field: "output" | "llmContent", long: string): { head: string; tail: string } {
  const marker = `"${field}":${JSON.stringify(long)}`;
  const at = field === "output" ? json.lastIndexOf(marker) : json.indexOf(marker);
  return { head: json.slice(0, at + field.length + 4), tail: `${json.slice(at + marker.length - 1)}\n` };
}

// Values whose JSON inside a record differs from their JSON alone, or that a record leaves out.
const AWKWARD: unknown[] = [
  undefined,
  () => 1,
  Symbol("s"),
  { toJSON: (key: string) => `key ${key}` },
  new Date(0),
  10n,
  { deep: [1, { n: 2n }] },
  (() => {
    const o: Record<string, unknown> = {};
    o.self = o;
    return o;
  })(),
];

const value = fc.oneof(
  fc.constantFrom<unknown>(null, 0, -0, 2, -1, 1.5, NaN, Infinity, true, false, "", "a\"b\\c\n\u0000\u2028😀\ud800", { command: "make -k" }, ["a", 1], {}),
  fc.jsonValue(),
  fc.string(),
  fc.constantFrom(...AWKWARD),
);

describe("a record's text made field by field", () => {
  it("is JSON.stringify of the call record around its output, or undefined when a field may not serialise alone (property)", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), value, value, fc.string({ minLength: 1 }), fc.nat(), (session, callId, tool, args, exitCode, output, extra) => {
        const input = { callId, tool, args, exitCode, output } as CallInput;
        const size = { bytes: Buffer.byteLength(output, "utf8") + extra, chars: output.length };
        const text = callRecordText(TIME, JSON.stringify(session), input, size);
        let json: string | undefined;
        try {
          const record: CallRecord = { v: 1, type: "call", time: TIME, session, callId, tool, args: args ?? null, exitCode: (exitCode ?? null) as number | null, output, size };
          json = JSON.stringify(record);
        } catch {
          json = undefined;
        }
        if (text === undefined) {
          // Only for a value that serialises differently alone, is left out, or cannot be serialised.
          expect([args, exitCode].some((v) => AWKWARD.includes(v))).toBe(true);
          return;
        }
        expect(json).toBeDefined();
        expect({ head: text.head, tail: text.tail.join("") }).toEqual(around(json!, "output", output));
      }),
      { numRuns: 400 },
    );
  });

  it("is JSON.stringify of the completion record around its llmContent, or undefined when a field may not serialise alone (property)", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string({ minLength: 1 }), value, value, value, (session, callId, category, llmContent, summary, metadata, summarizer) => {
        const record = { v: 1, type: "completion", time: TIME, session, callId, category, llmContent, summary, metadata, summarizer } as CompletionRecord;
        const text = completionRecordText(record, JSON.stringify(session));
        let json: string | undefined;
        try {
          json = JSON.stringify(record);
        } catch {
          json = undefined;
        }
        if (text === undefined) {
          expect([summary, metadata, summarizer].some((v) => AWKWARD.includes(v))).toBe(true);
          return;
        }
        expect(json).toBeDefined();
        expect({ head: text.head, tail: text.tail.join("") }).toEqual(around(json!, "llmContent", llmContent));
      }),
      { numRuns: 400 },
    );
  });

  it("leaves to the whole record's serialisation every value that JSON.stringify treats by its place", () => {
    for (const v of AWKWARD) expect(fieldJson(v)).toBeUndefined();
    expect(fieldJson(null)).toBe("null");
    expect(fieldJson(NaN)).toBe("null");
    expect(fieldJson({ a: [1, "b"] })).toBe('{"a":[1,"b"]}');
  });

  it("omits a size's chars when it has none, as JSON.stringify omits an undefined field", () => {
    const input: CallInput = { callId: "c1", tool: "bash", output: "x" };
    const text = callRecordText(TIME, '"s"', input, { bytes: 3 });
    expect(text?.tail.join("")).toBe('","size":{"bytes":3}}\n');
  });
});
