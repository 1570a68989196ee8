// DirectoryListing digest: exact totals of files and directories, the
// top-level entries, the busiest directories and extensions, the biggest
// files when sizes are printed, then as many listing lines as fit verbatim.
// The totals say "N entries: F files, D directories" when the listing shows
// directories as entries (find, ls -l, ls -R), "F files in D directories"
// when only the files' paths imply them (find -type f, globs).
//
//   Listed 812 files in 96 directories
//   Top level: email/ (59 files), json/ (5 files), os.py, +40 more
//   By directory: email/__pycache__ 28, email 31, +2 more (10 files)
//   By extension: .py 700, .pyc 80, (none) 12, +3 more (5 files)
//   Largest: 14,020 json/__init__.py, 12,473 json/decoder.py
//   <listing lines>
//   [...700 more entries not shown: lines 113–812 of 812]
//
// A listing sorted by size (`du -sh * | sort -h`, `ls -lS`) keeps its order: the order
// is the answer, so no grouping, and the lines come from its big end (the tail of an
// ascending sort). Lines that are not entries (an archive's name, the tool's own
// totals) are shown after the errors.
import { SUMMARY_MAX } from "../shared/summary";
import { Category } from "../../category";
import { oneLine } from "../../oneline";
import { CharCode } from "../../util/chars";
import { decimal, StrBuf } from "../../util/strbuf";
import { plainDigest } from "../shared/degrade";
import { ItemLine } from "../shared/items";
import { KeptLines, writeKeptLine } from "../shared/kept";
import { Listing, ListingMode, listingModeName, parseListing } from "./parse";
import { addClipped, addClippedAll, clippedAway, clippedLength, countDigitsWithCommas, MAX_SHOWN_LINE, plural, pluralS, rankByScore, writeHeadline, Writer } from "../shared/text";
import { Digest, DigestContext } from "../shared/types";
import { countedIn, wholeIfItFits } from "../shared/whole";
import { StringIndex } from "../../util/string-index";

const TOP_ITEMS: i32 = 8;
const FACT_ITEMS: i32 = 5;
const LARGEST: i32 = 5;

/** Totals and groupings computed once from the entries. */
class ListingStats {
  files: i32 = 0;
  dirs: i32 = 0;
  links: i32 = 0;
  /** Whether the listing tells directories from files at all. */
  known: bool = true;
  /**
   * Directories are entries of the listing (find, ls -l, ls -R, ls -p), so files and
   * directories add up to the entries; else they are only implied by the files' paths.
   */
  dirsAreEntries: bool = false;
  /** ls -R: the directories named on the command line, headed but not entries themselves. */
  roots: i32 = 0;
  parsedFiles: i32 = 0;
  parsedDirs: i32 = 0;
  rootLen: i32 = 0;
  byDirKeys: Array<string> = [];
  byDirCounts: Array<i32> = [];
  byExtKeys: Array<string> = [];
  byExtCounts: Array<i32> = [];
  topKeys: Array<string> = [];
  topFiles: Array<i32> = [];
  topIsDir: Array<i32> = [];
  sized: i32 = 0;
  /** The entries' sizes run up (1) or down (-1) in line order; 0 when not sorted by size. */
  sizeOrder: i32 = 0;
}

