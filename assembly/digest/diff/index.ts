// Diff digest: totals, one line per file with what happened to it (every file,
// compact or by directory when the diff is big: diff-files.ts), then the
// hunks verbatim while the budget lasts (files take turns, first hunks
// first), hunk headers alone after that, and exact counts of what is left out.
//
//   3 files changed, +40/-12
//   ✎ executor.go +15/-3 lines (executeTask, handleError, verify)
//   + validator.go (new file, 234 lines)
//   ✗ old_file.go (deleted, 45 lines)
//   → a.txt → b.txt (renamed, similarity 90%)
//   binary logo.png
//   diff --git a/executor.go b/executor.go
//   @@ -10,6 +10,8 @@ func executeTask(
//   …
//   [...4 of 9 hunks not shown (212 lines); 2 of them by header only]
//
// The lines of the tool that printed the diffs (`would reformat x.py`, a closing
// `5 files would be reformatted.`) state the outcome: they are shown verbatim
// where they stand among the files, and take the room before the hunks do.
import { SUMMARY_MAX } from "../shared/summary";
import { Category } from "../../category";
import { oneLine } from "../../oneline";
import { CharCode } from "../../util/chars";
import { StrBuf } from "../../util/strbuf";
import { plainDigest } from "../shared/degrade";
import { writeFileList } from "./files";
import { DiffFile, DiffParse, FileStatus, parseDiff } from "./parse";
import { KeptLines, writeKeptLine } from "../shared/kept";
import { addClipped, clippedAway, clippedLength, MAX_SHOWN_LINE, pluralS, writeHeadline, Writer } from "../shared/text";
import { Digest, DigestContext } from "../shared/types";
import { wholeText } from "../shared/whole";

/** Commit header lines kept per commit (commit, Author, Date, subject). */
const COMMIT_LINES: i32 = 6;
/** A subject is clipped shorter than other lines, so that every commit's fits. */
const MAX_SUBJECT: i32 = 120;

// The dispatcher (digest/index.ts) adds the read hint as a line of its own when this digest cuts.
export function digestDiff(text: string, budget: i32, ctx: DigestContext, _hint: string = ""): Digest {
  const p = parseDiff(text);
  if (p.files.length == 0) return plainDigest(text, budget, Category.Diff, ctx.tool);
  const d = new Digest();
  const head = headline(p);
  d.summary = oneLine(head, SUMMARY_MAX);
  d.facts = factsOf(p);
  if (text.length <= budget) return wholeText(d, text, p.lines.count);
  const w = new Writer(max(budget, 0));
  const kept = new KeptLines(p.lines);
  if (writeHeadline(w, head)) {
    w.reserved = p.messages.length > 0 ? 140 : 96;
    writeCommits(p, w, kept, w.room / 6);
    // The tool's own lines are held first; then the per-file lines may take most of
    // the room, hunks get the rest.
    const said = chooseMessages(p, w, (w.room * 7) / 8);
    writeFileList(p, w, (w.room * 7) / 10);
    writeHunks(p, w, kept, said);
  }
  d.llm = w.finish();
  kept.settle(d);
  return d;
}

function headline(p: DiffParse): string {
  const out = new StrBuf(64);
  if (p.commits.length > 1) out.add(pluralS(p.commits.length, "commit")).add(", ");
  out.add(pluralS(p.files.length, "file")).addLabelCount(" changed, +", p.added).addLabelCount("/-", p.removed);
  return out.toString();
}

function factsOf(p: DiffParse): string {
  const out = new StrBuf(256 + p.files.length * 48);
  out.addLabelInt('"files":', p.files.length).addLabelInt(',"insertions":', p.added).addLabelInt(',"deletions":', p.removed);
  out.addLabelInt(',"hunks":', p.hunks).addLabelInt(',"commits":', p.commits.length);
  out.add(',"perFile":[');
  for (let f = 0; f < p.files.length; f++) {
    const file = p.files[f];
    if (f > 0) out.addChar(CharCode.COMMA);
    out.addLabelJson('{"path":', file.path);
    if (file.status == FileStatus.Renamed || file.status == FileStatus.Copied) out.addLabelJson(',"from":', file.oldPath);
    out.add(',"status":"').add(statusName(file)).addLabelInt('","added":', file.added).addLabelInt(',"removed":', file.removed);
    out.add(',"binary":').add(file.binary ? "true" : "false").addChar(CharCode.RBRACE);
  }
  out.addChar(CharCode.RBRACKET);
  return out.toString();
}

