// A plain TypeScript port of the core's truncate (assembly/truncate.ts) and
// keepImportant (assembly/important.ts), for the benchmark to compare the
// WebAssembly core against. Same algorithm, same output, written the way a
// careful TypeScript author would: indexOf for newlines, one global regex for
// the trigger pairs, string slices for the result. Cleaning is the caller's job.
// tests/host/truncate.property.test.ts checks that it agrees with the core.

const LF = 10;

// ---------------------------------------------------------------- text facts

function countNewlines(s: string, start: number, end: number): number {
  let n = 0;
  for (let i = s.indexOf("\n", start); i !== -1 && i < end; i = s.indexOf("\n", i + 1)) n++;
  return n;
}

const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;
const ANY_SURROGATE = /[\uD800-\uDFFF]/;

function pairsIn(s: string, start: number, end: number): number {
  if (end - start < 2) return 0;
  const part = start === 0 && end === s.length ? s : s.slice(start, end);
  if (!ANY_SURROGATE.test(part)) return 0;
  return part.match(SURROGATE_PAIR)?.length ?? 0;
}

function lineCount(s: string, newlines: number): number {
  return s.length > 0 && s.charCodeAt(s.length - 1) !== LF ? newlines + 1 : newlines;
}

const isHigh = (c: number) => (c & 0xfc00) === 0xd800;
const isLow = (c: number) => (c & 0xfc00) === 0xdc00;

function safeEnd(s: string, end: number): number {
  return end > 0 && end < s.length && isHigh(s.charCodeAt(end - 1)) && isLow(s.charCodeAt(end)) ? end - 1 : end;
}

function safeStart(s: string, start: number): number {
  return start > 0 && start < s.length && isLow(s.charCodeAt(start)) && isHigh(s.charCodeAt(start - 1)) ? start + 1 : start;
}

function headCut(s: string, room: number): number {
  if (room <= 0) return 0;
  if (room >= s.length) return s.length;
  const nl = s.lastIndexOf("\n", room - 1);
  return nl >= 0 && nl + 1 >= (room + 1) >> 1 ? nl + 1 : safeEnd(s, room);
}

function tailCut(s: string, room: number): number {
  const n = s.length;
  if (room <= 0) return n;
  if (room >= n) return 0;
  const start = n - room;
  const nl = s.indexOf("\n", start - 1);
  return nl !== -1 && nl + 1 <= n - ((room + 1) >> 1) ? nl + 1 : safeStart(s, start);
}

// ---------------------------------------------------------------- marker

const fmt = (n: number) => n.toLocaleString("en-US");

interface Hidden {
  errors: number;
  summaries: number;
  warnings: number;
}

function marker(omitted: number, first: number, last: number, total: number, partial: boolean, hidden: Hidden | null, hint: string): string {
  let m = `[...${fmt(omitted)} chars omitted...] ` + (first === last ? `line ${fmt(first)}` : `lines ${fmt(first)}–${fmt(last)}`) + ` of ${fmt(total)}`;
  if (partial) m += " (partial)";
  if (hidden && hidden.errors + hidden.summaries + hidden.warnings > 0) {
    const parts: string[] = [];
    if (hidden.errors > 0) parts.push(`${fmt(hidden.errors)} error`);
    if (hidden.summaries > 0) parts.push(`${fmt(hidden.summaries)} summary`);
    if (hidden.warnings > 0) parts.push(`${fmt(hidden.warnings)} warning`);
    m += `; incl. ${parts.join(", ")}${hidden.errors + hidden.summaries + hidden.warnings === 1 ? " line" : " lines"}`;
  }
  return m + hint.replace(/\{first\}|\{last\}/g, (p) => String(p === "{first}" ? first : last));
}

function markerBound(units: number, total: number, hint: string, hidden: Hidden | null): number {
  return marker(units, total, total + 1, total, true, hidden, hint).length;
}

// ---------------------------------------------------------------- truncate

function clampRatio(r: number): number {
  if (r >= 0 && r <= 1) return r;
  if (r > 1) return 1;
  if (r < 0) return 0;
  return 0.5;
}

interface Plan {
  headEnd: number;
  tailStart: number;
  marker: string;
}

