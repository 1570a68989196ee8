// A plain TypeScript port of the core's truncate (assembly/truncate.ts) and
// keepImportant (assembly/important.ts with assembly/important/: the keyword
// scan, line shapes, the refined scan, failure blocks and their key lines,
// alike blocks), for the benchmark to compare the WebAssembly core against.
// Same algorithm, written the way a careful TypeScript author would: indexOf for
// newlines, one global regex for the trigger pairs, Maps and string slices.
// Cleaning is the caller's job. Rules that read the exit status, and with it a
// failed run's outcome line, its warnings as failures, lines that say something was
// not found, denied or undefined, and the numbered cut's fill, are the core's only: the port
// answers as the core does for an unknown exit status and a marker cut.
// tests/host/truncate.property.test.ts checks that it agrees with the core there.

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
  /** Alike blocks left out, like the block at lines alikeFirst–alikeLast (0 when that one is left out too). */
  alike?: number;
  alikeFirst?: number;
  alikeLast?: number;
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
  const alike = hidden?.alike ?? 0;
  if (alike > 0) {
    m += `; ${fmt(alike)}`;
    if (!hidden!.alikeFirst) m += " alike blocks";
    else m += `${alike === 1 ? " block like lines " : " blocks like lines "}${fmt(hidden!.alikeFirst!)}–${fmt(hidden!.alikeLast!)}`;
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
  Notable = 1,
  Warning = 2,
  Exit = 3,
  Summary = 4,
  Failure = 5,
  Error = 6,
  Trace = 7,
}

const rankOf = (k: number) => (k >= Kind.Failure ? 3 : k >= Kind.Exit ? 2 : k === Kind.Warning ? 1 : 0);
const contextLines = (k: number) => (k <= Kind.Warning ? 0 : 1);
const continuationCap = (k: number) =>
  k === Kind.Trace ? 40 : k === Kind.Error || k === Kind.Failure ? 12 : k === Kind.Notable ? 8 : k === Kind.Warning ? 3 : 2;

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
  if (isZeroAt(s, j)) return true;
  // A zero and the plural of what it counts ("[ 0 containers failed ]").
  if (j >= 2 && j < w - 1 && s.charCodeAt(j) === 0x73) {
    let k = j;
    while (k >= 0 && s.charCodeAt(k) - 0x61 >= 0 && s.charCodeAt(k) - 0x61 <= 25) k--;
    if (j - k >= 3 && at(s, k) === 32) {
      while (k >= 0 && s.charCodeAt(k) === 32) k--;
      if (isZeroAt(s, k)) return true;
    }
  }
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

function isZeroAt(s: string, j: number): boolean {
  return j >= 0 && s.charCodeAt(j) === 48 && !isIdent(at(s, j - 1)) && at(s, j - 1) !== 46;
}

function countBefore(s: string, w: number): boolean {
  if (at(s, w - 1) !== 32 || !isDigit(at(s, w - 2))) return false;
  let j = w - 2;
  while (j >= 0 && isDigit(s.charCodeAt(j))) j--;
  const c = at(s, j);
  return !isIdent(c) && c !== 46 && c !== 58;
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
  if (c0 >= 0x2715 && c0 <= 0x2718 && standsAlone(s, pos)) return Kind.Failure;
  return Kind.None;
}

function standsAlone(s: string, pos: number): boolean {
  if (pos === 0 || s.charCodeAt(pos - 1) !== 32) return false;
  if (pos + 1 >= s.length) return true;
  const c = s.charCodeAt(pos + 1);
  return c === 32 || c === LF || c === 13;
}

function confirmError(s: string, w: number): Kind {
  if (lowerIs(s, w, "error")) {
    const form = caseOf(s, w, 5);
    if (form === 0) return Kind.None;
    let e = w + 5;
    if (at(s, e) === (form === 2 ? 0x53 : 0x73)) e++;
    if (!wordStartsAt(s, w, form === 3) || !wordEndsAt(s, e)) return Kind.None;
    if (zeroCount(s, w, e)) return Kind.None;
    return countBefore(s, w) ? Kind.Summary : Kind.Error;
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
  /** Where the word that flagged each line starts to match. */
  hits: number[];
  totalLines: number;
  pairs: number;
}

// The same two-unit triggers as the core's SIMD scan (assembly/important/scan.ts).
const TRIGGER = /[rR][rR]|[fFpPwWR][aA]|[eE][bB]|[xX][cCiI]|\*\*|[\u00d7\u2715-\u2718]/g;

/** The word at `w` ends in a colon and is no plural: a label ("WARNING:"), as in the core's scan. */
function labelledAt(s: string, w: number): boolean {
  let e = w;
  while (e < s.length && /[A-Za-z]/.test(s[e]!)) e++;
  return e > w && s[e] === ":" && (s.charCodeAt(e - 1) | 0x20) !== 0x73;
}

function scanImportant(s: string): Scan {
  const scan: Scan = { lineStarts: [], lineEnds: [], lineNumbers: [], kinds: [], hits: [], totalLines: 0, pairs: 0 };
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
      // A line its first word labels a warning ("WARNING: Failed …") stays one.
      if (scan.kinds[last] === Kind.Warning && labelledAt(s, scan.hits[last]!)) continue;
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
    scan.hits.push(pos);
  }
  scan.totalLines = lineCount(s, counted + countNewlines(s, countedTo, s.length));
  scan.pairs = pairsIn(s, 0, s.length);
  return scan;
}

// ---------------------------------------------------------------- line shapes (important/shapes.ts)

const COLS = 4;
const LAST_COL = 3;
const SPACED = 16;
const INDENTS = SPACED + 1;
const COLUMN_IDS = COLS * INDENTS;
const NUM_HASH = 0x9e3779b9;
const MAX_SLOTS = 1 << 16;
const MAX_LINES = 1 << 21;
const MIN_SUPPORT = 8;

const fnv = (h: number, c: number) => Math.imul(h ^ c, 16777619) >>> 0;
function mix(h: number): number {
  h = (h ^ (h >>> 16)) >>> 0;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  return (h ^ (h >>> 13)) >>> 0;
}
function labelHash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = fnv(h, s.charCodeAt(i));
  return h;
}
const SUMMARY_LABEL = labelHash("SUMMARY:");
const rareMax = (total: number) => Math.max(3, total >> 4);

class Shapes {
  count = 0;
  starts: number[] = [];
  ends: number[] = [];
  templates: number[] = [];
  labelled: number[] = [];
  private slots: number[] = [];
  private keys: Float64Array;
  private counts: Int32Array;
  private mask: number;
  private used = 0;
  private colTotal = new Int32Array(COLUMN_IDS);
  private colMax = new Int32Array(COLUMN_IDS);
  private colMaxSlot = new Int32Array(COLUMN_IDS).fill(-1);
  private colRare = new Int32Array(COLUMN_IDS);

  constructor(
    public text: string,
    newlines: number,
  ) {
    const cap = Math.min(newlines + 1, MAX_LINES);
    let size = 256;
    while (size < cap * COLS * 2 && size < MAX_SLOTS) size <<= 1;
    // Keys as col * 2^32 + class: exact in a double.
    this.keys = new Float64Array(size).fill(-1);
    this.counts = new Int32Array(size);
    this.mask = size - 1;
    const s = text;
    const n = s.length;
    let pos = 0;
    while (pos < n && this.count < cap) {
      const nl = nextNewline(s, pos);
      let end = nl;
      if (end > pos && s.charCodeAt(end - 1) === 13) end--;
      this.starts.push(pos);
      this.ends.push(end);
      this.tokenize(this.count, pos, end);
      this.count++;
      pos = nl + 1;
    }
    for (let slot = 0; slot < size; slot++) {
      const key = this.keys[slot]!;
      if (key < 0) continue;
      const col = Math.floor(key / 4294967296);
      const c = this.counts[slot]!;
      if (c <= rareMax(this.colTotal[col]!)) this.colRare[col] += c;
    }
  }

  private tokenize(k: number, a: number, b: number): void {
    const s = this.text;
    let indent = 0;
    let tabbed = false;
    let i = a;
    for (; i < b; i++) {
      const c = s.charCodeAt(i);
      if (c === 32) indent++;
      else if (c === 9) {
        indent += 4;
        tabbed = true;
      } else break;
    }
    const base = k * COLS;
    for (let c = 0; c < COLS; c++) this.slots[base + c] = -1;
    const ind = tabbed ? SPACED : Math.min(indent, SPACED - 1);
    let template = fnv(2166136261, ind + 1);
    let tokens = 0;
    let last = 0;
    while (i < b) {
      let h = 2166136261;
      let digit = false;
      for (; i < b; i++) {
        const c = s.charCodeAt(i);
        if (c === 32 || c === 9) break;
        if (isDigit(c)) digit = true;
        h = fnv(h, c);
      }
      const cls = digit ? NUM_HASH : h;
      if (tokens < LAST_COL && h === SUMMARY_LABEL) this.labelled.push(k);
      if (tokens < LAST_COL) this.slots[base + tokens] = this.add(ind * COLS + tokens, cls);
      last = cls;
      template = fnv(template, cls);
      tokens++;
      while (i < b && (s.charCodeAt(i) === 32 || s.charCodeAt(i) === 9)) i++;
    }
    if (tokens > LAST_COL) this.slots[base + LAST_COL] = this.add(ind * COLS + LAST_COL, last);
    this.templates[k] = tokens === 0 ? 0 : (template | 1) >>> 0;
  }

  private add(col: number, cls: number): number {
    this.colTotal[col]++;
    const key = col * 4294967296 + cls;
    let slot = mix((cls ^ Math.imul(col, 0x9e3779b1)) >>> 0) & this.mask;
    for (;;) {
      const k = this.keys[slot]!;
      if (k === key) break;
      if (k < 0) {
        if (this.used * 4 >= (this.mask + 1) * 3) return -1;
        this.keys[slot] = key;
        this.used++;
        break;
      }
      slot = (slot + 1) & this.mask;
    }
    const c = ++this.counts[slot];
    if (c > this.colMax[col]!) {
      this.colMax[col] = c;
      this.colMaxSlot[col] = slot;
    }
    return slot;
  }

