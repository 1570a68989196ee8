// The minimal level (≈ 800 chars) spends its budget by value, on real captures of
// the tuning part of the corpus: every distinct error message before a second copy
// of any, no line shown twice, the totals near the end before warnings, an event
// stream's failures in their own words, a file's unused room given to its outline, and
// the top rows of a table ranked by a number before the banner over it.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

const MINIMAL = 800;

function minimal(id: string) {
  return digest(id, "minimal", MINIMAL);
}

function digest(id: string, level: "minimal" | "balanced", budget: number) {
  const { meta, input, hint } = tuningFixture(id);
  const text = compact(input, { level }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(budget);
  return { meta, text, lines: input.output.toString("utf8").split("\n") };
}

/** The numbered lines of a cut ("12: text"), by number. */
function numbered(text: string): Map<number, string> {
  const shown = new Map<number, string>();
  for (const m of text.matchAll(/^(\d+): (.*)$/gm)) shown.set(Number(m[1]), m[2]);
  return shown;
}

describe("minimal level: each error message once, the rarest first", () => {
  it("reaches the one-off messages of a linter before a second copy of its most common one (eslint)", () => {
    const { text } = minimal("eslint-recommended-errors");
    // Eleven "'next' is defined but never used", one of each of these.
    for (const line of [
      "  9:3  error  The update clause in this loop moves the variable in the wrong direction  for-direction",
      "  12:5  error  Duplicate case label  no-duplicate-case",
      "'fonud' is not defined",
      "  9:7  error  Use the isNaN function to compare with NaN  use-isnan",
    ]) {
      expect(text, line).toContain(line);
    }
    // A second copy only with room to spare once every distinct message is shown.
    expect(text.match(/'next' is defined but never used/g)?.length ?? 0).toBeLessThanOrEqual(2);
  });

  it("lets one passing package stand for a dozen alike ones, so every failing test fits (go test)", () => {
    const { text } = minimal("go-test-failures");
    for (const name of ["TestPriceWithVat", "TestReserve", "TestSlug", "TestSlugIndex"]) expect(text, name).toContain(`--- FAIL: ${name} (`);
    expect(text).toContain("panic: assignment to entry in nil map");
    expect(text.match(/^\d+: ok  \texample\.test\/shop\/pkg/gm)?.length ?? 0).toBeLessThanOrEqual(2);
  });

  it("offers a linter's distinct warnings before a second copy of any (cargo clippy)", () => {
    const { text } = minimal("cargo-clippy-warnings");
    expect(text).toContain("warning: clamp-like pattern without using clamp function");
    // Each warning shown states a message no other shown warning states.
    const warnings = text.match(/^\d+: warning: (?!`pricing`).*$/gm) ?? [];
    expect(warnings.length).toBeGreaterThanOrEqual(4);
    expect(new Set(warnings.map((w) => w.replace(/^\d+: /, ""))).size).toBe(warnings.length);
    // At the balanced level every distinct message fits.
    const { meta, text: balanced } = digest("cargo-clippy-warnings", "balanced", 4000);
    for (const line of meta.facts.mustKeep) expect(balanced, line).toContain(line);
  });

  it("tells test names apart by their numbers' places, not their values (tcltest)", () => {
    const { text } = minimal("tcltest-failures-exit-0");
    expect(text).toContain("==== vat-1 FAILED");
    expect(text).toContain("==== parse-1 FAILED");
  });

  it("reaches every distinct message of a compiler that states each error's place on the line below, before its closing advice (rustc)", () => {
    const { meta, text } = minimal("rustc-borrow-type-errors");
    // Six codes; the most common one (four "mismatched types") had waited behind the
    // lines that name no place at all.
    for (const line of meta.facts.errorLines) expect(text, line).toContain(line);
    expect(text).toMatch(/^20: error\[E0308\]: mismatched types$/m);
    expect(text).toMatch(/^\d+:   --> main\.rs:\d+:\d+$/m);
  });
});

describe("minimal level: a trace by the line that closes it", () => {
  it("states each exception rather than the line that opens its trace (unittest)", () => {
    const { text } = minimal("unittest-verbose-failures");
    expect(text).toContain("ZeroDivisionError: integer division or modulo by zero");
    expect(text).toContain("AssertionError: 379 != 380");
    expect(text).toContain("decimal.InvalidOperation: [<class 'decimal.ConversionSyntax'>]");
    // The reports come before the progress lines that only name their tests again.
    expect(text).toContain("ERROR: test_split_never_negative (test_money.MoneyTest.test_split_never_negative)");
    expect(text).not.toContain("test_split_never_negative (test_money.MoneyTest.test_split_never_negative) ... ERROR");
    // An opening line takes only what every closing line leaves: of three traces, one opener at most.
    expect(text.split("Traceback (most recent call last):").length - 1).toBeLessThanOrEqual(1);
  });
});

describe("minimal level: one long line does not take the whole share", () => {
  it("keeps curl's own error line beside the start of a long error page (curl -v --fail-with-body)", () => {
    const { text } = minimal("curl-v-500-error-page");
    expect(text).toContain("curl: (22) The requested URL returned error: 500");
    expect(text).toContain("< HTTP/1.1 500 Internal Server Error");
    expect(text).toContain("<p>upstream pricing-service timed out after 30s</p>");
  });
});

describe("minimal level: an error line whole before the start of one", () => {
  it("shows errors whole before any error shown cut (tsc --strict)", () => {
    const { text, lines } = minimal("tsc-strict-noemit");
    // Errors of 200 to 490 chars: at least two fit whole; one that would only fit cut comes after them.
    const errors = [...numbered(text)].filter(([, line]) => / error TS\d+: /.test(line));
    const whole = errors.filter(([n, line]) => line === lines[n - 1]);
    expect(whole.length).toBeGreaterThanOrEqual(2);
    // Room left after them may show the start of another, marked as cut, never in their place.
    for (const [n, line] of errors.filter((e) => !whole.includes(e))) {
      expect(line, `line ${n}`).toMatch(/ \[\.\.\.[\d,]+ chars omitted\.\.\.\]$/);
      expect(lines[n - 1]!.startsWith(line.slice(0, line.lastIndexOf(" [...")))).toBe(true);
      expect(n).toBeGreaterThan(Math.max(...whole.map(([w]) => w)));
    }
  });
});

describe("minimal level: no line shown twice", () => {
  it("shows a runner's failure once, not again in its closing list (node --test, spec reporter)", () => {
    const { text, lines } = minimal("node-test-spec-failures");
    const shown = [...numbered(text).entries()].filter(([, line]) => line.trim().length >= 8);
    const texts = shown.map(([, line]) => line);
    expect(new Set(texts).size).toBe(texts.length);
    // The numbers are the output's own.
    for (const [n, line] of shown) expect(lines[n - 1]).toBe(line);
    // The budget the copies took goes to the totals and the failures' own words.
    for (const fact of ["ℹ tests 113", "ℹ pass 110", "ℹ fail 3", "2378 !== 2379", "✖ failing tests:", "RangeError [Error]: insufficient stock for A-7: 2 < 3"]) {
      expect(text, fact).toContain(fact);
    }
  });

  it("offers a closing list that only names failed tests again after every failure's own lines (ctest --output-on-failure)", () => {
    // "\t 44 - price_44_standard (Failed)" names the test "44/48 Test #44: price_44_standard
    // …***Failed" stated above it, with its message below: the list waits, the messages fit.
    const { text } = minimal("ctest-output-on-failure");
    for (const fact of [
      "17/48 Test #17: price_17_standard ................***Failed    0.00 sec",
      "31/48 Test #31: price_31_reduced .................***Failed    0.00 sec",
      "44/48 Test #44: price_44_standard ................***Failed    0.00 sec",
      "FAIL: gross(729, 19) = 868, expected 869",
      "FAIL: gross(1247, 7) = 1334, expected 1335",
      "FAIL: gross(1728, 19) = 2056, expected 2057",
      "The following tests FAILED:",
    ]) {
      expect(text, fact).toContain(fact);
    }
  });
});

describe("minimal level: the totals near the end", () => {
  it("states a query's row counts after its error (psql)", () => {
    const { text } = minimal("psql-script-error");
    expect(text).toContain("psql:report.sql:4: ERROR:  column o.totl_cents does not exist");
    expect(text).toContain("(48 rows)");
    expect(text).toContain("(6 rows)");
    expect(text).toContain('HINT:  Perhaps you meant to reference the column "o.total_cents".');
  });

  it("takes a table row's status cell for data, not for an error (psql rows that say failed)", () => {
    const { text } = minimal("psql-script-error");
    // Twelve rows of the first table say "failed"; none is shown as a failure of its own.
    const failedRows = [...numbered(text).values()].filter((line) => /\| failed +\|/.test(line));
    expect(failedRows.length).toBeLessThanOrEqual(1);
  });

  it("does not take a program's own series of numbered lines for totals (python recursion)", () => {
    const { meta, text } = minimal("python-recursion-error");
    // "category 287 depth 8" repeats its words line after line: a series, not a total, so
    // it does not push the traceback's error lines out.
    for (const line of meta.facts.errorLines) expect(text, line).toContain(line);
  });
});

describe("minimal level: an event stream's failures in their own words", () => {
  it("shows go test -json's failure messages, each record focused on its Output and still JSON", () => {
    const { text } = minimal("go-test-json-failures");
    expect(text.match(/chars omitted/g)?.length).toBe(1);
    expect(text).toMatch(/^\[\.\.\.[\d,]+ chars omitted\.\.\.\] \d+ of 221 lines shown, numbered; read more: abridge_read id=go-test-json-failures offset=\d+$/m);
    for (const output of [
      String.raw`"Output":"    inventory_test.go:61: PriceWithVat(1999, 19) = 2378, want 2379\n"`,
      String.raw`"Output":"    inventory_test.go:82: Slug(\"Blue  Hat\") = \"blue--hat\", want \"blue-hat\"\n"`,
    ]) {
      expect(text, output).toContain(output);
    }
    const records = [...numbered(text).values()];
    expect(records.length).toBeGreaterThanOrEqual(3);
    for (const record of records) expect(() => JSON.parse(record), record).not.toThrow();
  });

  it("keeps cargo's rendered message from its source, where a cut by position kept the package id", () => {
    const { meta, text } = minimal("cargo-build-json-messages");
    expect(text).toContain(String.raw`{"reason":"compiler-message","message":{"rendered":"error[E0308]: mismatched types\n  --> src/main.rs:32:21\n`);
    for (const line of meta.facts.errorLines) expect(text, line).toContain(line);
    for (const record of [...numbered(text).values()].filter((l) => l.startsWith("{"))) expect(() => JSON.parse(record), record).not.toThrow();
  });
});

describe("minimal level: a file digest leaves no room unused that its outline could take", () => {
  it("lists more of a YAML file's items when the first page stops short (gcloud metadata.yaml)", () => {
    const { text } = minimal("cat-yaml-gcloud-run-integrations");
    for (const item of ["- integration_type: firebase-hosting", "- integration_type: service", "- integration_type: job"]) expect(text, item).toContain(item);
    // The page still starts as the file does.
    expect(text).toContain("1: integrations:");
    expect(text).toMatch(/\(showing lines 1-\d+ of 262 total; next: offset=\d+\)$/);
  });
});

describe("minimal level: an error word that only names something is no failure", () => {
  it("spends the budget on undefined names, not on names that merely hold 'exception' (pyflakes)", () => {
    const { meta, text } = minimal("pyflakes-stdlib-email");
    for (const line of meta.facts.mustKeep) expect(text, line).toContain(line);
    // "'exceptions' may be undefined, or defined from star imports: …, .exceptions, …" is a
    // warning about a name: it no longer takes a third of the budget as an error.
    expect(text).not.toContain("'exceptions' may be undefined");
  });
});

describe("minimal level: a table ranked by a number shows its top rows", () => {
  it("shows a profile's costliest functions before its banner and the source it annotates (callgrind_annotate)", () => {
    const { meta, text } = minimal("callgrind-annotate-catalog");
    const shown = numbered(text);
    // The table sorted by instruction count starts at line 26: its first three rows.
    for (const row of meta.facts.mustKeep.slice(1, 4)) expect(text, row).toContain(row);
    for (const line of [26, 27, 28]) expect(shown.has(line), `line ${line}`).toBe(true);
    // The banner's settings ("Timerange: …", "Thresholds: …") give up their room.
    expect(shown.has(7)).toBe(false);
  });

  it("shows the rows a profile sorted by cumulative time heads with (cProfile)", () => {
    const { text } = minimal("cprofile-sort-cumulative");
    for (const fn of ["report.py:45(main)", "report.py:10(make_orders)"]) expect(text, fn).toContain(fn);
    // The table's last rows, every cost 0.000, give up their room.
    expect(text).not.toContain("{method 'insert' of 'list' objects}");
  });
});

describe("minimal level: no room left that a left-out line would fit", () => {
  it.each(["wc-lines-project", "mvn-offline-compile-failure", "cargo-build-type-errors"])("fills the room the choice left with the last lines that fit (%s)", (id) => {
    const { text, lines } = minimal(id);
    const shown = numbered(text);
    const total = lines.at(-1) === "" ? lines.length - 1 : lines.length;
    const width = String(total).length + 2;
    // Each of the last lines left out (not blank, nor one that only introduces the next,
    // nor one without a letter or digit, "   |" or "  │", which says nothing alone) is too long
    // for what is left of the budget.
    for (let n = total - 7; n <= total; n++) {
      const line = lines[n - 1].replace(/\r$/, "");
      if (shown.has(n) || !/[A-Za-z0-9\u0080-\u009f\u00a1-\u24ff\u25a0-\uffff]/.test(line) || line.trimEnd().endsWith(":")) continue;
      expect(line.length + 1 + width, `line ${n}`).toBeGreaterThan(MINIMAL - text.length);
    }
  });
});