function fillCut(text: string, room: number, ratio: number, hint: string, pairs: number, totalLines: number): Plan {
  const n = text.length;
  const headEnd = headCut(text, Math.floor(room * ratio));
  const tailStart = Math.max(tailCut(text, room - headEnd), headEnd);
  const gapPairs = pairs === 0 ? 0 : pairs - pairsIn(text, 0, headEnd) - pairsIn(text, tailStart, n);
  const omitted = tailStart - headEnd - gapPairs;
  const first = 1 + countNewlines(text, 0, headEnd);
  const totalNewlines = totalLines - (text.charCodeAt(n - 1) === LF ? 0 : 1);
  const last = totalNewlines - countNewlines(text, tailStart, n) + (text.charCodeAt(tailStart - 1) === LF ? 0 : 1);
  const partial = (headEnd > 0 && text.charCodeAt(headEnd - 1) !== LF) || (tailStart < n && text.charCodeAt(tailStart - 1) !== LF);
  return { headEnd, tailStart, marker: marker(omitted, first, last, totalLines, partial, null, hint) };
}

function renderPlan(text: string, p: Plan): string {
  if (p.marker === "") return "";
  const head = text.slice(0, p.headEnd);
  const sep = p.headEnd > 0 && text.charCodeAt(p.headEnd - 1) !== LF ? "\n" : "";
  return head + sep + p.marker + (p.tailStart < text.length ? "\n" + text.slice(p.tailStart) : "");
}

function truncateWithStats(text: string, budget: number, headRatio: number, hint: string, totalLines: number, pairs: number): string {
  const n = text.length;
  if (n <= budget) return text;
  if (budget <= 0) return "";
  const ratio = clampRatio(headRatio);
  let useHint = hint;
  let room = budget - markerBound(n, totalLines, useHint, null) - 2;
  if (room < 0 && hint.length > 0) {
    useHint = "";
    room = budget - markerBound(n, totalLines, useHint, null) - 2;
  }
  if (room < 0) {
    const full = marker(n - pairs, 1, totalLines, totalLines, false, null, "");
    if (full.length <= budget) return full;
    const bare = `[...${fmt(n - pairs)} chars omitted...]`;
    return bare.length <= budget ? bare : "";
  }
  const plan = fillCut(text, room, ratio, useHint, pairs, totalLines);
  const used = plan.headEnd + (n - plan.tailStart) + plan.marker.length + 2;
  if (used < budget) {
    const second = renderPlan(text, fillCut(text, room + budget - used, ratio, useHint, pairs, totalLines));
    if (second.length <= budget) return second;
  }
  return renderPlan(text, plan);
}

/** Head and tail at line boundaries with a `[...N chars omitted...] lines A–B of T` marker. */
export function truncate(text: string, budget: number, headRatio: number, hint = ""): string {
  if (text.length <= budget) return text;
  return truncateWithStats(text, budget, headRatio, hint, lineCount(text, countNewlines(text, 0, text.length)), pairsIn(text, 0, text.length));
}

// ---------------------------------------------------------------- flagged lines

const enum Kind {
  None = 0,
  Warning = 1,
  Exit = 2,
  Summary = 3,
  Failure = 4,
  Error = 5,
  Trace = 6,
}

const rankOf = (k: number) => (k >= Kind.Failure ? 3 : k >= Kind.Exit ? 2 : k === Kind.Warning ? 1 : 0);
const contextLines = (k: number) => (k === Kind.Warning ? 0 : 1);
const continuationCap = (k: number) => (k === Kind.Trace ? 40 : k === Kind.Error || k === Kind.Failure ? 12 : k === Kind.Warning ? 3 : 2);

const isDigit = (c: number) => c >= 48 && c <= 57;
const isAlpha = (c: number) => ((c | 0x20) >= 97 && (c | 0x20) <= 122);
const isIdent = (c: number) => isAlpha(c) || isDigit(c) || c === 95 || c === 36;
const at = (s: string, i: number) => (i >= 0 && i < s.length ? s.charCodeAt(i) : 32);
const isUpper = (c: number) => c >= 65 && c <= 90;

function lowerIs(s: string, i: number, lit: string): boolean {
  if (i < 0 || i + lit.length > s.length) return false;
  for (let j = 0; j < lit.length; j++) {
    const c = s.charCodeAt(i + j);
    if ((isUpper(c) ? c | 0x20 : c) !== lit.charCodeAt(j)) return false;
  }
  return true;
}

const exactIs = (s: string, i: number, lit: string) => i >= 0 && s.startsWith(lit, i);