  private colOf(slot: number): number {
    return Math.floor(this.keys[slot]! / 4294967296);
  }

  private dominant(col: number): boolean {
    const total = this.colTotal[col]!;
    return total >= MIN_SUPPORT && this.colRare[col]! * 4 <= total;
  }

  deviation(i: number, head = false): number {
    let best = 0;
    const cols = head ? 2 : COLS;
    for (let c = 0; c < cols; c++) {
      const slot = this.slots[i * COLS + c]!;
      if (slot < 0) continue;
      const col = this.colOf(slot);
      if (!this.dominant(col) || slot === this.colMaxSlot[col]) continue;
      const total = this.colTotal[col]!;
      if (this.counts[slot]! <= rareMax(total) && total > best) best = total;
    }
    return best;
  }

  steady(i: number, c: number): boolean {
    const slot = this.slots[i * COLS + c]!;
    if (slot < 0) return false;
    const col = this.colOf(slot);
    return this.dominant(col) && this.counts[slot]! > rareMax(this.colTotal[col]!);
  }

  regularRow(i: number): boolean {
    const slot = this.slots[i * COLS]!;
    if (slot < 0) return false;
    const col = this.colOf(slot);
    return this.dominant(col) && slot === this.colMaxSlot[col] && this.keys[slot]! - col * 4294967296 !== NUM_HASH;
  }

  sameTemplate(i: number, j: number): boolean {
    return this.templates[i] === this.templates[j];
  }

  sameLead(i: number, j: number): boolean {
    const slot = this.slots[i * COLS]!;
    return slot >= 0 && slot === this.slots[j * COLS];
  }

  blank(i: number): boolean {
    return this.templates[i] === 0;
  }
}

// ---------------------------------------------------------------- frames (important/frames.ts)

const LIBRARY_MARKS = [
  "node_modules/", "node:", "internal/", "site-packages/", "dist-packages/", "/usr/", "/lib/", "/lib64/",
  "/opt/", "sysdeps/", "/rustc/", "/.cargo/", "/.rustup/", "/go/pkg/", "<frozen", "java.base/", "jdk.",
  "org.junit", "junit.", "sun.", "/libc", "libc_", "std::", "core::", "/.m2/", "/gems/", "/vendor/",
  ".so.", ".so+", ".so)", ".dylib", ".dll",
];

function firstText(s: string, a: number, b: number): number {
  while (a < b && (s.charCodeAt(a) === 32 || s.charCodeAt(a) === 9)) a++;
  return a;
}

const startsWithIn = (s: string, i: number, end: number, lit: string) => i + lit.length <= end && s.startsWith(lit, i);
const containsIn = (s: string, a: number, b: number, lit: string) => {
  const at = s.indexOf(lit, a);
  return at !== -1 && at + lit.length <= b;
};

function hasLocation(s: string, a: number, b: number): boolean {
  for (let i = a + 2; i < b - 1; i++) {
    if (s.charCodeAt(i) !== 58 || !isDigit(s.charCodeAt(i + 1))) continue;
    let j = i - 1;
    let letters = 0;
    while (j > a && isAlpha(s.charCodeAt(j)) && letters < 6) {
      j--;
      letters++;
    }
    if (letters > 0 && s.charCodeAt(j) === 46) return true;
  }
  return false;
}

function isFrame(s: string, a: number, b: number): boolean {
  const t = firstText(s, a, b);
  if (t >= b) return false;
  if (startsWithIn(s, t, b, "at ")) return true;
  if (startsWithIn(s, t, b, 'File "')) return containsIn(s, t, b, '", line ');
  if (s.charCodeAt(t) === 35 && t + 1 < b && isDigit(s.charCodeAt(t + 1))) return true;
  return t > a && hasLocation(s, t, b);
}

const isLibraryFrame = (s: string, a: number, b: number) => LIBRARY_MARKS.some((m) => containsIn(s, a, b, m));

/** A frame that names where its code is: a source location, a path or Python's line ("at <Jasmine>" names none). */
const locatesCode = (s: string, a: number, b: number) =>
  hasLocation(s, a, b) || containsIn(s, a, b, "/") || containsIn(s, a, b, "\\") || containsIn(s, a, b, '", line ');

function isMarkedFrame(s: string, a: number, b: number): boolean {
  const t = firstText(s, a, b);
  if (t >= b || t === a) return false;
  if (startsWithIn(s, t, b, "at ")) return true;
  if (startsWithIn(s, t, b, 'File "')) return containsIn(s, t, b, '", line ');
  return s.charCodeAt(t) === 35 && t + 1 < b && isDigit(s.charCodeAt(t + 1));
}

function annotatesFrame(s: string, shapes: Shapes, i: number): boolean {
  const a = shapes.starts[i]!;
  const b = shapes.ends[i]!;
  if (isMarkedFrame(s, a, b)) return false;
  const depth = firstText(s, a, b) - a;
  for (let p = i - 1; p >= 0 && p >= i - 4; p--) {
    const pa = shapes.starts[p]!;
    const pb = shapes.ends[p]!;
    const pt = firstText(s, pa, pb);
    if (pt >= pb || depth < pt - pa) return false;
    if (isMarkedFrame(s, pa, pb)) return true;
  }
  return false;
}

// ---------------------------------------------------------------- titles (important/titles.ts)

function trimmedEnd(s: string, a: number, b: number): number {
  while (b > a) {
    const c = s.charCodeAt(b - 1);
    if (c !== 32 && c !== 9 && c !== 13) break;
    b--;
  }
  return b;
}

function isUnderlinedTitle(s: string, shapes: Shapes, i: number): boolean {
  if (i + 1 >= shapes.count) return false;
  const ra = shapes.starts[i + 1]!;
  const rb = shapes.ends[i + 1]!;
  if (ra >= rb) return false;
  const c = s.charCodeAt(ra);
  if (c !== 0x3d && c !== 45 && c !== 32 && c !== 9) return false;
  const a = shapes.starts[i]!;
  const indent = firstText(s, a, shapes.ends[i]!);
  const rs = ra + (indent - a);
  if (rs >= rb) return false;
  const fill = s.charCodeAt(rs);
  if (fill !== 0x3d && fill !== 45) return false;
  if (firstText(s, ra, rs) !== rs) return false;
  const re = trimmedEnd(s, rs, rb);
  for (let k = rs; k < re; k++) if (s.charCodeAt(k) !== fill) return false;
  const te = trimmedEnd(s, indent, shapes.ends[i]!);
  const len = te - indent;
  if (len < 12 || Math.abs(re - rs - len) > 2) return false;
  let letters = 0;
  for (let k = indent; k < te; k++) if (isAlpha(s.charCodeAt(k))) letters++;
  return letters * 2 >= len;
}

function isBareLocation(s: string, a: number, b: number): boolean {
  const t = firstText(s, a, b);
  if (t === a) return false;
  if (s.charCodeAt(a) === 9) return true;
  return startsWithIn(s, t, b, "at ") && !containsIn(s, t, b, "(");
}

const toLower = (c: number) => (c >= 65 && c <= 90 ? c | 0x20 : c);

function wordAt(s: string, i: number, b: number, w: string): boolean {
  if (i + w.length > b) return false;
  const before = i > 0 ? s.charCodeAt(i - 1) : 32;
  if (isAlpha(before) || before === 40 || before === 46) return false;
  for (let j = 0; j < w.length; j++) if (toLower(s.charCodeAt(i + j)) !== w.charCodeAt(j)) return false;
  if (i + w.length === b) return true;
  const after = s.charCodeAt(i + w.length);
  return !isAlpha(after) && after !== 40 && after !== 41;
}

function sideLabel(s: string, a: number, b: number): boolean {
  const t = firstText(s, a, b);
  let e = t;
  while (e < b && isAlpha(s.charCodeAt(e))) e++;
  if (e >= b || s.charCodeAt(e) !== 58) return false;
  return wordAt(s, t, e, "left") || wordAt(s, t, e, "right") || wordAt(s, t, e, "got");
}

function isAssertion(s: string, a: number, b: number): boolean {
  if (sideLabel(s, a, b)) return true;
  for (let i = a; i < b; i++) {
    const c = toLower(s.charCodeAt(i));
    if (c === 0x65 && wordAt(s, i, b, "expected")) return true;
    if (c === 0x61 && wordAt(s, i, b, "actual")) return true;
    if (c === 0x72 && wordAt(s, i, b, "received")) return true;
    if (c === 0x77 && wordAt(s, i, b, "want")) return true;
    if (c === 0x62 && wordAt(s, i, b, "but") && startsWithIn(s, i + 3, b, " was")) return true;
    if (c === 0x21 && i > a && s.charCodeAt(i - 1) === 32 && startsWithIn(s, i, b, "!=")) return true;
  }
  return false;
}

// ---------------------------------------------------------------- refined scan (important/refine.ts)

const MAX_NOTABLE = 48;
const QUIET_SUPPORT = 64;
const PROSE_WORDS = 6;
const isLower = (c: number) => c >= 97 && c <= 122;
const isBlankUnit = (c: number) => c === 32 || c === 9;

function wordCase(s: string, a: number, b: number): number {
  if (b <= a) return 0;
  for (let j = a + 1; j < b; j++) if (!isLower(s.charCodeAt(j))) return 0;
  const c = s.charCodeAt(a);
  if (isLower(c)) return 1;
  return isUpper(c) ? 2 : 0;
}

function tokenBefore(s: string, lineStart: number, at: number): [number, number] | null {
  let j = at - 1;
  if (j < lineStart || !isBlankUnit(s.charCodeAt(j))) return null;
  while (j >= lineStart && isBlankUnit(s.charCodeAt(j))) j--;
  if (j < lineStart) return null;
  const e = j + 1;
  while (j >= lineStart && !isBlankUnit(s.charCodeAt(j))) j--;
  return [j + 1, e];
}

/** A line of carets or tildes and blanks only: a pointer under a place in the line above. */
function onlyPointer(line: string): boolean {
  return /^[ \t]*[\^~][ \t^~]*$/.test(line);
}