// The dispatcher (digest/index.ts) adds the read hint as a line of its own when this digest cuts.
export function digestListing(text: string, budget: i32, ctx: DigestContext, _hint: string = ""): Digest {
  const p = parseListing(text);
  if (p.mode == ListingMode.None) return plainDigest(text, budget, Category.DirectoryListing, ctx.tool);
  const st = statsOf(p);
  const d = new Digest();
  const head = headline(p, st);
  d.summary = oneLine(head, SUMMARY_MAX);
  d.facts = factsOf(p, st);
  const whole = wholeIfItFits(d, text, p.lines.count, head, countedIn(head, p.lines.count), budget);
  if (whole !== null) return whole;
  const w = new Writer(max(budget, 0));
  const kept = new KeptLines(p.lines);
  if (writeHeadline(w, head)) {
    const closingMax = 64 + 3 * 12;
    w.reserved = closingMax;
    // The errors are the listing's failures: they come first, and may take half of the room.
    writeErrors(p, w, kept, w.room / 2);
    writeNotes(p, w, kept, w.room / 5);
    if (st.sizeOrder > 0) writeLinesFromEnd(p, w, kept);
    else if (st.sizeOrder < 0) writeLines(p, w, kept);
    else {
      writeTopLevel(p, st, w, w.room / 5);
      writeGroup(w, "By directory:", st.byDirKeys, st.byDirCounts, w.room / 6, "", true);
      // One file's extension (ls -la of node_modules: 502 directories, 1 file) tells nothing the lines do not.
      if (st.parsedFiles > 1) writeGroup(w, "By extension:", st.byExtKeys, st.byExtCounts, w.room / 7, "", false);
      writeLargest(p, w, w.room / 7);
      writeLines(p, w, kept);
    }
  }
  d.llm = w.finish();
  kept.settle(d);
  return d;
}

function parentOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash > 0 ? path.substring(0, slash) : slash == 0 ? "/" : ".";
}

function extensionOf(path: string): string {
  const slash = path.lastIndexOf("/");
  const dot = path.lastIndexOf(".");
  // ".bashrc" has no extension; neither has "archive." or a 12-char tail.
  if (dot <= slash + 1 || dot == path.length - 1 || path.length - dot > 10) return "(none)";
  return path.substring(dot);
}

/** Length of the directory prefix (ending in "/") every path shares. */
function commonRoot(p: Listing): i32 {
  let prefix = "";
  for (let e = 0; e < p.paths.length && prefix.length == 0; e++) {
    const slash = p.paths[e].lastIndexOf("/");
    if (slash >= 0) prefix = p.paths[e].substring(0, slash + 1);
  }
  if (prefix.length == 0) return 0;
  for (let e = 0; e < p.paths.length; e++) {
    const path = p.paths[e];
    // The root itself ("." in find ., "include" in find include) sits above the prefix.
    if (prefix.startsWith(path) && prefix.charCodeAt(path.length) == CharCode.SLASH) continue;
    while (prefix.length > 0 && !path.startsWith(prefix)) {
      // lastIndexOf clamps a negative start to 0, so "/" would find itself forever.
      const slash = prefix.length >= 2 ? prefix.lastIndexOf("/", prefix.length - 2) : -1;
      prefix = slash >= 0 ? prefix.substring(0, slash + 1) : "";
    }
    if (prefix.length == 0) return 0;
  }
  return prefix.length;
}

function addTo(keys: Array<string>, counts: Array<i32>, index: StringIndex, key: string, by: i32): void {
  if (index.has(key)) {
    const k = index.get(key);
    counts[k] = counts[k] + by;
  } else {
    index.set(key, keys.length);
    keys.push(key);
    counts.push(by);
  }
}

/** Entries with sizes needed to call a listing sorted, and the share of the entries they must be (percent). */
const SORTED_MIN: i32 = 3;
const SORTED_SIZED_PERCENT: i32 = 80;

/** 1 when the printed sizes only grow in line order, -1 when they only shrink, else 0. */
function sizeOrderOf(p: Listing): i32 {
  let sized = 0;
  let up = 0;
  let down = 0;
  let last: f64 = -1;
  for (let e = 0; e < p.paths.length; e++) {
    const v = p.size[e];
    if (v < 0) continue;
    if (sized > 0) {
      if (v > last) up++;
      else if (v < last) down++;
    }
    last = v;
    sized++;
  }
  if (sized < SORTED_MIN || sized * 100 < p.paths.length * SORTED_SIZED_PERCENT) return 0;
  if (up > 0 && down == 0) return 1;
  if (down > 0 && up == 0) return -1;
  return 0;
}

