// The minimal level (≈ 800 chars) spends its budget on failures first, on real
// captures of the tuning part of the corpus: the lines named here are each
// fixture's recorded error lines and facts (meta.json), computed from the output.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function run(id: string, level: "minimal" | "balanced") {
  const { meta, input, hint } = tuningFixture(id);
  const result = compact(input, { level }, { hint });
  return { meta, result, text: result.llmContent };
}

describe("minimal level: failures first", () => {
  it.each([
    // A sanitizer's report amid a program's own lines: its error line, what was read, and its SUMMARY.
    ["asan-use-after-free", ["ERROR: AddressSanitizer: heap-use-after-free", "READ of size 1", "SUMMARY: AddressSanitizer: heap-use-after-free"]],
    // A chained exception: the first exception and the chain's link.
    ["python-chained-exceptions", ["KeyError: 'port'", "During handling of the above exception, another exception occurred:"]],
    // A Rust panic: the user's frames rather than the runtime's.
    ["rust-panic-backtrace", ["shipping::rate_for", "shipping::price", "shipping::main"]],
    // A test runner that exits 0 with failures inside.
    ["tcltest-failures-exit-0", ["==== vat-1 FAILED", "==== parse-1 FAILED", "---- Result should have been (exact matching):", "---- errorInfo: can't use non-numeric string as operand of \"+\""]],
    // TAP's failing tests say no error word: "not ok" among a hundred "ok".
    ["node-test-tap-failures", ["not ok 70 - priceWithVat rounds half to even cents", "not ok 71 - slug strips accents"]],
    // A leak report: its error line and its summary.
    ["lsan-leak-report", ["ERROR: LeakSanitizer: detected memory leaks", "SUMMARY: AddressSanitizer: 3200 byte(s) leaked in 200 allocation(s)."]],
  ])("%s keeps its failure lines within 800 chars", (id, lines) => {
    const { text } = run(id, "minimal");
    expect(text.length).toBeLessThanOrEqual(800);
    for (const line of lines) expect(text, line).toContain(line);
  });

  it("numbers the kept lines under one marker that carries the read hint", () => {
    const { text } = run("go-test-v-failures", "minimal");
    expect(text.match(/chars omitted/g)!.length).toBe(1);
    expect(text.match(/read more:/g)!.length).toBe(1);
    expect(text).toMatch(/^\[\.\.\.[\d,]+ chars omitted\.\.\.\] \d+ of 121 lines shown, numbered; read more: abridge_read id=go-test-v-failures offset=\d+$/m);
    // The output's own line numbers: the failing tests of lines 101 and 103.
    expect(text).toContain("\n101: --- FAIL: TestSlug (0.00s)\n");
    expect(text).toContain("\n103: --- FAIL: TestSlugIndex (0.00s)\n");
  });

  it("keeps every recorded error line it kept before at the balanced level", () => {
    for (const id of ["asan-heap-buffer-overflow", "asan-use-after-free", "node-test-tap-failures", "node-test-spec-failures", "junit5-console-failures", "tsc-project-errors-pretty"]) {
      const { meta, text } = run(id, "balanced");
      const lost = meta.facts.errorLines.filter((line) => !text.includes(line));
      expect(lost, id).toEqual([]);
    }
  });
});

describe("an event stream's failures in its records' own words", () => {
  it("keeps the output events that state what a failing test expected (go test -json)", () => {
    const { text } = run("go-test-json-failures", "balanced");
    expect(text.length).toBeLessThanOrEqual(4000);
    // Two records that carry no error word, only "want": the test's own failure messages.
    expect(text).toContain(String.raw`"Output":"    inventory_test.go:61: PriceWithVat(1999, 19) = 2378, want 2379\n"}`);
    expect(text).toContain(String.raw`"Output":"    inventory_test.go:82: Slug(\"Blue  Hat\") = \"blue--hat\", want \"blue-hat\"\n"}`);
  });
});

describe("prose and table rows that merely contain an error word", () => {
  it("does not call a package listing's descriptions errors", () => {
    const { result } = run("dpkg-l-installed", "balanced");
    expect(result.metadata.facts).toMatchObject({ exitCode: 0, errors: 0 });
    expect(result.summary).not.toMatch(/^Error/);
  });

  it("does not call a column header of link statistics an error", () => {
    const { result } = run("ip-route-link-netns", "balanced");
    expect(result.metadata.facts).toMatchObject({ errors: 0 });
    expect(result.summary).toMatch(/^Ran ip /);
  });
});