function statusName(f: DiffFile): string {
  switch (f.status) {
    case FileStatus.Added: return "added";
    case FileStatus.Deleted: return "deleted";
    case FileStatus.Renamed: return "renamed";
    case FileStatus.Copied: return "copied";
  }
  return "modified";
}

/**
 * Each commit's header lines (commit, Author, Date, message) while the share
 * lasts. When they do not all fit, every commit's "commit" line and subject go
 * first: they say what each change is; authors and dates come after.
 */
function writeCommits(p: DiffParse, w: Writer, kept: KeptLines, share: i32): void {
  const L = p.lines;
  const rows = new Array<i32>();
  const ranks = new Array<i32>();
  for (let c = 0; c < p.commits.length; c++) {
    let subject = false;
    let taken = 0;
    for (let i = p.commits[c]; i < L.count && taken < COMMIT_LINES; i++) {
      const a = L.start(i);
      const b = L.end(i);
      if (L.isBlank(i)) continue;
      if (b > a && (L.text.startsWith("diff ", a) || L.text.startsWith("---", a))) break;
      let rank = 2 + taken;
      if (i == p.commits[c]) rank = 0;
      else if (!subject && L.text.startsWith("    ", a)) {
        rank = 1;
        subject = true;
      }
      rows.push(i);
      ranks.push(rank);
      taken++;
    }
  }
  const chosen = new StaticArray<bool>(rows.length);
  let room = min(share, w.room);
  for (let r = 0; r < 2 + COMMIT_LINES; r++) {
    for (let k = 0; k < rows.length; k++) {
      if (ranks[k] != r) continue;
      const i = rows[k];
      const cost = clippedLength(L.text, L.start(i), L.end(i), r == 1 ? MAX_SUBJECT : MAX_SHOWN_LINE) + 1;
      if (cost > room) continue;
      room -= cost;
      chosen[k] = true;
    }
  }
  for (let k = 0; k < rows.length; k++) {
    if (!chosen[k]) continue;
    const i = rows[k];
    const a = L.start(i);
    const b = L.end(i);
    const clip = ranks[k] == 1 ? MAX_SUBJECT : MAX_SHOWN_LINE;
    addClipped(w.out, L.text, a, b, clip);
    w.out.addChar(CharCode.LF);
    kept.add(i, clippedAway(L.text, a, b, clip));
  }
}

/**
 * Which of the tool's lines are shown, their room held in `w.reserved`: the last
 * first (a closing total such as "5 files would be reformatted."), then the others
 * from the first on, while `share` lasts (the first are read first). When they do not
 * fit their share but fit the room they all take it: each states an outcome, where the
 * per-file lines after them only repeat the names (the headline still counts the files).
 */
function chooseMessages(p: DiffParse, w: Writer, share: i32): StaticArray<bool> {
  const m = p.messages;
  const shown = new StaticArray<bool>(m.length);
  if (m.length == 0) return shown;
  let need = 0;
  for (let j = 0; j < m.length; j++) need += linesCost(p, m[j], m[j] + 1);
  if (need > share && need <= w.room) share = need;
  for (let k = 0; k < m.length; k++) {
    // k = 0 is the last line, then the others in their order.
    const j = k == 0 ? m.length - 1 : k - 1;
    const at = m[j];
    const cost = linesCost(p, at, at + 1);
    if (cost > share) continue;
    share -= cost;
    w.reserved += cost;
    shown[j] = true;
  }
  return shown;
}

function linesCost(p: DiffParse, from: i32, to: i32): i32 {
  let cost = 0;
  for (let i = from; i < to; i++) cost += clippedLength(p.lines.text, p.lines.start(i), p.lines.end(i), MAX_SHOWN_LINE) + 1;
  return cost;
}

