// One-line summaries for a UI (<= 160 units), for categories whose digest did
// not write its own: "Error: …" when the tool failed, "Read <path> (<n> lines)",
// "Completed <tool>" as the last resort.
//
// "Error: …" is a claim that something failed, so it follows the exit code: a command
// that failed names its first error line; one that succeeded (or whose exit code is
// unknown) only a line that reports an error by its form (`error:` or `ERROR` where a
// severity goes, a crash by signal), never one that merely holds the word (a package
// described as a "memory error detector", a query row whose status is "failed", a
// commit subject, a man page). A line picked from a stack trace gives way to the
// trace's message (trace.ts).
import { Category } from "../../category";
import { Call } from "../../call";
import { oneLine } from "../../oneline";
import { CharCode, isAlpha, isUnitOf } from "../../util/chars";
import { blanksEnd, countNewlines, findNewline, lineCount, unitAt } from "../../util/lines";
import { endsWithText, findText, includesOneOf, isLowerWordAt, unitsEqual } from "../../util/scan";
import { decimal, formatCount } from "../../util/strbuf";
import { traceMessageFor } from "./trace";
import { lowerForAsciiTests } from "../../util/lower";
import { trim, trimStart } from "../../util/trim";

export const SUMMARY_MAX: i32 = 160;


/** "Error: <line>" in one line, without doubling a prefix the line already has ("Error: boom"). */
export function errorSummary(line: string): string {
  const t = trimStart(line);
  const lower = lowerForAsciiTests(t.substring(0, 6));
  const prefixed = lower.startsWith("error") && (t.length == 5 || !isIdentChar(t.charCodeAt(5)));
  return oneLine(prefixed ? t : "Error: " + line, SUMMARY_MAX);
}

function isIdentChar(c: i32): bool {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c == 0x5f;
}

/** The first line that reads as an error message, or "". */
function firstErrorLine(text: string): string {
  let start = 0;
  const n = text.length;
  // Only the first 64 KB: a summary must not cost a scan of 100 MB.
  const limit = min(n, 65536);
  while (start < limit) {
    const end = findNewline(text, start, n);
    const line = text.substring(start, min(end, start + 400));
    const lower = lowerForAsciiTests(line);
    if (ASC_SHRINK_LEVEL >= 2 ? includesOneOf(lower, "error|fatal|exception|traceback") || lower.startsWith("panic") : lower.includes("error") || lower.includes("fatal") || lower.startsWith("panic") || lower.includes("exception") || lower.includes("traceback")) {
      return line;
    }
    start = end + 1;
  }
  return "";
}

/** Severity words that report an error when they stand where a line puts its severity. */
const SEVERITIES: string[] = ["error", "fatal", "panic", "failed", "failure", "fail", "critical", "exception", "abort", "aborted"];
/** The same words in capitals report an error wherever they stand (`2024-… ERROR http …`, `==== t1 FAILED`). */
const STATUS_WORDS: string[] = ["ERROR", "FATAL", "FAILED", "FAIL", "PANIC", "CRITICAL", "SEVERE"];
/** Signals and their messages: a crash, whatever else the line says. */
const CRASHES: string[] = ["SIGSEGV", "SIGABRT", "SIGBUS", "SIGFPE", "SIGILL", "Segmentation fault", "core dumped"];

function isWordUnit(c: i32): bool {
  return isIdentChar(c) || c == 0x2e || c == 0x2d;
}

/** A token s[a, b) that locates what follows: `a.c:3:5:`, `psql:report.sql:4:`, `==123==`, `[12:00:01]`, `12:00:01`. */
function isLocationToken(s: string, a: i32, b: i32): bool {
  if (b <= a) return false;
  const first = unitAt(s, a);
  if ((ASC_SHRINK_LEVEL >= 2 ? isUnitOf(first, "[=(") : first == 0x5b || first == 0x3d || first == 0x28)) return true; // [..], ==pid==, (..)
  const last = unitAt(s, b - 1);
  if (last != 0x3a && last != 0x5d) return (first >= 0x30 && first <= 0x39) || hasUnit(s, a, b, 0x2f);
  // Ends with ':': a location if it holds a '/', a '.' or another ':', or is a number
  // (`a.c:3:`, `Makefile:14:`, `12:`), not a word (`error:`, `error[E0308]:`).
  let digits = true;
  for (let i = a; i < b - 1; i++) {
    const c = unitAt(s, i);
    if (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, "/.:") : c == 0x2f || c == 0x2e || c == 0x3a) return true;
    if (c < 0x30 || c > 0x39) digits = false;
  }
  return digits && b - a > 1;
}

