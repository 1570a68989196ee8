// At the minimal level (≈ 800 chars) each failure of a run over many items is shown, on real
// captures of the tuning part of the corpus: a complaint that names no file with the item
// line just above it, the one the run was on when it failed (xargs -t echoing each command
// before a parser's complaint), and each row of a listing in a rare state, alike as the rows
// are ("missing blob …" among "dangling blob …"), rather than the listing's head and tail.
import { describe, expect, it } from "vitest";
import { minimalOf, tuningFixture } from "./support/tuning-fixture.js";

describe("minimal level: every failed item of a run", () => {
  it("shows each complaint under the item it is about, the alike complaints included (xargs -t)", () => {
    const { meta } = tuningFixture("xargs-json-check");
    const text = minimalOf("xargs-json-check");
    for (const line of meta.facts.errorLines) expect(text, line).toContain(line);
    for (const item of meta.facts.mustKeep) expect(text, item).toContain(item);
    expect(text).toMatch(/^24: python3 -m json\.tool --no-indent conf\/invoice-prod\.json\n25: Expecting property name/m);
    expect(text).toMatch(/^39: python3 -m json\.tool --no-indent conf\/report-dev\.json\n40: Expecting ',' delimiter/m);
  });

  it("shows every row in a rare state, not only the first (git fsck)", () => {
    const { meta } = tuningFixture("git-fsck-missing-blobs");
    const text = minimalOf("git-fsck-missing-blobs");
    for (const line of meta.facts.errorLines) expect(text, line).toContain(line);
  });
});