function statsOf(p: Listing): ListingStats {
  const st = new ListingStats();
  st.sizeOrder = sizeOrderOf(p);
  const n = p.paths.length;
  for (let e = 0; e < n; e++) {
    if (p.isDir[e] != 0) st.parsedDirs++;
    else st.parsedFiles++;
    if (p.isLink[e] != 0) st.links++;
    if (p.size[e] >= 0 && p.isDir[e] == 0) st.sized++;
  }
  st.files = st.parsedFiles;
  st.dirs = st.parsedDirs;
  const dirIndex = new StringIndex();
  const extIndex = new StringIndex();
  const topIndex = new StringIndex();
  st.rootLen = commonRoot(p);
  for (let e = 0; e < n; e++) {
    const path = p.paths[e];
    if (p.isDir[e] == 0) {
      addTo(st.byDirKeys, st.byDirCounts, dirIndex, parentOf(path), 1);
      addTo(st.byExtKeys, st.byExtCounts, extIndex, extensionOf(path), 1);
    }
    if (path.length <= st.rootLen) continue;
    const slash = path.indexOf("/", st.rootLen);
    const top = slash < 0 ? path.substring(st.rootLen) : path.substring(st.rootLen, slash);
    const before = st.topKeys.length;
    addTo(st.topKeys, st.topFiles, topIndex, top, p.isDir[e] != 0 || slash < 0 ? 0 : 1);
    if (st.topKeys.length > before) st.topIsDir.push(p.isDir[e] != 0 || slash >= 0 ? 1 : 0);
    else if (slash >= 0) st.topIsDir[topIndex.get(top)] = 1;
  }
  if (p.mode == ListingMode.Tree && p.treeFiles >= 0) {
    // tree counts what it saw, including directories cut off by -L: trust it, report ours beside it.
    st.files = p.treeFiles;
    st.dirs = p.treeDirs;
  } else if (p.dirsListed || p.longFormat || p.mode == ListingMode.Ls && p.headerCount > 0) {
    // ls -R heads every directory it lists, the roots too; the roots are not entries,
    // so the directories are the entries marked as such (as `find -mindepth 1 -type d` counts).
    st.dirsAreEntries = true;
    if (p.headerCount > 0) {
      let headed = 0;
      for (let e = 0; e < n; e++) if (p.headers.has(p.paths[e])) headed++;
      st.roots = max(p.headers.size - headed, 0);
    }
  } else if (p.mode == ListingMode.Ls || st.rootLen == 0 && !anySlash(p)) {
    // Plain names (ls, ls -1): nothing says which are directories.
    st.known = false;
  } else {
    st.dirs = st.byDirKeys.length;
  }
  return st;
}

function anySlash(p: Listing): bool {
  for (let e = 0; e < p.paths.length; e++) if (p.paths[e].indexOf("/") >= 0) return true;
  return false;
}

function headline(p: Listing, st: ListingStats): string {
  const out = new StrBuf(96);
  out.add("Listed ");
  if (!st.known) out.add(plural(st.files + st.dirs, "entry", "entries"));
  else if (!st.dirsAreEntries) {
    out.add(pluralS(st.files, "file")).add(" in ").add(plural(st.dirs, "directory", "directories"));
  } else if (st.files > 0 && st.dirs > 0) {
    // The entry count first: it is what `ls | wc -l` or `find | wc -l` would say.
    out.add(plural(st.files + st.dirs, "entry", "entries")).add(": ");
    // `find -type f` counts no link and no empty directory, which a typeless listing cannot tell from a file.
    if (p.leavesUntyped) out.add(plural(st.files, "leaf", "leaves")).add(" (files, links, empty directories)");
    else out.add(pluralS(st.files, "file"));
    out.add(", ").add(plural(st.dirs, "directory", "directories"));
  } else if (st.dirs > 0) out.add(plural(st.dirs, "directory", "directories"));
  else out.add(pluralS(st.files, "file"));
  if (st.links > 0) out.add(" (").add(pluralS(st.links, "symlink")).add(")");
  if (st.sizeOrder != 0) out.add(st.sizeOrder > 0 ? ", sorted by size, largest last" : ", sorted by size, largest first");
  if (p.errors.length > 0) out.add("; ").add(pluralS(p.errors.length, "error"));
  return out.toString();
}

