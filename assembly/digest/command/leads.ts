// Lines that open with the same word, counted from the whole output so that the model
// does not count them from a cut one:
//
//   [warn] lib/api/abort-signal.js                 111 lines "[warn] …"
//   [warn] lib/api/api-connect.js
//   patching file asyncio/events.py                33 lines "patching file …"
//   Auto-merging services/svc01.py                 71 lines "Auto-merging …"
//
// A line's lead is its first word, at the margin: a formatter, a merge, a patch or a
// package manager opens a line per item with the same word and names the item after
// it (an indented line details the one above it). A lead holds a letter (signs alone
// draw or rule), no digit (a number, a line number or a time differs from line to line)
// and no path (it names a thing, not a kind of line). Its lines must vary: a line the
// same as the lead's line before it (a notice printed once per item, a repeat) names no
// new item. The totals quote what every line of a lead opens with (their common start,
// to a word's end), so that the count is exact for what they quote; a count the other
// totals or the output's own closing lines state already (`# tests 113`), or lines of
// a severity when findings are counted, are not stated again.
//
// A second LineLeads counts lines that end alike (endingAt), the twin for a verdict printed
// after each item (`./a.py: OK`, `git-add:   symbolic link to git`, `-> x.y   not found`):
// the words after a line's last separator, keyed by the first of them and quoted by what
// they share, stated when the most common ends a large part of the lines.
import { CharCode, isAlpha, isDigit, isIdentChar } from "../../util/chars";
import { findNewline, gapEnd, unitAt } from "../../util/lines";
import { findText, unitsEqual } from "../../util/scan";
import { StrBuf } from "../../util/strbuf";
import { severityOf } from "./findings";
import { isTimeOfDay } from "../../classify/log";

/** The closing lines read for the totals a tool states itself: this many, in at most CLOSING_UNITS units. */
const CLOSING_LINES: i32 = 8;
const CLOSING_UNITS: i32 = 640;
/** Lines of one lead at least for a count (fewer are counted at a glance). */
const MIN_LINES: i32 = 8;
/**
 * Fewer lines of a lead, down to MIN_SPREAD_LINES, are counted when they spread over SPREAD
 * units or more (`Diff in …` per file, `CONFLICT …` among `Auto-merging …`): a cut leaves some
 * of them out, and what is shown is no count of them. Not beside findings: their sparse leads
 * are parts of the findings' messages (`help: …`), counted by the findings already; nor under
 * a small budget, where the count's room is one of those lines, which may be an error's.
 */
const MIN_SPREAD_LINES: i32 = 5;
const SPREAD: i32 = 2000;
/**
 * Share (percent) of a lead's lines that may repeat the lead's line before them: a line per
 * item names another item each time, and a note printed again and again counts no items.
 */
const MAX_REPEATS: i32 = 20;
/** Longest lead: a longer first word is an item's own name. */
const MAX_LEAD: i32 = 24;
/** Places a line may open with before its lead (`/usr/bin/ld: a.o:(.text+0x8b): …`). */
const MAX_PLACES: i32 = 2;
/** Longest lead of signs a word may follow (`>>`, `***`). */
const MAX_SIGNS: i32 = 3;
/** Leads tracked: lines of a lead first seen later are not counted (none is counted in part). */
const MAX_LEADS: i32 = 96;
/** Slots of the table of leads: a power of two, more than MAX_LEADS. */
const SLOTS: i32 = 256;
/** Longest start quoted in the totals. */
const MAX_QUOTED: i32 = 40;
/** Units read back from a line's end for its ending's separator: a verdict is short. */
const MAX_ENDING: i32 = 64;
/** The most common ending must end at least one line in this many: else the lines are prose or a table's. */
const ENDING_SHARE: i32 = 8;
/** Leads named in the totals: two counts say the output's make-up; more are read as noise. */
const SHOWN: i32 = 2;
/** What a lead's severity is (LineLeads.severities). */
const NO_SEVERITY: i32 = 0;
const ERROR_SEVERITY: i32 = 1;
const OTHER_SEVERITY: i32 = 2;
/** FNV-1a's 32-bit prime and offset basis. */
const PRIME: u32 = 16777619;
const BASIS: u32 = 2166136261;

