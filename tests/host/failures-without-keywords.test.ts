// Lines that state a failure without the word "error", on real captures of the
// tuning part of the corpus: a title the tool underlined (a thread dump's deadlock
// report) and a sanitizer's reports, whose library frames break the rhythm of the
// frames by a function's name only and so wait for the reports' own lines; and,
// in a command that succeeded, a row like hundreds of others is data whatever
// word it holds (a profile's row naming JSONDecodeError); a failed run's records
// between rules are what it failed for, each message once.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function digest(id: string, level: "minimal" | "balanced", budget: number) {
  const { input, hint } = tuningFixture(id);
  const text = compact(input, { level }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(budget);
  return text;
}

describe("an underlined title states what follows it (jstack)", () => {
  it("shows the deadlock title and the first thread in it at the minimal level, not the lock lines of idle threads", () => {
    const text = digest("jstack-java-deadlock", "minimal", 800);
    expect(text).toMatch(/^225: Found one Java-level deadlock:$/m);
    expect(text).toMatch(/^227: "ledger-writer":$/m);
    // "- waiting on <0x…>" / "- locked <0x…>" under the frames of the JVM's own threads.
    expect(text).not.toMatch(/^(28|30): \t- /m);
  });

  it("shows the whole deadlock report at the balanced level", () => {
    const text = digest("jstack-java-deadlock", "balanced", 4000);
    expect(text).toContain('Found one Java-level deadlock:\n=============================\n"ledger-writer":\n');
    expect(text).toContain("\tat shop.Ledger.audit(Ledger.java:24)");
    expect(text).toContain("\tat shop.Ledger.post(Ledger.java:17)");
  });
});

describe("a library's frames wait for the lines that state the failure (ThreadSanitizer)", () => {
  it("keeps every report's summary, a report's warning line and the tool's own total at the minimal level", () => {
    const text = digest("tsan-races-lock-inversion", "minimal", 800);
    for (const n of [21, 43, 63, 88]) expect(text).toMatch(new RegExp(`^${n}: SUMMARY: ThreadSanitizer: `, "m"));
    expect(text).toMatch(/^2: WARNING: ThreadSanitizer: data race \(pid=\d+\)$/m);
    expect(text).toMatch(/^90: ThreadSanitizer: reported 4 warnings$/m);
    // "#0 usleep …(libtsan.so.2+0x…)", "#0 pthread_mutex_lock …": the sanitizer's interceptors.
    expect(text).not.toMatch(/^\d+: +#0 (usleep|pthread_mutex_lock) /m);
  });
});

describe("a quiet output's rows are data (cProfile)", () => {
  it("does not take a row naming an error class for a failure, and shows the profile's top rows at the minimal level", () => {
    const text = digest("cprofile-sort-cumulative", "minimal", 800);
    // The table is sorted by cumulative time: its first rows come before the lines above it.
    expect(text).toMatch(/^20: +1 +0\.001 +0\.001 +0\.950 +0\.950 report\.py:45\(main\)$/m);
    expect(text).not.toContain("JSONDecodeError");
    // No row of the table's bottom (all 0.000) shown for a value in its last column alone.
    expect(text).not.toMatch(/^(223|226|231|232|233): /m);
  });
});

describe("the heads of a failed run's records (bandit)", () => {
  it("shows each distinct issue once at the minimal level, before a second copy of the repeated one", () => {
    const text = digest("bandit-r-stdlib-http", "minimal", 800);
    for (const code of ["B101:assert_used", "B606:start_process_with_no_shell", "B404:blacklist", "B603:subprocess_without_shell_equals_true"]) {
      expect(text).toMatch(new RegExp(`^\\d+: >> Issue: \\[${code}\\] `, "m"));
    }
    expect(text.match(/>> Issue: \[B101:/g)?.length).toBe(1);
  });
});

describe("room a result would leave unused goes to more findings (shellcheck)", () => {
  it("shows a seventh warning at the minimal level where six left eighty units unused", () => {
    const text = digest("shellcheck-gcc-format", "minimal", 800);
    const warnings = text.match(/^\d+: \S+:\d+:\d+: warning: /gm) ?? [];
    expect(warnings.length).toBeGreaterThanOrEqual(7);
    expect(text).toMatch(/^36: gettext\.sh:102:46: warning: Quote this to prevent word splitting\. \[SC2046\]$/m);
  });
});

describe("a count of errors is a total, not a failure (webpack)", () => {
  it("shows every ERROR block's head at the minimal level, not only the module lines that count them", () => {
    const text = digest("webpack-build-errors", "minimal", 800);
    for (const head of ["ERROR in ./src/analytics/track.js 1:0-42", "ERROR in ./src/checkout/flow.js 8:8", "ERROR in ./src/search/index.js 1:0-41", "ERROR in ./src/widgets/widget07.js 4:9"]) {
      expect(text).toContain(head);
    }
  });
});