function caseOf(s: string, i: number, len: number): number {
  let upper = 0;
  for (let j = 0; j < len; j++) if (isUpper(s.charCodeAt(i + j))) upper++;
  if (upper === 0) return 1;
  if (upper === len) return 2;
  return upper === 1 && isUpper(s.charCodeAt(i)) ? 3 : 0;
}

function wordEndsAt(s: string, e: number): boolean {
  const c = at(s, e);
  if (isIdent(c)) return false;
  return !((c === 46 || c === 47 || c === 45) && isIdent(at(s, e + 1)));
}

function wordStartsAt(s: string, w: number, camelOk: boolean): boolean {
  const c = at(s, w - 1);
  if (c === 47 || c === 92 || c === 46) return false;
  if (c === 45 && isIdent(at(s, w - 2))) return false;
  if (!isIdent(c)) return true;
  return camelOk && (isAlpha(c) || isDigit(c)) && caseOf(s, w, 2) === 3;
}

function zeroCount(s: string, w: number, e: number): boolean {
  let j = w - 1;
  while (j >= 0 && s.charCodeAt(j) === 32) j--;
  if (j >= 0 && s.charCodeAt(j) === 48 && !isIdent(at(s, j - 1)) && at(s, j - 1) !== 46) return true;
  if (j >= 1 && lowerIs(s, j - 1, "no") && !isIdent(at(s, j - 2))) return true;
  if (j >= 6 && lowerIs(s, j - 6, "without") && !isIdent(at(s, j - 7))) return true;
  let k = e;
  while (k < s.length && s.charCodeAt(k) === 32) k++;
  const c = at(s, k);
  if (c === 58 || c === 61) {
    k++;
    while (k < s.length && s.charCodeAt(k) === 32) k++;
    if (at(s, k) === 48 && !isIdent(at(s, k + 1))) return true;
  }
  return false;
}

function atLineStart(s: string, pos: number): boolean {
  for (let j = pos - 1; j >= 0; j--) {
    const c = s.charCodeAt(j);
    if (c === LF) return true;
    if (c !== 32 && c !== 9) return false;
  }
  return true;
}

function confirmAt(s: string, pos: number): Kind {
  const c0 = s.charCodeAt(pos);
  const c1 = at(s, pos + 1);
  const l0 = isUpper(c0) ? c0 | 0x20 : c0;
  const l1 = isUpper(c1) ? c1 | 0x20 : c1;
  if (l0 === 0x72 && l1 === 0x72) return confirmError(s, pos - 1);
  if (l1 === 0x61) {
    if (c0 === 0x52) return confirmRan(s, pos);
    if (l0 === 0x66) return confirmF(s, pos);
    if (l0 === 0x70) return confirmP(s, pos);
    if (l0 === 0x77) return confirmWarn(s, pos);
  }
  if (l0 === 0x65 && l1 === 0x62) return exactIs(s, pos - 4, "Traceback") && wordStartsAt(s, pos - 4, false) && wordEndsAt(s, pos + 5) ? Kind.Trace : Kind.None;
  if (l0 === 0x78 && l1 === 0x63) return confirmException(s, pos - 1);
  if (l0 === 0x78 && l1 === 0x69) return confirmExit(s, pos - 1);
  if (c0 === 0x2a && c1 === 0x2a) return exactIs(s, pos - 2, ": ***") ? Kind.Error : Kind.None;
  if ((c0 === 0xd7 || (c0 >= 0x2715 && c0 <= 0x2718)) && atLineStart(s, pos)) return Kind.Failure;
  return Kind.None;
}

function confirmError(s: string, w: number): Kind {
  if (lowerIs(s, w, "error")) {
    const form = caseOf(s, w, 5);
    if (form === 0) return Kind.None;
    let e = w + 5;
    if (at(s, e) === (form === 2 ? 0x53 : 0x73)) e++;
    if (!wordStartsAt(s, w, form === 3) || !wordEndsAt(s, e)) return Kind.None;
    return zeroCount(s, w, e) ? Kind.None : Kind.Error;
  }
  if (exactIs(s, w, "ERR") && wordStartsAt(s, w, false) && !isIdent(at(s, w + 3))) return Kind.Error;
  return Kind.None;
}