function factsOf(p: Listing, st: ListingStats): string {
  const out = new StrBuf(512);
  out.add('"mode":"').add(listingModeName(p.mode)).addLabelInt('","entries":', p.paths.length);
  if (st.known) out.addLabelInt(',"files":', st.files).addLabelInt(',"directories":', st.dirs);
  // `find ROOT -type d` counts these too: directories + roots.
  if (st.roots > 0) out.addLabelInt(',"roots":', st.roots);
  if (p.mode == ListingMode.Tree && p.treeFiles >= 0) {
    out.addLabelInt(',"parsedFiles":', st.parsedFiles).addLabelInt(',"parsedDirectories":', st.parsedDirs);
    out.add(',"countsAgree":').add(st.parsedFiles == p.treeFiles && st.parsedDirs + p.treeRoots == p.treeDirs ? "true" : "false");
  }
  out.addLabelInt(',"symlinks":', st.links).addLabelInt(',"errors":', p.errors.length);
  if (p.notes.length > 0) out.addLabelInt(',"notes":', p.notes.length);
  if (st.sizeOrder != 0) out.add(',"sortedBySize":"').add(st.sizeOrder > 0 ? "ascending" : "descending").addChar(0x22);
  out.add(',"topDirectories":');
  factList(out, st.byDirKeys, st.byDirCounts, "path");
  out.add(',"topExtensions":');
  factList(out, st.byExtKeys, st.byExtCounts, "ext");
  return out.toString();
}

function factList(out: StrBuf, keys: Array<string>, counts: Array<i32>, name: string): void {
  const order = rankByScore(counts, keys.length);
  out.addChar(CharCode.LBRACKET);
  for (let k = 0; k < min(FACT_ITEMS, order.length); k++) {
    const i = unchecked(order[k]);
    if (k > 0) out.addChar(CharCode.COMMA);
    out.add('{"').add(name).addLabelJson('":', keys[i]).addLabelInt(',"files":', counts[i]).addChar(CharCode.RBRACE);
  }
  out.addChar(CharCode.RBRACKET);
}

function writeErrors(p: Listing, w: Writer, kept: KeptLines, share: i32): void {
  const stop = w.out.length + share;
  const L = p.lines;
  for (let k = 0; k < p.errors.length; k++) {
    const i = p.errors[k];
    const cost = clippedLength(L.text, L.start(i), L.end(i), MAX_SHOWN_LINE) + 1;
    // The first error is shown past the share: a listing cut short says why before its entries.
    if ((k > 0 && w.out.length + cost > stop) || cost > w.room) break;
    writeKeptLine(w, L, kept, i);
  }
}

/**
 * Lines that are not entries (an archive's name, the tool's own totals) within `share`,
 * the last ones first (a tool's totals close its listing), written in their order.
 */
function writeNotes(p: Listing, w: Writer, kept: KeptLines, share: i32): void {
  const L = p.lines;
  const n = p.notes.length;
  const picked = new StaticArray<bool>(n);
  let left = min(share, w.room);
  for (let k = n - 1; k >= 0; k--) {
    const i = p.notes[k];
    const cost = clippedLength(L.text, L.start(i), L.end(i), MAX_SHOWN_LINE) + 1;
    if (cost > left) continue;
    left -= cost;
    unchecked((picked[k] = true));
  }
  for (let k = 0; k < n; k++) {
    if (!unchecked(picked[k])) continue;
    const i = p.notes[k];
    writeKeptLine(w, L, kept, i);
  }
}

