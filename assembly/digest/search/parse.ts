// Reads grep / rg / ag / Claude Code Grep / opencode grep output into lines
// tagged with their file and line number. It decides the output's shape once
// (from a sample of lines), then reads every line in that shape; lines of
// another shape are kept as "other" and counted, never a trap.
import { PlainCounts } from "../../util/plain-counts";
import { CharCode, isDigit, isUnitOf } from "../../util/chars";
import { digitRunEnd, spaceRunEnd, unitAt } from "../../util/lines";
import { unitsHash } from "../../util/hash";
import { findText, unitsEqual } from "../../util/scan";
import { indexIn, LineIndex, parseDigits, startsWithAt, startsWithOneOf } from "../shared/text";

/** Slots of the path table, and files of the per-file arrays, at first; they grow as paths come. */
const PATH_SLOTS_MIN: i32 = 64;

/** Hash of the path s[start, end) (util/hash.ts). */
function rangeHash(s: string, start: i32, end: i32): u32 {
  return unitsHash(changetype<usize>(s), start, end);
}

/** a[i] = v for an i below a's length: unchecked() guards no store to an Array. */
// @ts-ignore: decorator
@inline function put(a: Array<i32>, i: i32, v: i32): void {
  store<i32>(a.dataStart + (<usize>i << 2), v);
}

/** Puts file f, whose path has hash h, in the first free slot from its home. */
function place(tags: StaticArray<u8>, ids: StaticArray<u32>, h: u32, f: i32): void {
  const mask = <u32>tags.length - 1;
  let slot = h & mask;
  while (unchecked(tags[slot]) != 0) slot = (slot + 1) & mask;
  unchecked((tags[slot] = tagOf(h)));
  unchecked((ids[slot] = f));
}

/** The byte of a path's hash its slot keeps (never 0, which marks a free slot). */
// @ts-ignore: decorator
@inline function tagOf(h: u32): u8 {
  return <u8>((h >> 24) | 1);
}

export const enum SearchMode {
  /** Not search output: the caller degrades to a plain cut. */
  None = 0,
  /** path:line:text (grep -rn, rg, --vimgrep), context path-line-text. */
  Prefixed = 1,
  /** path:text (grep -r without -n). */
  PathText = 2,
  /** line:text (grep -n on one file). */
  Single = 3,
  /** A path line, then line:text lines (rg --heading, opencode grep). */
  Heading = 4,
  /** One path per line (grep -l, rg -l, Claude Code files_with_matches). */
  FilesOnly = 5,
  /** path:N (grep -c, rg -c, Claude Code count). */
  Counts = 6,
}

export function searchModeName(m: SearchMode): string {
  switch (m) {
    case SearchMode.Prefixed: return "content";
    case SearchMode.PathText: return "content";
    case SearchMode.Single: return "content";
    case SearchMode.Heading: return "content";
    case SearchMode.FilesOnly: return "files";
    case SearchMode.Counts: return "count";
  }
  return "text";
}

export const enum LineKind {
  Blank = 0,
  Match = 1,
  Context = 2,
  Separator = 3,
  Heading = 4,
  Error = 5,
  Note = 6,
  Binary = 7,
  File = 8,
  Count = 9,
  Other = 10,
}

export class SearchParse {
  mode: SearchMode = SearchMode.None;
  lines: LineIndex;
  kind: StaticArray<u8>;
  file: StaticArray<i32>;
  lineNo: StaticArray<i32>;
  /** Where the matched line's own text starts. */
  textStart: StaticArray<i32>;
  /** Next match line of the same file, or -1. */
  nextMatch: StaticArray<i32>;