function codeExcerpt(s: string, ls: number, le: number): boolean {
  let j = ls;
  while (j < le && isBlankUnit(s.charCodeAt(j))) j++;
  if (j < le && s.charCodeAt(j) === 62) j++;
  while (j < le && isBlankUnit(s.charCodeAt(j))) j++;
  const digits = j;
  while (j < le && isDigit(s.charCodeAt(j))) j++;
  if (j === digits) return false;
  while (j < le && isBlankUnit(s.charCodeAt(j))) j++;
  return j < le && s.charCodeAt(j) === 124;
}

function indentAt(s: string, a: number, b: number): number {
  let j = a;
  while (j < b && isBlankUnit(s.charCodeAt(j))) j++;
  return j - a;
}

function namesFramesFunction(s: string, shapes: Shapes, line: number): boolean {
  if (line + 1 >= shapes.count) return false;
  const a = shapes.starts[line + 1]!;
  const b = shapes.ends[line + 1]!;
  return isBareLocation(s, a, b) && isFrame(s, a, b) && isCall(s, shapes.starts[line]!, shapes.ends[line]!);
}

function isCall(s: string, ls: number, le: number): boolean {
  let e = le;
  while (e > ls && (s.charCodeAt(e - 1) === 32 || s.charCodeAt(e - 1) === 9)) e--;
  if (e === ls || s.charCodeAt(e - 1) !== 0x29) return false;
  for (let i = firstText(s, ls, e); i < e - 1; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x28) return true;
    if (c === 0x3a && (s.charCodeAt(i + 1) === 32 || s.charCodeAt(i + 1) === 9)) return false;
  }
  return false;
}

function incidental(s: string, shapes: Shapes, line: number, hit: number, exitCode: number): boolean {
  // Code a diagnostic quotes and underlines with a pointer: the word is the code's.
  if (line + 1 < shapes.count && onlyPointer(s.slice(shapes.starts[line + 1]!, shapes.ends[line + 1]!))) return true;
  if (namesFramesFunction(s, shapes, line)) return true;
  const ls = shapes.starts[line]!;
  const le = shapes.ends[line]!;
  if (codeExcerpt(s, ls, le)) return true;
  if (line > 0) {
    const ps = shapes.starts[line - 1]!;
    const pe = shapes.ends[line - 1]!;
    if (isFrame(s, ps, pe) && indentAt(s, ls, le) > indentAt(s, ps, pe) && indentAt(s, ps, pe) > 0) return true;
  }
  let w = hit;
  while (w > ls && isAlpha(s.charCodeAt(w - 1))) w--;
  let e = hit;
  while (e < le && isAlpha(s.charCodeAt(e))) e++;
  const form = wordCase(s, w, e);
  if (form === 0) return false;
  if (w > ls && !isBlankUnit(s.charCodeAt(w - 1))) return false;
  if (e < le && !isBlankUnit(s.charCodeAt(e))) return false;
  let index = 0;
  let tokens = 0;
  for (let j = ls; j < le; ) {
    while (j < le && isBlankUnit(s.charCodeAt(j))) j++;
    if (j >= le) break;
    if (j < w) index++;
    tokens++;
    while (j < le && !isBlankUnit(s.charCodeAt(j))) j++;
  }
  if (index < 2) return false;
  const prev = tokenBefore(s, ls, w);
  if (prev === null) return false;
  const prevCase = wordCase(s, prev[0], prev[1]);
  if (shapes.regularRow(line) && shapes.deviation(line) === 0 && (form === 1 || prevCase === 2) && !(index === 2 && shapes.steady(line, 2))) return true;
  if (exitCode !== 0 || form !== 1 || prevCase !== 1 || tokens < PROSE_WORDS) return false;
  let k = e;
  while (k < le && isBlankUnit(s.charCodeAt(k))) k++;
  return k > e && k < le && isLower(s.charCodeAt(k));
}

const MARKER_TOKEN = 3;
const MARKER_PAD = 2;
const MAX_MARKERS = 4;

function marginMarker(s: string, a: number, b: number): number {
  let j = a;
  while (j < b && j - a <= MARKER_TOKEN && !isBlankUnit(s.charCodeAt(j))) j++;
  if (j === a || j - a > MARKER_TOKEN) return -1;
  const tokenEnd = j;
  while (j < b && isBlankUnit(s.charCodeAt(j))) j++;
  if (j - tokenEnd < MARKER_PAD || j === b) return -1;
  return j;
}

function hasMarker(s: string, a: number, b: number, ma: number, mb: number): boolean {
  const len = mb - ma;
  if (b - a <= len || isBlankUnit(s.charCodeAt(a + len))) return false;
  for (let k = 0; k < len; k++) if (s.charCodeAt(a + k) !== s.charCodeAt(ma + k)) return false;
  return true;
}

function markedLikeErrors(text: string, scan: Scan, keep: Uint8Array, shapes: Shapes, flagged: Uint8Array, into: Uint8Array): void {
  const markerStarts: number[] = [];
  const markerEnds: number[] = [];
  const errorsWith: number[] = [];
  for (let i = 0; i < scan.kinds.length; i++) {
    if (!keep[i] || rankOf(scan.kinds[i]!) < 3) continue;
    const a = scan.lineStarts[i]!;
    const mb = marginMarker(text, a, scan.lineEnds[i]!);
    if (mb < 0) continue;
    let found = -1;
    for (let k = 0; k < markerStarts.length && found < 0; k++) {
      if (markerEnds[k]! - markerStarts[k]! === mb - a && hasMarker(text, a, mb + 1, markerStarts[k]!, markerEnds[k]!)) found = k;
    }
    if (found >= 0) errorsWith[found]!++;
    else if (markerStarts.length < MAX_MARKERS) {
      markerStarts.push(a);
      markerEnds.push(mb);
      errorsWith.push(1);
    }
  }
  if (!errorsWith.some((n) => n >= 2)) return;
  const linesWith = new Array<number>(markerStarts.length).fill(0);
  for (let pass = 0; pass < 2; pass++) {
    for (let line = 0; line < shapes.count; line++) {
      const a = shapes.starts[line]!;
      const b = shapes.ends[line]!;
      for (let k = 0; k < markerStarts.length; k++) {
        if (errorsWith[k]! < 2 || !hasMarker(text, a, b, markerStarts[k]!, markerEnds[k]!)) continue;
        if (pass === 0) linesWith[k]!++;
        else if (errorsWith[k]! * 2 >= linesWith[k]! && !flagged[line]) into[line] = 1;
        break;
      }
    }
  }
}

/** Consecutive breaking lines from which on they are a phase of the output, broken at its first line only (phases.ts). */
const PHASE_LINES = 24;

/** `candidates` ([deviation, line] in line order) without the lines of a phase but its first. */
function withoutPhases(candidates: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (let k = 0; k < candidates.length; ) {
    let end = k + 1;
    while (end < candidates.length && candidates[end]![1] === candidates[end - 1]![1] + 1) end++;
    out.push(...candidates.slice(k, end - k >= PHASE_LINES ? k + 1 : end));
    k = end;
  }
  return out;
}

function refineScan(text: string, scan: Scan, shapes: Shapes, exitCode: number): Scan {
  const lines = shapes.count;
  const flagged = new Uint8Array(lines + 1);
  const keep = new Uint8Array(scan.kinds.length);
  const summary = new Uint8Array(lines + 1);
  for (const l of shapes.labelled) summary[l] = 1;
  let failures = 0;
  for (let i = 0; i < scan.kinds.length; i++) {
    const line = scan.lineNumbers[i]! - 1;
    const kind = scan.kinds[i]!;
    let ok = true;
    if (kind !== Kind.Summary && kind !== Kind.Exit && line < lines) ok = !incidental(text, shapes, line, scan.hits[i]!, exitCode);
    if (ok) {
      if (kind >= Kind.Failure) failures++;
      keep[i] = 1;
      if (line < lines) flagged[line] = 1;
    }
  }
  const marked = new Uint8Array(lines + 1);
  markedLikeErrors(text, scan, keep, shapes, flagged, marked);
  for (let i = 0; i < lines; i++) if (marked[i]) flagged[i] = 1;
  const minSupport = exitCode === 0 && failures === 0 ? QUIET_SUPPORT : 1;
  const candidates: [number, number][] = [];
  const titled = new Uint8Array(lines + 1);
  for (let i = 0; i < lines; i++) {
    if (flagged[i]) continue;
    if (isUnderlinedTitle(text, shapes, i)) {
      titled[i] = 1;
      continue;
    }
    // A pointer (`    ^^^^`) marks a place in the line above: alone it says nothing, and
    // the line it underlines is code a diagnostic quotes.
    if (onlyPointer(text.slice(shapes.starts[i]!, shapes.ends[i]!))) continue;
    if (i + 1 < lines && onlyPointer(text.slice(shapes.starts[i + 1]!, shapes.ends[i + 1]!))) continue;
    const d = shapes.deviation(i);
    if (d >= minSupport && !annotatesFrame(text, shapes, i)) candidates.push([d, i]);
  }
  const breaks = withoutPhases(candidates);
  breaks.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const notable = new Uint8Array(lines + 1);
  const take = Math.min(breaks.length, MAX_NOTABLE);
  for (let k = 0; k < take; k++) notable[breaks[breaks.length - 1 - k]![1]] = 1;
  const out: Scan = { lineStarts: [], lineEnds: [], lineNumbers: [], kinds: [], hits: [], totalLines: scan.totalLines, pairs: scan.pairs };
  let a = 0;
  for (let line = 0; line <= lines; line++) {
    while (a < scan.kinds.length && (scan.lineNumbers[a]! - 1 === line || line === lines)) {
      if (keep[a]) {
        let kind = scan.kinds[a]!;
        if (line < lines && summary[line]) {
          if (kind !== Kind.Trace) kind = Kind.Summary;
          summary[line] = 2;
        }
        out.lineStarts.push(scan.lineStarts[a]!);
        out.lineEnds.push(scan.lineEnds[a]!);
        out.lineNumbers.push(scan.lineNumbers[a]!);
        out.kinds.push(kind);
        out.hits.push(scan.hits[a]!);
      }
      a++;
    }
    if (line < lines && (marked[line] || titled[line])) {
      const start = shapes.starts[line]!;
      const end = shapes.ends[line]!;
      out.lineStarts.push(start);
      out.lineEnds.push(end < text.length && text.charCodeAt(end) === 13 ? end + 1 : end);
      out.lineNumbers.push(line + 1);
      out.kinds.push(marked[line] ? Kind.Error : Kind.Summary);
      out.hits.push(start);
    } else if (line < lines && (notable[line] || summary[line] === 1)) {
      const start = shapes.starts[line]!;
      const end = shapes.ends[line]!;
      out.lineStarts.push(start);
      out.lineEnds.push(end < text.length && text.charCodeAt(end) === 13 ? end + 1 : end);
      out.lineNumbers.push(line + 1);
      out.kinds.push(summary[line] === 1 ? Kind.Summary : Kind.Notable);
      out.hits.push(start);
    }
  }
  return out;
}

