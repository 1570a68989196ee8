// Test-runner summaries: the lines that state a run's outcome, which a digest
// always keeps, and the counts they give. One pass over the lines with cheap
// prefix tests; the formats are the runners' own:
//   jest      "Tests:       1 failed, 12 passed, 13 total", "Test Suites: …"
//   vitest    " Test Files  1 failed | 3 passed (4)", "      Tests  2 failed | 40 passed (42)"
//   pytest    "==== 2 failed, 10 passed in 0.12s ====", "==== short test summary info ===="
//   unittest  "Ran 12 tests in 0.003s", then "OK" / "OK (skipped=1)" / "FAILED (failures=2, errors=1)"
//   go test   "--- FAIL: TestX (0.00s)", "FAIL\tpkg\t0.01s", "ok  \tpkg\t0.01s", "PASS", "FAIL"
//   cargo     "test result: FAILED. 3 passed; 1 failed; 0 ignored; …"
//   mocha     "  3 passing (12ms)", "  1 failing", "  2 pending"
//   phpunit   "Tests: 140, Assertions: 139, Errors: 1, Failures: 4."
import { CharCode, isDigit } from "../util/chars";
import { blanksEnd, digitsEnd, findNewline, unitAt } from "../util/lines";
import { startsWithAt, startsWithOneOf } from "../util/scan";
import { Kind } from "./kinds";
import { Scan, scanImportant } from "./scan";

export class RunnerSummary {
  /** "jest", "vitest", "pytest", "unittest", "go test", "cargo test", "mocha", "phpunit"; "" when none was seen. */
  runner: string = "";
  /** -1 when the runner did not say. */
  passed: i32 = -1;
  failed: i32 = -1;
  skipped: i32 = -1;
  errors: i32 = -1;
  /** Summary lines: [start, end) without the '\n', and 1-based line numbers, in order. */
  lineStarts: i32[] = [];
  lineEnds: i32[] = [];
  lineNumbers: i32[] = [];

  get found(): bool {
    return this.runner.length > 0;
  }

  add(start: i32, end: i32, line: i32): void {
    this.lineStarts.push(start);
    this.lineEnds.push(end);
    this.lineNumbers.push(line);
  }
}

function indexIn(s: string, start: i32, end: i32, lit: string): i32 {
  for (let i = start; i + lit.length <= end; i++) if (startsWithAt(s, i, end, lit)) return i;
  return -1;
}

/** The number written just before `word` (" 12 passed"), or -1. */
function countBefore(s: string, start: i32, end: i32, word: string): i32 {
  let from = start;
  while (true) {
    const at = indexIn(s, from, end, word);
    if (at < 0) return -1;
    from = at + 1;
    // The word must end there ("passed" but not "passedX").
    const after = at + word.length;
    if (after < end && (unitAt(s, after) | 0x20) >= CharCode.a && (unitAt(s, after) | 0x20) <= CharCode.z) continue;
    let j = at - 1;
    if (j < start || unitAt(s, j) != CharCode.SPACE) continue;
    while (j >= start && unitAt(s, j) == CharCode.SPACE) j--;
    let e = j + 1;
    while (j >= start && isDigit(unitAt(s, j))) j--;
    if (e - (j + 1) == 0 || e - (j + 1) > 9) continue;
    return parseInt32(s, j + 1, e);
  }
}

/** The number written just after `key` ("failures=2"), or -1. */
function countAfter(s: string, start: i32, end: i32, key: string): i32 {
  const at = indexIn(s, start, end, key);
  if (at < 0) return -1;
  let j = at + key.length;
  const from = j;
  while (j < end && isDigit(unitAt(s, j)) && j - from < 9) j++;
  return j > from ? parseInt32(s, from, j) : -1;
}

function parseInt32(s: string, start: i32, end: i32): i32 {
  let v = 0;
  for (let i = start; i < end; i++) v = v * 10 + (unitAt(s, i) - CharCode._0);
  return v;
}

function addCount(current: i32, more: i32): i32 {
  if (more < 0) return current;
  return current < 0 ? more : current + more;
}

function allDigitsThen(s: string, i: i32, end: i32, word: string): bool {
  const from = i;
  i = digitsEnd(s, i, end);
  return i > from && startsWithAt(s, i, end, word);
}

/** The counts a jest or vitest summary line [t, end) states ("1 failed, 12 passed, 13 total"). */
function jestCounts(r: RunnerSummary, text: string, t: i32, end: i32): void {
  r.passed = countBefore(text, t, end, "passed");
  r.failed = countBefore(text, t, end, "failed");
  r.skipped = countBefore(text, t, end, "skipped");
}

