// A core without `compactFields` (an older build, or one made without it) is read through
// `compactRecord`, the llm apart from a JSON record: both crossings must give the same
// results, on the real captures of the corpus's tuning part.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { compactWithDetails } from "../../host/pipeline.js";
import { resetCore } from "../../host/core.js";
import { isHeldOut } from "./support/held-out.js";
import { tuningFixture } from "./support/tuning-fixture.js";

const CORPUS = new URL("../fixtures/corpus/", import.meta.url).pathname;

/** The tuning fixtures' ids (a held-out program's are left out). */
function tuningIds(): string[] {
  return readdirSync(CORPUS)
    .filter((id) => {
      try {
        return !isHeldOut(JSON.parse(readFileSync(`${CORPUS}${id}/meta.json`, "utf8")));
      } catch {
        return false;
      }
    })
    .sort();
}

/** What compact gives each fixture at both levels, with its details. */
function results(ids: string[]) {
  return ids.flatMap((id) => {
    const { input, hint } = tuningFixture(id);
    return (["minimal", "balanced"] as const).map((level) => {
      const { result, details } = compactWithDetails(input, { level }, { hint, details: true });
      return { id, level, llmContent: result.llmContent, metadata: result.metadata, details };
    });
  });
}

describe("the compactRecord crossing", () => {
  it("gives what compactFields gives, on every tuning fixture", () => {
    const ids = tuningIds();
    expect(ids.length).toBeGreaterThan(100);
    resetCore();
    const fields = results(ids);
    const { Instance } = WebAssembly;
    let recordCalls = 0;
    // An instance whose exports lack compactFields (and compactFieldsUtf8), as a core built without it.
    class WithoutFields {
      exports: Record<string, unknown>;
      constructor(module: WebAssembly.Module, imports?: WebAssembly.Imports) {
        const real = new Instance(module, imports);
        expect(typeof real.exports.compactRecord).toBe("function");
        const viaRecord = real.exports.compactRecord as (...args: unknown[]) => unknown;
        this.exports = {
          ...real.exports,
          compactFields: undefined,
          compactFieldsUtf8: undefined,
          compactRecord: (...args: unknown[]) => {
            recordCalls++;
            return viaRecord(...args);
          },
        };
      }
    }
    resetCore();
    vi.stubGlobal("WebAssembly", Object.assign(Object.create(WebAssembly), { Instance: WithoutFields }));
    let record;
    try {
      record = results(ids);
    } finally {
      vi.unstubAllGlobals();
      resetCore();
    }
    expect(recordCalls).toBeGreaterThanOrEqual(ids.length);
    expect(record.length).toBe(fields.length);
    for (let k = 0; k < fields.length; k++) expect(record[k], `${fields[k].id} ${fields[k].level}`).toStrictEqual(fields[k]);
  });
});