  /**
   * Each file's path where the text holds it: [pathStarts[f], pathEnds[f]) (see path()).
   * The per-file arrays grow together, by doubling, ahead of fileCount (zeros past it).
   */
  private pathStarts: Array<i32> = new Array<i32>();
  private pathEnds: Array<i32> = new Array<i32>();
  matchCount: Array<i32> = new Array<i32>();
  firstMatch: Array<i32> = new Array<i32>();
  lastMatch: Array<i32> = new Array<i32>();
  /** Counts mode: the number the tool printed for the file. */
  countValue: Array<i32> = new Array<i32>();
  /** Each file's path hash. */
  private pathHash: Array<i32> = new Array<i32>();
  /**
   * Paths by hash of their units, open-addressed: a slot's tag (a byte of the path's hash,
   * 0 = free) in `tags`, its file id in `ids`, the whole hash in pathHash. Looked up with the
   * path still in the text: a line of a known file costs one hash, one slot read and one
   * in-place compare, and a new file no copy of its path (path() makes one when it is
   * shown). A probe reads a byte: the table is read at random, and the smaller what a probe
   * reads, the more of it stays in cache.
   */
  private tags: StaticArray<u8> = new StaticArray<u8>(PATH_SLOTS_MIN);
  private ids: StaticArray<u32> = new StaticArray<u32>(PATH_SLOTS_MIN);
  private files: i32 = 0;

  matches: i32 = 0;
  contextLines: i32 = 0;
  errors: i32 = 0;
  binaryFiles: i32 = 0;
  otherLines: i32 = 0;
  /** Files with at least one match (counts mode: with N > 0). */
  filesWithMatches: i32 = 0;

  // The previous line's path, as a range of the text: consecutive lines of one file skip the map.
  private prevStart: i32 = -1;
  private prevEnd: i32 = -1;
  private prevFile: i32 = -1;

  // A match whose ':' field came first in its line, and whose path's first unit may open no
  // frame line: [sameStart, sameStart + sameLength) holds its path (see readPrefixedLines).
  sameFile: i32 = -1;
  sameStart: i32 = 0;
  sameLength: i32 = 0;

  constructor(text: string, counts: PlainCounts | null) {
    const lines = new LineIndex(text, counts);
    const n = lines.count;
    this.lines = lines;
    this.kind = new StaticArray<u8>(n);
    this.file = new StaticArray<i32>(n);
    this.lineNo = new StaticArray<i32>(n);
    this.textStart = new StaticArray<i32>(n);
    this.nextMatch = new StaticArray<i32>(n);
  }

  fileFor(start: i32, end: i32): i32 {
    const text = this.lines.text;
    const len = end - start;
    if (this.prevFile >= 0 && this.prevEnd - this.prevStart == len) {
      if (unitsEqual(changetype<usize>(text) + (<usize>start << 1), changetype<usize>(text) + (<usize>this.prevStart << 1), len)) {
        this.prevStart = start;
        this.prevEnd = end;
        return this.prevFile;
      }
    }
    const h = rangeHash(text, start, end);
    let f = this.lookup(text, start, end, h);
    if (f < 0) {
      f = this.files;
      if (f == this.pathStarts.length) this.grow(max(f << 1, PATH_SLOTS_MIN));
      put(this.pathStarts, f, start);
      put(this.pathEnds, f, end);
      put(this.firstMatch, f, -1);
      put(this.lastMatch, f, -1);
      put(this.pathHash, f, <i32>h);
      this.files = f + 1;
      this.insert(f, h);
    }
    this.prevStart = start;
    this.prevEnd = end;
    this.prevFile = f;
    return f;
  }

  /** Line [a, …) is a match of file f whose first field is the ':' at `at`. */
  matchedFirst(f: i32, a: i32, at: i32): void {
    this.sameFile = mayOpenFrame(unitAt(this.lines.text, a)) ? -1 : f;
    this.sameStart = a;
    this.sameLength = at - a;
  }

  knows(start: i32, end: i32): bool {
    const text = this.lines.text;
    return this.lookup(text, start, end, rangeHash(text, start, end)) >= 0;
  }

  /** Files read: each file id is below this. */
  get fileCount(): i32 {
    return this.files;
  }

  /** The per-file arrays at `n` entries each: room ahead while reading, fileCount after. */
  grow(n: i32): void {
    this.pathStarts.length = n;
    this.pathEnds.length = n;
    this.matchCount.length = n;
    this.firstMatch.length = n;
    this.lastMatch.length = n;
    this.countValue.length = n;
    this.pathHash.length = n;
  }