// ---------------------------------------------------------------- alike blocks (important/repeats.ts)

const MIN_REPEATS = 3;
const MAX_GROUPS = 16;

interface Alike {
  firstLines: number[];
  lastLines: number[];
  starts: number[];
  ends: number[];
  groups: number[];
}

function findRepeats(shapes: Shapes): Alike {
  const r: Alike = { firstLines: [], lastLines: [], starts: [], ends: [], groups: [] };
  const n = shapes.count;
  let runSig = 0;
  let runLen = 0;
  let runFirst = 0;
  let runFirstLast = 0;
  let pending: [number, number][] = [];
  let i = 0;
  while (i <= n) {
    while (i < n && shapes.blank(i)) i++;
    let sig = 0;
    const a = i;
    if (i < n) {
      sig = 2166136261;
      while (i < n && !shapes.blank(i)) sig = fnv(sig, shapes.templates[i++]!);
      sig = (fnv(sig, i - a) | 1) >>> 0;
    }
    if (sig !== 0 && sig === runSig) {
      runLen++;
      pending.push([shapes.starts[a]!, i < n ? shapes.starts[i]! : shapes.text.length]);
    } else {
      if (runLen >= MIN_REPEATS && r.firstLines.length < MAX_GROUPS) {
        const g = r.firstLines.length;
        r.firstLines.push(runFirst + 1);
        r.lastLines.push(runFirstLast + 1);
        for (const [s, e] of pending) {
          r.starts.push(s);
          r.ends.push(e);
          r.groups.push(g);
        }
      }
      runSig = sig;
      runLen = 1;
      runFirst = a;
      runFirstLast = i - 1;
      pending = [];
    }
    if (sig === 0) break;
  }
  return r;
}

