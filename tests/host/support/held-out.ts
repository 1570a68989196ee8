// The held-out part of the evaluation corpus (tests/fixtures/corpus/HELDOUT): fixtures of
// these programs are measured by `npm run eval` only. Tests leave them out, so that no
// test failure invites tuning a digest, a classifier or an estimate against them.
import { readFileSync } from "node:fs";

const FILE = new URL("../../fixtures/corpus/HELDOUT", import.meta.url);

/** The held-out programs (one per line in HELDOUT; `#` lines are its header). */
export const HELD_OUT_PROGRAMS: ReadonlySet<string> = new Set(
  readFileSync(FILE, "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#")),
);

/** Whether a fixture, by its meta.json, belongs to the held-out part. */
export function isHeldOut(meta: { program?: unknown }): boolean {
  return typeof meta.program === "string" && HELD_OUT_PROGRAMS.has(meta.program);
}