function writeHunks(p: DiffParse, w: Writer, kept: KeptLines, said: StaticArray<bool>): void {
  const L = p.lines;
  const nf = p.files.length;
  // Per hunk: 0 not shown, 1 header only, 2 whole, 3 partial (head lines). As i32: each kind
  // of array takes room, and the core has Array<i32> already.
  const state = new Array<Array<i32>>(nf);
  const partialLines = new Array<i32>(nf);
  const labelShown = new StaticArray<bool>(nf);
  for (let f = 0; f < nf; f++) {
    const h = new Array<i32>(p.files[f].hunkStarts.length);
    state[f] = h;
  }
  let room = w.room;
  // Rounds: each file offers its next whole hunk; a file whose hunk does not fit stops.
  const active = new Array<i32>();
  const cursor = new StaticArray<i32>(nf);
  for (let f = 0; f < nf; f++) if (p.files[f].hunkStarts.length > 0) active.push(f);
  let turn = active;
  while (turn.length > 0) {
    const next = new Array<i32>();
    for (let k = 0; k < turn.length; k++) {
      const f = turn[k];
      const file = p.files[f];
      const h = unchecked(cursor[f]);
      const cost = linesCost(p, file.hunkStarts[h], file.hunkEnds[h]) + (unchecked(labelShown[f]) ? 0 : labelCost(p, file));
      if (cost > room) continue;
      room -= cost;
      labelShown[f] = true;
      state[f][h] = 2;
      unchecked((cursor[f] = h + 1));
      if (h + 1 < file.hunkStarts.length) next.push(f);
    }
    turn = next;
  }
  // Files with nothing shown get the head of their first hunk, sharing what is left.
  let waiting = 0;
  for (let f = 0; f < nf; f++) if (!unchecked(labelShown[f]) && p.files[f].hunkStarts.length > 0) waiting++;
  for (let f = 0; f < nf && waiting > 0; f++) {
    const file = p.files[f];
    if (unchecked(labelShown[f]) || file.hunkStarts.length == 0) continue;
    const share = room / waiting;
    waiting--;
    let cost = labelCost(p, file) + linesCost(p, file.hunkStarts[0], file.hunkStarts[0] + 1) + 64;
    if (cost > share) continue;
    let k = file.hunkStarts[0] + 1;
    const end = file.hunkEnds[0];
    while (k < end) {
      const c = linesCost(p, k, k + 1);
      if (cost + c > share) break;
      cost += c;
      k++;
    }
    if (k - file.hunkStarts[0] - 1 < 3) continue;
    room -= cost;
    labelShown[f] = true;
    state[f][0] = 3;
    partialLines[f] = k - file.hunkStarts[0] - 1;
  }
  // Headers alone for the rest while the budget lasts.
  for (let f = 0; f < nf; f++) {
    const file = p.files[f];
    for (let h = 0; h < file.hunkStarts.length; h++) {
      if (state[f][h] != 0) continue;
      const cost = linesCost(p, file.hunkStarts[h], file.hunkStarts[h] + 1) + (unchecked(labelShown[f]) ? 0 : labelCost(p, file));
      if (cost > room) continue;
      room -= cost;
      labelShown[f] = true;
      state[f][h] = 1;
    }
  }

  // Render in diff order, the tool's lines where they stand.
  let notShown = 0;
  let notShownLines = 0;
  let headerOnly = 0;
  let message = 0;
  let unsaid = 0;
  for (let f = 0; f <= nf; f++) {
    const upto = f < nf ? p.files[f].firstLine : L.count;
    for (; message < said.length && p.messages[message] < upto; message++) {
      const at = p.messages[message];
      if (said[message]) emit(p, w, kept, at, at + 1);
      else unsaid++;
    }
    if (f == nf) break;
    const file = p.files[f];
    if (unchecked(labelShown[f])) emit(p, w, kept, file.firstLine, file.firstLine + 1);
    for (let h = 0; h < file.hunkStarts.length; h++) {
      const st = state[f][h];
      const from = file.hunkStarts[h];
      const to = file.hunkEnds[h];
      if (st == 2) emit(p, w, kept, from, to);
      else if (st == 3) {
        const upto = from + 1 + partialLines[f];
        emit(p, w, kept, from, upto);
        w.out.add("[...").add(pluralS(to - upto, "more line")).add(" of this hunk not shown]\n");
        notShownLines += to - upto;
      } else {
        if (st == 1) {
          emit(p, w, kept, from, from + 1);
          headerOnly++;
        }
        notShown++;
        notShownLines += to - from - 1;
      }
    }
  }
  if (notShown > 0 || notShownLines > 0 || unsaid > 0) {
    const out = new StrBuf(128);
    out.addLabelCount("[...", notShown).add(" of ").add(pluralS(p.hunks, "hunk")).add(" not shown (").add(pluralS(notShownLines, "diff line")).add(")");
    if (headerOnly > 0) out.addLabelCount("; ", headerOnly).add(" of them by header only");
    if (unsaid > 0) out.add("; ").add(pluralS(unsaid, "line")).add(" outside the diffs not shown");
    out.add("]");
    w.closing(out.toString());
  }
}

/** The line that names the file above its hunks ("diff --git …", "--- a/x"). */
function labelCost(p: DiffParse, f: DiffFile): i32 {
  return linesCost(p, f.firstLine, f.firstLine + 1);
}

function emit(p: DiffParse, w: Writer, kept: KeptLines, from: i32, to: i32): void {
  const L = p.lines;
  for (let i = from; i < to; i++) {
    writeKeptLine(w, L, kept, i);
  }
}