  /** File f's path ("" for the file of lines that name none). */
  path(f: i32): string {
    return this.lines.text.substring(this.pathStarts[f], this.pathEnds[f]);
  }

  /** Units of file f's path. */
  pathLength(f: i32): i32 {
    return unchecked(this.pathEnds[f]) - unchecked(this.pathStarts[f]);
  }

  /** The id of the path text[start, end) (hash h), or -1 when it is new. */
  private lookup(text: string, start: i32, end: i32, h: u32): i32 {
    const tags = this.tags;
    const mask = tags.length - 1;
    const len = end - start;
    const base = changetype<usize>(text);
    const tag = tagOf(h);
    let slot = <i32>(h & <u32>mask);
    while (true) {
      const t = unchecked(tags[slot]);
      if (t == 0) return -1;
      const id = <i32>unchecked(this.ids[slot]);
      if (t == tag && <u32>unchecked(this.pathHash[id]) == h) {
        const from = unchecked(this.pathStarts[id]);
        if (unchecked(this.pathEnds[id]) - from == len && unitsEqual(base + (<usize>from << 1), base + (<usize>start << 1), len)) return id;
      }
      slot = (slot + 1) & mask;
    }
  }

  private insert(f: i32, h: u32): void {
    // At most half full: probes stay short. It grows fourfold: every growth places each
    // file again, at random, and fewer growths place fewer.
    if ((f + 1) * 2 > this.tags.length) {
      const tags = new StaticArray<u8>(this.tags.length << 2);
      const ids = new StaticArray<u32>(tags.length);
      this.tags = tags;
      this.ids = ids;
      for (let k = 0; k < f; k++) place(tags, ids, <u32>unchecked(this.pathHash[k]), k);
    }
    place(this.tags, this.ids, h, f);
  }

  addMatch(i: i32, f: i32, lineNo: i32, textStart: i32): void {
    unchecked((this.kind[i] = <u8>LineKind.Match));
    unchecked((this.file[i] = f));
    unchecked((this.lineNo[i] = lineNo));
    unchecked((this.textStart[i] = textStart));
    unchecked((this.nextMatch[i] = -1));
    const last = unchecked(this.lastMatch[f]);
    if (last >= 0) unchecked((this.nextMatch[last] = i));
    else {
      put(this.firstMatch, f, i);
      this.filesWithMatches++;
    }
    put(this.lastMatch, f, i);
    put(this.matchCount, f, unchecked(this.matchCount[f]) + 1);
    this.matches++;
  }

  set(i: i32, kind: LineKind, f: i32): void {
    unchecked((this.kind[i] = <u8>kind));
    unchecked((this.file[i] = f));
    if (kind == LineKind.Context) this.contextLines++;
    else if (kind == LineKind.Error) this.errors++;
    else if (kind == LineKind.Other) this.otherLines++;
  }
}

/** findNumberField's `sep` for a field of either kind, whichever comes first. */
export const EITHER_FIELD: i32 = 0;

/**
 * Index of the first `sep` (':' or '-', or either: EITHER_FIELD) in s[start, end) that is
 * followed by digits and then the same unit again (or, when `atEnd`, by the end of the line).
 */
export function findNumberField(s: string, start: i32, end: i32, sep: i32, atEnd: bool): i32 {
  // Candidates are found 8 units at a time: most lines hold few separators. (One at a time
  // in the size-optimised build, the component's.)
  const base = changetype<usize>(s);
  const one = sep == CharCode.MINUS ? CharCode.MINUS : CharCode.COLON;
  const other = sep == CharCode.COLON ? CharCode.COLON : CharCode.MINUS;
  const oneV = i16x8.splat(<i16>one);
  const otherV = i16x8.splat(<i16>other);
  let i = start + 1;
  for (; ASC_SHRINK_LEVEL < 2 && i + 8 <= end; i += 8) {
    const v = v128.load(base + (<usize>i << 1));
    let hits = i16x8.bitmask(v128.or(i16x8.eq(v, oneV), i16x8.eq(v, otherV)));
    while (hits != 0) {
      const at = i + ctz<i32>(hits);
      hits &= hits - 1;
      if (numberFieldAt(s, at, end, unitAt(s, at), atEnd)) return at;
    }
  }
  for (; i < end; i++) {
    const c = unitAt(s, i);
    if ((c == one || c == other) && numberFieldAt(s, i, end, c, atEnd)) return i;
  }
  return -1;
}