function firstEndingAfter(r: Alike, at: number): number {
  let lo = 0;
  let hi = r.starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (r.ends[mid]! <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function alikeCovers(r: Alike, at: number): boolean {
  const k = firstEndingAfter(r, at);
  return k < r.starts.length && r.starts[k]! <= at;
}

function alikeNote(r: Alike, a: number, b: number, first: number, last: number, h: Hidden): void {
  const inside = new Array<number>(r.firstLines.length).fill(0);
  for (let k = firstEndingAfter(r, a); k < r.starts.length && r.starts[k]! < b; k++) {
    if (r.starts[k]! >= a && r.ends[k]! <= b) inside[r.groups[k]!]++;
  }
  for (let g = 0; g < r.firstLines.length; g++) {
    let n = inside[g]!;
    const gf = r.firstLines[g]!;
    const gl = r.lastLines[g]!;
    const hiddenToo = gf >= first && gl <= last;
    if (hiddenToo && n > 0) n++;
    if (n > (h.alike ?? 0)) {
      h.alike = n;
      h.alikeFirst = hiddenToo ? 0 : gf;
      h.alikeLast = hiddenToo ? 0 : gl;
    }
  }
}

// ---------------------------------------------------------------- blocks (important/blocks.ts)

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

function blockOf(s: string, lineStart: number, lineEnd: number, lineNo: number, kind: Kind, shapes: Shapes | null): Block {
  const n = s.length;
  if (shapes !== null && lineNo - 1 < shapes.count && isUnderlinedTitle(s, shapes, lineNo - 1)) {
    let end = lineEnd < n ? nextNewline(s, lineEnd + 1) : n;
    let last = lineNo + 1;
    for (let k = 0; k < 6 && end + 1 < n; k++) {
      const nextEnd = nextNewline(s, end + 1);
      if (isBlank(s, end + 1, nextEnd)) break;
      end = nextEnd;
      last++;
    }
    return { start: lineStart, end: end < n ? end + 1 : n, firstLine: lineNo, lastLine: last };
  }
  let start = lineStart;
  let first = lineNo;
  // A line of context, or up to the place above the code excerpt the line follows (blocks.ts).
  let up = contextLines(kind);
  for (let k = 1, below = lineStart; k <= up * 10; k++) {
    const e = below - 1;
    const a = e > 0 ? s.lastIndexOf("\n", e - 1) + 1 : e;
    if (a < e && !isContinuation(s, a, e)) {
      if (s.charCodeAt(e - 1) === 58 && namesPlace(s, a, e, false)) up = k;
      break;
    }
    below = a;
  }
  for (; up > 0 && start > 0; up--) {
    start = start >= 2 ? s.lastIndexOf("\n", start - 2) + 1 : 0;
    first--;
  }
  let end = lineEnd;
  let last = lineNo;
  let budget = continuationCap(kind);
  while (budget > 0 && end + 1 < n) {
    const next = end + 1;
    const nextEnd = nextNewline(s, next);
    if (isContinuation(s, next, nextEnd) || (shapes !== null && kind >= Kind.Failure && last < shapes.count && shapes.deviation(last) > 0)) {
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

// ---------------------------------------------------------------- keepImportant (important.ts)

const IMPORTANT_SHARE = 0.7;
const SMALL_BUDGET = 2000;
const IMPORTANT_SHARE_SMALL = 1.0;
const FLOOD_ENDS = 3;
/** A warning's repeats are offered when it is said in this many places at most (assembly/important.ts). */
const RARE_PLACES = 4;
const MIN_PARTIAL = 48;
const STRONG_RHYTHM = 32;
const ASSERTIONS_PER_BLOCK = 2;
/** A line at least this long that is chosen word for word already is not offered again. */
const MIN_REPEATED = 8;
const MAX_TRACE_LINES = 2000;

const isDecoration = (c: number) => c === 0x3d || c === 45 || c === 95 || c === 0x2a || c === 35 || c === 0x7e || c === 0x2500;

function headerLike(s: string, a: number, b: number): boolean {
  let rule = 0;
  for (let i = a; i < b; i++) if (isDecoration(s.charCodeAt(i))) rule++;
  if (rule * 2 >= b - a && rule >= 6) return true;
  let words = 0;
  for (let i = a; i < b; ) {
    while (i < b && !isAlpha(s.charCodeAt(i))) i++;
    const w = i;
    while (i < b && isAlpha(s.charCodeAt(i))) i++;
    if (i - w >= 2) words++;
    if (words > 2) return false;
  }
  let e = b;
  while (e > a && (s.charCodeAt(e - 1) === 32 || s.charCodeAt(e - 1) === 13)) e--;
  if (e > a && s.charCodeAt(e - 1) === 58) return true;
  // A word and a number states a value ("expected: 2379", "# tests 113"), not a section.
  for (let i = a; i < e; i++) if (isDigit(s.charCodeAt(i))) return false;
  return words <= 1;
}

const NOTICE_LEVELS = ["INFO", "DEBUG", "NOTICE", "VERBOSE"];

function isNoticeLine(s: string, a: number, b: number): boolean {
  let t = a;
  while (t < b && (s.charCodeAt(t) === 32 || s.charCodeAt(t) === 9)) t++;
  if (t < b && (s.charCodeAt(t) === 0x5b || s.charCodeAt(t) === 0x3c)) t++;
  for (const level of NOTICE_LEVELS) {
    const e = t + level.length;
    if (e >= b || s.slice(t, e) !== level) continue;
    const c = s.charCodeAt(e);
    return c === 0x5d || c === 0x3e || c === 58 || c === 32 || c === 9;
  }
  return false;
}

function firstBesideNotices(text: string, scan: Scan, list: number[]): number[] {
  const n = list.length;
  let first = 0;
  while (first < n && isNoticeLine(text, scan.lineStarts[list[first]!]!, scan.lineEnds[list[first]!]!)) first++;
  if (first === 0 || first === n) return list;
  return [list[first]!, ...list.slice(0, first), ...list.slice(first + 1)];
}

function fromBothEnds(list: number[], lo: number, hi: number, perEnd: number, out: number[]): void {
  let front = lo;
  let back = hi - 1;
  for (let taken = 0; front <= back && taken < perEnd; taken++) {
    out.push(list[front++]!);
    if (front <= back) out.push(list[back--]!);
  }
}

interface Order {
  primary: number[];
  secondary: number[];
  /** A warning's other repeats, when its message is said in RARE_PLACES places at most and they are few, the shortest first. */
  rest: number[];
}

function selectionOrder(text: string, scan: Scan, shapes: Shapes | null): Order {
  const errors: number[] = [];
  const headers: number[] = [];
  const summaries: number[] = [];
  const warnings: number[] = [];
  // Notable lines: [strong, -indent, deviation, -index] sorted descending.
  const notable: [number, number, number, number][] = [];
  scan.kinds.forEach((kind, i) => {
    const r = rankOf(kind);
    const line = scan.lineNumbers[i]!;
    const header = (r === 3 || kind === Kind.Notable) && headerLike(text, scan.lineStarts[i]!, scan.lineEnds[i]!);
    if (header) headers.push(i);
    else if (r === 3) errors.push(i);
    else if (r === 2) summaries.push(i);
    else if (r === 1) warnings.push(i);
    else if (kind === Kind.Notable && shapes !== null) {
      const d = Math.min(shapes.deviation(line - 1), 0xfffff);
      const ls = shapes.starts[line - 1]!;
      const le = shapes.ends[line - 1]!;
      const strong = shapes.deviation(line - 1, true) >= STRONG_RHYTHM && !(isMarkedFrame(text, ls, le) && isLibraryFrame(text, ls, le)) ? 1 : 0;
      const start = shapes.starts[line - 1]!;
      const end = shapes.ends[line - 1]!;
      let indent = 0;
      while (start + indent < end && indent < 255 && (text.charCodeAt(start + indent) === 32 || text.charCodeAt(start + indent) === 9)) indent++;
      notable.push([strong, 255 - indent, d, i]);
    }
  });
  const primary: number[] = [];
  const ne = errors.length;
  // Errors, summaries and warnings each message once, the rarest first (important/novel.ts).
  const errorOrder: number[] = [];
  // A line its log level marks as a notice gives up the first slot (important/notice.ts).
  const ends = ne > 2 ? firstBesideNotices(text, scan, errors) : errors;
  if (ne > 0) errorOrder.push(ends[0]!);
  if (ne > 1) errorOrder.push(ends[ne - 1]!);
  if (ne > 2) fromBothEnds(ends, 1, ne - 1, ne, errorOrder);
  const [novel, repeats] = novelFirst(text, scan, errorOrder, 2);
  for (let j = 0; j < Math.min(2, novel.length); j++) primary.push(novel[j]!);
  const summaryOrder: number[] = [];
  fromBothEnds(summaries, 0, summaries.length, FLOOD_ENDS, summaryOrder);
  const [novelSummaries, repeatedSummaries] = novelFirst(text, scan, summaryOrder, summaryOrder.length);
  primary.push(...novelSummaries);
  notable.sort((x, y) => y[0] - x[0] || y[1] - x[1] || y[2] - x[2] || x[3] - y[3]);
  let k = 0;
  for (let j = 2; j < novel.length; j++) primary.push(novel[j]!);
  // The marked form (budgets of 2,000 and more): what waits under a small budget keeps its place.
  primary.push(...repeats, ...repeatedSummaries);
  while (k < notable.length && notable[k]![0] === 1) primary.push(notable[k++]![3]);
  const warningOrder: number[] = [];
  fromBothEnds(warnings, 0, warnings.length, warnings.length, warningOrder);
  const [novelWarnings, repeatedWarnings] = novelFirst(text, scan, warningOrder, 1, true);
  primary.push(...novelWarnings);
  let w = 0;
  for (; w < repeatedWarnings.length && w < 2 * FLOOD_ENDS - novelWarnings.length; w++) primary.push(repeatedWarnings[w]!);
  // Places are counted by message here; the core counts them by a finding's code when it has
  // one (groupKey), so on coded linter output the two may differ.
  const keyOf = (h: number) => messageKey(text, scan.lineStarts[h]!, scan.lineEnds[h]!);
  const places = new Map<number, number>();
  for (const h of warnings) places.set(keyOf(h), (places.get(keyOf(h)) ?? 0) + 1);
  const rest = repeatedWarnings.slice(Math.max(w, 0)).filter((h) => places.get(keyOf(h))! <= RARE_PLACES);
  rest.sort((x, y) => scan.lineEnds[x]! - scan.lineStarts[x]! - (scan.lineEnds[y]! - scan.lineStarts[y]!) || x - y);
  fromBothEnds(headers, 0, headers.length, headers.length, primary);
  return { primary, secondary: notable.slice(k).map((x) => x[3]), rest: rest.length <= 2 * FLOOD_ENDS ? rest : [] };
}

// ---------------------------------------------------------------- new messages first (important/novel.ts)

/** Hash of the words of s[a, b), every run of digits one class; 0 when the line has no letter. */
function messageKey(s: string, a: number, b: number): number {
  const gap = (c: number) => c === 32 || c === 9 || c === 13;
  let h = 2166136261;
  let letters = 0;
  let i = a;
  while (i < b) {
    while (i < b && gap(s.charCodeAt(i))) i++;
    if (i >= b) break;
    while (i < b && !gap(s.charCodeAt(i))) {
      const c = s.charCodeAt(i);
      if (isDigit(c)) {
        while (i < b && isDigit(s.charCodeAt(i))) i++;
        h = Math.imul(h ^ 0x23, 16777619) >>> 0;
        continue;
      }
      if (isAlpha(c)) letters++;
      h = Math.imul(h ^ c, 16777619) >>> 0;
      i++;
    }
    h = Math.imul(h ^ 0x20, 16777619) >>> 0;
  }
  return letters === 0 ? 0 : (h | 1) >>> 0;
}

/** s[i] follows a file's extension inside the token from a (assembly/important/place.ts). */
function afterExtension(s: string, a: number, i: number): boolean {
  let j = i - 1;
  let letters = 0;
  while (j > a && i - j <= 6) {
    const c = s.charCodeAt(j);
    if (isAlpha(c)) letters++;
    else if (!isDigit(c)) break;
    j--;
  }
  return letters > 0 && j < i - 1 && s.charCodeAt(j) === 46;
}

/** A line number or a test's name after the separator at s[i], in the token up to b. */
function placeAfter(s: string, i: number, b: number): boolean {
  const c = s.charCodeAt(i);
  const n = s.charCodeAt(i + 1);
  if (isDigit(n)) return true;
  if (c !== 58 || i + 2 >= b) return false;
  const m = s.charCodeAt(i + 2);
  return (n === 91 && isDigit(m)) || (n === 58 && isAlpha(m));
}

function tokenNamesPlace(s: string, a: number, b: number): boolean {
  for (let i = a + 1; i < b - 1; i++) {
    const c = s.charCodeAt(i);
    if ((c === 58 || c === 40) && placeAfter(s, i, b) && afterExtension(s, a, i)) return s.slice(a, b).indexOf("://") < 0;
  }
  return false;
}

/** A token s[a, b) holds a path's '/' or an extension's '.' before a letter, not a version's (assembly/important/place.ts). */
function pathToken(s: string, a: number, b: number): boolean {
  for (let j = a + 1; j + 1 < b; j++) {
    if ((s.charCodeAt(j) | 1) === 0x2f && isAlpha(s.charCodeAt(j + 1))) return true;
  }
  return false;
}

/** Line s[a, b) names where its failure is: a file's line, a test in its file, "line N"; with `file`, a file or directory instead. */
function namesPlace(s: string, a: number, b: number, file = false): boolean {
  const gap = (c: number) => c === 32 || c === 9;
  let lineWord = false;
  let i = a;
  while (i < b && gap(s.charCodeAt(i))) i++;
  while (i < b) {
    let e = i;
    while (e < b && !gap(s.charCodeAt(e))) e++;
    if (lineWord && isDigit(s.charCodeAt(i))) return true;
    lineWord = !file && e - i === 4 && s.slice(i, e).toLowerCase() === "line";
    if (tokenNamesPlace(s, i, e) || (file && pathToken(s, i, e))) return true;
    i = e;
    while (i < b && gap(s.charCodeAt(i))) i++;
  }
  return false;
}

/** Slots tokens are counted in, tokens of a line read, and lines needed (assembly/important/templates.ts). */
const TOKEN_SLOTS = 2048;
const MAX_TOKENS = 32;
const MIN_MESSAGE_LINES = 32;
/** A message said by at most this many hits, and at most 1/RARE_SHARE of them, is rare (assembly/important/novel.ts). */
const RARE_COPIES = 4;
const RARE_SHARE = 8;

/** The slots of the tokens of s[a, b), at most MAX_TOKENS (assembly/important/templates.ts). */
function tokenSlots(s: string, a: number, b: number): number[] {
  const gap = (c: number) => c === 32 || c === 9 || c === 13;
  const slots: number[] = [];
  let i = a;
  while (i < b && slots.length < MAX_TOKENS) {
    while (i < b && gap(s.charCodeAt(i))) i++;
    if (i >= b) break;
    let h = 2166136261;
    while (i < b && !gap(s.charCodeAt(i))) {
      const c = s.charCodeAt(i++);
      if (isDigit(c)) while (i < b && isDigit(s.charCodeAt(i))) i++;
      h = Math.imul(h ^ (isDigit(c) ? 0x23 : c), 16777619) >>> 0;
    }
    slots.push((h ^ (h >>> 16)) & (TOKEN_SLOTS - 1));
  }
  return slots;
}

/** How many of the hits say what each says: the median count of its tokens, past the frame (assembly/important/templates.ts); null for few hits. */
function messageCounts(text: string, scan: Scan, order: number[]): number[] | null {
  if (order.length < MIN_MESSAGE_LINES) return null;
  const lines = order.map((h) => tokenSlots(text, scan.lineStarts[h]!, scan.lineEnds[h]!));
  const counts = new Int32Array(TOKEN_SLOTS);
  for (const slots of lines) for (const t of slots) counts[t]!++;
  // A token counted at least as often as there are lines is the frame: where it is half the
  // line or more (give or take one), the median of the others if there are two at least
  // (assembly/important/templates.ts).
  const frame = order.length;
  return lines.map((slots) => {
    const c = slots.map((t) => counts[t]!).sort((x, y) => x - y);
    const below = c.filter((v) => v < frame).length;
    return Math.max(1, c.length === 0 ? 0 : c[(below >= 2 && below * 2 <= c.length + 1 ? below : c.length) >> 1]!);
  });
}

/**
 * [hits whose message no earlier hit stated, those naming a place first, then the rarest
 * (the first `keepFirst` in front), the repeats].
 */
function novelFirst(text: string, scan: Scan, order: number[], keepFirst: number, rareCopies = false): [number[], number[]] {
  const keys = order.map((h) => messageKey(text, scan.lineStarts[h]!, scan.lineEnds[h]!));
  const counts = new Map<number, number>();
  for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
  const alike = messageCounts(text, scan, order);
  const seen = new Set<number>();
  // With `rareCopies`, the groups whose first copy's message few lines say, with that count:
  // each copy is news, after the first copies of messages said up to RARE_SHARE times as often.
  const rareSaid = new Map<number, number>();
  const novel: [number, number][] = [];
  const later: number[] = [];
  keys.forEach((k, j) => {
    if (k !== 0 && seen.has(k)) {
      if (rareCopies && rareSaid.has(k)) novel.push([(namesPlace(text, scan.lineStarts[order[j]!]!, scan.lineEnds[order[j]!]!) ? 0 : 0x100000) + ((rareSaid.get(k)! * RARE_SHARE) << 10), j]);
      else later.push(order[j]!);
      return;
    }
    if (k !== 0) seen.add(k);
    if (rareCopies && k !== 0 && alike !== null && alike[j]! <= RARE_COPIES && alike[j]! * RARE_SHARE <= order.length) rareSaid.set(k, alike[j]!);
    const h = order[j]!;
    const nowhere = j < keepFirst || namesPlace(text, scan.lineStarts[h]!, scan.lineEnds[h]!) ? 0 : 1;
    // Among many hits the core ranks a message by its count or, when more, by how many say it
    // in other words, then by the latter.
    const rarity = k !== 0 && alike !== null ? (Math.min(Math.max(counts.get(k)!, alike[j]!), 0x3ff) << 10) | Math.min(alike[j]!, 0x3ff) : Math.min(counts.get(k)!, 0xfffff);
    novel.push([j < keepFirst ? 0 : nowhere * 0x100000 + rarity, j]);
  });
  novel.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  return [novel.map(([, j]) => order[j]!), later];
}

/** A chosen range holds a line whose text is text[start, end) exactly (not too short to matter). */
function repeatsChosen(chosen: Range[], text: string, start: number, end: number): boolean {
  return repeatOf(chosen, text, start, end) !== null;
}

/** The chosen range and the start of the line in it that text[start, end) repeats; null when none does. */
function repeatOf(chosen: Range[], text: string, start: number, end: number): [Range, number] | null {
  const len = end - start;
  if (len < MIN_REPEATED) return null;
  const line = text.slice(start, end);
  for (const c of chosen) {
    let p = c.start;
    while (p + len <= c.end) {
      let nl = text.indexOf("\n", p);
      if (nl < 0 || nl > c.end) nl = c.end;
      let le = nl;
      if (le > p && text.charCodeAt(le - 1) === 13) le--;
      if (le - p === len && p !== start && text.slice(p, le) === line) return [c, p];
      p = nl + 1;
    }
  }
  return null;
}

/** The numbered line an indented error line that repeats a chosen one details (assembly/important.ts). */
function offerNumberedHeader(text: string, chosen: Range[], frame: Frame, shapes: Shapes, ls: number, line: number, kind: Kind, used: number, cap: number): number {
  const c0 = text.charCodeAt(ls);
  if (rankOf(kind) < 3 || line > shapes.count || (c0 !== 0x20 && c0 !== 0x09)) return used;
  if (frame.headers === null) frame.headers = new Int32Array(shapes.count);
  const header = headerOf(text, shapes, frame.headers, line - 1);
  if (header < 0 || !opensNumberedItem(text, shapes, header)) return used;
  const hs = shapes.starts[header]!;
  const he = shapes.ends[header]!;
  return chosen.some((c) => c.start <= hs && he <= c.end) ? used : offer(text, chosen, frame, hs, withNewline(text, he), header + 1, -1, Kind.None, used, cap);
}

/** The line above an error line at `ls` (line `line`), offered when it ends in a colon: it names what failed. */
function offerSubject(text: string, chosen: Range[], frame: Frame, ls: number, line: number, kind: Kind, used: number, cap: number): number {
  if (rankOf(kind) < 3 || ls < 2) return used;
  const e = ls - 1;
  let s = e;
  while (s > 0 && text.charCodeAt(s - 1) !== LF) s--;
  let t = e;
  while (t > s && (text.charCodeAt(t - 1) === 0x20 || text.charCodeAt(t - 1) === 13)) t--;
  if (t === s || text.charCodeAt(t - 1) !== 0x3a) return used;
  return offer(text, chosen, frame, s, ls, line - 1, -1, Kind.None, used, cap);
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

function bridged(chosen: Range[], start: number, end: number, perGap: number): [number, number] {
  let s = start;
  let e = end;
  for (const c of chosen) {
    if (c.end <= start && start - c.end < perGap && c.end < s) s = c.end;
    if (c.start >= end && c.start - end < perGap && c.start > e) e = c.start;
  }
  return [s, e];
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

interface Frame {
  headEnd: number;
  tailStart: number;
  perGap: number;
  alike: Alike | null;
  /** An indented line is offered its group's header (under SMALL_BUDGET only one that numbers an item). */
  withHeaders: boolean;
  /** Per line, a header found before plus one (-1 for none, 0 not looked for). */
  headers: Int32Array | null;
}

const MAX_HEADER_STEPS = 256;

function indentOf(text: string, shapes: Shapes, i: number): number {
  const s = shapes.starts[i]!;
  const e = shapes.ends[i]!;
  let p = s;
  while (p < e && (text.charCodeAt(p) === 0x20 || text.charCodeAt(p) === 0x09)) p++;
  return p === e || (p === e - 1 && text.charCodeAt(p) === 0x0d) ? -1 : p - s;
}

/** The head a few lines above line i, at the margin, ending in ':' and naming a place (assembly/important/parents.ts). */
function blockHeadOf(text: string, shapes: Shapes, i: number): number {
  for (let j = i - 1; j >= 0 && j >= i - 3; j--) {
    const d = indentOf(text, shapes, j);
    if (d < 0) return -1;
    if (d > 0) continue;
    const a = shapes.starts[j]!;
    let e = shapes.ends[j]!;
    while (e > a && text.charCodeAt(e - 1) === 0x20) e--;
    if (text.charCodeAt(e - 1) === 58) return namesPlace(text, a, e) ? j : -1;
  }
  return -1;
}

/** The item line i's failure is about, named on the line just above inside a run of alike lines (assembly/important/parents.ts). */
function itemAbove(text: string, shapes: Shapes, i: number): number {
  if (i < 2 || shapes.sameLead(i, i - 1)) return -1;
  if (!shapes.sameLead(i - 1, i - 2) || !shapes.sameLead(i - 1, i + 1)) return -1;
  if (namesPlace(text, shapes.starts[i]!, shapes.ends[i]!, true)) return -1;
  return namesPlace(text, shapes.starts[i - 1]!, shapes.ends[i - 1]!, true) ? i - 1 : -1;
}

/** The nearest earlier line, not blank, indented less than line i (assembly/important/parents.ts). */
function headerOf(text: string, shapes: Shapes, known: Int32Array, i: number): number {
  const held = known[i]!;
  if (held !== 0) return held > 0 ? held - 1 : -1;
  const own = indentOf(text, shapes, i);
  let found = -1;
  for (let j = i - 1, steps = 0; own > 0 && j >= 0 && steps < MAX_HEADER_STEPS; steps++) {
    const d = indentOf(text, shapes, j);
    if (d >= 0 && d < own) {
      found = j;
      break;
    }
    const jump = known[j]!;
    if (d < 0 || jump === 0) j--;
    else if (jump < 0) break;
    else j = jump - 1;
  }
  known[i] = found >= 0 ? found + 1 : -1;
  return found;
}

/** Line i opens with an item's number after its indentation, "  1) test …" (assembly/important/parents.ts). */
function opensNumberedItem(text: string, shapes: Shapes, i: number): boolean {
  const e = shapes.ends[i]!;
  let p = shapes.starts[i]!;
  while (p < e && (text.charCodeAt(p) === 0x20 || text.charCodeAt(p) === 0x09)) p++;
  const digits = p;
  while (p < e && p - digits <= 4 && text.charCodeAt(p) >= 0x30 && text.charCodeAt(p) <= 0x39) p++;
  if (p === digits || p - digits > 4 || p + 2 >= e) return false;
  return text.charCodeAt(p) === 0x29 && text.charCodeAt(p + 1) === 0x20 && text.charCodeAt(p + 2) > 0x20;
}

const withNewline = (text: string, b: number) => (b < text.length ? b + 1 : b);

/** Where the first word of [start, end) ends, past the blanks before it. */
function firstWordEnd(text: string, start: number, end: number): number {
  let i = start;
  while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  while (i < end && text.charCodeAt(i) !== 32 && text.charCodeAt(i) !== 9) i++;
  return i;
}

function offer(text: string, chosen: Range[], frame: Frame, start: number, end: number, firstLine: number, hit: number, kind: Kind, used: number, cap: number): number {
  const n = text.length;
  const perGap = frame.perGap;
  const left = cap - used;
  if (left < 8) return used;
  const lineEnd = end > start && end <= n && text.charCodeAt(end - 1) === LF ? end - 1 : end;
  if (lineEnd < frame.headEnd || start >= frame.tailStart) return used;
  if (chosen.some((c) => c.start <= start && lineEnd <= c.end)) return used;
  if (repeatsChosen(chosen, text, start, lineEnd)) return used;
  let [s, e] = bridged(chosen, start, end, perGap);
  let cost = costOf(chosen, s, e, perGap);
  if (cost > left) {
    s = start;
    e = end;
    cost = costOf(chosen, s, e, perGap);
  }
  if (cost > left) {
    if (hit < 0 || kind === Kind.Notable || left - perGap < MIN_PARTIAL) return used;
    e = safeEnd(text, start + Math.min(left - perGap - 1, cap >> 1));
    // A start that ends inside the line's first word shows a place or a name but no message.
    const word = firstWordEnd(text, start, lineEnd);
    if (word >= e && word < lineEnd) return used;
    cost = e - start + perGap;
  }
  const first = s < start ? firstLine - countNewlines(text, s, start) : firstLine;
  chosen.push({ start: s, end: e, firstLine: first, hit });
  return used + cost;
}

function offerClosingLine(text: string, hitEnd: number, hitLine: number, chosen: Range[], frame: Frame, used: number, cap: number): number {
  const n = text.length;
  let end = hitEnd;
  let line = hitLine;
  for (let k = 0; k < MAX_TRACE_LINES && end + 1 < n; k++) {
    const next = end + 1;
    const nextEnd = nextNewline(text, next);
    if (!isContinuation(text, next, nextEnd)) {
      if (nextEnd > next && text.charCodeAt(next) !== 13) return offer(text, chosen, frame, next, withNewline(text, nextEnd), line + 1, -1, Kind.None, used, cap);
      return used;
    }
    end = nextEnd;
    line++;
  }
  return used;
}

/** The last line with text above a trace's opening line at `ls`, across blank lines, unless indented. */
function offerLineAbove(text: string, ls: number, line: number, chosen: Range[], frame: Frame, used: number, cap: number): number {
  let e = ls - 1;
  while (e > 0 && text.charCodeAt(e - 1) === 10) e--;
  if (e <= 0) return used;
  const a = text.lastIndexOf("\n", e - 1) + 1;
  const c = text.charCodeAt(a);
  return c === 0x20 || c === 0x09 ? used : offer(text, chosen, frame, a, e + 1, line - ls + e, -1, Kind.None, used, cap);
}

function traceEnd(text: string, hitEnd: number): number {
  const n = text.length;
  let end = hitEnd;
  for (let k = 0; k < MAX_TRACE_LINES && end + 1 < n; k++) {
    const next = end + 1;
    const nextEnd = nextNewline(text, next);
    if (!isContinuation(text, next, nextEnd)) break;
    end = nextEnd;
  }
  return withNewline(text, end);
}

function offerFrame(text: string, chosen: Range[], frame: Frame, start: number, line: number, used: number, cap: number): number {
  const n = text.length;
  let end = nextNewline(text, start);
  if (!isFrame(text, start, end) && end < n) end = nextNewline(text, end + 1);
  return offer(text, chosen, frame, start, withNewline(text, end), line, -1, Kind.None, used, cap);
}

function keyLinesOf(text: string, scan: Scan, shapes: Shapes | null, h: number, chosen: Range[], frame: Frame, used: number, cap: number): number {
  const kind = scan.kinds[h]!;
  if (rankOf(kind) < 3 && kind !== Kind.Notable) return used;
  const hitStart = scan.lineStarts[h]!;
  if (kind === Kind.Trace) used = offerClosingLine(text, scan.lineEnds[h]!, scan.lineNumbers[h]!, chosen, frame, used, cap);
  const block = blockOf(text, hitStart, scan.lineEnds[h]!, scan.lineNumbers[h]!, kind, shapes);
  if (kind === Kind.Trace) block.end = Math.max(block.end, traceEnd(text, scan.lineEnds[h]!));
  let pos = block.start;
  let line = block.firstLine;
  let prevStart = -1;
  let firstFrame = -1;
  let firstFrameLine = 0;
  let lastFrame = -1;
  let lastFrameLine = 0;
  let assertions = 0;
  while (pos < block.end) {
    const nl = Math.min(nextNewline(text, pos), block.end);
    if (pos !== hitStart) {
      if (isFrame(text, pos, nl)) {
        if (!isLibraryFrame(text, pos, nl) && locatesCode(text, pos, nl)) {
          const withFunction = prevStart >= block.start && isBareLocation(text, pos, nl) && !isLibraryFrame(text, prevStart, pos);
          lastFrame = withFunction ? prevStart : pos;
          lastFrameLine = withFunction ? line - 1 : line;
          if (firstFrame < 0) {
            firstFrame = lastFrame;
            firstFrameLine = lastFrameLine;
          }
        }
      } else if (assertions < ASSERTIONS_PER_BLOCK && isAssertion(text, pos, nl)) {
        used = offer(text, chosen, frame, pos, withNewline(text, nl), line, -1, Kind.None, used, cap);
        assertions++;
      }
    }
    prevStart = pos;
    pos = nl + 1;
    line++;
  }
  if (firstFrame >= 0) used = offerFrame(text, chosen, frame, firstFrame, firstFrameLine, used, cap);
  if (lastFrame > firstFrame) used = offerFrame(text, chosen, frame, lastFrame, lastFrameLine, used, cap);
  return used;
}

function offerHits(text: string, scan: Scan, shapes: Shapes | null, list: number[], chosen: Range[], frame: Frame, used: number, cap: number, echoes: number[]): number {
  const templates: number[] = [];
  for (const h of list) {
    if (cap - used < frame.perGap + 8) break;
    const kind = scan.kinds[h]!;
    const ls = scan.lineStarts[h]!;
    const le = scan.lineEnds[h]!;
    const line = scan.lineNumbers[h]!;
    if (frame.alike !== null && alikeCovers(frame.alike, ls)) continue;
    const item = shapes !== null && line < shapes.count ? itemAbove(text, shapes, line - 1) : -1;
    if (kind === Kind.Notable && shapes !== null) {
      if (le - ls > cap >> 2) continue;
      const c = text.charCodeAt(ls);
      const own = item >= 0 || (c !== 0x20 && c !== 0x09 && shapes.deviation(line - 1, true) !== 0 && shapes.steady(line - 1, 1));
      if (!own && templates.some((t) => shapes.sameTemplate(t, line - 1))) continue;
    }
    const before = chosen.length;
    const echoed = repeatOf(chosen, text, ls, le);
    if (echoed !== null) {
      echoes.push(h);
      // The same words fail another item: the line above that introduces each names which.
      const [c, p] = echoed;
      used = offerSubject(text, chosen, frame, p, c.firstLine + countNewlines(text, c.start, p), kind, used, cap);
      used = offerSubject(text, chosen, frame, ls, line, kind, used, cap);
      if (shapes !== null) used = offerNumberedHeader(text, chosen, frame, shapes, ls, line, kind, used, cap);
      continue;
    }
    if (kind === Kind.Trace) used = offerClosingLine(text, le, line, chosen, frame, used, cap);
    used = offer(text, chosen, frame, ls, withNewline(text, le), line, h, kind, used, cap);
    if (kind === Kind.Trace && frame.withHeaders) used = offerLineAbove(text, ls, line, chosen, frame, used, cap);
    const c0 = text.charCodeAt(ls);
    if (shapes !== null && chosen.length > before && line <= shapes.count) {
      let header = -1;
      if (c0 === 0x20 || c0 === 0x09) {
        if (frame.headers === null) frame.headers = new Int32Array(shapes.count);
        header = headerOf(text, shapes, frame.headers, line - 1);
        if (!frame.withHeaders && header >= 0 && !opensNumberedItem(text, shapes, header)) header = -1;
      }
      if (header < 0 && !namesPlace(text, ls, le)) header = blockHeadOf(text, shapes, line - 1);
      if (header < 0) header = item;
      if (header >= 0) {
        const hs = shapes.starts[header]!;
        const he = shapes.ends[header]!;
        if (!chosen.some((c) => c.start <= hs && he <= c.end)) used = offer(text, chosen, frame, hs, withNewline(text, he), header + 1, -1, Kind.None, used, cap);
      }
    }
    if (kind === Kind.Notable && chosen.length > before) templates.push(line - 1);
  }
  return used;
}

function growBlocks(text: string, scan: Scan, shapes: Shapes | null, chosen: Range[], used: number, cap: number): number {
  for (const c of chosen) {
    const h = c.hit;
    if (h < 0) continue;
    const block = blockOf(text, scan.lineStarts[h]!, scan.lineEnds[h]!, scan.lineNumbers[h]!, scan.kinds[h]!, shapes);
    const s = Math.min(block.start, c.start);
    const e = Math.max(block.end, c.end);
    const grown = used + uncovered(chosen, s, e);
    if (grown > cap) continue;
    c.firstLine = s === block.start ? block.firstLine : c.firstLine;
    c.start = s;
    c.end = e;
    used = grown;
  }
  return used;
}

function choose(text: string, scan: Scan, shapes: Shapes | null, order: Order, frame: Frame, cap: number, small: boolean): Range[] {
  const chosen: Range[] = [];
  const echoes: number[] = [];
  let used = offerHits(text, scan, shapes, order.primary, chosen, frame, 0, cap, echoes);
  const n = chosen.length;
  for (let c = 0; c < n; c++) if (chosen[c]!.hit >= 0) used = keyLinesOf(text, scan, shapes, chosen[c]!.hit, chosen, frame, used, cap);
  // A line not chosen because a chosen one says it word for word: its block's key lines may differ.
  for (const h of echoes) used = keyLinesOf(text, scan, shapes, h, chosen, frame, used, cap);
  if (small) used = offerHits(text, scan, shapes, order.secondary, chosen, frame, used, cap, []);
  else used = offerHits(text, scan, shapes, order.rest, chosen, frame, used, cap, []);
  growBlocks(text, scan, shapes, chosen, used, cap);
  return chosen;
}

interface Kept {
  start: number;
  end: number;
  firstLine: number;
}

function render(text: string, scan: Scan, kept: Kept[], hint: string, hintOnce: boolean, alike: Alike | null): string {
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
  let gaps = 0;
  // Notable lines are candidates: the markers count errors, summaries and warnings only.
  const fs: number[] = [];
  const fr: number[] = [];
  scan.kinds.forEach((k, i) => {
    const r = rankOf(k);
    if (r > 0) {
      fs.push(scan.lineStarts[i]!);
      fr.push(r);
    }
  });
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
      while (flag < fs.length && fs[flag]! < pos) flag++;
      while (flag < fs.length && fs[flag]! < segStart) {
        const r = fr[flag]!;
        if (r >= 3) hidden.errors++;
        else if (r === 2) hidden.summaries++;
        else hidden.warnings++;
        flag++;
      }
      if (alike !== null) alikeNote(alike, pos, segStart, first, last, hidden);
      if (outLen > 0 && !endsWithLf) push("\n");
      push(marker(omitted, first, last, scan.totalLines, partial, hidden, hintOnce && gaps > 0 ? "" : hint));
      gaps++;
      if (k < kept.length) push("\n");
    }
    if (k === kept.length) break;
    push(text.slice(segStart, kept[k]!.end));
    pos = kept[k]!.end;
  }
  return out.join("");
}

function shorterThanMarker(total: number, a: number, b: number, firstLine: number, lastLine: number, hint: string): boolean {
  const units = b - a;
  if (units > 160 + hint.length) return false;
  return units <= marker(units, firstLine, Math.max(lastLine, firstLine), total, false, null, hint).length + 1;
}

// ---------------------------------------------------------------- encoded runs (important/encoded.ts)

const MIN_RUN = 3;
const MIN_PAIRS = 4;
const MIN_WORD = 32;
const LONG_LINE = 200;
const MIN_START = 96;
const MAX_START = 240;

function isEncodedLine(s: string, a: number, b: number): boolean {
  while (a < b && (s.charCodeAt(a) === 32 || s.charCodeAt(a) === 9)) a++;
  let seps = 0;
  let digits = 0;
  let word = false;
  for (let i = a; i < b; i++) {
    const c = s.charCodeAt(i);
    if (c === 58 || c === 32) seps++;
    else if (c >= 48 && c <= 57) digits++;
    else if ((c | 0x20) < 0x61 || (c | 0x20) > 0x66) {
      if (!((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) && c !== 0x2b && c !== 0x2f && c !== 0x3d) return false;
      word = true;
    }
  }
  const len = b - a;
  if (seps > 0) return !word && seps >= MIN_PAIRS - 1 && digits + seps < len && (len === 3 * seps + 2 || len === 3 * seps);
  return len >= MIN_WORD && digits > 0 && digits < len;
}

function lineAfter(s: string, a: number): number {
  const nl = s.indexOf("\n", a);
  return nl < 0 ? s.length : nl + 1;
}

function encodedLine(s: string, a: number, b: number): boolean {
  return isEncodedLine(s, a, b > a && s.charCodeAt(b - 1) === LF ? b - 1 : b);
}

interface HeadPieces {
  extent: number;
  gaps: [number, number][];
  used: number;
  reshaped: boolean;
}

function headPieces(s: string, room: number, perGap: number): HeadPieces {
  const p: HeadPieces = { extent: 0, gaps: [], used: 0, reshaped: false };
  const n = s.length;
  let pos = 0;
  let lastEncoded = true;
  while (pos < n) {
    const b = lineAfter(s, pos);
    const left = room - p.used;
    const isEnc = encodedLine(s, pos, b);
    if (isEnc && !lastEncoded) {
      let end = b;
      let lines = 1;
      while (end < n && (end - pos) * 2 < n) {
        const next = lineAfter(s, end);
        if (!encodedLine(s, end, next)) break;
        end = next;
        lines++;
      }
      if (lines >= MIN_RUN && end < n && (end - pos) * 2 < n && end - b > perGap && b - pos + perGap <= left) {
        p.used += b - pos + perGap;
        p.gaps.push([b, end]);
        p.reshaped = true;
        pos = end;
        lastEncoded = false;
        continue;
      }
    }
    if (b - pos > left) {
      if (b - pos >= LONG_LINE && left >= MIN_START && b < n) {
        const shown = Math.min(left, MAX_START);
        pos = safeEnd(s, pos + shown);
        p.used += shown;
        p.reshaped = true;
      }
      break;
    }
    p.used += b - pos;
    lastEncoded = isEnc;
    pos = b;
  }
  p.extent = pos;
  return p;
}

/** Units of [start, end) that no range of `ranges` covers. */
function uncoveredBy(ranges: Range[], start: number, end: number): number {
  const parts = ranges.map((r) => [Math.max(start, r.start), Math.min(end, r.end)] as [number, number]).filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let covered = 0;
  let curEnd = -1;
  for (const [a, b] of parts) {
    if (a >= curEnd) {
      covered += b - a;
      curEnd = b;
    } else if (b > curEnd) {
      covered += b - curEnd;
      curEnd = b;
    }
  }
  return end - start - covered;
}

/** `all`: every range chosen (the core pays once for what they and the head both hold). */
function cutWith(text: string, scan: Scan, chosen: Range[], rest: number, ratio: number, hint: string, hintOnce: boolean, all: Range[] = chosen): Kept[] {
  const n = text.length;
  const headRoom = Math.floor(rest * ratio);
  let headEnd = headCut(text, headRoom);
  let headCost = headEnd;
  const head = headPieces(text, headRoom, markerBound(n, scan.totalLines, hint, null) + 2);
  if (head.reshaped) {
    headEnd = head.extent;
    headCost = head.used - headEnd + uncoveredBy(all, 0, headEnd);
  }
  const tailStart = Math.max(tailCut(text, rest - headCost), headEnd);
  const sorted = chosen.map((c, i) => ({ c, i })).sort((a, b) => a.c.start - b.c.start || a.i - b.i);
  const kept: Kept[] = [];
  const keep = (start: number, end: number, firstLine: number) => {
    if (end <= start) return;
    const last = kept[kept.length - 1];
    if (last && start <= last.end) {
      if (end > last.end) last.end = end;
      return;
    }
    kept.push({ start, end, firstLine });
  };
  let from = 0;
  let fromLine = 1;
  for (const [a, b] of head.gaps) {
    if (a <= from) continue;
    keep(from, a, fromLine);
    fromLine += countNewlines(text, from, b);
    from = b;
  }
  keep(from, headEnd, fromLine);
  let lastEnd = headEnd;
  let lastEndLine = 1 + countNewlines(text, 0, headEnd);
  let gapHint = hint;
  for (const { c } of sorted) {
    let s = c.start;
    if (s >= tailStart) break;
    let first = c.firstLine;
    if (s > lastEnd) {
      if (shorterThanMarker(scan.totalLines, lastEnd, s, lastEndLine, first, gapHint)) {
        s = lastEnd;
        first = lastEndLine;
      } else if (hintOnce) gapHint = "";
    }
    keep(s, c.end, first);
    if (c.end > lastEnd) {
      lastEndLine = first + countNewlines(text, s, c.end);
      lastEnd = c.end;
    }
  }
  if (tailStart < n) {
    const totalNewlines = scan.totalLines - (text.charCodeAt(n - 1) === LF ? 0 : 1);
    let start = tailStart;
    let first = 1 + totalNewlines - countNewlines(text, tailStart, n);
    if (start > lastEnd && shorterThanMarker(scan.totalLines, lastEnd, start, lastEndLine, first, gapHint)) {
      start = lastEnd;
      first = lastEndLine;
    }
    keep(start, n, first);
  }
  return kept;
}

/** Head, the flagged blocks and tail within `budget`, a marker for every gap. */
export function keepImportant(text: string, budget: number, headRatio: number, hint = ""): string {
  const n = text.length;
  if (n <= budget) return text;
  const keywords = scanImportant(text);
  const shapes = new Shapes(text, keywords.totalLines);
  const scan = refineScan(text, keywords, shapes, -1);
  const ratio = clampRatio(headRatio);
  const plain = () => truncateWithStats(text, budget, ratio, hint, scan.totalLines, scan.pairs);
  const reshaped = () => {
    if (budget < SMALL_BUDGET) return false;
    const gap = markerBound(n, scan.totalLines, hint, null) + 2;
    return headPieces(text, Math.floor((budget - gap) * ratio), gap).reshaped;
  };
  if (budget <= 0 || (scan.kinds.length === 0 && !reshaped())) return plain();
  const small = budget < SMALL_BUDGET;
  const hintOnce = small && hint.length > 0;
  const alike = findRepeats(shapes);
  const hiddenAll: Hidden = { errors: 0, summaries: 0, warnings: 0 };
  for (const k of scan.kinds) {
    const r = rankOf(k);
    if (r === 3) hiddenAll.errors++;
    else if (r === 2) hiddenAll.summaries++;
    else if (r === 1) hiddenAll.warnings++;
  }
  if (alike.firstLines.length > 0) {
    hiddenAll.alike = alike.starts.length;
    hiddenAll.alikeFirst = scan.totalLines;
    hiddenAll.alikeLast = scan.totalLines;
  }
  const firstGap = markerBound(n, scan.totalLines, hint, hiddenAll) + 2;
  const perGap = hintOnce ? markerBound(n, scan.totalLines, "", hiddenAll) + 2 : firstGap;
  const room = budget - firstGap;
  if (room < perGap + MIN_PARTIAL) return plain();
  const cap = Math.floor(room * (small ? IMPORTANT_SHARE_SMALL : IMPORTANT_SHARE));
  const minRest = room - cap;
  const freeHeadEnd = headCut(text, Math.floor(minRest * ratio));
  const frame: Frame = { headEnd: freeHeadEnd, tailStart: Math.max(tailCut(text, minRest - freeHeadEnd), freeHeadEnd), perGap, alike, withHeaders: !small, headers: null };
  const order = selectionOrder(text, scan, shapes);
  const widened = (chosen: Range[], rest: number, slack: number, fallback: string, all: Range[] = chosen) => {
    for (let more = slack; more > 8; more >>= 1) {
      const wider = render(text, scan, cutWith(text, scan, chosen, rest + more, ratio, hint, hintOnce, all), hint, hintOnce, alike);
      if (wider.length <= budget) return wider;
    }
    return fallback;
  };

  const first = choose(text, scan, shapes, order, frame, cap, small);
  for (let take = first.length; take >= 0; take--) {
    const some = first.slice(0, take);
    const rest = room - spent(some, perGap);
    const out = render(text, scan, cutWith(text, scan, some, rest, ratio, hint, hintOnce, first), hint, hintOnce, alike);
    if (out.length > budget) continue;
    const slack = budget - out.length;
    if (slack > perGap + MIN_PARTIAL && take === first.length && first.length < order.primary.length + (small ? order.secondary.length : 0)) {
      const second = choose(text, scan, shapes, order, frame, cap + slack, small);
      const secondRest = Math.max(room - spent(second, perGap), rest);
      const moreOut = render(text, scan, cutWith(text, scan, second, secondRest, ratio, hint, hintOnce), hint, hintOnce, alike);
      if (moreOut.length <= budget && second.length > first.length) return widened(second, secondRest, budget - moreOut.length, moreOut);
    }
    return widened(some, rest, slack, out, first);
  }
  return plain();
}