export class LineLeads {
  /** Per lead, in the order first seen: its hash, its lines, its first line's start and end, its lead's length. */
  // As i32: the core has no other Array<u32> or Array<bool>, and each kind of array takes room.
  hashes: Array<i32> = new Array<i32>();
  counts: Array<i32> = new Array<i32>();
  firstStarts: Array<i32> = new Array<i32>();
  firstEnds: Array<i32> = new Array<i32>();
  leadLengths: Array<i32> = new Array<i32>();
  /** Units every line of the lead opens with, from its first line's start. */
  common: Array<i32> = new Array<i32>();
  /** Lines of the lead the same as the lead's line before them, and where that line is. */
  repeats: Array<i32> = new Array<i32>();
  /** Whether the lead is a severity in signs (`warning:`, `[ERROR]`), and an error's: what findings count. */
  severities: Array<i32> = new Array<i32>();
  /** Whether the lead's first line opens with a place before it (1) or with the lead (0), or it is an ending (2 after a gap, 3 after a colon). */
  located: Array<i32> = new Array<i32>();
  lastStarts: Array<i32> = new Array<i32>();
  private lastEnds: Array<i32> = new Array<i32>();
  /** Per slot, 1 + the index of a lead, or 0 when free. */
  private slots: StaticArray<i32> = new StaticArray<i32>(SLOTS);
  /** The lead of the line read before: a run of one lead skips the table. */
  private prev: i32 = -1;

  /** The text the lines are read from. */
  text: string = "";
  /** Lines read for their endings (endingAt), none for leads. */
  lines: i32 = 0;

  /** Line [a, b) of text, without its '\r' and '\n'. */
  line(text: string, a: i32, b: i32): void {
    this.lineAt(text, a, gapEnd(text, a, b), b);
  }

  /**
   * line() with `t` the line's first unit after spaces and tabs (b when it has none);
   * `finding` when findings.ts counted the line, whose place opens a severity or a code.
   */
  lineAt(text: string, a: i32, t: i32, b: i32, finding: bool = false): void {
    // An indented line details the one above it (a frame, a quoted source line, a field).
    if (t != a || t >= b) return;
    this.text = text;
    let h = BASIS;
    let i = t;
    let letters = false;
    let located = 0;
    while (true) {
      let place = false;
      for (; i < b; i++) {
        const c = unitAt(text, i);
        if (c == CharCode.SPACE || c == CharCode.TAB) break;
        // A path or a number names a thing (the program that prints, a file, a line), not a kind of line.
        if (isDigit(c) || c == CharCode.SLASH || c == CharCode.BACKSLASH) {
          // A finding's place opens a severity or a code, which findings.ts counts, and a line
          // that ends in a colon (`src/a.c: In function ‘f’:`) introduces the next.
          if (finding || unitAt(text, b - 1) == CharCode.COLON) return;
          place = true;
        }
        if (isAlpha(c)) letters = true;
        h = (h ^ <u32>c) * PRIME;
      }
      if (!place) break;
      // A place ending in a colon (`src/a.c:12:`, `/usr/bin/ld:`, `a.o:(.text+0x8b):`) says
      // where: the message after it opens with the lead, and one message at many places
      // (`undefined reference to …`) counts like lines that open alike.
      // A clock's time opens a capture's or a trace's line (`18:17:51.319154 IP …`) the same way.
      if (located == MAX_PLACES || (unitAt(text, i - 1) != CharCode.COLON && !isTimeOfDay(text, t, i))) return;
      t = gapEnd(text, i, b);
      if (t >= b) return;
      located++;
      i = t;
      // Not the lead of lines that open with the same word at the margin.
      h = BASIS ^ 1;
      letters = false;
    }
    // A lead of signs alone (`|`, `#`, `* `, `--- `) draws, rules or comments, unless a label
    // follows it at once, a word and a colon (`>> Issue:`, `# Subtest:`): then both are the
    // lead. A mark (`✔`) is the lead of a status, not of a word that names an item.
    if (!letters && i - t <= MAX_SIGNS && unitAt(text, t) < 0x80 && i + 1 < b && unitAt(text, i) == CharCode.SPACE && isAlpha(unitAt(text, i + 1))) {
      h = (h ^ <u32>CharCode.SPACE) * PRIME;
      for (i++; i < b && i - t < MAX_LEAD; i++) {
        const c = unitAt(text, i);
        if (c == CharCode.SPACE || c == CharCode.TAB) break;
        if (isDigit(c) || c == CharCode.SLASH || c == CharCode.BACKSLASH) return;
        h = (h ^ <u32>c) * PRIME;
      }
      if (unitAt(text, i - 1) != CharCode.COLON) return;
      letters = true;
    }
    if (!letters) return;
    const n = i - t;
    if (n >= MAX_LEAD) return;
    // A severity after a place opens a finding findings.ts did not take: no lead to look up.
    if (located > 0 && severityLead(text, t, i) != NO_SEVERITY) return;
    this.tally(text, h, t, n, b, located > 0 ? 1 : 0);
  }