/** The `sep` at i is followed by digits and then `sep` again (or, when `atEnd`, by the end). */
function numberFieldAt(s: string, i: i32, end: i32, sep: i32, atEnd: bool): bool {
  let j = i + 1;
  j = digitRunEnd(s, j, end);
  if (j == i + 1) return false;
  return atEnd ? j == end : j < end && unitAt(s, j) == sep;
}

/** End of the digits that start at i. */
function digitsEnd(s: string, i: i32, end: i32): i32 {
  i = digitRunEnd(s, i, end);
  return i;
}

/** Length of a "C:\" or "C:/" drive prefix at start, else 0. */
function drivePrefix(s: string, start: i32, end: i32): i32 {
  if (end - start < 3) return 0;
  const c = unitAt(s, start) | 0x20;
  const slash = unitAt(s, start + 2);
  if (c >= CharCode.a && c <= CharCode.z && unitAt(s, start + 1) == CharCode.COLON && (slash == CharCode.BACKSLASH || slash == CharCode.SLASH)) return 2;
  return 0;
}

/** "grep: …", "rg: …", "ag: …", "find: …": a message from the tool itself. */
function isToolMessage(s: string, start: i32, end: i32): bool {
  if (ASC_SHRINK_LEVEL >= 2) return startsWithOneOf(s, start, end, "grep: |rg: |ag: |ERR ");
  return startsWithAt(s, start, end, "grep: ") || startsWithAt(s, start, end, "rg: ") || startsWithAt(s, start, end, "ag: ") || startsWithAt(s, start, end, "ERR ");
}

/** What every notice of a binary file holds: "Binary file x matches", "grep: x: binary file matches". */
const NOTICE = "inary file matches";

/**
 * NOTICE is in s[from, end): looked for in the line alone, where its first and last units
 * both are (as findText looks), 8 places a step, the step's places past the last one masked.
 */
function holdsNotice(s: string, from: i32, end: i32): bool {
  // The size-optimised build (the component's) has findText look.
  if (ASC_SHRINK_LEVEL >= 2) return findText(s, NOTICE, from, end) >= 0;
  const last = end - NOTICE.length;
  const base = changetype<usize>(s);
  for (let i = from; i <= last; i += 8) {
    // The last units' load would reach past the text: the rest unit by unit.
    if (i + 7 + NOTICE.length > s.length) return findText(s, NOTICE, i, end) >= 0;
    const p = base + (<usize>i << 1);
    // 'i' here and 's' 17 units (34 bytes) on.
    const at = v128.and(i16x8.eq(v128.load(p), i16x8.splat(0x69)), i16x8.eq(v128.load(p, 34), i16x8.splat(0x73)));
    let hits = i16x8.bitmask(at) & ((2 << min(last - i, 7)) - 1);
    while (hits != 0) {
      if (unitsEqual(p + (<usize>ctz<i32>(hits) << 1), changetype<usize>(NOTICE), NOTICE.length)) return true;
      hits &= hits - 1;
    }
  }
  return false;
}

function isBinaryNotice(s: string, start: i32, end: i32): bool {
  return holdsNotice(s, start, end) || (startsWithAt(s, start, end, "Binary file ") && indexIn(s, start, end, " matches") >= 0);
}

/** Lines a search tool adds around its results: "Found 3 files", "No matches found", pagination notes. */
function isNote(s: string, start: i32, end: i32): bool {
  if (startsWithAt(s, start, end, "Found ") && end - start < 120) {
    const d = start + 6 < end ? unitAt(s, start + 6) : 0;
    return isDigit(d);
  }
  if (ASC_SHRINK_LEVEL >= 2) return startsWithOneOf(s, start, end, "No matches found|No files found|[Showing results|(Results are truncated");
  return startsWithAt(s, start, end, "No matches found") || startsWithAt(s, start, end, "No files found") || startsWithAt(s, start, end, "[Showing results") || startsWithAt(s, start, end, "(Results are truncated");
}