function confirmF(s: string, w: number): Kind {
  if (!wordStartsAt(s, w, false)) return Kind.None;
  if (lowerIs(s, w, "fail")) {
    let e = w + 4;
    if (lowerIs(s, e, "ures")) e += 4;
    else if (lowerIs(s, e, "ure") || lowerIs(s, e, "ing")) e += 3;
    else if (lowerIs(s, e, "ed")) e += 2;
    else if (lowerIs(s, e, "s")) e += 1;
    if (!wordEndsAt(s, e)) return Kind.None;
    return zeroCount(s, w, e) ? Kind.None : Kind.Failure;
  }
  if (lowerIs(s, w, "fatal") || lowerIs(s, w, "fault")) return wordEndsAt(s, w + 5) ? Kind.Error : Kind.None;
  return Kind.None;
}

function confirmP(s: string, w: number): Kind {
  if (!wordStartsAt(s, w, false)) return Kind.None;
  if (lowerIs(s, w, "panic")) {
    let e = w + 5;
    if (lowerIs(s, e, "ked")) e += 3;
    else if (lowerIs(s, e, "s")) e += 1;
    return wordEndsAt(s, e) ? Kind.Trace : Kind.None;
  }
  if (lowerIs(s, w, "pass")) {
    let e = w + 4;
    if (lowerIs(s, e, "ed")) e += 2;
    else if (lowerIs(s, e, "ing")) e += 3;
    else return Kind.None;
    if (!wordEndsAt(s, e)) return Kind.None;
    let j = w - 1;
    if (at(s, j) !== 32) return Kind.None;
    while (j >= 0 && s.charCodeAt(j) === 32) j--;
    return j >= 0 && isDigit(s.charCodeAt(j)) ? Kind.Summary : Kind.None;
  }
  return Kind.None;
}

function confirmWarn(s: string, w: number): Kind {
  if (!lowerIs(s, w, "warn")) return Kind.None;
  let e = w + 4;
  if (lowerIs(s, e, "ings")) e += 4;
  else if (lowerIs(s, e, "ing")) e += 3;
  else if (lowerIs(s, e, "s")) e += 1;
  if (caseOf(s, w, e - w) === 0) return Kind.None;
  if (!wordStartsAt(s, w, true) || !wordEndsAt(s, e)) return Kind.None;
  return zeroCount(s, w, e) ? Kind.None : Kind.Warning;
}

function confirmException(s: string, w: number): Kind {
  if (!lowerIs(s, w, "exception")) return Kind.None;
  const form = caseOf(s, w, 9);
  if (form === 0) return Kind.None;
  let e = w + 9;
  if ((at(s, e) | 0x20) === 0x73) e++;
  if (!wordStartsAt(s, w, form === 3) || !wordEndsAt(s, e)) return Kind.None;
  return zeroCount(s, w, e) ? Kind.None : Kind.Trace;
}

function confirmExit(s: string, w: number): Kind {
  if (!lowerIs(s, w, "exit") || !wordStartsAt(s, w, false)) return Kind.None;
  let j = w + 4;
  if (lowerIs(s, j, "ed")) j += 2;
  if (isIdent(at(s, j))) return Kind.None;
  const limit = Math.min(j + 24, s.length);
  while (j < limit) {
    const d = s.charCodeAt(j);
    if (isAlpha(d) || d === 32 || d === 58 || d === 61 || d === 40) j++;
    else break;
  }
  if (at(s, j) === 45) j++;
  if (!isDigit(at(s, j))) return Kind.None;
  let nonZero = false;
  while (j < s.length && isDigit(s.charCodeAt(j))) {
    if (s.charCodeAt(j) !== 48) nonZero = true;
    j++;
  }
  return nonZero && !isAlpha(at(s, j)) ? Kind.Exit : Kind.None;
}

function confirmRan(s: string, w: number): Kind {
  if (!exactIs(s, w, "Ran ") || !wordStartsAt(s, w, false) || !isDigit(at(s, w + 4))) return Kind.None;
  let j = w + 4;
  while (j < s.length && isDigit(s.charCodeAt(j))) j++;
  return exactIs(s, j, " test") ? Kind.Summary : Kind.None;
}

interface Scan {
  lineStarts: number[];
  lineEnds: number[];
  lineNumbers: number[];
  kinds: Kind[];
  totalLines: number;
  pairs: number;
}

// The same two-unit triggers as the core's SIMD scan (assembly/important/scan.ts).
const TRIGGER = /[rR][rR]|[fFpPwWR][aA]|[eE][bB]|[xX][cCiI]|\*\*|[\u00d7\u2715-\u2718]/g;