  /**
   * Line [t, b) of text read for its ending (this file's opening note), t its first unit after
   * spaces and tabs: the words after its last separator, a colon or a gap of two spaces
   * or a tab, keyed by the first of them, counted like a lead.
   */
  endingAt(text: string, t: i32, b: i32): void {
    this.lines++;
    // A verdict ends in a word, or in a word and a full stop (`'a.py': Clean bill of health.`):
    // a line that ends in a sign (code, a path, a quote) has none, and costs no call.
    if (endsInWord(text, t, b)) this.endingOf(text, t, b);
  }

  /** endingAt() of a line that ends in a letter. */
  private endingOf(text: string, t: i32, b: i32): void {
    let i = b - 1;
    const floor = max(t, b - MAX_ENDING);
    for (; i > floor; i--) {
      const c = unitAt(text, i);
      // A number differs from line to line: it names an item (`case 238`, `a.c:42`), not a verdict.
      if (isDigit(c)) return;
      const p = unitAt(text, i - 1);
      if (c == CharCode.TAB || (c == CharCode.SPACE && (p <= CharCode.SPACE || p == CharCode.COLON))) break;
    }
    if (i <= floor) return;
    // The item the verdict is about comes before the separator (t is no space: p stays past it),
    // and is named: a number there counts lines of a listing (`2: iadd`), not items.
    let p = i;
    while (unitAt(text, p - 1) <= CharCode.SPACE) p--;
    const colon = unitAt(text, p - 1) == CharCode.COLON ? 1 : 0;
    if (p - colon <= t || isDigit(unitAt(text, p - colon - 1))) return;
    const e = i + 1;
    let h = BASIS;
    let w = e;
    // The full stop closes the verdict's sentence: its first word may end there (`done.`).
    const words = unitAt(text, b - 1) == CharCode.DOT ? b - 1 : b;
    for (; w < words; w++) {
      const c = unitAt(text, w);
      if (c == CharCode.SPACE || c == CharCode.COMMA) break;
      // A word, not a name (`java.base`, `a_b`, `x/y`, `git-add`).
      if (!isAlpha(c)) return;
      h = (h ^ <u32>c) * PRIME;
    }
    if (w == e) return;
    this.text = text;
    this.tally(text, h, e, w - e, b, 2 + colon);
  }

  /** Counts a line of the lead text[t, t + n) (hash h), the line ending at b; `located` as in find(). */
  private tally(text: string, h: u32, t: i32, n: i32, b: i32, located: i32): void {
    // A run of one lead skips the table; the size-optimised build (the component's) looks
    // every lead up, which finds the same one.
    let k = ASC_SHRINK_LEVEL < 2 ? this.prev : -1;
    if (k < 0 || unchecked(this.hashes[k]) != <i32>h || !this.sameLead(text, k, t, n)) k = this.find(text, h, t, n, located);
    if (k < 0) return;
    this.prev = k;
    unchecked((this.counts[k] = unchecked(this.counts[k]) + 1));
    if (unchecked(this.counts[k]) == 1) return;
    // The start it shares with the lead's first line: the lead at least, as the lead is the same.
    const first = unchecked(this.firstStarts[k]);
    let c = unchecked(this.common[k]);
    // Once the common start is found, most lines share all of it: one compare of the whole
    // (left to the loop by the size-optimised build, which finds the same).
    const base = changetype<usize>(text);
    if (ASC_SHRINK_LEVEL >= 2 || c > b - t || !unitsEqual(base + (<usize>first << 1), base + (<usize>t << 1), c)) {
      let j = n;
      while (j < c && j < b - t && unitAt(text, t + j) == unitAt(text, first + j)) j++;
      unchecked((this.common[k] = c = j));
    }
    // The same as the lead's line before it: both share the common start, the rest is compared
    // (an ending's line names its item before it: not told apart from here).
    const last = unchecked(this.lastStarts[k]);
    const length = b - t;
    // An ending's "repeats" are its lines that end where the shared units do: all of them when it is quoted whole.
    if (located < 2 ? unchecked(this.lastEnds[k]) - last == length && unitsEqual(base + (<usize>(last + c) << 1), base + (<usize>(t + c) << 1), length - c) : length == c) {
      unchecked((this.repeats[k] = unchecked(this.repeats[k]) + 1));
    }
    unchecked((this.lastStarts[k] = t));
    unchecked((this.lastEnds[k] = b));
  }

