// The minimal level (≈ 800 chars) says little around the lines it keeps and states the
// totals a model would otherwise count, on real captures of the corpus's tuning part:
// one marker without a tally of what it left out (the status line states the totals),
// only the codes that repeat named in the status, the tests in all, the blocks of a
// dump counted, a context line shown only with the line it introduces, and a
// failure's location before what it expected.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

const BUDGETS = { minimal: 800, balanced: 4000 } as const;

function digest(id: string, level: keyof typeof BUDGETS) {
  const { meta, input, hint } = tuningFixture(id);
  const text = compact(input, { level }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(BUDGETS[level]);
  return { meta, text, status: text.split("\n")[0]! };
}

/** The numbered lines of a cut ("12: text"), by number. */
function numbered(text: string): Map<number, string> {
  const shown = new Map<number, string>();
  for (const m of text.matchAll(/^(\d+): (.*)$/gm)) shown.set(Number(m[1]), m[2]!);
  return shown;
}

describe("minimal level: framing that leaves the budget to the lines", () => {
  it("writes one marker without a tally, and names only the codes that repeat (tsc)", () => {
    const { meta, text, status } = digest("tsc-project-errors", "minimal");
    const marker = text.split("\n")[1]!;
    expect(marker).toMatch(/^\[\.\.\.[\d,]+ chars omitted\.\.\.\] \d+ of 11 lines shown, numbered; read more: abridge_read id=tsc-project-errors offset=\d+$/);
    // The exit code alone says the run failed: " (failed)" would take an error line's room,
    // and the marker states the count of lines ("… of 11 lines shown"): the status does not.
    expect(status).toBe("exit 2 · 9 errors; 5 codes: TS2322 5, +4 more");
    // The room saved goes to error lines, each shown whole.
    const kept = meta.facts.errorLines.filter((line) => text.includes(line));
    expect(kept.length).toBeGreaterThanOrEqual(6);
    expect(text).not.toContain("chars omitted...]\n2:");
    expect([...numbered(text).values()].filter((line) => line.includes(" [...")).length).toBe(0);
    // A larger budget shows every error line.
    const balanced = digest("tsc-project-errors", "balanced");
    for (const line of meta.facts.errorLines) expect(balanced.text).toContain(line);
  });

  it("names the codes that repeat while they take 80 chars, leaving the room to error lines (mypy, clang-tidy)", () => {
    const mypy = digest("mypy-strict-untyped-module", "minimal");
    // Ten codes: the four commonest named, the others counted.
    expect(mypy.status).toBe("exit 1 · 173 errors; 10 codes: no-untyped-def 90, no-untyped-call 60, union-attr 8, assignment 5, +6 more");
    expect(mypy.meta.facts.errorLines.filter((line) => mypy.text.includes(line)).length).toBeGreaterThanOrEqual(4);
    // Long check names: two fit.
    const tidy = digest("clang-tidy-cpp-service", "minimal");
    expect(tidy.status).toContain("; 18 codes: modernize-use-nodiscard 32, readability-magic-numbers 31, +16 more");
    // A larger budget names six.
    expect(digest("clang-tidy-cpp-service", "balanced").status).toMatch(/; 18 codes: (?:[\w-]+ \d+, ){6}\+12 more/);
  });

  it("gives each error's location the room before its expected/found lines (cargo build)", () => {
    const { text } = digest("cargo-build-type-errors", "minimal");
    // Three mismatched types: the location of each, then what was expected where it fits.
    for (const location of ["--> src/main.rs:32:21", "--> src/main.rs:33:38", "--> src/main.rs:34:25"]) expect(text, location).toContain(location);
    expect(text).toContain("expected `u32`, found `i64`");
  });

  it("shows a compiler's context line only with the warning it introduces (make -k)", () => {
    const { text } = digest("make-k-c-project-errors", "minimal");
    const shown = numbered(text);
    for (const [n, line] of shown) {
      if (/: In function ‘[^’]+’:$/.test(line)) expect(shown.has(n + 1), `line ${n + 1} after "${line}"`).toBe(true);
    }
    expect(text).toContain("src/config.c:7:8: warning: unused variable ‘line’ [-Wunused-variable]");
  });
});

describe("totals a model would otherwise count, in the status line", () => {
  it("adds up a test runner's counts where the cut drops the runner's own (pytest -v)", () => {
    const minimal = digest("pytest-verbose-failures", "minimal");
    expect(minimal.status).toBe("exit 1 · pytest: 3 failed, 240 passed (243 tests)");
    expect(minimal.text.split("\n")[1]).toContain(" of 305 lines shown, numbered");
    // A larger budget keeps the runner's own count: the sum would only repeat it.
    const { text, status } = digest("pytest-verbose-failures", "balanced");
    expect(status).toBe("exit 1 (failed) · 305 lines · pytest: 3 failed, 240 passed");
    expect(text).toContain("collected 243 items");
  });

  it("counts the threads of a debugger's dump, not the event that names one (gdb)", () => {
    const { text, status } = digest("gdb-thread-apply-all-bt", "minimal");
    // The threads gdb announced as they started open alike and are counted too; the lines that
    // open a block ("Thread 25 (…):") and the event are left to the blocks' count.
    expect(status).toBe('exit 0 · Thread blocks: 25 · 24 lines "[New Thread …"');
    expect(text.split("\n")[1]).toContain(" of 203 lines shown, numbered");
    expect(text).toContain('Thread 19 "app" received signal SIGSEGV, Segmentation fault.');
  });

  it("keeps the count of lines on the status line of an output that flagged nothing (git stash list --stat)", () => {
    // No failure or flagged line would take the room the count leaves: the cut keeps its lines as before.
    const { text, status } = digest("git-stash-list-stat", "minimal");
    expect(status).toBe('exit 0 · 156 lines · 20 lines "… On …"');
    expect(text.split("\n")[1]).toContain(" of 156 lines shown, numbered");
  });

  it("counts the goroutines of a timed-out test's dump (go test)", () => {
    expect(digest("go-test-timeout-goroutines", "minimal").status).toBe("exit 1 · go test: 40 passed · goroutine blocks: 35");
    expect(digest("go-test-timeout-goroutines", "balanced").status).toBe("exit 1 (failed) · 306 lines · go test: 40 passed · goroutine blocks: 35");
  });
});
