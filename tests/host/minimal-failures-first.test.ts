// The minimal level (≈ 800 chars) on real captures of the tuning part of the corpus: a
// failure's own lines before what only frames the run. A banner gives way to the failure,
// every failure states what it expected before any frame is shown, a Go test's messages
// under four spaces are set apart from its frames under a tab, and a frame whose function
// is named "panic" is no failure of its own.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

const MINIMAL = 800;

function minimal(id: string) {
  const { meta, input, hint } = tuningFixture(id);
  const text = compact(input, { level: "minimal" }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(MINIMAL);
  return { meta, text };
}

describe("minimal level: a failure's own lines first", () => {
  it("keeps every failing test's message and the panic, not the frame of runtime.panic (go test -v)", () => {
    const { meta, text } = minimal("go-test-v-failures");
    for (const line of meta.facts.errorLines) expect(text, line).toContain(line);
    expect(text).not.toContain("panic({0x509fc0, 0x553490})");
  });

  it("states what each failed spec expected (jasmine)", () => {
    const { text } = minimal("jasmine-failures");
    expect(text).toContain("68:     Expected 2378 to equal 2379.");
    expect(text).toContain("76:     Expected 'café-crème' to equal 'cafe-creme'.");
  });

  it("keeps each failed test's expected and received lines together (jest)", () => {
    const { text } = minimal("jest-failures");
    for (const line of ["91:     Expected: 2379", "92:     Received: 2378", '108:     Expected: "cafe-creme"', '109:     Received: "café-crème"']) {
      expect(text, line).toContain(line);
    }
  });

  it("lets the session's banner give way to the failure (pytest)", () => {
    const { text } = minimal("pytest-native-traceback-library-frames");
    expect(text).toContain("69: test_settings.py::test_port_from_yaml_style_config FAILED");
    expect(text).toContain("150: json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)");
    expect(text).not.toContain("platform linux -- Python");
    expect(text).not.toContain("rootdir: ");
  });

  it("shows a conflict rather than the merge's first line (git merge)", () => {
    const { text } = minimal("git-merge-conflicts");
    expect(text).not.toContain("1: Auto-merging");
    expect(text.match(/^\d+: CONFLICT /gm)?.length ?? 0).toBeGreaterThanOrEqual(7);
  });
});