/** The counts of pytest's summary line [t, end) ("2 failed, 10 passed, 1 error in 0.12s"). */
function pytestCounts(r: RunnerSummary, text: string, t: i32, end: i32): void {
  r.runner = "pytest";
  r.passed = max(countBefore(text, t, end, "passed"), 0);
  r.failed = max(countBefore(text, t, end, "failed"), 0);
  r.skipped = countBefore(text, t, end, "skipped");
  r.errors = addCount(countBefore(text, t, end, "error"), countBefore(text, t, end, "errors"));
}

/**
 * Reads runner summaries line by line, so that one pass over the lines (see
 * Shapes) can feed it along with the other per-line checks.
 */
export class RunnerReader {
  r: RunnerSummary = new RunnerSummary();
  private afterRan: bool = false;
  private ranTests: i32 = 0;
  private goPassed: i32 = 0;
  private goFailed: i32 = 0;
  private cargoSeen: bool = false;

  /**
   * Whether line() reads the line whose first unit after spaces and tabs is at `t` (before
   * `end`): after a run's line, or one whose first unit may open a summary, line()'s own first
   * test. The others are passed over without a call (digest/command/lines.ts).
   */
  // @ts-ignore: decorator
  @inline reads(text: string, t: i32, end: i32): bool {
    return this.afterRan || mayStartSummary(t < end ? unitAt(text, t) : 0);
  }

