// A stream of pretty-printed JSON objects (`jq '.[]'`, one object per event) cut to fit
// states its keys with the values of the few-valued ones counted, as NDJSON's digest does,
// and shows the objects a rare value sets apart wherever they are: the two failed runs of
// 240 deployments (a real capture of the corpus's tuning part).
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

const FAILURES = ["health check timed out after 120s on checkout-7f9c4 (3 of 3 probes)", "image pull failed: manifest for registry.local/ledger:2.4.1 not found"];

describe("a JSON stream's rare objects are shown wherever they are", () => {
  it("counts the keys and their values, and shows both failed runs whole at the balanced level", () => {
    const { input, hint } = tuningFixture("jq-stream-deploy-runs");
    const text = compact(input, { level: "balanced" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(4000);
    expect(text.split("\n")[0]).toMatch(/^JSON stream, 240 objects; keys: id \(240\), .*status \(240: "succeeded" 238, "failed" 2\)/);
    for (const message of FAILURES) expect(text).toContain(`  "error": "${message}",`);
    // In their order, between the first objects and the last one, each gap marked.
    const ids = [...text.matchAll(/^ {2}"id": (\d+),$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual([5001, 5002, 5087, 5193, 5240]);
    expect(text.match(/chars omitted/g)?.length).toBe(3);
  });

  it("shows a failed run by its message at the minimal level", () => {
    const { input, hint } = tuningFixture("jq-stream-deploy-runs");
    const text = compact(input, { level: "minimal" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(800);
    expect(text).toContain(`"error":"${FAILURES[0]}"`);
  });

  it("leaves a short stream's header as it was: a few objects state their keys themselves", () => {
    const objects = Array.from({ length: 12 }, (_, i) => JSON.stringify({ id: i, status: i === 7 ? "failed" : "ok", note: "x".repeat(300) }, null, 2)).join("\n");
    const text = compact({ tool: "bash", args: { command: "jq . runs.json" }, output: objects, exitCode: 0 }, { level: "minimal" }).llmContent;
    expect(text.split("\n")[0]).toBe("JSON stream, 12 objects");
  });
});
