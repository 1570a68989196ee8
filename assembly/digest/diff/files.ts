// The per-file lines of the Diff digest: full ("✎ path +A/-R lines (fnA, fnB)")
// when they fit their share; else compact ("✎ path +A/-R") for every file, with
// function names going round the files while the share lasts; and for a diff
// with more files than the whole room holds, one line per directory naming as
// many of its files as fit:
//
//   lib/asyncio/ (20 files, +611/-385): __main__.py +96/-19, base_events.py +96/-40, +18 more
import { CharCode } from "../../util/chars";
import { replaceEvery } from "../../util/replace";
import { StrBuf } from "../../util/strbuf";
import { DiffFile, DiffParse, FileStatus } from "./parse";
import { pluralS, Writer } from "../shared/text";
import { StringIndex } from "../../util/string-index";

const MAX_FUNCS: i32 = 4;
/** Room kept on a directory line for ", +N more". */
const MORE_COST: i32 = 16;

/**
 * "✎ path +A/-R lines (fnA, fnB)" and the other per-file forms. `compact` drops
 * the word "lines" (the headline says what the counts are); `funcs` adds the
 * names (at most `funcs` of them) of what the hunks touch.
 */
export function fileLine(f: DiffFile, funcs: i32 = MAX_FUNCS, compact: bool = false): string {
  const out = new StrBuf(96);
  const path = f.path;
  if (f.binary) {
    out.add("binary ").add(path);
    if (f.status == FileStatus.Added) out.add(" (new file)");
    else if (f.status == FileStatus.Deleted) out.add(" (deleted)");
    else if (f.status == FileStatus.Renamed) out.add(" (renamed from ").add(f.oldPath).add(")");
    return out.toString();
  }
  if (f.status == FileStatus.Added) return out.add("+ ").add(path).add(" (new file, ").add(pluralS(f.added, "line")).add(")").toString();
  if (f.status == FileStatus.Deleted) return out.add("\u2717 ").add(path).add(" (deleted, ").add(pluralS(f.removed, "line")).add(")").toString();
  if (f.status == FileStatus.Renamed || f.status == FileStatus.Copied) {
    out.add("\u2192 ").add(f.oldPath).add(" \u2192 ").add(f.newPath).add(f.status == FileStatus.Renamed ? " (renamed" : " (copied");
    if (f.similarity >= 0) out.addLabelInt(", similarity ", f.similarity).add("%");
    out.add(")");
    if (f.added + f.removed == 0) return out.toString();
    out.addChar(CharCode.SPACE);
  } else out.add("\u270e ").add(path).addChar(CharCode.SPACE);
  out.addLabelCount("+", f.added).addLabelCount("/-", f.removed);
  if (!compact) out.add(" lines");
  if (f.added + f.removed == 0 && f.newMode.length > 0) out.add(" (mode ").add(f.oldMode).add(" \u2192 ").add(f.newMode).add(")");
  if (funcs > 0 && f.funcs.length > 0) {
    out.add(" (");
    const n = min(f.funcs.length, funcs);
    for (let k = 0; k < n; k++) {
      if (k > 0) out.add(", ");
      out.add(f.funcs[k]);
    }
    if (f.funcs.length > n) out.addLabelInt(", +", f.funcs.length - n).add(" more");
    out.add(")");
  }
  return out.toString();
}

/**
 * The per-file lines. When the full lines (with function names) do not all fit
 * the share, every file still gets a compact line ("✎ path +A/-R") before any
 * hunk is shown: the model should know the whole set of files a change touches.
 * Function names then go round the files, one more name per file each round,
 * while the share lasts, so no file's names crowd out the rest. A diff with
 * more files than the whole room holds gets one line per directory; only when
 * even those do not fit does the list end in "+N more files".
 */
export function writeFileList(p: DiffParse, w: Writer, share: i32): void {
  const n = p.files.length;
  const full = new Array<string>(n);
  let fullCost = 0;
  for (let f = 0; f < n; f++) {
    full[f] = fileLine(p.files[f]);
    fullCost += full[f].length + 1;
  }
  if (fullCost <= share) {
    for (let f = 0; f < n; f++) w.line(full[f]);
    return;
  }
  const shown = new Array<string>(n);
  let cost = 0;
  for (let f = 0; f < n; f++) {
    shown[f] = fileLine(p.files[f], 0, true);
    cost += shown[f].length + 1;
  }
  if (cost <= w.room) {
    for (let k = 1; k <= MAX_FUNCS; k++) {
      for (let f = 0; f < n; f++) {
        if (p.files[f].funcs.length < k) continue;
        const richer = fileLine(p.files[f], k, true);
        const extra = richer.length - shown[f].length;
        if (extra > 0 && cost + extra <= share) {
          shown[f] = richer;
          cost += extra;
        }
      }
    }
  }
  if (cost > w.room) {
    // Directories as deep as paths go first; shallower ones when their lines do not fit.
    let deepest = 0;
    for (let f = 0; f < n; f++) deepest = max(deepest, depthOf(p.files[f].path));
    for (let depth = deepest; depth >= 1; depth--) if (writeByDirectory(p, w, depth)) return;
  }
  let count = 0;
  let shownAdded = 0;
  let shownRemoved = 0;
  for (let f = 0; f < n; f++) {
    const tail = f == n - 1 ? 0 : 48;
    if (shown[f].length + 1 + tail > w.room) break;
    w.line(shown[f]);
    count++;
    shownAdded += p.files[f].added;
    shownRemoved += p.files[f].removed;
  }
  if (count < n) {
    const more = new StrBuf(48);
    more.add("+").add(pluralS(n - count, "more file")).addLabelCount(": +", p.added - shownAdded).addLabelCount("/-", p.removed - shownRemoved);
    w.line(more.toString());
  }
}


