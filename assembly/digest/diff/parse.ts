// Reads unified diffs (git diff, git show / git log -p with commit headers,
// diff -u, diff -ruN) and context diffs (diff -c: context.ts) into files and hunks. Hunk lengths come from the
// "@@ -a,b +c,d @@" header, so a removed line that starts with "--- " is never
// taken for a file header; counts match `git diff --numstat`. The lines no
// file's diff and no commit's header holds are the messages of the tool that
// printed the diffs (`would reformat x.py`, `ERROR: x.py Imports are
// incorrectly sorted`, `Only in a: b`, `5 files would be reformatted.`).
import { CharCode, isDigit } from "../../util/chars";
import { digitRunEnd, unitAt } from "../../util/lines";
import { definedName } from "./funcs";
import { indexIn, LineIndex, parseDigits, startsWithAt, startsWithOneOf } from "../shared/text";
import { CONTEXT_HUNK, opensContextFile, readContextHunk } from "./context";

export const enum FileStatus {
  Modified = 0,
  Added = 1,
  Deleted = 2,
  Renamed = 3,
  Copied = 4,
}

export class DiffFile {
  oldPath: string = "";
  newPath: string = "";
  status: FileStatus = FileStatus.Modified;
  binary: bool = false;
  similarity: i32 = -1;
  oldMode: string = "";
  newMode: string = "";
  added: i32 = 0;
  removed: i32 = 0;
  /** The line that opened the file ("diff --git …", "diff -u …" or "--- …"). */
  firstLine: i32 = -1;
  sawMinus: bool = false;
  hunkStarts: Array<i32> = [];
  /** Exclusive end line of each hunk. */
  hunkEnds: Array<i32> = [];
  funcs: Array<string> = [];

  get path(): string {
    return this.newPath.length > 0 ? this.newPath : this.oldPath;
  }

  addFunc(name: string): void {
    if (name.length > 0 && name.length <= 80 && !this.funcs.includes(name)) this.funcs.push(name);
  }
}

export class DiffParse {
  lines: LineIndex;
  files: Array<DiffFile> = [];
  /** Lines "commit <sha>" of git show / git log -p. */
  commits: Array<i32> = [];
  /**
   * Non-blank lines before the first file's diff or after a file's hunks that
   * are no part of a diff, in order; a commit's lines up to its first file aside.
   */
  messages: Array<i32> = [];
  added: i32 = 0;
  removed: i32 = 0;
  hunks: i32 = 0;

  constructor(text: string) {
    this.lines = new LineIndex(text);
  }

  /** A new file's diff, from line i. */
  newFile(i: i32): DiffFile {
    const f = new DiffFile();
    f.firstLine = i;
    this.files.push(f);
    return f;
  }
}

/** Bit k set: letter 'a' + k opens one of git's path prefixes (a b c i o w). */
const PREFIX_LETTERS: i32 = (1 << 0) | (1 << 1) | (1 << 2) | (1 << 8) | (1 << 14) | (1 << 22);

/** "a/x" → "x"; "/dev/null" → ""; "x\t2024-01-01 …" → "x"; quoted C-style paths unquoted. */
function cleanPath(s: string, a: i32, b: i32, stripPrefix: bool): string {
  let e = indexIn(s, a, b, "\t");
  if (e < 0) e = b;
  while (e > a && unitAt(s, e - 1) == CharCode.SPACE) e--;
  if (e - a >= 2 && unitAt(s, a) == CharCode.DQUOTE && unitAt(s, e - 1) == CharCode.DQUOTE) {
    a++;
    e--;
  }
  const p = s.substring(a, e);
  if (p == "/dev/null") return "";
  // git's prefixes: a/ b/ (old, new), i/ w/ c/ o/ (index, work tree, commit, object).
  const c = p.charCodeAt(0) - 0x61;
  if (stripPrefix && p.length > 2 && p.charCodeAt(1) == CharCode.SLASH && <u32>c <= 22 && ((PREFIX_LETTERS >> c) & 1) != 0) {
    return p.substring(2);
  }
  return p;
}

/** Where the range readRange read last ends. */
let rangeEnd: i32 = 0;