function isSeparator(s: string, start: i32, end: i32): bool {
  return end - start == 2 && unitAt(s, start) == CharCode.MINUS && unitAt(s, start + 1) == CharCode.MINUS;
}

/** "12:", "12-", "  Line 12:" at the start of a line: index after the separator, else -1. */
function numberedAt(s: string, start: i32, end: i32): i32 {
  let i = start;
  i = spaceRunEnd(s, i, end);
  if (startsWithAt(s, i, end, "Line ")) i += 5;
  const d = digitsEnd(s, i, end);
  if (d == i || d >= end) return -1;
  const c = unitAt(s, d);
  return c == CharCode.COLON || c == CharCode.MINUS ? d + 1 : -1;
}

/**
 * Whether s[start, end) holds ": ", a tab or ", ", which separate a line's fields and no path
 * holds: the three looked for in one pass, 8 places a step.
 */
function holdsSeparator(s: string, start: i32, end: i32): bool {
  const base = changetype<usize>(s);
  let i = start;
  // A step reads units i … i+8: all before `end`.
  for (; ASC_SHRINK_LEVEL < 2 && i + 9 <= end; i += 8) {
    const p = base + (<usize>i << 1);
    const v = v128.load(p);
    const mark = v128.or(i16x8.eq(v, i16x8.splat(<i16>CharCode.COLON)), i16x8.eq(v, i16x8.splat(<i16>CharCode.COMMA)));
    const pair = v128.and(mark, i16x8.eq(v128.load(p, 2), i16x8.splat(<i16>CharCode.SPACE)));
    if (v128.any_true(v128.or(pair, i16x8.eq(v, i16x8.splat(<i16>CharCode.TAB))))) return true;
  }
  for (; i < end; i++) {
    const c = unitAt(s, i);
    if (c == CharCode.TAB) return true;
    if ((c == CharCode.COLON || c == CharCode.COMMA) && i + 1 < end && unitAt(s, i + 1) == CharCode.SPACE) return true;
  }
  return false;
}

function looksLikePath(s: string, start: i32, end: i32): bool {
  if (end - start > 4096 || end <= start) return false;
  const first = unitAt(s, start);
  if (first == CharCode.SPACE || first == CharCode.TAB) return false;
  if (holdsSeparator(s, start, end)) return false;
  // Prose is not a path: several words, or a sentence's final period.
  let spaces = 0;
  for (let i = start; i < end; i++) if (unitAt(s, i) == CharCode.SPACE) spaces++;
  return spaces <= 2 && unitAt(s, end - 1) != CharCode.DOT && hasPathChar(s, start, end);
}

/** Where the path of a `path:text` line ends (its first ':' after a drive prefix), or -1. */
function pathTextColon(s: string, start: i32, end: i32): i32 {
  const from = start + drivePrefix(s, start, end);
  for (let i = from; i < end; i++) {
    const c = unitAt(s, i);
    if (c == CharCode.COLON) return i > start ? i : -1;
    if (c == CharCode.SPACE || c == CharCode.TAB) return -1;
  }
  return -1;
}

function hasPathChar(s: string, start: i32, end: i32): bool {
  for (let i = start; i < end; i++) {
    const c = unitAt(s, i);
    if (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, "/\\.") : c == CharCode.SLASH || c == CharCode.BACKSLASH || c == CharCode.DOT) return true;
  }
  return false;
}

const SAMPLE_LINES: i32 = 400;