  private sameLead(text: string, k: i32, t: i32, n: i32): bool {
    return unchecked(this.leadLengths[k]) == n && unitsEqual(changetype<usize>(text) + (<usize>unchecked(this.firstStarts[k]) << 1), changetype<usize>(text) + (<usize>t << 1), n);
  }

  /**
   * The index of the lead text[t, t + n) (hash h), a new one when there is room, else -1;
   * `located` 0 at the margin, 1 after a place, 2 an ending after a gap, 3 after a colon.
   */
  private find(text: string, h: u32, t: i32, n: i32, located: i32): i32 {
    let slot = <i32>(h & <u32>(SLOTS - 1));
    while (true) {
      const k = unchecked(this.slots[slot]) - 1;
      if (k < 0) break;
      if (unchecked(this.hashes[k]) == <i32>h && this.sameLead(text, k, t, n)) return k;
      slot = (slot + 1) & (SLOTS - 1);
    }
    const k = this.hashes.length;
    if (k >= MAX_LEADS) return -1;
    unchecked((this.slots[slot] = k + 1));
    this.hashes.push(<i32>h);
    this.counts.push(0);
    this.firstStarts.push(t);
    let e = t + n;
    // The first line's end: the common start never reaches past it.
    while (e < text.length && unitAt(text, e) != CharCode.LF && unitAt(text, e) != CharCode.CR) e++;
    this.firstEnds.push(e);
    this.leadLengths.push(n);
    this.common.push(e - t);
    this.repeats.push(0);
    this.severities.push(severityLead(text, t, t + n));
    this.located.push(located);
    this.lastStarts.push(t);
    this.lastEnds.push(e);
    return k;
  }
}

/** Line [t, b) ends in a letter, or in a letter and a full stop: where a verdict may end. */
// @ts-ignore: decorator
@inline export function endsInWord(text: string, t: i32, b: i32): bool {
  const c = unitAt(text, b - 1);
  return isAlpha(c) || (c == CharCode.DOT && b - 2 > t && isAlpha(unitAt(text, b - 2)));
}

/** Lead [a, b) is a severity word (findings.ts) between signs: `warning:`, `[ERROR]`, `error[E0308]:` aside. */
function severityLead(text: string, a: i32, b: i32): i32 {
  let i = a;
  while (i < b && !isAlpha(unitAt(text, i))) i++;
  let e = i;
  while (e < b && isAlpha(unitAt(text, e))) e++;
  for (let j = e; j < b; j++) if (isAlpha(unitAt(text, j))) return NO_SEVERITY;
  if (e == i) return NO_SEVERITY;
  const severity = severityOf(text, i, e);
  return severity == -1 ? NO_SEVERITY : severity == 0 ? ERROR_SEVERITY : OTHER_SEVERITY;
}

/** A lead that opens with a letter (a word, `Auto-merging`) says what its lines are better than one in signs (`[warn]`, `.[orders]`). */
function wordy(text: string, l: LineLeads, k: i32): bool {
  return isAlpha(unitAt(text, unchecked(l.firstStarts[k])));
}

/** Whether lead a comes before lead b in the totals: more lines first, then a word's, then the first seen. */
function before(text: string, l: LineLeads, a: i32, b: i32): bool {
  const ca = unchecked(l.counts[a]);
  const cb = unchecked(l.counts[b]);
  if (ca != cb) return ca > cb;
  const wa = wordy(text, l, a);
  if (wa != wordy(text, l, b)) return wa;
  return a < b;
}

