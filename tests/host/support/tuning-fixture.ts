// A fixture of the corpus's tuning part, as the regression specs of the digests read it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { compact } from "../../../host/pipeline.js";
import type { ToolResultInput } from "../../../host/types.js";
import { isHeldOut } from "./held-out.js";

const CORPUS = new URL("../../fixtures/corpus/", import.meta.url).pathname;

export interface FixtureMeta {
  tool: string;
  program: string;
  args: { command: string };
  exitCode: number;
  facts: { errorLines: string[]; mustKeep: string[] };
}

/**
 * The fixture `id` as a tool result (its output as captured, in bytes), its meta.json, and the
 * hint a session gives once the output is in its log. A test never looks at the held-out part.
 */
export function tuningFixture(id: string): { meta: FixtureMeta; input: ToolResultInput & { output: Buffer }; hint: string } {
  const meta = JSON.parse(readFileSync(join(CORPUS, id, "meta.json"), "utf8")) as FixtureMeta;
  expect(isHeldOut(meta), `${id} is held out`).toBe(false);
  const output = readFileSync(join(CORPUS, id, "output"));
  return { meta, input: { tool: meta.tool, args: meta.args, output, exitCode: meta.exitCode }, hint: `; read more: abridge_read id=${id} offset={first}` };
}

/** The minimal level's budget (chars). */
export const MINIMAL = 800;

/** What the model sees of the tuning fixture `id` at the minimal level, checked to fit its budget. */
export function minimalOf(id: string): string {
  const { input, hint } = tuningFixture(id);
  const text = compact(input, { level: "minimal" }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(MINIMAL);
  return text;
}