function scanImportant(s: string): Scan {
  const scan: Scan = { lineStarts: [], lineEnds: [], lineNumbers: [], kinds: [], totalLines: 0, pairs: 0 };
  let lineEnd = -1;
  let counted = 0; // newlines counted up to `countedTo`
  let countedTo = 0;
  TRIGGER.lastIndex = 0;
  for (let m = TRIGGER.exec(s); m !== null; m = TRIGGER.exec(s)) {
    const pos = m.index;
    // Overlapping triggers ("rrr", "***"): look at the next unit as well.
    TRIGGER.lastIndex = pos + 1;
    const kind = confirmAt(s, pos);
    if (kind === Kind.None) continue;
    if (pos < lineEnd) {
      const last = scan.kinds.length - 1;
      if (kind > scan.kinds[last]!) scan.kinds[last] = kind;
      continue;
    }
    const start = s.lastIndexOf("\n", pos - 1) + 1;
    const nl = s.indexOf("\n", pos);
    lineEnd = nl === -1 ? s.length : nl;
    counted += countNewlines(s, countedTo, start);
    countedTo = start;
    scan.lineStarts.push(start);
    scan.lineEnds.push(lineEnd);
    scan.lineNumbers.push(counted + 1);
    scan.kinds.push(kind);
  }
  scan.totalLines = lineCount(s, counted + countNewlines(s, countedTo, s.length));
  scan.pairs = pairsIn(s, 0, s.length);
  return scan;
}

// ---------------------------------------------------------------- blocks

const CONTINUATION_PREFIXES = ["Caused by", "goroutine ", "created by ", "During handling", "The above exception"];

function isBlank(s: string, i: number, end: number): boolean {
  for (let j = i; j < end; j++) {
    const d = s.charCodeAt(j);
    if (d !== 32 && d !== 9 && d !== 13) return false;
  }
  return true;
}

function isContinuation(s: string, i: number, end: number): boolean {
  if (i >= end) return false;
  const c = s.charCodeAt(i);
  if (c === 32 || c === 9 || c === 124) return !isBlank(s, i, end);
  for (const p of CONTINUATION_PREFIXES) if (i + p.length <= end && s.startsWith(p, i)) return true;
  if (isDigit(c)) {
    let j = i;
    while (j < end && isDigit(s.charCodeAt(j))) j++;
    while (j < end && s.charCodeAt(j) === 32) j++;
    return j < end && s.charCodeAt(j) === 124;
  }
  if (isIdent(c)) {
    let last = end - 1;
    if (last > i && s.charCodeAt(last) === 13) last--;
    if (s.charCodeAt(last) !== 41) return false;
    for (let j = i; j < last; j++) {
      const d = s.charCodeAt(j);
      if (d === 40) return true;
      if (d === 32 || d === 9) return false;
    }
  }
  return false;
}

const nextNewline = (s: string, from: number) => {
  const i = s.indexOf("\n", from);
  return i === -1 ? s.length : i;
};

interface Block {
  start: number;
  end: number;
  firstLine: number;
  lastLine: number;
}

function blockOf(s: string, lineStart: number, lineEnd: number, lineNo: number, kind: Kind): Block {
  const n = s.length;
  let start = lineStart;
  let first = lineNo;
  for (let k = contextLines(kind); k > 0 && start > 0; k--) {
    start = start >= 2 ? s.lastIndexOf("\n", start - 2) + 1 : 0;
    first--;
  }
  let end = lineEnd;
  let last = lineNo;
  let budget = continuationCap(kind);
  while (budget > 0 && end + 1 < n) {
    const next = end + 1;
    const nextEnd = nextNewline(s, next);
    if (isContinuation(s, next, nextEnd)) {
      end = nextEnd;
      last++;
      budget--;
      continue;
    }
    if (budget > 1 && nextEnd + 1 < n && isBlank(s, next, nextEnd)) {
      const after = nextNewline(s, nextEnd + 1);
      if (isContinuation(s, nextEnd + 1, after)) {
        end = after;
        last += 2;
        budget -= 2;
        continue;
      }
    }
    break;
  }
  for (let k = contextLines(kind); k > 0 && end + 1 < n; k--) {
    end = nextNewline(s, end + 1);
    last++;
  }
  return { start, end: end < n ? end + 1 : n, firstLine: first, lastLine: last };
}

// ---------------------------------------------------------------- keepImportant

const IMPORTANT_SHARE = 0.7;
const FLOOD_ENDS = 3;
const MIN_PARTIAL = 48;

