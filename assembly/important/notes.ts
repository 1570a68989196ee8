// Notes each flagged line while the pass over the lines (Shapes) holds it: its message
// key (novel.ts) and what its own text says of its keyword (refine.ts, wordVerdict). In a
// long log the flagged lines are read again long after that pass, from memory the cache
// no longer holds; what those later steps need of each line alone is worked out here.
// A reader of the same pass may note a line as a finding too (a linter's or a compiler's
// located diagnostic: its severity and code, see findingTag), flagged or not.
import { CharCode } from "../util/chars";
import { onlyPointer, unitAt } from "../util/lines";
import { Kind } from "./kinds";
import { messageKey } from "./novel";
import { endsSayingAbsent, endsSayingDenied, endsSayingNoSuchPath, saysUndefinedName } from "./absent";
import { MAY_BE_UNDERLINED, NAMES_FRAMES_FUNCTION, namesFramesFunction, ONLY_POINTER, SAYS_ABSENT, SAYS_NO_SUCH_PATH, SAYS_UNDEFINED, wordVerdict } from "./refine";
import { mayUnderline } from "./titles";
import { NO_WORDS, Scan } from "./scan";
import { LineVisitor } from "./shapes";
import { opensWithStatusWord } from "./status";
import { isFailureHeading } from "./failure-list";

/** Where a line's finding tag sits in its note: above its key (32 bits) and its verdict (8). */
const FINDING_SHIFT: u64 = 40;

/**
 * A finding's tag: bit 0 set, its severity's rank above it (0 the gravest: error, then
 * warning, … 7 for none stated), its code's index + 1 above that (0 for none, 7 bits:
 * findings.ts tracks 64 codes), and its code's family above that (0 for none).
 */
export function findingTag(severity: i32, code: i32, family: i32 = 0): i32 {
  return 1 | (severity << 1) | ((code + 1) << 4) | (family << 11);
}

/** Notes line `line` (0-based) of `notes` as the finding `tag` (findingTag). */
export function noteFinding(notes: StaticArray<u64>, line: i32, tag: i32): void {
  unchecked((notes[line] |= <u64>tag << FINDING_SHIFT));
}

/** The finding tag of a note, 0 when its line is no finding. */
// @ts-ignore: decorator
@inline export function findingOf(note: u64): i32 {
  return <i32>(note >> FINDING_SHIFT);
}

/** A finding tag's severity rank (findingTag). */
// @ts-ignore: decorator
@inline export function findingSeverity(tag: i32): i32 {
  return (tag >> 1) & 7;
}

/** A finding tag's code index, -1 for none. */
// @ts-ignore: decorator
@inline export function findingCode(tag: i32): i32 {
  return ((tag >> 4) & 0x7f) - 1;
}

/** A finding tag's code family (findings.ts), 0 for none. */
// @ts-ignore: decorator
@inline export function findingFamily(tag: i32): i32 {
  return tag >> 11;
}

/** Whether a line whose last unit is `c` may end saying a request was denied (endsSayingDenied): 'd', 'D', '.' or ')'. */
// @ts-ignore: decorator
@inline function mayEndDenied(c: i32): bool {
  const lower = c | 0x20;
  return lower == 0x64 || lower == CharCode.DOT || lower == CharCode.RPAREN;
}

/** The verdict bit line [pos, end) ends saying, the first of: absent, no such path, an undefined name; 0 for none. */
function absentVerdict(text: string, pos: i32, end: i32): u8 {
  if (endsSayingAbsent(text, pos, end)) return SAYS_ABSENT;
  if (endsSayingNoSuchPath(text, pos, end)) return SAYS_NO_SUCH_PATH;
  return saysUndefinedName(text, pos, end) ? SAYS_UNDEFINED : 0;
}

export class LineNoter extends LineVisitor {
  private notes: StaticArray<u64>;
  /** The next entry of the scan to note, and the line read before. */
  private next: i32 = 0;
  private prevPos: i32 = -1;
  private prevEnd: i32 = 0;
  /**
   * Per line no keyword flagged, in the Node core: 1 once its ending was read for an absence
   * (saidAbsent()), or'ed with the verdict bit that reading set; 0 for a line not read so.
   * A line alike to one read (LineVisitor.alike) takes that line's answer.
   */
  private said: StaticArray<u8> | null = null;

  /** Notes the lines `scan` flags (into scan.notes) as they are read. */
  constructor(private scan: Scan) {
    super();
    const notes = new StaticArray<u64>(scan.totalLines);
    this.notes = notes;
    scan.notes = notes;
    if (ASC_SHRINK_LEVEL < 2) this.said = new StaticArray<u8>(scan.totalLines);
  }