function writeTopLevel(p: Listing, st: ListingStats, w: Writer, share: i32): void {
  const n = st.topKeys.length;
  // Nothing nested (ls of one directory): the lines below show the same entries.
  if (n < 2 || n == p.paths.length) return;
  const line = new ItemLine("Top level (" + decimal(n) + "):", min(share, w.room - 1), 16);
  // Directories holding the most files first, then the rest as listed.
  const order = rankByScore(st.topFiles, n);
  let shown = 0;
  for (let o = 0; o < n; o++) {
    const k = unchecked(order[o]);
    const item = new StrBuf(st.topKeys[k].length + 16);
    addClippedAll(item, st.topKeys[k], 80);
    if (st.topIsDir[k] != 0) {
      item.add("/");
      if (st.topFiles[k] > 0) item.add(" (").add(pluralS(st.topFiles[k], "file")).add(")");
    }
    if (!line.tryAdd(item.toString(), o == n - 1)) break;
    shown++;
  }
  if (shown == 0) return;
  w.line(line.finish(shown < n ? "+" + decimal(n - shown) + " more" : ""));
}

function writeGroup(w: Writer, label: string, keys: Array<string>, counts: Array<i32>, share: i32, unit: string, skipSingle: bool): void {
  const n = keys.length;
  if (n == 0 || (skipSingle && n < 2)) return;
  const order = rankByScore(counts, n);
  let total = 0;
  for (let k = 0; k < n; k++) total += counts[k];
  const line = new ItemLine(label, min(share, w.room - 1), 28);
  let shown = 0;
  let shownFiles = 0;
  for (let k = 0; k < min(n, TOP_ITEMS); k++) {
    const i = unchecked(order[k]);
    const item = new StrBuf(keys[i].length + 12);
    addClippedAll(item, keys[i], 80);
    item.addChar(CharCode.SPACE).addCount(counts[i]).add(unit);
    if (!line.tryAdd(item.toString(), k == n - 1)) break;
    shown++;
    shownFiles += counts[i];
  }
  if (shown == 0) return;
  w.line(line.finish(shown < n ? "+" + decimal(n - shown) + " more (" + pluralS(total - shownFiles, "file") + ")" : ""));
}

function writeLargest(p: Listing, w: Writer, share: i32): void {
  const n = p.paths.length;
  // Top few by size, one pass per slot: LARGEST is small.
  const picked = new Array<i32>();
  for (let slot = 0; slot < LARGEST; slot++) {
    let best = -1;
    for (let e = 0; e < n; e++) {
      if (p.isDir[e] != 0 || p.size[e] < 0 || picked.includes(e)) continue;
      if (best < 0 || p.size[e] > p.size[best]) best = e;
    }
    if (best < 0) break;
    picked.push(best);
  }
  if (picked.length < 2) return;
  const s = p.lines.text;
  // du prints 1K blocks unless -h/-b says otherwise.
  const e0 = picked[0];
  const blocks = p.mode == ListingMode.Du && isDigitAt(s, p.sizeEnd[e0] - 1);
  const line = new ItemLine(blocks ? "Largest (1K blocks):" : "Largest:", min(share, w.room - 1), 0);
  let shown = 0;
  for (let k = 0; k < picked.length; k++) {
    const e = picked[k];
    const item = new StrBuf(64);
    item.addRange(s, p.sizeStart[e], p.sizeEnd[e]).addChar(CharCode.SPACE);
    addClippedAll(item, p.paths[e], 80);
    if (!line.tryAdd(item.toString(), true)) break;
    shown++;
  }
  if (shown > 0) w.line(line.finish(""));
}

function isDigitAt(s: string, i: i32): bool {
  const c = s.charCodeAt(i);
  return c >= CharCode._0 && c <= CharCode._9;
}