function fromBothEnds(list: number[], lo: number, hi: number, perEnd: number, out: number[]): void {
  let front = lo;
  let back = hi - 1;
  for (let taken = 0; front <= back && taken < perEnd; taken++) {
    out.push(list[front++]!);
    if (front <= back) out.push(list[back--]!);
  }
}

function selectionOrder(scan: Scan): number[] {
  const errors: number[] = [];
  const summaries: number[] = [];
  const warnings: number[] = [];
  scan.kinds.forEach((k, i) => {
    const r = rankOf(k);
    if (r === 3) errors.push(i);
    else if (r === 2) summaries.push(i);
    else if (r === 1) warnings.push(i);
  });
  const order: number[] = [];
  if (errors.length > 0) order.push(errors[0]!);
  if (errors.length > 1) order.push(errors[errors.length - 1]!);
  fromBothEnds(summaries, 0, summaries.length, FLOOD_ENDS, order);
  if (errors.length > 2) fromBothEnds(errors, 1, errors.length - 1, errors.length, order);
  fromBothEnds(warnings, 0, warnings.length, FLOOD_ENDS, order);
  return order;
}

interface Range {
  start: number;
  end: number;
  firstLine: number;
  hit: number;
}

function unionLength(parts: [number, number][]): number {
  parts.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let total = 0;
  let curEnd = -1;
  for (const [s, e] of parts) {
    if (s >= curEnd) {
      total += e - s;
      curEnd = e;
    } else if (e > curEnd) {
      total += e - curEnd;
      curEnd = e;
    }
  }
  return total;
}

function uncovered(chosen: Range[], start: number, end: number): number {
  const parts: [number, number][] = [];
  for (const c of chosen) {
    const s = Math.max(start, c.start);
    const e = Math.min(end, c.end);
    if (e > s) parts.push([s, e]);
  }
  return end - start - unionLength(parts);
}

function costOf(chosen: Range[], start: number, end: number, perGap: number): number {
  const touches = chosen.some((c) => Math.max(start, c.start) <= Math.min(end, c.end));
  return uncovered(chosen, start, end) + (touches ? 0 : perGap);
}

function spent(ranges: Range[], perGap: number): number {
  const parts = ranges.map((c) => [c.start, c.end] as [number, number]).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let total = 0;
  let curEnd = -1;
  for (const [s, e] of parts) {
    if (s > curEnd) {
      total += e - s + perGap;
      curEnd = e;
    } else if (e > curEnd) {
      total += e - curEnd;
      curEnd = e;
    }
  }
  return total;
}

function render(text: string, scan: Scan, kept: { start: number; end: number; firstLine: number }[], hint: string): string {
  const n = text.length;
  const out: string[] = [];
  let outLen = 0;
  let endsWithLf = false;
  const push = (s: string) => {
    if (s.length === 0) return;
    out.push(s);
    outLen += s.length;
    endsWithLf = s.charCodeAt(s.length - 1) === LF;
  };
  let pos = 0;
  let flag = 0;
  for (let k = 0; k <= kept.length; k++) {
    const segStart = k < kept.length ? kept[k]!.start : n;
    if (segStart > pos) {
      const prev = kept[k - 1];
      const first = k === 0 ? 1 : prev!.firstLine + countNewlines(text, prev!.start, pos);
      const endsLine = text.charCodeAt(segStart - 1) === LF;
      const last = k === kept.length ? scan.totalLines : kept[k]!.firstLine - (endsLine ? 1 : 0);
      const partial = (pos > 0 && text.charCodeAt(pos - 1) !== LF) || (segStart < n && !endsLine);
      const omitted = segStart - pos - (scan.pairs > 0 ? pairsIn(text, pos, segStart) : 0);
      const hidden: Hidden = { errors: 0, summaries: 0, warnings: 0 };
      while (flag < scan.lineStarts.length && scan.lineStarts[flag]! < pos) flag++;
      while (flag < scan.lineStarts.length && scan.lineStarts[flag]! < segStart) {
        const r = rankOf(scan.kinds[flag]!);
        if (r >= 3) hidden.errors++;
        else if (r === 2) hidden.summaries++;
        else hidden.warnings++;
        flag++;
      }
      if (outLen > 0 && !endsWithLf) push("\n");
      push(marker(omitted, first, last, scan.totalLines, partial, hidden, hint));
      if (k < kept.length) push("\n");
    }
    if (k === kept.length) break;
    push(text.slice(segStart, kept[k]!.end));
    pos = kept[k]!.end;
  }
  return out.join("");
}