function hasUnit(s: string, a: i32, b: i32, unit: i32): bool {
  for (let i = a; i < b; i++) if (unitAt(s, i) == unit) return true;
  return false;
}

/** Whether s[a, b) ends with `suffix`. */
function endsWithAt(s: string, a: i32, b: i32, suffix: string): bool {
  const m = suffix.length;
  return b - a >= m && unitsEqual(changetype<usize>(s) + (<usize>(b - m) << 1), changetype<usize>(suffix), m);
}

/** Whether s[a, b), in lower case, is one of SEVERITIES. */
function isSeverity(s: string, a: i32, b: i32): bool {
  for (let k = 0; k < SEVERITIES.length; k++) if (isLowerWordAt(s, a, b, unchecked(SEVERITIES[k]))) return true;
  return false;
}

/** How much of a line is read for its form: a report states it early. */
const REPORT_WINDOW: i32 = 400;

/**
 * Whether a line reports an error by its form, not by a word it happens to hold: a
 * severity where one goes (after its location: `a.c:3: error: …`, `fatal: …`,
 * `ValueError: …`, `error[E0308]: …`), a status in capitals anywhere (`ERROR`, `FAILED`),
 * or a crash by signal.
 */
export function isErrorReport(line: string): bool {
  return isErrorReportIn(line, 0, line.length);
}

/** isErrorReport for the line s[from, to), read in place: a summary scans up to 64 KB of lines this way. */
function isErrorReportIn(s: string, from: i32, to: i32): bool {
  return hasCrash(s, from, min(to, from + REPORT_WINDOW)) || reportsByWords(s, from, to);
}

/**
 * isErrorReportIn but for the crash names: a status word, or a severity or exception name before ':'.
 * `statusInWindow` false says no status word occurs in the line's window (the caller searched the
 * whole text for them once): then only the first words can tell, and the rest is not read.
 */
function reportsByWords(s: string, from: i32, to: i32, statusInWindow: bool = true): bool {
  const n = min(to, from + REPORT_WINDOW);
  let i = from;
  let position = 0; // tokens read, locations aside
  // Without a status word in the window nothing after the first word can tell: not read.
  while (i < n && (position == 0 || statusInWindow)) {
    i = blanksEnd(s, i, n);
    const start = i;
    while (i < n && unitAt(s, i) != CharCode.SPACE && unitAt(s, i) != CharCode.TAB) i++;
    if (i == start) break;
    // After the first word only a status can count, and it starts with a capital (or with the
    // punctuation before one): most tokens start with a small letter or a digit and end here.
    const first = unitAt(s, start);
    if (position > 0 && ((first >= 0x61 && first <= 0x7a) || (first >= 0x30 && first <= 0x39))) continue;
    // A status in capitals, bare or bracketed: `ERROR`, `[ERROR]`, `FAILED:`.
    let a = start;
    let b = i;
    while (a < b && !isWordUnit(unitAt(s, a))) a++;
    while (b > a && !isWordUnit(unitAt(s, b - 1))) b--;
    if (isStatusWord(s, a, b)) return true;
    if (position > 0) continue;
    if (isLocationToken(s, start, i) && !endsWithAt(s, start, i, "Error:") && !endsWithAt(s, start, i, "Exception:")) continue;
    position++;
    // The first word after the locations: a severity or an exception's name, then ':'.
    if (unitAt(s, i - 1) != 0x3a) continue;
    let end = i - 1;
    if (end > start && unitAt(s, end - 1) == 0x5d) {
      // error[E0308]: the word before the bracket.
      let bracket = start;
      while (bracket < end && unitAt(s, bracket) != 0x5b) bracket++;
      if (bracket > start && bracket < end) end = bracket;
    }
    if (isSeverity(s, start, end)) return true;
    if (end - start > 5 && (endsWithAt(s, start, end, "Error") || endsWithAt(s, start, end, "Exception"))) return true;
  }
  return false;
}