/** What every line of lead k opens with, to a word's end, quoted: `"patching file …"`. */
function quoted(text: string, l: LineLeads, k: i32): string {
  const start = unchecked(l.firstStarts[k]);
  const lead = unchecked(l.leadLengths[k]);
  let n = min(unchecked(l.common[k]), MAX_QUOTED);
  // A quote in the start would close the totals' own.
  for (let j = lead; j < n; j++) {
    if (unitAt(text, start + j) == CharCode.DQUOTE) {
      n = j;
      break;
    }
  }
  // An ending is quoted whole when every line of it ends where the shared units do (tally's
  // "repeats"); else, like a start cut inside a word, it goes back to a word's end.
  const located = unchecked(l.located[k]);
  const first = unchecked(l.firstEnds[k]) - start;
  const whole = located >= 2 && n == first && unchecked(l.repeats[k]) == unchecked(l.counts[k]) - 1;
  // A start cut inside a word shows that word's common part as if it were whole: back to its space.
  if ((n < first || (located >= 2 && !whole)) && n > lead && unitAt(text, start + n) != CharCode.SPACE && unitAt(text, start + n) != CharCode.TAB) {
    while (n > lead && unitAt(text, start + n - 1) != CharCode.SPACE && unitAt(text, start + n - 1) != CharCode.TAB) n--;
  }
  while (n > lead && (unitAt(text, start + n - 1) == CharCode.SPACE || unitAt(text, start + n - 1) == CharCode.TAB)) n--;
  const out = new StrBuf(n + 8).addChar(CharCode.DQUOTE);
  // Lines that open with a place have the lead after it, lines that end alike their ending.
  if (located != 0) out.add(located == 3 ? "\u2026: " : "\u2026 ");
  out.add(text.substring(start, start + n));
  return (whole ? out : out.add(" \u2026")).addChar(CharCode.DQUOTE).toString();
}

/**
 * `111 lines "[warn] …" · 33 lines "patching file …"`: the leads of the most lines, or ""
 * when no lead opens enough. A count another total states already (`stated`: a count
 * formatted as the totals format it, between spaces) is not stated again, nor one that
 * another lead or the output's closing lines state (closingLines); nor a count of lines that open with an error's severity, nor, when
 * `findings` are stated, with any severity, nor one of the lines that open with `dumpWord`,
 * the word of the dump blocks the totals count (dumps.ts). For endings (endingAt), `leads`
 * holds the leads' totals: an ending whose first word they quote is not counted again.
 * `sparse` counts a few lines of a lead far apart too (MIN_SPREAD_LINES).
 */
export function leadsLine(l: LineLeads, stated: string, findings: bool, dumpWord: string = "", leads: string = "", sparse: bool = false): string {
  const text = l.text;
  const closing = closingLines(text);
  const picked = new Array<i32>();
  const n = l.counts.length;
  for (let slot = 0; slot < SHOWN; slot++) {
    let best = -1;
    for (let k = 0; k < n; k++) {
      const c = unchecked(l.counts[k]);
      if ((c < MIN_LINES && (!sparse || findings || c < MIN_SPREAD_LINES || l.lastStarts[k] - l.firstStarts[k] < SPREAD)) || (l.lines == 0 && unchecked(l.repeats[k]) * 100 > c * MAX_REPEATS) || picked.includes(k)) continue;
      // Lines that open with a severity are the findings the totals count already (in their own
      // way), and lines that open with a dump's word its blocks (and the events that name one).
      // An error level is never counted: `22 lines "[ERROR] …"` beside `4 errors` reads as a
      // count of errors, but counts the lines of their messages and of the help around them.
      const severity = unchecked(l.severities[k]);
      if (severity == ERROR_SEVERITY || (findings && severity != NO_SEVERITY)) continue;
      if (dumpWord.length > 0 && isLead(text, l, k, dumpWord)) continue;
      // An ending a lead quotes (`"… undefined reference to …"`) counts that lead's lines again.
      const start = unchecked(l.firstStarts[k]);
      if (leads.includes(" " + text.substring(start, start + unchecked(l.leadLengths[k])) + " ")) continue;
      let again = false;
      for (let p = 0; p < picked.length; p++) if (unchecked(l.counts[unchecked(picked[p])]) == c) again = true;
      if (again || statesCount(stated, c) || statesCount(closing, c)) continue;
      if (best < 0 || before(text, l, k, best)) best = k;
    }
    // Endings are stated when the most common ends a large part of the lines.
    if (best < 0 || (slot == 0 && unchecked(l.counts[best]) * ENDING_SHARE < l.lines)) break;
    picked.push(best);
  }
  const out = new StrBuf(64);
  for (let p = 0; p < picked.length; p++) {
    const k = unchecked(picked[p]);
    if (p > 0) out.add(" \u00b7 ");
    const quote = quoted(text, l, k);
    out.addCount(unchecked(l.located[k]) >= 2 ? linesQuoted(text, quote) : unchecked(l.counts[k])).add(" lines ").add(quote);
  }
  return out.toString();
}

