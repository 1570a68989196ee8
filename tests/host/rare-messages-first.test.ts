// Among many flagged lines that say one thing about different items, a message said only a
// few times comes first, whatever names each line holds (assembly/important/templates.ts):
// vulture's "unreachable code" and "unsatisfiable 'if' condition" among its "unused …"
// findings, doxygen's "argument … of command @param is not found" and broken links among a
// hundred and thirty "Member … is not documented".
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function balanced(id: string) {
  // As the evaluation measures it: no read hint.
  const { meta, input } = tuningFixture(id);
  const text = compact(input, { level: "balanced" }).llmContent;
  expect(text.length).toBeLessThanOrEqual(4000);
  return { kept: meta.facts.errorLines.filter((l) => text.includes(l)), all: meta.facts.errorLines };
}

describe("a rare message among many alike ones", () => {
  it("keeps most of vulture's certain findings among its guesses at the balanced level", () => {
    const { kept, all } = balanced("vulture-python-package");
    expect(all).toHaveLength(24);
    expect(kept.length).toBeGreaterThanOrEqual(20);
  });

  it("keeps doxygen's broken references among its undocumented members, each of its three messages", () => {
    // Seven warnings say one of three things (a @param not found, a link request, a \ref not
    // resolved), each two or three times, among a hundred and thirty "Member … is not documented".
    const { kept } = balanced("doxygen-undocumented-library");
    expect(kept.length).toBeGreaterThanOrEqual(3);
    for (const message of ["of command @param is not found", "explicit link request", "unable to resolve reference"]) {
      expect(kept.some((l) => l.includes(message)), message).toBe(true);
    }
  });
});