/** Whether `s[a, b)` is one of STATUS_WORDS, compared in place. */
function isStatusWord(s: string, a: i32, b: i32): bool {
  const len = b - a;
  if (len < 4 || len > 8) return false;
  const c = unitAt(s, a);
  if (c < 0x41 || c > 0x5a) return false;
  for (let k = 0; k < STATUS_WORDS.length; k++) {
    const word = unchecked(STATUS_WORDS[k]);
    if (word.length == len && unitsEqual(changetype<usize>(s) + (<usize>a << 1), changetype<usize>(word), len)) return true;
  }
  return false;
}

/** Whether s[a, b) names a crash (CRASHES), the signal names looked for only where "SIG" occurs. */
function hasCrash(s: string, a: i32, b: i32): bool {
  const sig = findText(s, "SIG", a, b) >= 0;
  for (let k = 0; k < CRASHES.length; k++) {
    const crash = unchecked(CRASHES[k]);
    if (crash.startsWith("SIG") && !sig) continue;
    if (findText(s, crash, a, b) >= 0) return true;
  }
  return false;
}

/** Where the first crash name (CRASHES) at or after `from` starts, before `to`, and its length packed as (at << 32) | length; -1 when none. */
function nextCrash(s: string, from: i32, to: i32): i64 {
  return firstNeedle(s, CRASHES, true, from, to);
}

// Each needle list is found in one pass over the window, not one pass per word: a
// candidate is where two units match the first two of a word (16 positions per SIMD
// step), and only candidates are compared. Status words start with two capitals;
// crash names with "SI", "Se" or "co".

/**
 * The vectors candidates() compares with, in memory so that they are loaded once per search,
 * not built again at each step of its loop as V8 builds a vector constant: 0x00ff per unit
 * (the clamp), then each byte of S I e c o E R C F A P in every lane, then ':' and '[' in
 * every unit (nextSeverity). None in the size-optimised build, which has no vector steps.
 */
const NEEDLE_VECTORS: usize = ASC_SHRINK_LEVEL >= 2 ? 0 : memory.data<u64>([
  0x00ff00ff00ff00ff, 0x00ff00ff00ff00ff,
  0x5353535353535353, 0x5353535353535353,
  0x4949494949494949, 0x4949494949494949,
  0x6565656565656565, 0x6565656565656565,
  0x6363636363636363, 0x6363636363636363,
  0x6f6f6f6f6f6f6f6f, 0x6f6f6f6f6f6f6f6f,
  0x4545454545454545, 0x4545454545454545,
  0x5252525252525252, 0x5252525252525252,
  0x4343434343434343, 0x4343434343434343,
  0x4646464646464646, 0x4646464646464646,
  0x4141414141414141, 0x4141414141414141,
  0x5050505050505050, 0x5050505050505050,
  0x003a003a003a003a, 0x003a003a003a003a, 0x005b005b005b005b, 0x005b005b005b005b,
]);
// @ts-ignore: decorator
@inline const V_S: usize = 16;
// @ts-ignore: decorator
@inline const V_I: usize = 32;
// @ts-ignore: decorator
@inline const V_e: usize = 48;
// @ts-ignore: decorator
@inline const V_c: usize = 64;
// @ts-ignore: decorator
@inline const V_o: usize = 80;
// @ts-ignore: decorator
@inline const V_E: usize = 96;
// @ts-ignore: decorator
@inline const V_R: usize = 112;
// @ts-ignore: decorator
@inline const V_C: usize = 128;
// @ts-ignore: decorator
@inline const V_F: usize = 144;
// @ts-ignore: decorator
@inline const V_A: usize = 160;
// @ts-ignore: decorator
@inline const V_P: usize = 176;
// @ts-ignore: decorator
@inline const V_COLON: usize = 192;
// @ts-ignore: decorator
@inline const V_BRACKET: usize = 208;