/**
 * The lines an ending's quote (`"… not found"`, `"…: symbolic link to …"`) stands for,
 * counted again in the text: those whose words, after a gap or a colon as quoted, end the
 * line when the quote is whole, else stand in it. The tally reads a line's last separator
 * only (endingAt), so a line that ends alike after another one (`guice.jar -> not found`)
 * is not in its count, though the quote reads as if it were: the total stated is exact
 * for what it quotes.
 */
function linesQuoted(text: string, quote: string): i32 {
  // The quote is `"… ` or `"…: `, the words, then `"`, or ` …"` when they are cut.
  const colon = quote.charCodeAt(2) == CharCode.COLON;
  const whole = quote.charCodeAt(quote.length - 2) != 0x2026;
  const words = quote.substring(colon ? 4 : 3, quote.length - (whole ? 1 : 3));
  const n = text.length;
  let lines = 0;
  // The end of the last line counted: a line that holds the words twice is one line.
  let counted = -1;
  for (let at = findText(text, words, 0, n); at > 0; at = findText(text, words, at + 1, n)) {
    let p = at;
    while (p > 0 && (unitAt(text, p - 1) == CharCode.SPACE || unitAt(text, p - 1) == CharCode.TAB)) p--;
    const e = at + words.length;
    const c = e < n ? unitAt(text, e) : CharCode.LF;
    const nl = findNewline(text, e, n);
    if (p < at && (!colon || unitAt(text, p - 1) == CharCode.COLON) && (!whole || c == CharCode.LF || c == CharCode.CR) && nl != counted) {
      lines++;
      counted = nl;
    }
  }
  return lines;
}

/**
 * The output's last lines, where a tool states its own totals (`# tests 113`, `# pass 110`,
 * `1..113`): a lead count they state is read there already, and at a small budget the
 * room a second copy would take goes to a failure's line.
 */
function closingLines(text: string): string {
  let a = text.length;
  // A final newline ends the last line; it does not open an empty one.
  if (a > 0 && unitAt(text, a - 1) == CharCode.LF) a--;
  const floor = max(0, a - CLOSING_UNITS);
  for (let lines = 0; a > floor && lines < CLOSING_LINES; lines++) {
    a--;
    while (a > floor && unitAt(text, a - 1) != CharCode.LF) a--;
  }
  return text.substring(a);
}

/** Whether lead k is `word`. */
function isLead(text: string, l: LineLeads, k: i32, word: string): bool {
  return unchecked(l.leadLengths[k]) == word.length && unitsEqual(changetype<usize>(text) + (<usize>unchecked(l.firstStarts[k]) << 1), changetype<usize>(word), word.length);
}

/** Whether `stated` holds the count n as a number of its own (`48 entries`, `Files: 82 entries`, `# tests 113`). */
export function statesCount(stated: string, n: i32): bool {
  if (stated.length == 0) return false;
  const s = new StrBuf(16).addCount(n).toString();
  let at = stated.indexOf(s);
  while (at >= 0) {
    const e = at + s.length;
    // Not a part of a longer number or of a name: no digit, letter or `_` next to it (`u600.c`),
    // nor a thousands separator (`1,446`).
    const open = at == 0 || !(isIdentChar(unitAt(stated, at - 1)) || (at > 1 && unitAt(stated, at - 1) == CharCode.COMMA && isDigit(unitAt(stated, at - 2))));
    const close = e == stated.length || !(isIdentChar(unitAt(stated, e)) || (e + 1 < stated.length && unitAt(stated, e) == CharCode.COMMA && isDigit(unitAt(stated, e + 1))));
    if (open && close) return true;
    at = stated.indexOf(s, at + 1);
  }
  return false;
}