  /**
   * The verdict bit line [pos, end), which no keyword flagged, ends saying: a subject absent,
   * a path that does not exist, a quoted name undefined; 0 for none. Each reads only which
   * units are letters, spaces and quotes, never which digits: a line alike but for its digits
   * to one read before says what that one says (the Node core keeps each line's answer).
   */
  private saidAbsent(text: string, pos: i32, end: i32, lineNo: i32): u8 {
    if (ASC_SHRINK_LEVEL < 2) {
      const alike = this.alike;
      // Set in the Node core's constructor.
      const said = changetype<StaticArray<u8>>(this.said);
      if (alike > 0 && alike <= said.length) {
        const held = unchecked(said[alike - 1]);
        if (held != 0) return held & ~1;
      }
      const bit = absentVerdict(text, pos, end);
      if (lineNo <= said.length) unchecked((said[lineNo - 1] = bit | 1));
      return bit;
    }
    return absentVerdict(text, pos, end);
  }

  line(text: string, pos: i32, t: i32, end: i32, nl: i32, lineNo: i32, digits: i32, tokens: i32): void {
    const scan = this.scan;
    const h = this.next;
    // A flagged line that names the function of the frame under it: told while both are held
    // (the size-optimised build reads both lines again instead, in refine.ts).
    // Only an indented line is a frame's bare location (frames.ts: a tab, or "at " first).
    if (ASC_SHRINK_LEVEL < 2 && h > 0 && t > pos && (unitAt(text, pos) == CharCode.TAB || unitAt(text, t) == 0x61) && unchecked(scan.lineNumbers[h - 1]) == lineNo - 1) {
      if (namesFramesFunction(text, this.prevPos, this.prevEnd, pos, end)) unchecked((this.notes[lineNo - 2] |= <u64>NAMES_FRAMES_FUNCTION << 32));
    }
    // The line above may be a title this one underlines (titles.ts): told from the end held here.
    if (ASC_SHRINK_LEVEL < 2 && lineNo >= 2 && mayUnderline(text, end)) unchecked((this.notes[lineNo - 2] |= <u64>MAY_BE_UNDERLINED << 32));
    if (h < scan.count && unchecked(scan.lineNumbers[h]) == lineNo) {
      this.next = h + 1;
      // A finding that names its code is grouped by that code (novel.ts, groupKey), never by its
      // words: its key is left unnoted (0), to be worked out only if it is ever asked for. In a
      // build log that is most flagged lines (the size-optimised build works every key out, which
      // finds the same). Or'ed in: a reader fed before the noter may have noted the line as a finding.
      const coded = ASC_SHRINK_LEVEL < 2 && findingCode(findingOf(unchecked(this.notes[lineNo - 1]))) >= 0;
      const key = coded ? 0 : messageKey(text, unchecked(scan.lineStarts[h]), unchecked(scan.lineEnds[h]));
      const kind = unchecked(scan.kinds[h]);
      const verdict = kind != Kind.Summary && kind != Kind.Exit ? wordVerdict(text, pos, end, this.prevPos, this.prevEnd, unchecked(scan.hits[h])) : 0;
      unchecked((this.notes[lineNo - 1] |= (<u64>verdict << 32) | <u64>(coded ? 0 : key == 0 ? NO_WORDS : key)));
    } else {
      const bit = this.saidAbsent(text, pos, end, lineNo);
      if (bit != 0) unchecked((this.notes[lineNo - 1] |= <u64>bit << 32));
    }
    // What the refinement asks of lines no keyword flagged, and of the line under a flagged one,
    // told while the line is held (refine.ts): the size-optimised build reads them again there.
    if (ASC_SHRINK_LEVEL < 2) {
      // A pointer opens with a caret or a tilde.
      if (t < end && (unitAt(text, t) | 0x20) == 0x7e && onlyPointer(text, t, end)) unchecked((this.notes[lineNo - 1] |= <u64>ONLY_POINTER << 32));
      // A refusal ends with "denied", a full stop or the way tried in brackets: most lines end otherwise.
      if (end > pos && mayEndDenied(unitAt(text, end - 1)) && endsSayingDenied(text, pos, end)) unchecked((this.notes[lineNo - 1] |= <u64>SAYS_ABSENT << 32));
      // A failure list's heading opens with "Fail" at the margin (failure-list.ts).
      if (pos < end && (unitAt(text, pos) | 0x20) == 0x66 && isFailureHeading(text, pos, end)) {
        let headings = scan.failureHeadings;
        if (headings === null) scan.failureHeadings = headings = [];
        headings.push(lineNo - 1);
      }
    }
    // A status word at the margin ("CONFLICT (content): …", " ! [rejected] …"): read while the
    // line is held, one unit for most lines, so refine.ts need not read every line again.
    if (t <= pos + 1 && opensWithStatusWord(text, pos, t, end)) {
      let lines = scan.statusLines;
      if (lines === null) scan.statusLines = lines = [];
      lines.push(lineNo - 1);
    }
    this.prevPos = pos;
    this.prevEnd = end;
  }
}