function detectMode(p: SearchParse): SearchMode {
  const L = p.lines;
  const s = L.text;
  let total = 0;
  let prefixed = 0;
  let numbered = 0;
  let headings = 0;
  let counts = 0;
  let pathText = 0;
  let pathLike = 0;
  let frames = 0;
  for (let i = 0; i < L.count && total < SAMPLE_LINES; i++) {
    const a = L.start(i);
    const b = L.end(i);
    if (L.isBlank(i) || isSeparator(s, a, b)) continue;
    // As in tagFrame: a line's first unit rules out all but a notice inside it.
    const framing = a == b || mayOpenFrame(unitAt(s, a));
    if (framing ? isToolMessage(s, a, b) || isNote(s, a, b) || isBinaryNotice(s, a, b) : holdsNotice(s, a, b)) {
      frames++;
      continue;
    }
    total++;
    const num = numberedAt(s, a, b) >= 0;
    if (num) numbered++;
    else headings++;
    if (findNumberField(s, a, b, EITHER_FIELD, false) > a) prefixed++;
    else if (findNumberField(s, a, b, CharCode.COLON, true) > a) counts++;
    const colon = pathTextColon(s, a, b);
    if (colon > 0 && hasPathChar(s, a, colon)) pathText++;
    if (looksLikePath(s, a, b)) pathLike++;
  }
  if (total == 0) return frames > 0 ? SearchMode.Prefixed : SearchMode.None;
  if (counts * 10 >= total * 8) return SearchMode.Counts;
  if (numbered * 2 >= total) return headings > 0 ? SearchMode.Heading : SearchMode.Single;
  if (prefixed * 2 >= total) return SearchMode.Prefixed;
  if (pathText * 10 >= total * 7) return SearchMode.PathText;
  if (pathLike * 10 >= total * 9) return SearchMode.FilesOnly;
  return SearchMode.None;
}

/** Tags a line that is not a result line; returns true when it was one of those. */
function tagFrame(p: SearchParse, i: i32): bool {
  const L = p.lines;
  const s = L.text;
  const a = L.start(i);
  const b = L.end(i);
  // Most lines start with a path: their first unit rules out all but a notice inside them.
  const framing = a == b || mayOpenFrame(unitAt(s, a));
  if (framing && L.isBlank(i)) p.set(i, LineKind.Blank, -1);
  else if (framing && isSeparator(s, a, b)) p.set(i, LineKind.Separator, -1);
  else if (framing ? isBinaryNotice(s, a, b) : holdsNotice(s, a, b)) {
    p.set(i, LineKind.Binary, -1);
    p.binaryFiles++;
  } else if (framing && isToolMessage(s, a, b)) p.set(i, LineKind.Error, -1);
  else if (framing && isNote(s, a, b)) p.set(i, LineKind.Note, -1);
  else return false;
  return true;
}

/**
 * Whether a line that starts with unit c may be blank, "--", a tool's message or note, or
 * "Binary file …": space, tab, '-', '(', 'B', 'E', 'F', 'N', '[', 'a', 'g' or 'r'.
 */
function mayOpenFrame(c: i32): bool {
  const lo: u64 = (1 << 9) | (1 << 32) | (1 << 40) | (1 << 45);
  const hi: u64 = (1 << 2) | (1 << 5) | (1 << 6) | (1 << 14) | (1 << 27) | (1 << 33) | (1 << 39) | (1 << 50);
  return c < 64 ? ((lo >> <u64>c) & 1) != 0 : c < 128 && ((hi >> <u64>(c - 64)) & 1) != 0;
}

function readPrefixed(p: SearchParse, i: i32, a: i32, b: i32): void {
  const s = p.lines.text;
  let at = findNumberField(s, a, b, EITHER_FIELD, false);
  if (at < 0) {
    // `path:line text`: a line located without a column among lines located with one
    // (a linter's finding about a whole line, next to those about a column of one).
    // No grep prints it, but a total that skipped it would not count the output's lines.
    const colon = lineFieldColon(s, a, b);
    if (colon < 0) p.set(i, LineKind.Other, -1);
    else {
      const numEnd = digitsEnd(s, colon + 1, b);
      p.addMatch(i, p.fileFor(a, colon), parseDigits(s, colon + 1, numEnd), numEnd + 1);
    }
    return;
  }
  let sep = unitAt(s, at);
  let first = true;
  if (sep == CharCode.MINUS) {
    // Both shapes occur ("a-1-b.py:3:x", or a context line whose text holds ":3:"):
    // prefer the one whose path is already known, else the earlier one.
    const colon = findNumberField(s, at, b, CharCode.COLON, false);
    if (colon >= 0) {
      first = false;
      if (p.knows(a, colon) && !p.knows(a, at)) {
        at = colon;
        sep = CharCode.COLON;
      }
    }
  }
  // A ':' field that comes first wins whatever follows: the path of a '-' field after it holds
  // that ':' field, and no such path is ever taken (a path is taken only from its line's first
  // field, or when it is known already), so it is never known.
  const numEnd = digitsEnd(s, at + 1, b);
  const lineNo = parseDigits(s, at + 1, numEnd);
  const f = p.fileFor(a, at);
  if (sep == CharCode.COLON) {
    p.addMatch(i, f, lineNo, numEnd + 1);
    if (first) p.matchedFirst(f, a, at);
  } else p.set(i, LineKind.Context, f);
}