// @ts-ignore: decorator
@inline function pairAt(v: v128, w: v128, a: usize, b: usize): v128 {
  return v128.and(i8x16.eq(v, v128.load(NEEDLE_VECTORS + a)), i8x16.eq(w, v128.load(NEEDLE_VECTORS + b)));
}

/** The 16 UTF-16 units at p as bytes, every non-ASCII unit 0xff. */
// @ts-ignore: decorator
@inline function narrowAt(p: usize): v128 {
  const clamp = v128.load(NEEDLE_VECTORS);
  return i8x16.narrow_i16x8_u(i16x8.min_u(v128.load(p), clamp), i16x8.min_u(v128.load(p, 16), clamp));
}

/** Positions i..i+15 where a word of STATUS_NEEDLES (crashes: CRASHES) may start, as a 16-bit mask. */
// @ts-ignore: decorator
@inline function candidates(base: usize, i: i32, crashes: bool): i32 {
  const p = base + (<usize>i << 1);
  const v = narrowAt(p);
  const w = narrowAt(p + 2);
  if (crashes) {
    // SIG…, Segmentation fault, core dumped.
    return i8x16.bitmask(v128.or(v128.or(pairAt(v, w, V_S, V_I), pairAt(v, w, V_S, V_e)), pairAt(v, w, V_c, V_o)));
  }
  // ERROR, FATAL/FAIL, PANIC, CRITICAL, SEVERE.
  const er = v128.or(pairAt(v, w, V_E, V_R), pairAt(v, w, V_C, V_R));
  const fa = v128.or(pairAt(v, w, V_F, V_A), pairAt(v, w, V_P, V_A));
  return i8x16.bitmask(v128.or(v128.or(er, fa), pairAt(v, w, V_S, V_E)));
}

/** The word of `words` that starts at `at` and ends by `to`, packed as (at << 32) | length; -1 when none. */
function needleAt(s: string, words: string[], at: i32, to: i32): i64 {
  const base = changetype<usize>(s) + (<usize>at << 1);
  for (let k = 0; k < words.length; k++) {
    const word = unchecked(words[k]);
    const m = word.length;
    if (at + m <= to && unitsEqual(base, changetype<usize>(word), m)) return (<i64>at << 32) | <i64>m;
  }
  return -1;
}

/**
 * The first word of `words` (STATUS_NEEDLES, or CRASHES with `crashes`) in s[from, to),
 * packed as (at << 32) | length; -1 when none. The same as the earliest findText of
 * each word: no two of them start at one place.
 */
function firstNeedle(s: string, words: string[], crashes: bool, from: i32, to: i32): i64 {
  const base = changetype<usize>(s);
  let i = from;
  // A step reads units i … i+16: all before `to`. The size-optimised build (the
  // component's) tries every position.
  while (ASC_SHRINK_LEVEL < 2 && i + 17 <= to) {
    let hits = candidates(base, i, crashes);
    while (hits != 0) {
      const found = needleAt(s, words, i + ctz<i32>(hits), to);
      if (found >= 0) return found;
      hits &= hits - 1;
    }
    i += 16;
  }
  for (; i < to; i++) {
    const found = needleAt(s, words, i, to);
    if (found >= 0) return found;
  }
  return -1;
}

/** STATUS_WORDS to search a text for: FAILED is found as FAIL. */
const STATUS_NEEDLES: string[] = ["ERROR", "FATAL", "FAIL", "PANIC", "CRITICAL", "SEVERE"];

/**
 * Where the first status word at or after `from` starts, before `to`; -1 when none. A longer word
 * holding one counts too: the caller reads the token it is in.
 */
function nextStatus(s: string, from: i32, to: i32): i32 {
  const found = firstNeedle(s, STATUS_NEEDLES, false, from, to);
  return found >= 0 ? <i32>(found >> 32) : -1;
}