function cutWith(text: string, scan: Scan, chosen: Range[], rest: number, ratio: number) {
  const n = text.length;
  const headEnd = headCut(text, Math.floor(rest * ratio));
  const tailStart = Math.max(tailCut(text, rest - headEnd), headEnd);
  const sorted = chosen.map((c, i) => ({ c, i })).sort((a, b) => a.c.start - b.c.start || a.i - b.i);
  const kept: { start: number; end: number; firstLine: number }[] = [];
  const keep = (start: number, end: number, firstLine: number) => {
    if (end <= start) return;
    const last = kept[kept.length - 1];
    if (last && start <= last.end) {
      if (end > last.end) last.end = end;
      return;
    }
    kept.push({ start, end, firstLine });
  };
  keep(0, headEnd, 1);
  for (const { c } of sorted) {
    if (c.start >= tailStart) break;
    keep(c.start, c.end, c.firstLine);
  }
  if (tailStart < n) {
    const totalNewlines = scan.totalLines - (text.charCodeAt(n - 1) === LF ? 0 : 1);
    keep(tailStart, n, 1 + totalNewlines - countNewlines(text, tailStart, n));
  }
  return kept;
}

/** Head, the flagged blocks and tail within `budget`, a marker for every gap. */
export function keepImportant(text: string, budget: number, headRatio: number, hint = ""): string {
  const n = text.length;
  if (n <= budget) return text;
  const scan = scanImportant(text);
  const ratio = clampRatio(headRatio);
  const plain = () => truncateWithStats(text, budget, ratio, hint, scan.totalLines, scan.pairs);
  if (scan.kinds.length === 0 || budget <= 0) return plain();
  const hiddenAll: Hidden = { errors: 0, summaries: 0, warnings: 0 };
  for (const k of scan.kinds) {
    const r = rankOf(k);
    if (r === 3) hiddenAll.errors++;
    else if (r === 2) hiddenAll.summaries++;
    else hiddenAll.warnings++;
  }
  const perGap = markerBound(n, scan.totalLines, hint, hiddenAll) + 2;
  const room = budget - perGap;
  if (room < perGap + MIN_PARTIAL) return plain();
  const cap = Math.floor(room * IMPORTANT_SHARE);
  const minRest = room - cap;
  const freeHeadEnd = headCut(text, Math.floor(minRest * ratio));
  const freeTailStart = Math.max(tailCut(text, minRest - freeHeadEnd), freeHeadEnd);

  // Flagged lines alone first, in order of rank; then their blocks while the share lasts.
  const chosen: Range[] = [];
  let used = 0;
  for (const h of selectionOrder(scan)) {
    const left = cap - used;
    if (left < perGap + 8) break;
    const ls = scan.lineStarts[h]!;
    const le = scan.lineEnds[h]!;
    if (le < freeHeadEnd || ls >= freeTailStart) continue;
    if (chosen.some((c) => c.start <= ls && le <= c.end)) continue;
    let e = le < n ? le + 1 : n;
    let cost = costOf(chosen, ls, e, perGap);
    if (cost > left) {
      if (left - perGap < MIN_PARTIAL) continue;
      e = safeEnd(text, ls + left - perGap - 1);
      cost = e - ls + perGap;
    }
    chosen.push({ start: ls, end: e, firstLine: scan.lineNumbers[h]!, hit: h });
    used += cost;
  }
  for (const c of chosen) {
    const h = c.hit;
    const block = blockOf(text, scan.lineStarts[h]!, scan.lineEnds[h]!, scan.lineNumbers[h]!, scan.kinds[h]!);
    const grown = used + uncovered(chosen, block.start, block.end);
    if (grown > cap) continue;
    c.start = block.start;
    c.end = block.end;
    c.firstLine = block.firstLine;
    used = grown;
  }

  for (let take = chosen.length; take >= 0; take--) {
    const some = chosen.slice(0, take);
    const rest = room - spent(some, perGap);
    const out = render(text, scan, cutWith(text, scan, some, rest, ratio), hint);
    if (out.length > budget) continue;
    const slack = budget - out.length;
    if (slack > 0) {
      const wider = render(text, scan, cutWith(text, scan, some, rest + slack, ratio), hint);
      if (wider.length <= budget) return wider;
    }
    return out;
  }
  return plain();
}