  /**
   * Line `line` (1-based) of `text`: [pos, end) without its '\r', `nl` its '\n'
   * (or the text's end), `t` its first unit after spaces and tabs.
   */
  line(text: string, pos: i32, t: i32, end: i32, nl: i32, line: i32): void {
    const first = t < end ? unitAt(text, t) : 0;
    // Most lines start with none of the units a summary line starts with.
    if (!this.afterRan && !mayStartSummary(first)) return;
    const r = this.r;
    let hit = false;
    if (first == 0x54 /* T */) {
      if (startsWithAt(text, t, end, "Tests:")) {
        // PHPUnit's line puts a comma after the number, jest's a word.
        const n = blanksEnd(text, t + 6, end);
        const d = digitsEnd(text, n, end);
        if (d > n && d < end && unitAt(text, d) == CharCode.COMMA) {
          r.runner = "phpunit";
          r.failed = max(countAfter(text, t, end, "Failures: "), 0);
          r.errors = countAfter(text, t, end, "Errors: ");
          r.skipped = countAfter(text, t, end, "Skipped: ");
        } else {
          r.runner = "jest";
          jestCounts(r, text, t, end);
        }
        hit = true;
      } else if (startsWithAt(text, t, end, "Test Suites:")) {
        hit = true;
      } else if (startsWithAt(text, t, end, "Test Files ") && t > pos) {
        r.runner = "vitest";
        hit = true;
      } else if (startsWithAt(text, t, end, "Tests ") && t > pos && r.runner == "vitest") {
        jestCounts(r, text, t, end);
        hit = true;
      }
    } else if (first == 0x3d && end - t > 8 && unitAt(text, end - 1) == 0x3d) {
      if (indexIn(text, t, end, " short test summary info ") >= 0) {
        r.runner = "pytest";
        hit = true;
      } else if (indexIn(text, t, end, " in ") >= 0 && (countBefore(text, t, end, "passed") >= 0 || countBefore(text, t, end, "failed") >= 0 || countBefore(text, t, end, "error") >= 0 || countBefore(text, t, end, "errors") >= 0 || countBefore(text, t, end, "skipped") >= 0 || indexIn(text, t, end, "no tests ran") >= 0)) {
        pytestCounts(r, text, t, end);
        hit = true;
      }
    } else if (first == 0x52 /* R */ && t == pos && startsWithAt(text, t, end, "Ran ") && allDigitsThen(text, t + 4, end, " test")) {
      // Other runners print a "Ran N tests" line too (clojure.test, luaunit, shunit2): the
      // run is unittest's, and its counts known, only once its verdict line follows.
      this.ranTests = countAfter(text, t, end, "Ran ");
      this.afterRan = true;
      hit = true;
    } else if (this.afterRan && t == pos && (startsWithAt(text, t, end, "OK") && (end == t + 2 || startsWithAt(text, t, end, "OK (")) || startsWithAt(text, t, end, "FAILED (") || (end == t + 6 && startsWithAt(text, t, end, "FAILED")) || startsWithAt(text, t, end, "NO TESTS RAN") || startsWithAt(text, t, end, "PASSED ("))) {
      const failures = max(countAfter(text, t, end, "failures="), 0);
      const errors = countAfter(text, t, end, "errors=");
      const skipped = countAfter(text, t, end, "skipped=");
      r.runner = "unittest";
      r.failed = failures;
      r.errors = errors;
      r.skipped = skipped;
      r.passed = max(0, this.ranTests - failures - max(errors, 0) - max(skipped, 0));
      this.afterRan = false;
      hit = true;
    } else if (t == pos && (ASC_SHRINK_LEVEL >= 2 ? startsWithOneOf(text, t, end, "--- FAIL: |--- PASS: ") : startsWithAt(text, t, end, "--- FAIL: ") || startsWithAt(text, t, end, "--- PASS: "))) {
      if (unitAt(text, t + 4) == 0x46) this.goFailed++;
      else this.goPassed++;
      r.runner = "go test";
      r.passed = this.goPassed;
      r.failed = this.goFailed;
      hit = unitAt(text, t + 4) == 0x46;
    } else if (t == pos && (ASC_SHRINK_LEVEL >= 2 ? startsWithOneOf(text, t, end, "ok  \t|FAIL\t") || (end == t + 4 && startsWithOneOf(text, t, end, "PASS|FAIL")) : startsWithAt(text, t, end, "ok  \t") || startsWithAt(text, t, end, "FAIL\t") || (end == t + 4 && (startsWithAt(text, t, end, "PASS") || startsWithAt(text, t, end, "FAIL"))))) {
      if (r.runner.length == 0) r.runner = "go test";
      hit = true;
    } else if ((ASC_SHRINK_LEVEL >= 2 || first == 0x74 /* t */) && startsWithAt(text, t, end, "test result: ")) {
      r.runner = "cargo test";
      if (!this.cargoSeen) {
        r.passed = -1;
        r.failed = -1;
        r.skipped = -1;
        this.cargoSeen = true;
      }
      r.passed = addCount(r.passed, countBefore(text, t, end, "passed;"));
      r.failed = addCount(r.failed, countBefore(text, t, end, "failed;"));
      r.skipped = addCount(r.skipped, countBefore(text, t, end, "ignored;"));
      hit = true;
    } else if (isDigit(first) && t == pos && isPytestQuiet(text, t, end)) {
      // pytest -q: "2 failed, 300 passed in 0.95s"
      pytestCounts(r, text, t, end);
      hit = true;
    } else if (isDigit(first) && t > pos) {
      // Mocha's counts: the number, a space and a word that opens with p or f. An indented
      // number opens every quoted source line of a compiler's findings: the unit after the
      // space rules most out (the size-optimised build, the component's, compares the words).
      const d = digitsEnd(text, t, end);
      const w = ASC_SHRINK_LEVEL >= 2 ? -1 : d + 1 < end && unitAt(text, d) == CharCode.SPACE ? unitAt(text, d + 1) : 0;
      if ((w < 0 || w == 0x70) /* p */ && startsWithAt(text, d, end, " passing")) {
        r.runner = "mocha";
        r.passed = countAfter(text, t, end, "");
        hit = true;
      } else if (((w < 0 || w == 0x66) /* f */ && startsWithAt(text, d, end, " failing")) || ((w < 0 || w == 0x70) && startsWithAt(text, d, end, " pending"))) {
        const count = countAfter(text, t, end, "");
        if (unitAt(text, t + digitsAt(text, t, end) + 1) == 0x66) r.failed = count;
        else r.skipped = count;
        if (r.runner.length == 0) r.runner = "mocha";
        hit = true;
      }
    }
    // Ends like the scan's: at the '\n' (a '\r' before it stays in the line).
    if (hit) r.add(pos, nl, line);
    // unittest's verdict is the first line after its Ran line but blank ones: any other line
    // ends the wait (a later bare "OK" is no verdict).
    else if (t < end) this.afterRan = false;
  }

  /** The summary, once every line was read. */
  finish(): RunnerSummary {
    const r = this.r;
    // go test prints no counts without -v: report failures only when it named them.
    if (r.runner == "go test" && this.goPassed + this.goFailed == 0) {
      r.passed = -1;
      r.failed = -1;
    }
    if (r.runner == "mocha" && r.failed < 0 && r.passed >= 0) r.failed = 0;
    return r;
  }
}

/**
 * The first units (after blanks) of the lines line() reads: T = R O F - o P t and
 * digits, as a bit set over ASCII. "OK"/"FAILED" after "Ran N tests" are let
 * through by the caller's afterRan state.
 */