/** Lines shown apart before the listing's own lines: errors and notes. */
function shownApart(p: Listing): StaticArray<bool> {
  const apart = new StaticArray<bool>(p.lines.count);
  for (let k = 0; k < p.errors.length; k++) unchecked((apart[p.errors[k]] = true));
  for (let k = 0; k < p.notes.length; k++) unchecked((apart[p.notes[k]] = true));
  return apart;
}

/**
 * The listing's last lines, as many as fit, after a marker for those before them: the
 * big end of a listing sorted by size in ascending order.
 */
function writeLinesFromEnd(p: Listing, w: Writer, kept: KeptLines): void {
  const L = p.lines;
  const s = L.text;
  const apart = shownApart(p);
  let last = L.count - 1;
  while (last >= 0 && (unchecked(apart[last]) || L.isBlank(last))) last--;
  if (last < 0) return;
  // The marker goes first: its length is bounded by the largest numbers it can hold.
  const markerMax = 64 + 3 * countDigitsWithCommas(L.count);
  let room = w.room - markerMax;
  let first = last + 1;
  while (first > 0) {
    const i = first - 1;
    if (unchecked(apart[i])) break;
    const cost = clippedLength(s, L.start(i), L.end(i), MAX_SHOWN_LINE) + 1;
    if (cost > room) break;
    room -= cost;
    first = i;
  }
  if (first > last) return;
  if (first > 0 && !w.line(notShownMarker(p, 0, first, "entry before these", "entries before these"))) return;
  for (let i = first; i <= last; i++) {
    if (unchecked(apart[i])) continue;
    addClipped(w.out, s, L.start(i), L.end(i), MAX_SHOWN_LINE);
    w.out.addChar(CharCode.LF);
    kept.add(i, clippedAway(s, L.start(i), L.end(i), MAX_SHOWN_LINE));
  }
}

/**
 * The listing itself from the top, line by line, then what was not shown. Blank lines are
 * passed over: they separate what the lines shown say already. The room held back for the
 * closing marker, once the marker's own length is known, takes the lines it leaves room for.
 */
function writeLines(p: Listing, w: Writer, kept: KeptLines): void {
  const L = p.lines;
  const s = L.text;
  const isError = shownApart(p);
  let i = 0;
  for (; i < L.count; i++) {
    if (unchecked(isError[i]) || L.isBlank(i)) continue;
    const cost = clippedLength(s, L.start(i), L.end(i), MAX_SHOWN_LINE) + 1;
    if (cost > w.room && cost + (i + 1 < L.count ? notShownMarker(p, i + 1, L.count, MORE_ONE, MORE_MANY).length + 1 : 0) > w.budget - w.out.length) break;
    addClipped(w.out, s, L.start(i), L.end(i), MAX_SHOWN_LINE);
    w.out.addChar(CharCode.LF);
    kept.add(i, clippedAway(s, L.start(i), L.end(i), MAX_SHOWN_LINE));
  }
  if (i < L.count) w.closing(notShownMarker(p, i, L.count, MORE_ONE, MORE_MANY));
}

const MORE_ONE = "more entry";
const MORE_MANY = "more entries";

/**
 * `[...N more entries not shown: lines A–B of C]` for the lines [from, to) (0-based) of the
 * listing's C left out, N of them entries, named by `one` or `many`.
 */
function notShownMarker(p: Listing, from: i32, to: i32, one: string, many: string): string {
  let hidden = 0;
  for (let e = 0; e < p.paths.length; e++) if (p.line[e] >= from && p.line[e] < to) hidden++;
  const out = new StrBuf(96);
  out.add("[...").add(plural(hidden, one, many)).add(" not shown: lines ").addCount(from + 1).addChar(0x2013).addCount(to);
  out.addLabelCount(" of ", p.lines.count).add("]");
  return out.toString();
}