/**
 * "lib/http/" for "lib/http/client.py" (at most `depth` directories deep:
 * "lib/" at depth 1); "" for a top-level path.
 */
function dirOf(path: string, depth: i32): string {
  let end = -1;
  for (let d = 0; d < depth; d++) {
    const k = path.indexOf("/", end + 1);
    if (k < 0) break;
    end = k;
  }
  return end < 0 ? "" : path.substring(0, end + 1);
}

function depthOf(path: string): i32 {
  let n = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) == CharCode.SLASH) n++;
  return n;
}

/** The files of one directory (not its subdirectories), listed where its first file comes. */
class DirGroup {
  files: Array<i32> = [];
  added: i32 = 0;
  removed: i32 = 0;
  constructor(public dir: string) {}
}

/** A file's compact line inside its directory's line: no directory, no "✎" for a plain change. */
function entryOf(f: DiffFile, dir: string): string {
  let line = fileLine(f, 0, true);
  if (dir.length > 0) line = replaceEvery(line, " " + dir, " ");
  if (f.status == FileStatus.Modified && !f.binary && line.startsWith("\u270e ")) line = line.substring(2);
  return line;
}

/**
 * One line per directory (`depth` deep at most, deeper files under their
 * ancestor with the rest of their path): its counts, then as many of its files as the
 * room allows, taking turns across directories so that none is left bare.
 * A directory of one file gets that file's compact line. Returns false (and
 * writes nothing) when the directory lines alone do not fit.
 */
function writeByDirectory(p: DiffParse, w: Writer, depth: i32): bool {
  const groups = new Array<DirGroup>();
  const byDir = new StringIndex();
  for (let f = 0; f < p.files.length; f++) {
    const file = p.files[f];
    const dir = dirOf(file.path, depth);
    if (!byDir.has(dir)) {
      byDir.set(dir, groups.length);
      groups.push(new DirGroup(dir));
    }
    const g = groups[byDir.get(dir)];
    g.files.push(f);
    g.added += file.added;
    g.removed += file.removed;
  }
  const ng = groups.length;
  const heads = new Array<string>(ng);
  let room = w.room;
  for (let k = 0; k < ng; k++) {
    const g = groups[k];
    if (g.files.length == 1) heads[k] = fileLine(p.files[g.files[0]], 0, true);
    else {
      const out = new StrBuf(g.dir.length + 40);
      out.add(g.dir.length > 0 ? g.dir : "./").add(" (").add(pluralS(g.files.length, "file")).addLabelCount(", +", g.added).addLabelCount("/-", g.removed).add("):");
      heads[k] = out.toString();
    }
    room -= heads[k].length + 1 + (g.files.length == 1 ? 0 : MORE_COST);
  }
  if (room < 0) return false;
  // Turns: each directory offers its next file while it fits.
  const taken = new StaticArray<i32>(ng);
  const entries = new Array<Array<string>>(ng);
  for (let k = 0; k < ng; k++) entries[k] = new Array<string>();
  let moved = true;
  while (moved) {
    moved = false;
    for (let k = 0; k < ng; k++) {
      const g = groups[k];
      const t = unchecked(taken[k]);
      if (g.files.length == 1 || t < 0 || t >= g.files.length) continue;
      const e = entryOf(p.files[g.files[t]], g.dir);
      const cost = e.length + (t == 0 ? 1 : 2);
      if (cost > room) {
        unchecked((taken[k] = -1 - t)); // stop this directory where it is
        continue;
      }
      room -= cost;
      entries[k].push(e);
      unchecked((taken[k] = t + 1));
      moved = true;
    }
  }
  for (let k = 0; k < ng; k++) {
    const g = groups[k];
    if (g.files.length == 1) {
      w.line(heads[k]);
      continue;
    }
    const out = new StrBuf(heads[k].length + 64);
    out.add(heads[k]);
    const list = entries[k];
    for (let e = 0; e < list.length; e++) out.add(e == 0 ? " " : ", ").add(list[e]);
    const rest = g.files.length - list.length;
    if (rest > 0) out.add(list.length > 0 ? ", +" : " +").addCount(rest).add(" more");
    w.line(out.toString());
  }
  return true;
}