/**
 * The ':' of a `path:line text` line: the line's first ':', after a first field with no
 * space that reads as a path (a '/', '\\' or '.'), then digits and a space; else -1.
 */
function lineFieldColon(s: string, a: i32, b: i32): i32 {
  const colon = pathTextColon(s, a, b);
  if (colon < 0 || !hasPathChar(s, a, colon)) return -1;
  const e = digitsEnd(s, colon + 1, b);
  return e > colon + 1 && e < b && unitAt(s, e) == CharCode.SPACE ? colon : -1;
}

function readPathText(p: SearchParse, i: i32): void {
  const L = p.lines;
  const s = L.text;
  const a = L.start(i);
  const b = L.end(i);
  const colon = pathTextColon(s, a, b);
  if (colon < 0) {
    p.set(i, LineKind.Other, -1);
    return;
  }
  p.addMatch(i, p.fileFor(a, colon), 0, colon + 1);
}

function readCount(p: SearchParse, i: i32): void {
  const L = p.lines;
  const s = L.text;
  const a = L.start(i);
  const b = L.end(i);
  const at = findNumberField(s, a, b, CharCode.COLON, true);
  if (at <= a) {
    p.set(i, LineKind.Other, -1);
    return;
  }
  const f = p.fileFor(a, at);
  const n = parseDigits(s, at + 1, b);
  p.set(i, LineKind.Count, f);
  if (unchecked(p.firstMatch[f]) < 0) put(p.firstMatch, f, i);
  put(p.countValue, f, unchecked(p.countValue[f]) + max(n, 0));
  if (n > 0) p.matches += n;
}

/**
 * Reads every line in the Prefixed shape. A line that starts with the path of sameFile, ':',
 * digits and ':', and holds no notice, is a match of that file: what tagFrame and readPrefixed
 * would make of it, for the cost of one compare. Its first field is the one after the path
 * (one inside the path would have come first in the line the path was taken from, where the
 * path was followed by ':' too), and a path whose first unit may open no frame line
 * (mayOpenFrame) starts none.
 */
function readPrefixedLines(p: SearchParse): void {
  const L = p.lines;
  const s = L.text;
  const base = changetype<usize>(s);
  const starts = L.starts;
  const ends = L.ends;
  let f = p.sameFile;
  let sameStart = p.sameStart;
  let sameLength = p.sameLength;
  for (let i = 0, n = L.count; i < n; i++) {
    const a = unchecked(starts[i]);
    const b = unchecked(ends[i]);
    const at = a + sameLength;
    // The path and its ':' as the earlier line has them.
    if (f >= 0 && at + 2 < b && samePrefix(base + (<usize>a << 1), base + (<usize>sameStart << 1), sameLength + 1)) {
      // The line number, read as parseDigits reads it.
      let j = at + 1;
      let v = 0;
      while (j < b) {
        const d = unitAt(s, j) - CharCode._0;
        if (<u32>d > 9) break;
        v = v * 10 + d;
        j++;
      }
      // NOTICE has no ':' and no digit, and the path held none in the line it was taken
      // from: if the line holds it, it is after them.
      if (j > at + 1 && j < b && unitAt(s, j) == CharCode.COLON && (b - j <= NOTICE.length || !holdsNotice(s, j + 1, b))) {
        // The latest copy of the path is the one in cache.
        sameStart = a;
        p.addMatch(i, f, j - at - 1 > 9 ? -1 : v, j + 1);
        continue;
      }
    }
    unchecked((p.nextMatch[i] = -1));
    unchecked((p.file[i] = -1));
    p.sameStart = sameStart;
    // A line whose first unit opens no frame is one only when it holds the notice (tagFrame).
    const plain = a < b && !mayOpenFrame(unitAt(s, a));
    if (plain ? !holdsNotice(s, a, b) : !tagFrame(p, i)) readPrefixed(p, i, a, b);
    else if (plain) tagFrame(p, i);
    f = p.sameFile;
    sameStart = p.sameStart;
    sameLength = p.sameLength;
  }
}