/** Parses "-a,b" or "-a" at i: the count (1 when omitted; -1 for no range), its end in rangeEnd. */
function readRange(s: string, i: i32, b: i32, sign: i32): i32 {
  if (i >= b || unitAt(s, i) != sign) return -1;
  const start = ++i;
  i = digitRunEnd(s, i, b);
  if (i == start) return -1;
  let count = 1;
  if (i < b && unitAt(s, i) == CharCode.COMMA) {
    const cs = ++i;
    i = digitRunEnd(s, i, b);
    count = parseDigits(s, cs, i);
  }
  rangeEnd = i;
  return count;
}

export function parseDiff(text: string): DiffParse {
  const p = new DiffParse(text);
  const L = p.lines;
  const s = text;
  let cur: DiffFile | null = null;
  let remOld = 0;
  let remNew = 0;
  let inHunk = false;
  for (let i = 0; i < L.count; i++) {
    const a = L.start(i);
    const b = L.end(i);
    if (inHunk && cur !== null) {
      const c = b > a ? unitAt(s, a) : CharCode.SPACE;
      let ok = true;
      if (c == CharCode.SPACE) {
        remOld--;
        remNew--;
      } else if (c == CharCode.MINUS) {
        remOld--;
        cur.removed++;
        cur.addFunc(definedName(s, a + 1, b));
      } else if (c == CharCode.PLUS) {
        remNew--;
        cur.added++;
        cur.addFunc(definedName(s, a + 1, b));
      } else if (c != CharCode.BACKSLASH) ok = false;
      if (ok) {
        if (remOld <= 0 && remNew <= 0) {
          // "\ No newline at end of file" may follow the last line.
          if (i + 1 < L.count && L.end(i + 1) > L.start(i + 1) && unitAt(s, L.start(i + 1)) == CharCode.BACKSLASH) i++;
          inHunk = false;
          cur.hunkEnds.push(i + 1);
        }
        continue;
      }
      // A hunk shorter than its header said: close it where it stopped.
      inHunk = false;
      cur.hunkEnds.push(i);
    }
    if (cur !== null && startsWithAt(s, a, b, CONTEXT_HUNK)) {
      i = readContextHunk(p, cur, i) - 1;
      continue;
    }
    if (opensContextFile(p, i)) {
      // "*** old" over "--- new": one file, under its "diff -c" line when diff -r printed one.
      if (cur === null || cur.sawMinus || cur.hunkStarts.length > 0) cur = p.newFile(i);
      cur.oldPath = cleanPath(s, a + 4, b, true);
      cur.newPath = cleanPath(s, L.start(i + 1) + 4, L.end(i + 1), true);
      if (cur.oldPath.length == 0) cur.status = FileStatus.Added;
      else if (cur.newPath.length == 0) cur.status = FileStatus.Deleted;
      i++;
      continue;
    }
    if (startsWithAt(s, a, b, "@@ -")) {
      if (cur === null) {
        cur = p.newFile(i);
      }
      remOld = readRange(s, a + 3, b, CharCode.MINUS);
      remNew = remOld >= 0 ? readRange(s, rangeEnd + 1, b, CharCode.PLUS) : -1;
      if (remNew < 0) continue;
      cur.hunkStarts.push(i);
      p.hunks++;
      const close = indexIn(s, rangeEnd, b, "@@");
      if (close >= 0) cur.addFunc(definedName(s, close + 2, b));
      if (remOld <= 0 && remNew <= 0) cur.hunkEnds.push(i + 1);
      else inHunk = true;
      continue;
    }
    if (startsWithAt(s, a, b, "diff --git ")) {
      cur = p.newFile(i);
      // "diff --git a/x b/x": split at " b/" (the ---/+++ lines, when present, are exact).
      const split = indexIn(s, a + 11, b, " b/");
      if (split > 0) {
        cur.oldPath = cleanPath(s, a + 11, split, true);
        cur.newPath = cleanPath(s, split + 1, b, true);
      }
      continue;
    }
    if (startsWithAt(s, a, b, "diff ") && !startsWithAt(s, a, b, "diff --git")) {
      cur = p.newFile(i);
      continue;
    }
    if (startsWithAt(s, a, b, "commit ") && b - a >= 14) {
      p.commits.push(i);
      cur = null;
      continue;
    }
    if (startsWithAt(s, a, b, "--- ")) {
      if (cur === null || cur.sawMinus || cur.hunkStarts.length > 0) {
        cur = p.newFile(i);
      }
      cur.sawMinus = true;
      const path = cleanPath(s, a + 4, b, true);
      if (path.length == 0) cur.status = FileStatus.Added;
      else if (cur.status != FileStatus.Renamed && cur.status != FileStatus.Copied) cur.oldPath = path;
      continue;
    }
    if (cur === null && ((ASC_SHRINK_LEVEL >= 2 ? startsWithOneOf(s, a, b, "Binary files |Files ") : startsWithAt(s, a, b, "Binary files ") || startsWithAt(s, a, b, "Files ")))) {
      // diff -r reports a binary pair with no "diff" line of its own.
      if (indexIn(s, a, b, " differ") < 0) continue;
      cur = p.newFile(i);
    }
    if (cur === null) {
      // Lines before the first file; after a commit line they are its header.
      if (p.commits.length == 0 && !L.isBlank(i)) p.messages.push(i);
      continue;
    }
    if (startsWithAt(s, a, b, "+++ ")) {
      const path = cleanPath(s, a + 4, b, true);
      if (path.length == 0) cur.status = FileStatus.Deleted;
      else if (cur.status != FileStatus.Renamed && cur.status != FileStatus.Copied) cur.newPath = path;
      if (cur.status == FileStatus.Added) cur.oldPath = "";
      continue;
    }
    if (startsWithAt(s, a, b, "new file mode ")) {
      cur.status = FileStatus.Added;
      cur.newMode = s.substring(a + 14, b);
    } else if (startsWithAt(s, a, b, "deleted file mode ")) {
      cur.status = FileStatus.Deleted;
      cur.oldMode = s.substring(a + 18, b);
    } else if (startsWithAt(s, a, b, "similarity index ")) cur.similarity = parseDigits(s, a + 17, b - 1);
    else if (startsWithAt(s, a, b, "rename from ")) {
      cur.status = FileStatus.Renamed;
      cur.oldPath = cleanPath(s, a + 12, b, false);
    } else if (startsWithAt(s, a, b, "rename to ")) {
      cur.status = FileStatus.Renamed;
      cur.newPath = cleanPath(s, a + 10, b, false);
    } else if (startsWithAt(s, a, b, "copy from ")) {
      cur.status = FileStatus.Copied;
      cur.oldPath = cleanPath(s, a + 10, b, false);
    } else if (startsWithAt(s, a, b, "copy to ")) {
      cur.status = FileStatus.Copied;
      cur.newPath = cleanPath(s, a + 8, b, false);
    } else if (startsWithAt(s, a, b, "old mode ")) cur.oldMode = s.substring(a + 9, b);
    else if (startsWithAt(s, a, b, "new mode ")) cur.newMode = s.substring(a + 9, b);
    else if (startsWithAt(s, a, b, "GIT binary patch")) cur.binary = true;
    else if (ASC_SHRINK_LEVEL >= 2 ? startsWithOneOf(s, a, b, "Binary files |Files ") : startsWithAt(s, a, b, "Binary files ") || startsWithAt(s, a, b, "Files ")) {
      const and = indexIn(s, a, b, " and ");
      const differ = indexIn(s, a, b, " differ");
      if (and < 0 || differ < 0) continue;
      if (cur.hunkStarts.length > 0 || cur.binary) {
        cur = p.newFile(i);
      }
      cur.binary = true;
      const first = startsWithAt(s, a, b, "Binary files ") ? a + 13 : a + 6;
      const oldP = cleanPath(s, first, and, true);
      const newP = cleanPath(s, and + 5, differ, true);
      if (cur.oldPath.length == 0 && cur.newPath.length == 0) {
        cur.oldPath = oldP;
        cur.newPath = newP;
      }
      if (oldP.length == 0) cur.status = FileStatus.Added;
      if (newP.length == 0) cur.status = FileStatus.Deleted;
    } else if (cur.hunkStarts.length > 0 && !L.isBlank(i)) p.messages.push(i); // after a file's hunks
  }
  if (inHunk && cur !== null) cur.hunkEnds.push(L.count);
  for (let f = 0; f < p.files.length; f++) {
    p.added += p.files[f].added;
    p.removed += p.files[f].removed;
  }
  return p;
}