/** Whether the unit at `at` (a ':' or '[') ends one of SEVERITIES, in any case. */
function closesSeverity(s: string, at: i32): bool {
  if (at < 4) return false;
  // The last letter of every severity, in lower case: r, l, c, d, e, n or t.
  const last = unitAt(s, at - 1) | 0x20;
  if (last != 0x72 && last != 0x6c && last != 0x63 && last != 0x64 && last != 0x65 && last != 0x6e && last != 0x74) return false;
  // Every severity has four letters or more: in the Node core a shorter word ("unit.c:", "33:") is
  // ruled out before the words are compared.
  if (ASC_SHRINK_LEVEL < 2 && !(isAlpha(unitAt(s, at - 2)) && isAlpha(unitAt(s, at - 3)) && isAlpha(unitAt(s, at - 4)))) return false;
  for (let k = 0; k < SEVERITIES.length; k++) {
    const word = unchecked(SEVERITIES[k]);
    const m = word.length;
    // Only the words that end in that letter are compared.
    if (<i32>load<u16>(changetype<usize>(word) + (<usize>(m - 1) << 1)) == last && at >= m && isLowerWordAt(s, at - m, at, word)) return true;
  }
  return false;
}

/**
 * Where the first ':' or '[' at or after `from`, before `to`, ends a severity word (SEVERITIES,
 * in any case; an exception's name ends in "Error" or "Exception", which are among them); -1
 * when none. reportsByWords only takes a line's first words for a report when such a word ends
 * right before one of these, so a line without one in its window reports an error, if it does,
 * by a status word or a crash.
 */
function nextSeverity(s: string, from: i32, to: i32): i32 {
  const base = changetype<usize>(s);
  let i = from;
  if (ASC_SHRINK_LEVEL < 2) {
    const colon = v128.load(NEEDLE_VECTORS + V_COLON);
    const bracket = v128.load(NEEDLE_VECTORS + V_BRACKET);
    for (; i + 8 <= to; i += 8) {
      const v = v128.load(base + (<usize>i << 1));
      let hits = i16x8.bitmask(v128.or(i16x8.eq(v, colon), i16x8.eq(v, bracket)));
      while (hits != 0) {
        const at = i + ctz<i32>(hits);
        if (closesSeverity(s, at)) return at;
        hits &= hits - 1;
      }
    }
  }
  for (; i < to; i++) {
    const c = unitAt(s, i);
    if ((c == 0x3a || c == 0x5b) && closesSeverity(s, i)) return i;
  }
  return -1;
}

/** The first line of `text` that reports an error by its form (isErrorReport), or "". */
function firstErrorReport(text: string): string {
  let start = 0;
  const n = text.length;
  // Only the first 64 KB: a summary must not cost a scan of 100 MB.
  const limit = min(n, 65536);
  const bound = min(n, limit + REPORT_WINDOW);
  // Crash names, status words and severities are looked for across the window once, not line
  // by line: only a line with one of them in its window is read.
  let crash = nextCrash(text, 0, bound);
  let status = nextStatus(text, 0, bound);
  let severity = nextSeverity(text, 0, bound);
  while (start < limit) {
    if (crash >= 0 && <i32>(crash >> 32) < start) crash = nextCrash(text, start, bound);
    if (status >= 0 && status < start) status = nextStatus(text, start, bound);
    if (severity >= 0 && severity < start) severity = nextSeverity(text, start, bound);
    // None of them left: no line on reports an error.
    if (crash < 0 && status < 0 && severity < 0) break;
    const end = findNewline(text, start, n);
    const window = min(end, start + REPORT_WINDOW);
    const at = crash >= 0 ? <i32>(crash >> 32) : -1;
    const crashed = at >= start && at + <i32>(crash & 0xffffffff) <= window;
    const statusHere = status >= start && status < window;
    if (crashed || ((statusHere || (severity >= 0 && severity < window)) && reportsByWords(text, start, end, statusHere))) return text.substring(start, window);
    start = end + 1;
  }
  return "";
}