/** unitsEqual(x, y, n) for n > 0, in the loop: 8 units a step, the last 8 overlapping. */
// @ts-ignore: decorator
@inline function samePrefix(x: usize, y: usize, n: i32): bool {
  if (n < 8) return unitsEqual(x, y, n);
  const last = <usize>(n - 8) << 1;
  for (let o: usize = 0; o < last; o += 16) {
    if (v128.any_true(v128.xor(v128.load(x + o), v128.load(y + o)))) return false;
  }
  return !v128.any_true(v128.xor(v128.load(x + last), v128.load(y + last)));
}

/** `counts`: what cleaning counted of `text` (util/plain-counts.ts), if it did. */
export function parseSearch(text: string, counts: PlainCounts | null = null): SearchParse {
  const p = new SearchParse(text, counts);
  const L = p.lines;
  const s = text;
  p.mode = detectMode(p);
  if (p.mode == SearchMode.None) return p;
  let heading = -1; // Heading mode: the file of the current group
  // The size-optimised build (the component's) reads Prefixed lines one by one, as the
  // other shapes are read: readPrefixedLines answers the same, faster, for more code.
  if (ASC_SHRINK_LEVEL < 2 && p.mode == SearchMode.Prefixed) readPrefixedLines(p);
  else for (let i = 0; i < L.count; i++) {
    unchecked((p.nextMatch[i] = -1));
    unchecked((p.file[i] = -1));
    const a = L.start(i);
    const b = L.end(i);
    if (tagFrame(p, i)) {
      // A blank line ends an rg --heading group.
      if (p.mode == SearchMode.Heading && unchecked(p.kind[i]) == <u8>LineKind.Blank) heading = -1;
      continue;
    }
    switch (p.mode) {
      case SearchMode.Prefixed: readPrefixed(p, i, a, b); break;
      case SearchMode.PathText: readPathText(p, i); break;
      case SearchMode.Counts: readCount(p, i); break;
      case SearchMode.FilesOnly: {
        p.set(i, LineKind.File, p.fileFor(a, b));
        break;
      }
      case SearchMode.Single:
      case SearchMode.Heading: {
        const after = numberedAt(s, a, b);
        if (after < 0) {
          if (p.mode == SearchMode.Single) {
            p.set(i, LineKind.Other, -1);
            break;
          }
          // opencode writes "path:"; rg writes the path alone.
          let e = b;
          if (e > a + 1 && unitAt(s, e - 1) == CharCode.COLON) e--;
          heading = p.fileFor(a, e);
          p.set(i, LineKind.Heading, heading);
          break;
        }
        let f = heading;
        if (f < 0) f = p.fileFor(0, 0);
        let d = a;
        while (d < b && !isDigit(unitAt(s, d))) d++;
        const numEnd = digitsEnd(s, d, b);
        let textStart = after;
        // opencode: "  Line 12: text" has a space after the colon that is not the line's.
        if (startsWithAt(s, a, b, "  Line ") && textStart < b && unitAt(s, textStart) == CharCode.SPACE) textStart++;
        if (unitAt(s, numEnd) == CharCode.COLON) p.addMatch(i, f, parseDigits(s, d, numEnd), textStart);
        else p.set(i, LineKind.Context, f);
        break;
      }
    }
  }
  p.grow(p.fileCount);
  if (p.mode == SearchMode.FilesOnly) p.filesWithMatches = p.fileCount;
  if (p.mode == SearchMode.Counts) {
    let n = 0;
    for (let f = 0; f < p.fileCount; f++) if (p.countValue[f] > 0) n++;
    p.filesWithMatches = n;
  }
  return p;
}
