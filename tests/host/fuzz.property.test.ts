// Fuzzing the core through the binding: every property in fuzz/properties.ts.
// `npm test` runs ABRIDGE_FUZZ_RUNS=2500 cases in all; `npm run fuzz` runs 100,000+
// (seed from ABRIDGE_FUZZ_SEED to replay a failure) and writes tests/output/fuzz.json.
import { mkdirSync, writeFileSync } from "node:fs";
import fc from "fast-check";
import { afterAll, describe, it } from "vitest";
import { properties } from "./fuzz/properties.js";

const TOTAL = Number(process.env.ABRIDGE_FUZZ_RUNS ?? 2500);
const SEED = process.env.ABRIDGE_FUZZ_SEED === undefined ? undefined : Number(process.env.ABRIDGE_FUZZ_SEED);
const weights = properties.reduce((sum, p) => sum + p.weight, 0);
const ran: Record<string, number> = {};

describe(`fuzz: ${TOTAL.toLocaleString("en-US")} cases over ${properties.length} properties`, () => {
  for (const p of properties) {
    const numRuns = Math.max(1, Math.ceil((TOTAL * p.weight) / weights));
    it(p.name, () => {
      const started = Date.now();
      fc.assert(p.property, { numRuns, seed: SEED, endOnFailure: true });
      ran[p.name] = numRuns;
      if (TOTAL > 10_000) console.log(`${numRuns.toLocaleString("en-US")} cases in ${((Date.now() - started) / 1000).toFixed(1)} s: ${p.name}`);
    }, Math.max(60_000, TOTAL * 20));
  }
  afterAll(() => {
    const cases = Object.values(ran).reduce((a, b) => a + b, 0);
    mkdirSync("tests/output", { recursive: true });
    writeFileSync("tests/output/fuzz.json", JSON.stringify({ cases, properties: ran, seed: SEED ?? null }, null, 2));
    console.log(`fuzz: ${cases.toLocaleString("en-US")} cases passed`);
  });
});