const SUMMARY_FIRST_LO: u64 = (<u64>1 << 0x3d) | (<u64>1 << 0x2d) | (<u64>0x3ff << 0x30);
const SUMMARY_FIRST_HI: u64 =
  (<u64>1 << (0x54 - 64)) | (<u64>1 << (0x52 - 64)) | (<u64>1 << (0x4f - 64)) | (<u64>1 << (0x46 - 64)) | (<u64>1 << (0x6f - 64)) | (<u64>1 << (0x50 - 64)) | (<u64>1 << (0x74 - 64));

function mayStartSummary(c: i32): bool {
  if (c >= 0x80) return false;
  return c < 64 ? ((SUMMARY_FIRST_LO >> <u64>c) & 1) != 0 : ((SUMMARY_FIRST_HI >> <u64>(c - 64)) & 1) != 0;
}

/** Finds the runner summary lines of `text` and the counts they state. */
export function findRunnerSummaries(text: string): RunnerSummary {
  const reader = new RunnerReader();
  const n = text.length;
  let pos = 0;
  let line = 1;
  while (pos < n) {
    const nl = findNewline(text, pos, n);
    let end = nl;
    if (end > pos && unitAt(text, end - 1) == CharCode.CR) end--;
    let t = pos;
    t = blanksEnd(text, t, end);
    reader.line(text, pos, t, end, nl, line);
    pos = nl + 1;
    line++;
  }
  return reader.finish();
}

function isPytestQuiet(s: string, t: i32, end: i32): bool {
  const from = t;
  t = digitsEnd(s, t, end);
  if (ASC_SHRINK_LEVEL >= 2 ? !startsWithOneOf(s, t, end, " passed| failed| error| skipped| deselected| xfailed| xpassed| warning") : !(startsWithAt(s, t, end, " passed") || startsWithAt(s, t, end, " failed") || startsWithAt(s, t, end, " error") || startsWithAt(s, t, end, " skipped") || startsWithAt(s, t, end, " deselected") || startsWithAt(s, t, end, " xfailed") || startsWithAt(s, t, end, " xpassed") || startsWithAt(s, t, end, " warning"))) return false;
  const at = indexIn(s, from, end, " in ");
  if (at < 0) return false;
  let j = at + 4;
  const digits = j;
  while (j < end && (isDigit(unitAt(s, j)) || unitAt(s, j) == CharCode.DOT)) j++;
  return j > digits && j + 1 <= end && unitAt(s, j) == 0x73 && (j + 1 == end || unitAt(s, j + 1) == CharCode.SPACE || unitAt(s, j + 1) == 0x28);
}

function digitsAt(s: string, i: i32, end: i32): i32 {
  return digitsEnd(s, i, end) - i;
}

/**
 * scanImportant, with every runner summary line flagged as a summary too (the
 * strongest kind wins when the scan flagged it already), in line order.
 */
export function scanWithRunners(text: string, runners: RunnerSummary): Scan {
  return withRunners(scanImportant(text), runners);
}

/** The scan `base` of a text with its runner summary lines merged in (see scanWithRunners). */
export function withRunners(base: Scan, runners: RunnerSummary): Scan {
  const m = runners.lineStarts.length;
  if (m == 0) return base;
  const merged = new Scan();
  merged.totalLines = base.totalLines;
  merged.pairs = base.pairs;
  merged.notes = base.notes;
  // The failure lists' headings and the status-word lines the same pass noted (notes.ts):
  // the lines are the same.
  merged.failureHeadings = base.failureHeadings;
  merged.statusLines = base.statusLines;
  if (ASC_SHRINK_LEVEL < 2) {
    merged.marginLines = base.marginLines;
    merged.locatedLines = base.locatedLines;
  }
  let a = 0;
  let b = 0;
  while (a < base.count || b < m) {
    const sa = a < base.count ? unchecked(base.lineStarts[a]) : i32.MAX_VALUE;
    const sb = b < m ? unchecked(runners.lineStarts[b]) : i32.MAX_VALUE;
    if (sa <= sb) {
      let kind = unchecked(base.kinds[a]);
      if (sa == sb) {
        kind = kind > Kind.Summary ? kind : Kind.Summary;
        b++;
      }
      merged.add(sa, unchecked(base.lineEnds[a]), unchecked(base.lineNumbers[a]), kind, unchecked(base.hits[a]));
      a++;
    } else {
      merged.add(sb, unchecked(runners.lineEnds[b]), unchecked(runners.lineNumbers[b]), Kind.Summary, sb);
      b++;
    }
  }
  return merged;
}
