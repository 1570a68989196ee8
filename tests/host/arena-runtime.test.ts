// The core's arena runtime (assembly/rt/arena.ts) drops after each call everything the call
// allocated that nothing outlives, and keeps for good what globals reach. So: nothing a call
// makes may outlive it (a lazily made table would be kept, with the garbage below it), every
// call leaves the arena where it found it, and an instance that has answered many calls answers
// as a fresh one does.
import { describe, expect, it } from "vitest";
import {
  abridgeParams,
  classify,
  clean,
  coreCompact,
  decodeOutput,
  describeBinary,
  digest,
  digestCommand,
  digestFile,
  digestStructured,
  digestWeb,
  estimateTokens,
  hashlines,
  importantLines,
  keepImportant,
  languageOf,
  lineHash,
  oneLine,
  outline,
  pagedText,
  sections,
  truncatePlan,
  verifyAnchors,
  view,
} from "../../host/core-api.js";
import { coreArenaBytes, coreGeneration, findNeedles, resetCore, withJsonEscaped, withResidentText } from "../../host/core.js";
import { CATEGORIES } from "../../host/categories.js";
import { tuningOutputs, type TuningOutput } from "./support/tuning-outputs.js";

const ALL = tuningOutputs();

function compactOf(f: TuningOutput, budget: number, details: boolean) {
  return coreCompact({ tool: f.tool, argsJson: JSON.stringify(f.args), text: f.text, exitCode: f.exitCode, budgets: CATEGORIES.map(() => budget), passthrough: 1_500, hint: "abridge_read id=x", category: "", details });
}

/** Every entry point a host uses, on one output: what a session and read() do with it. */
function everything(f: TuningOutput, budget: number): string {
  const bytes = new TextEncoder().encode(f.text);
  const answers = {
    resident: withResidentText(f.text, () => ({
      needles: findNeedles(f.text, ["password", "secret", "token"]),
      escaped: withJsonEscaped(f.text, (e) => ({ bytes: e.bytes, chars: e.chars, body: Buffer.concat(e.parts.map((p) => Buffer.from(p))).toString("utf8") })),
      digest: compactOf(f, budget, true),
    })),
    digest: compactOf(f, budget, false),
    kept: keepImportant(f.text, budget, 0.6, "read more"),
    lines: importantLines(f.text),
    cleaned: clean(f.text),
    paged: pagedText(f.text, "collapsed"),
    plan: truncatePlan(f.text, budget, 0.6, "h"),
    decoded: decodeOutput(bytes).text.length,
    escapedBytes: withJsonEscaped(bytes, (e) => e.bytes),
  };
  // The rest of the core's exports, on a slice: the first call of each would make a table it keeps.
  const part = f.text.slice(0, 20_000);
  const rest = {
    category: classify(f.tool, f.args as Record<string, unknown>, part),
    digests: (["search", "listing", "diff", "edit"] as const).map((kind) => digest(kind, part, budget, { tool: f.tool, args: f.args })),
    categories: [digestFile, digestCommand, digestStructured, digestWeb].map((d) => d(part, budget, { tool: f.tool, args: f.args })),
    hashed: verifyAnchors(hashlines(part).split("\n").slice(0, 3), part),
    sections: sections(part, { start: 2, end: 9 }),
    view: view(part, { offset: 2, limit: 5, hashlines: true }),
    outline: outline(part, languageOf("x.ts", part)),
    params: abridgeParams({ command: part.slice(0, 500) }, 80),
    binary: describeBinary(bytes.subarray(0, 4096)),
    tokens: estimateTokens(part),
    line: oneLine(part),
  };
  return JSON.stringify({ answers, rest });
}

describe("the arena runtime", () => {
  it("keeps nothing of a call: the arena is back where it was after each one, and what it holds for good never grows", () => {
    resetCore();
    // A fresh instance, by a call that makes nothing lasting (lineHash only hashes).
    lineHash("");
    let generation = coreGeneration();
    let start = coreArenaBytes();
    expect(start).toBeDefined();
    expect(start!.used).toBe(start!.kept);
    for (const [i, f] of ALL.entries()) {
      everything(f, [300, 2_000, 4_000, 16_000][i % 4]!);
      if (coreGeneration() !== generation) {
        // Another instance (a call grew memory past the limit, or the process moved to the fast
        // build): the next calls are measured against a fresh one's start.
        resetCore();
        lineHash("");
        generation = coreGeneration();
        start = coreArenaBytes();
        continue;
      }
      expect({ id: f.id, ...coreArenaBytes() }).toEqual({ id: f.id, ...start });
    }
  });

  it("keeps a resident text across the calls of its scope, and drops it after", () => {
    const f = ALL.find((x) => x.text.length > 20_000)!;
    resetCore();
    const alone = compactOf(f, 4_000, false);
    const before = coreArenaBytes()!;
    withResidentText(f.text, () => {
      findNeedles(f.text, ["password"]);
      const held = coreArenaBytes()!;
      expect(held.used).toBeGreaterThanOrEqual(held.kept + f.text.length * 2);
      for (let i = 0; i < 5; i++) expect(compactOf(f, 4_000, false)).toEqual(alone);
    });
    expect(coreArenaBytes()).toEqual(before);
  });

  it("collects what the calls in a short resident text's scope leave once, when the scope ends", () => {
    const f = ALL.find((x) => x.text.length > 2_000 && x.text.length < 16_000)!;
    resetCore();
    const alone = compactOf(f, 4_000, false);
    const before = coreArenaBytes()!;
    withResidentText(f.text, () => {
      let used = coreArenaBytes()!.used;
      for (let i = 0; i < 3; i++) {
        expect(compactOf(f, 4_000, false)).toEqual(alone);
        // Each call's garbage stays until the scope's end: one collection for all of them.
        const now = coreArenaBytes()!.used;
        expect(now).toBeGreaterThan(used);
        used = now;
      }
    });
    expect(coreArenaBytes()).toEqual(before);
  });

  it("answers after hundreds of calls as a fresh instance does", () => {
    const sample = ALL.filter((_, i) => i % 7 === 0);
    const fresh = sample.map((f) => {
      resetCore();
      return everything(f, 4_000);
    });
    resetCore();
    for (const f of ALL) compactOf(f, 2_000, false);
    expect(sample.map((f) => everything(f, 4_000))).toEqual(fresh);
  });
});