/** The trace's message when `line` is part of a stack trace, else `line` itself. */
function messageOf(text: string, line: string): string {
  if (line.length == 0) return line;
  const message = traceMessageFor(text, line);
  return message.length > 0 ? message : withMessageBelow(text, line);
}

/**
 * A bare label (`Error:`, one word and a colon) says its message on the next line that is not
 * blank, as jshell prints it: the two joined ("Error: cannot find symbol"), else the line.
 */
function withMessageBelow(text: string, line: string): string {
  const label = trim(line);
  if (label.length < 2 || unitAt(label, label.length - 1) != CharCode.COLON || label.indexOf(" ") >= 0) return line;
  // Where the line stands as a line of its own (not inside "TypeError: …").
  let at = text.indexOf(line);
  while (at > 0 && unitAt(text, at - 1) != CharCode.LF) at = text.indexOf(line, at + 1);
  if (at < 0) return line;
  let start = findNewline(text, at, text.length) + 1;
  while (start < text.length) {
    const end = findNewline(text, start, text.length);
    const next = trim(text.substring(start, end));
    // The label may open the next line too (lintian's "N:" notes): it is said once.
    if (next.length > 0) return next.startsWith(label) ? next : label + " " + next;
    start = end + 1;
  }
  return line;
}

/**
 * "Error: …" for a command's output, or "" when it did not fail by its exit code and no
 * line reports an error by its form. `flagged`: the first line the caller's scan took
 * for an error ("" when none): trusted when the command failed, checked when it did not.
 */
export function failureSummary(text: string, exitCode: i32, flagged: string): string {
  if (exitCode > 0) {
    let msg = messageOf(text, flagged);
    if (msg.length == 0) msg = messageOf(text, firstErrorReport(text));
    // A crash's trace often ends the output: its last line leads to the message.
    if (msg.length == 0) msg = messageOf(text, lastNonEmptyLine(text, false));
    if (msg.length == 0) msg = "exit code " + decimal(exitCode);
    return errorSummary(msg);
  }
  let msg = flagged.length > 0 && isErrorReport(flagged) ? flagged : firstErrorReport(text);
  return msg.length > 0 ? errorSummary(messageOf(text, msg)) : "";
}

/** The last line that is not blank, trimmed or as it stands. */
function lastNonEmptyLine(text: string, trimmedLine: bool = true): string {
  let end = text.length;
  while (end > 0) {
    const start = text.lastIndexOf("\n", end - 1) + 1;
    let stop = end;
    if (stop > start && text.charCodeAt(stop - 1) == 0x0d) stop--;
    const line = text.substring(start, stop);
    const trimmed = trim(line);
    if (trimmed.length > 0) return trimmedLine ? trimmed : line;
    end = start - 1;
  }
  return "";
}

export function genericSummary(category: i32, call: Call, exitCode: i32, text: string): string {
  // Binary text is its one-line description by now: "[binary output: …]".
  if (category == Category.Binary && text.startsWith("[") && endsWithText(text, "]")) return oneLine(text.substring(1, text.length - 1), SUMMARY_MAX);
  if (exitCode > 0) return failureSummary(text, exitCode, firstErrorLine(text));
  const lines = lineCount(text, countNewlines(text, 0, text.length));
  if (category == Category.FileContent) {
    const path = call.path.length > 0 ? call.path : call.url;
    if (path.length > 0) return oneLine("Read " + path + " (" + formatCount(lines) + " lines)", SUMMARY_MAX);
  }
  if (category == Category.WebContent) {
    const url = call.url.length > 0 ? call.url : call.path;
    if (url.length > 0) return oneLine("Fetched " + url + " (" + formatCount(text.length) + " chars)", SUMMARY_MAX);
  }
  if (category == Category.CommandOutput) {
    const command = call.command;
    if (command.length > 0) return oneLine("Ran " + command + " (" + formatCount(lines) + " lines)", SUMMARY_MAX);
  }
  const tool = call.tool.length > 0 ? call.tool : "tool";
  return oneLine("Completed " + tool + " (" + formatCount(lines) + " lines)", SUMMARY_MAX);
}
