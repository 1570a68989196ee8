// Cleaning: what a terminal would finally show, as plain text.
//
// Rules, per line (a line ends at '\n'):
// - Escape sequences disappear: CSI (ESC [ … final, and the 8-bit 0x9b …),
//   OSC/DCS/SOS/PM/APC strings (ESC ] … BEL or ESC \), and two-unit and nF
//   escapes (ESC 7, ESC ( B). CSI K (erase in line) and CSI G (cursor to
//   column) are applied, because progress bars redraw with them.
// - The line is edited like a terminal line: '\r' returns to column 0 and
//   the following text overwrites, keeping any longer tail; backspace moves
//   one code point left, erasing it when the cursor was at the end of the
//   line. So "\r\n" ends a line as '\n' does (CRLF → LF). CSI G past the
//   end of the line adds one space, not the terminal's padding: a few
//   bytes of input must not become kilobytes of blanks.
// - '\r' overwrites only a meter's previous frame; anything else stays. A
//   redraw is recognised by what it covers and what it writes (redrawOf()):
//   frames of one meter start with the same word (`Receiving objects`,
//   `Downloading`) or with none (curl's columns of numbers), fit a terminal
//   row, or clear the line themselves (CSI K). A frame that a message
//   replaces (`remote: Total …` over `Receiving objects:  99%`) goes whole.
//   Any other line the '\r' would write over is kept, and the '\r' ends it
//   as '\n' would: a response body that shares its line with curl's meter,
//   or lines ending in a lone '\r', stay whole.
// - C0 controls other than '\t' and '\n', and DEL, are dropped. A NUL is a
//   separator (`find -print0`, `git ls-files -z`): it ends the line like
//   '\n', unless the line is still empty or a line end follows, where it is
//   dropped.
// - Lone surrogates become U+FFFD, including halves left by an overwrite.
// - A run of N ≥ 2 identical consecutive lines (compared after cleaning)
//   becomes the line once plus " (repeated N times)", N with thousands
//   separators, when that makes the text shorter: (N - 1) × (length + 1) >
//   length of the suffix, so "ok\nok" stays as it is (and the output is
//   never longer than the input because of it). Blank lines (only spaces
//   and tabs) are never collapsed: code and prose use them for layout.
// - The trailing newline stays as it was.
//
// Binary input is never cleaned: clean() returns describeBinary()'s line
// instead (see binary.ts for what counts as binary), and so it does when the
// cleaned text itself reads as binary. The pipeline (compact.ts) asks
// describeBinary first and cleans only text. A NUL in text that is not
// binary (single NULs, no "\0\0" in the first 8 KB) is handled by the
// separator rule above.
//
// A text that needs none of this comes back as the same string object.
import { binaryLine, describeBinary, stringBytes } from "./binary";
import { EscAction, escAction, escapeEnd, escParam } from "./util/ansi";
import { CharCode, isAlpha, isHighSurrogate, isLowSurrogate } from "./util/chars";
import { isStopUnit, nextStop, unitsEqual } from "./util/scan";
import { formatCount } from "./util/strbuf";
import { PlainCounts } from "./util/plain-counts";
import { UnitBuf } from "./util/unitbuf";
import { CHUNK, chunkEnd, chunkLines, chunkStopped, gatherChunk, prepareGather, scanChunk } from "./util/sgr-chunk";
import { stopBits32 } from "./util/line-stops";

const REPEAT_OPEN = " (repeated ";
/** Wider than any terminal row: a line this long was not drawn by a meter that redraws it. */
const METER_MAX = 512;
/** Units of a frame read to find its first word. */
const FRAME_LOOK = 64;
/** Lines the line editor takes straight away after CJK text stopped a chunk. */
const EDITOR_LINES = 16;
/** Runs up to this many units are moved with v128 stores instead of memory.copy. */
const SHORT_RUN = 256;
const REPEAT_CLOSE = " times)";

/** The cleaned text, or the binary description line when the text is binary. */
export function clean(text: string): string {
  return cleanWith(text, true);
}

/** clean() with the repeated-line collapse switched on or off (file contents keep their line numbers). */
export function cleanWith(text: string, collapseRepeats: bool): string {
  const binary = describeBinary(text);
  if (binary.length > 0) return binary;
  const out = cleanText(text, collapseRepeats);
  // Cleaning can raise the share of U+FFFD (escapes and overwritten text go,
  // replacement characters stay). If what is left reads as binary, say so
  // now, so that cleaning a cleaned text changes nothing.
  if (changetype<usize>(out) != changetype<usize>(text) && describeBinary(out).length > 0) {
    return binaryLine(stringBytes(text), "");
  }
  return out;
}

/**
 * The cleaning rules alone, for a text already known not to be binary. A text they leave as
 * it was, read on the plain lines' fast path, has its newlines and surrogate pairs put in
 * `counts` (util/plain-counts.ts) when given; the size-optimised build has no such path.
 */
export function cleanText(text: string, collapseRepeats: bool, counts: PlainCounts | null = null): string {
  const cleaner = new Cleaner(text, collapseRepeats);
  const out = cleaner.run();
  if (ASC_SHRINK_LEVEL < 2 && counts !== null && cleaner.counted && changetype<usize>(out) == changetype<usize>(text)) {
    counts.text = text;
    counts.newlines = cleaner.newlines;
    counts.pairs = cleaner.pairs;
  }
  return out;
}

// @ts-ignore: decorator
@inline function unitAt(p: usize, i: i32): i32 {
  return <i32>load<u16>(p + (<usize>i << 1));
}

function isBlank(p: usize, len: i32): bool {
  for (let i = 0; i < len; i++) {
    const c = unitAt(p, i);
    if (c != CharCode.SPACE && c != CharCode.TAB) return false;
  }
  return true;
}

class Cleaner {
  private base: usize;
  private n: i32;
  /** Created at the first change; until then the output is the input itself. */
  private out: UnitBuf | null = null;
  /** input[pending, current line) is output not yet copied into `out`. */
  private pending: i32 = 0;

  // The previous line's cleaned content: in the input or in `out`.
  private hasPrev: bool = false;
  private prevInOut: bool = false;
  private prevStart: i32 = 0;
  private prevLen: i32 = 0;
  /** Lines in the current run of identical lines (1 = no run). */
  private runCount: i32 = 1;
  /** Whether the run's last line ended with a line break. */
  private runNewline: bool = false;
  /** Whether the output differs from the input (an edited line or a collapsed run). */
  private changed: bool = false;
  /** The newlines and surrogate pairs plainLines passed; `counted` once it passed every unit. */
  newlines: i32 = 0;
  pairs: i32 = 0;
  counted: bool = false;

  constructor(private text: string, private collapse: bool) {
    this.base = changetype<usize>(text);
    this.n = text.length;
  }

  run(): string {
    const n = this.n;
    if (ASC_SHRINK_LEVEL < 2) {
      const start = this.plainLines(0);
      this.counted = start >= n;
      if (start < n) {
        // From the first line to edit on, the output is written as it is made.
        this.flush(start);
        this.stream(start);
      }
    } else {
      // The size-optimised build (the component's, asconfig.component.json)
      // goes line by line: the SIMD paths above cost ~3.6 KB of code.
      this.lineByLine();
    }
    const out = this.out;
    if (out === null) return this.text;
    this.closeRun(out);
    // Runs too short to collapse were written back: nothing changed after all.
    if (!this.changed) return this.text;
    out.addRange(this.text, this.pending, n);
    return out.take();
  }

  private lineByLine(): void {
    const base = this.base;
    const n = this.n;
    let i = 0;
    while (i < n) {
      let stop = nextStop(base, i, n);
      // A well-formed surrogate pair needs no change.
      while (stop + 1 < n && isHighSurrogate(unitAt(base, stop)) && isLowSurrogate(unitAt(base, stop + 1))) {
        stop = nextStop(base, stop + 2, n);
      }
      if (stop >= n || unitAt(base, stop) == CharCode.LF) {
        this.plainLine(i, stop);
        i = stop + 1;
      } else {
        const out = this.flush(i);
        i = this.editLine(out, out.len, 0, i, stop);
      }
    }
  }

  /**
   * Passes the lines from `start` that need no editing to plainLine, 32
   * units a step; returns where the first line that does starts, or n.
   */
  private plainLines(start: i32): i32 {
    const base = this.base;
    const n = this.n;
    let line = start;
    let i = start;
    // Counted on the way (PlainCounts): every '\n' passed ends a line, every pair is read here.
    let newlines = 0;
    let pairs = 0;
    while (line < n) {
      while (i + 32 <= n) {
        let stops = stopBits32(base + (<usize>i << 1));
        while (stops != 0) {
          const at = i + ctz(stops);
          if (unitAt(base, at) != CharCode.LF) break;
          this.plainLineFast(line, at);
          newlines++;
          line = at + 1;
          stops &= stops - 1;
        }
        if (stops != 0) {
          i += ctz(stops);
          break;
        }
        i += 32;
      }
      // A surrogate, a unit to edit, or the last few units: the unit scan decides.
      if (line >= n) break;
      let stop = nextStop(base, i, n);
      // A well-formed surrogate pair needs no change.
      while (stop + 1 < n && isHighSurrogate(unitAt(base, stop)) && isLowSurrogate(unitAt(base, stop + 1))) {
        pairs++;
        stop = nextStop(base, stop + 2, n);
      }
      if (stop < n && unitAt(base, stop) != CharCode.LF) {
        this.newlines = newlines;
        this.pairs = pairs;
        return line;
      }
      this.plainLine(line, stop);
      if (stop < n) newlines++;
      line = stop + 1;
      i = line;
    }
    this.newlines = newlines;
    this.pairs = pairs;
    return n;
  }

  /**
   * Cleans the text from `start`, a line start, into `out`: a chunk of
   * CHUNK units at a time while the lines hold only text and colours (see
   * util/sgr-chunk.ts), the line editor for any line from where it holds more.
   */
  private stream(start: i32): void {
    const base = this.base;
    const n = this.n;
    const out = this.out!;
    let i = start;
    let lineOut = out.len;
    let o = lineOut;
    // The output never runs ahead of the input it was made from, and a chunk
    // writes at most CHUNK units past its output.
    out.reserve(o + (n - i) + CHUNK);
    let dst = out.at(0);
    prepareGather();
    /** Lines left to the line editor straight away: after CJK text, which the chunks stop at. */
    let editorLines = 0;
    while (i + CHUNK <= n) {
      if (editorLines > 0) {
        editorLines--;
        i = this.editLine(out, o, 0, i, nextStop(base, i, n));
        o = lineOut = out.len;
        out.reserve(o + (n - i) + CHUNK);
        dst = out.at(0);
        continue;
      }
      const src = base + (<usize>i << 1);
      const keep = scanChunk(src);
      const end = chunkEnd;
      let lines = chunkLines;
      const kept = gatherChunk(src, dst + (<usize>o << 1), keep);
      let next = -1;
      while (lines != 0) {
        const at = <i32>ctz(lines);
        const lf = o + <i32>popcnt(keep & ((<u64>1 << at) - 1));
        const len = lf - lineOut;
        if (this.runCount > 1 || (len == this.prevLen && this.hasPrev && this.collapse)) {
          // Maybe a repeat: the general line end from here.
          next = i + at + 1;
          out.len = lf;
          this.endLine(out, lineOut, true, next);
          break;
        }
        this.setPrev(true, lineOut, len);
        lineOut = lf + 1;
        lines &= lines - 1;
      }
      if (next < 0) {
        o += kept;
        i += end;
        if (end == CHUNK || !(chunkStopped || end == 0)) continue;
        out.len = o;
        if (unitAt(base, i) == CharCode.CR && i + 1 < n && unitAt(base, i + 1) == CharCode.LF) {
          // "\r\n" ends the line as "\n" does (Windows tools, HTTP headers).
          next = i + 2;
          const len = o - lineOut;
          if (this.runCount > 1 || (len == this.prevLen && this.hasPrev && this.collapse)) {
            this.endLine(out, lineOut, true, next);
          } else {
            this.setPrev(true, lineOut, len);
            out.addChar(CharCode.LF);
          }
        } else {
          // Something only the line editor handles: it finishes the line. A unit
          // from U+8000 up but a surrogate is text (CJK) that the chunk's bytes
          // cannot tell from a control: the next lines likely hold more of it.
          const c = unitAt(base, i);
          if (c >= 0x8000 && (c & 0xf800) != 0xd800) editorLines = EDITOR_LINES;
          next = this.editLine(out, lineOut, o - lineOut, i, nextStop(base, i, n));
        }
      }
      i = next;
      o = lineOut = out.len;
      out.reserve(o + (n - i) + CHUNK);
      dst = out.at(0);
    }
    out.len = o;
    if (i < n || o > lineOut) i = this.editLine(out, lineOut, o - lineOut, i, nextStop(base, i, n));
    while (i < n) i = this.editLine(out, out.len, 0, i, nextStop(base, i, n));
    this.pending = n;
  }

  private output(): UnitBuf {
    let out = this.out;
    if (out === null) {
      // Cleaning rarely grows a text: one allocation of the input's size.
      out = new UnitBuf(this.n + 64);
      this.out = out;
    }
    return out;
  }

  /** Copies the verbatim input up to `upTo` into the output. */
  private flush(upTo: i32): UnitBuf {
    const out = this.output();
    out.addRange(this.text, this.pending, upTo);
    this.pending = upTo;
    return out;
  }

  private prevAddress(): usize {
    return this.prevInOut ? this.out!.at(this.prevStart) : this.base + (<usize>this.prevStart << 1);
  }

  private isRepeat(p: usize, len: i32): bool {
    if (!this.collapse || !this.hasPrev || len != this.prevLen) return false;
    if (!unitsEqual(p, this.prevAddress(), len)) return false;
    return !isBlank(p, len);
  }

  /** Ends a run of identical lines: the count goes after the line kept. */
  private closeRun(out: UnitBuf): void {
    if (this.runCount < 2) return;
    out.addString(this.runEnd());
  }

  /**
   * What follows the first line of a run that ends: the count, or the
   * dropped lines again when the count would not be shorter.
   */
  private runEnd(): string {
    const count = this.runCount;
    this.runCount = 1;
    const suffix = REPEAT_OPEN + formatCount(count) + REPEAT_CLOSE;
    const len = this.prevLen;
    let text: string;
    if (<i64>(count - 1) * (len + 1) > <i64>suffix.length) {
      this.changed = true;
      text = suffix;
    } else {
      // At most suffix.length units: rebuilt from the line kept.
      const line = changetype<string>(__new(<usize>len << 1, idof<String>()));
      memory.copy(changetype<usize>(line), this.prevAddress(), <usize>len << 1);
      const parts = new Array<string>(count);
      parts[0] = "";
      for (let i = 1; i < count; i++) parts[i] = line;
      text = parts.join("\n");
    }
    return this.runNewline ? text + "\n" : text;
  }

  /** A line that needs no editing: input[start, end), end being its '\n' or the end of the text. */
  private plainLine(start: i32, end: i32): void {
    const len = end - start;
    if (this.isRepeat(this.base + (<usize>start << 1), len)) {
      this.repeated(this.flush(start), end < this.n, min(end + 1, this.n));
      return;
    }
    if (this.runCount > 1) this.closeRun(this.out!);
    this.setPrev(false, start, len);
  }

  /** plainLine, with the usual case (no run, a length unlike the previous line's) inline. */
  // @ts-ignore: decorator
  @inline private plainLineFast(start: i32, end: i32): void {
    const len = end - start;
    if (this.runCount > 1 || (len == this.prevLen && this.hasPrev && this.collapse)) this.plainLine(start, end);
    else this.setPrev(false, start, len);
  }

  // @ts-ignore: decorator
  @inline private setPrev(inOut: bool, start: i32, len: i32): void {
    this.hasPrev = true;
    this.prevInOut = inOut;
    this.prevStart = start;
    this.prevLen = len;
  }

  /**
   * One more line equal to the previous one; `out` ends where that line
   * would start. The first repeat drops the previous line's break, which
   * closeRun puts back after the count.
   */
  private repeated(out: UnitBuf, newline: bool, next: i32): void {
    if (this.runCount == 1) out.len--;
    this.runCount++;
    this.runNewline = newline;
    this.pending = next;
  }

  /**
   * Edits a line like a terminal line with a cursor, from input[p] on, and
   * returns where the next line starts. The line's output so far is
   * out[lineOut, out.len), `cursor` units long (the cursor is at its end);
   * input[q] is the first unit from p on to handle (nextStop), or n.
   */
  private editLine(out: UnitBuf, lineOut: i32, cursor: i32, p: i32, q: i32): i32 {
    const base = this.base;
    const n = this.n;
    this.changed = true; // every unit that leads here is removed or replaced
    let overwrote = false;
    /** The line holds a frame a '\r' redrew: a meter's, not text of its own. */
    let redrawn = false;
    let newline = false;
    let next = n;
    while (true) {
      if (q > p) {
        // Write the plain run at the cursor, over what is there.
        const len = q - p;
        const at = lineOut + cursor;
        out.reserve(at + len + 8);
        if (at < out.len) overwrote = true;
        const src = base + (<usize>p << 1);
        if (ASC_SHRINK_LEVEL < 2 && len <= SHORT_RUN && p + ((len + 7) & ~7) <= n && at + len >= out.len) {
          // Runs between escapes and lines are short: vector moves beat a
          // memory.copy call (not in the size-optimised build, the component's).
          // What they write past the run is past the line.
          const dst = out.at(at);
          for (let k = 0; k < len; k += 8) v128.store(dst + (<usize>k << 1), v128.load(src + (<usize>k << 1)));
        } else {
          memory.copy(out.at(at), src, <usize>len << 1);
        }
        cursor += len;
        if (at + len > out.len) out.len = at + len;
      }
      if (q >= n) break;
      const c = unitAt(base, q);
      p = q + 1;
      if (c == CharCode.LF) {
        newline = true;
        next = q + 1;
        break;
      } else if (c == CharCode.NUL) {
        const lineEnds = q + 1 < n && (unitAt(base, q + 1) == CharCode.LF || unitAt(base, q + 1) == CharCode.CR);
        if (out.len > lineOut && !lineEnds) {
          newline = true;
          next = q + 1;
          break;
        }
      } else if (isHighSurrogate(c) && q + 1 < n && isLowSurrogate(unitAt(base, q + 1))) {
        p = q; // a pair: written with the next plain run
        q = nextStop(base, q + 2, n);
        continue;
      } else if (<u32>(c - 0xd800) < 0x800) {
        // A lone surrogate: U+FFFD, written as a one-unit run at the cursor.
        const at = lineOut + cursor;
        out.reserve(at + 1);
        if (at < out.len) overwrote = true;
        store<u16>(out.at(at), CharCode.REPLACEMENT);
        cursor++;
        if (at + 1 > out.len) out.len = at + 1;
      } else if (c == CharCode.CR) {
        const redraw = redrawOf(base, p, n, out.at(lineOut), out.len - lineOut, redrawn);
        if (redraw == Redraw.Keep) {
          // Not a meter's frame: what the line holds stays, and the '\r' ends it.
          newline = true;
          next = p;
          break;
        }
        // A meter's frame that a message replaces goes whole: no stale tail.
        if (redraw == Redraw.Replace) out.len = lineOut;
        redrawn = true;
        cursor = 0;
      } else if (c == CharCode.BACKSPACE) {
        if (cursor > 0) {
          const at = lineOut + cursor;
          const step = cursor >= 2 && isLowSurrogate(unitAt(out.at(0), at - 1)) && isHighSurrogate(unitAt(out.at(0), at - 2)) ? 2 : 1;
          cursor -= step;
          if (at == out.len) out.len = at - step;
        }
      } else if (c == CharCode.ESC || c == CharCode.C1_CSI) {
        // Colours (ESC [ params m) are most escapes in a coloured log: they only
        // disappear, so they are skipped here without the general parser.
        const sgr = sgrEnd(base, q, n);
        if (sgr > 0) {
          p = sgr;
          q = p < n && unitAt(base, p) == CharCode.ESC ? p : nextStop(base, p, n);
          continue;
        }
        // ESC [ K, which GCC writes after every colour: erase from the cursor to the end.
        if (q + 2 < n && unitAt(base, q + 1) == CharCode.LBRACKET && unitAt(base, q + 2) == 0x4b && c == CharCode.ESC) {
          out.len = lineOut + cursor;
          p = q + 3;
          q = p < n && unitAt(base, p) == CharCode.ESC ? p : nextStop(base, p, n);
          continue;
        }
        p = escapeEnd(base, q, n);
        const action = escAction;
        if (action == EscAction.EraseInLine) {
          const mode = max(escParam, 0);
          if (mode == 0) out.len = lineOut + cursor;
          else if (mode == 2) {
            out.len = lineOut;
            cursor = 0;
          } else if (mode == 1) {
            out.fill(lineOut, lineOut + cursor, CharCode.SPACE);
            overwrote = true;
          }
        } else if (action == EscAction.CursorColumn) {
          let col = max(escParam, 1) - 1;
          if (lineOut + col > out.len) {
            out.addChar(CharCode.SPACE);
            col = out.len - lineOut;
          }
          cursor = col;
          if (lineOut + col < out.len) overwrote = true;
        }
      }
      // Anything else (other C0 controls, DEL) is dropped.
      q = nextStop(base, p, n);
    }
    if (overwrote) replaceLoneSurrogates(out, lineOut, out.len);
    this.endLine(out, lineOut, newline, next);
    return next;
  }

  /**
   * Ends the line out[lineOut, out.len): a repeat of the previous line is
   * dropped, else it follows the count of the run it ends and becomes the
   * previous line. `next` is where the input goes on.
   */
  private endLine(out: UnitBuf, lineOut: i32, newline: bool, next: i32): void {
    const len = out.len - lineOut;
    if (this.isRepeat(out.at(lineOut), len)) {
      out.len = lineOut;
      this.repeated(out, newline, next);
      return;
    }
    if (this.runCount > 1) {
      // The run ends here: its count goes before this line.
      const end = this.runEnd();
      out.insertGap(lineOut, end.length);
      memory.copy(out.at(lineOut), changetype<usize>(end), <usize>end.length << 1);
      lineOut += end.length;
    }
    this.setPrev(true, lineOut, len);
    if (newline) out.addChar(CharCode.LF);
    this.pending = next;
  }
}

// @ts-ignore: decorator
@inline function isWordUnit(c: i32): bool {
  // Letters of any script; not the punctuation, arrows, box drawing, blocks
  // and braille (0x2000–0x2fff) that bars and spinners are drawn with.
  return isAlpha(c) || (c >= 0xc0 && c < 0x2000 && c != 0xd7 && c != 0xf7) || (c >= 0x3040 && c < 0xd800) || (c >= 0xf900 && c < 0xfff0);
}

/** Start of the first word (two or more letters) in units [0, len) at p, with its length in `wordLen`; -1 when none. */
let wordLen: i32 = 0;
function firstWord(p: usize, len: i32): i32 {
  let i = 0;
  while (i < len) {
    while (i < len && !isWordUnit(unitAt(p, i))) i++;
    const start = i;
    while (i < len && isWordUnit(unitAt(p, i))) i++;
    if (i - start >= 2) {
      wordLen = i - start;
      return start;
    }
  }
  return -1;
}

/**
 * Index after the SGR sequence `ESC [ digits and ';' m` at q, or 0 when the
 * escape at q is anything else (escapeEnd reads it then). What escapeEnd would
 * return for it too: such a sequence has no action.
 */
// @ts-ignore: decorator
@inline function sgrEnd(base: usize, q: i32, n: i32): i32 {
  if (q + 2 >= n || unitAt(base, q) != CharCode.ESC || unitAt(base, q + 1) != CharCode.LBRACKET) return 0;
  let j = q + 2;
  const stop = min(n, q + 2 + SGR_LOOK);
  while (j < stop) {
    const c = unitAt(base, j);
    if (c == 0x6d) return j + 1;
    if (<u32>(c - 0x30) > 9 && c != 0x3b) return 0;
    j++;
  }
  return 0;
}

/** Parameter units read by sgrEnd before leaving a sequence to escapeEnd. */
const SGR_LOOK: i32 = 32;

/** What a '\r' does to the line it returns to. */
const enum Redraw {
  /** The line is no meter's frame: it stays, and the '\r' ends it. */
  Keep = 0,
  /** Write over it from column 0, as a terminal does. */
  Overwrite = 1,
  /** A meter's frame that a message replaces: erase it, then write. */
  Replace = 2,
}

/**
 * What the '\r' before input[from] does to the line whose `len` units are at
 * `line` (`redrawn`: the line already holds a frame a '\r' drew). Overwrite
 * when nothing follows on the line, when the program clears or moves on the
 * line itself (CSI K, CSI G), when the line or the frame is blank, or when
 * the frame starts with the same word as the line (or neither has a word: a
 * meter of numbers). Otherwise a redrawn frame is replaced, and any other
 * line kept. A line wider than a terminal row is no frame and is kept.
 * Reads at most FRAME_LOOK units of each.
 */
function redrawOf(base: usize, from: i32, n: i32, line: usize, len: i32, redrawn: bool): Redraw {
  if (len == 0) return Redraw.Overwrite;
  let i = from;
  let acted = false;
  while (i < n) {
    const c = unitAt(base, i);
    if (c != CharCode.ESC && c != CharCode.C1_CSI) break;
    i = escapeEnd(base, i, n);
    if (escAction != EscAction.None) acted = true;
  }
  let end = i;
  const look = min(n, i + FRAME_LOOK);
  while (end < look && !isStopUnit(unitAt(base, end))) end++;
  if (end == i && !acted) return Redraw.Overwrite; // "\r\n", a '\r' at the end: nothing is overwritten
  if (len > METER_MAX) return Redraw.Keep;
  if (acted || isBlank(line, len)) return Redraw.Overwrite;
  const frame = base + (<usize>i << 1);
  const a = firstWord(frame, end - i);
  const aLen = wordLen;
  if (a < 0 && isBlank(frame, end - i)) return Redraw.Overwrite; // blanking the line with spaces
  const b = firstWord(line, min(len, FRAME_LOOK));
  const same = a < 0 || b < 0 ? a == b : aLen == wordLen && unitsEqual(frame + (<usize>a << 1), line + (<usize>b << 1), aLen);
  if (same) return Redraw.Overwrite;
  return redrawn ? Redraw.Replace : Redraw.Keep;
}

/** Overwriting by column can split a surrogate pair: the halves become U+FFFD. */
function replaceLoneSurrogates(out: UnitBuf, from: i32, to: i32): void {
  const p = out.at(0);
  for (let i = from; i < to; i++) {
    const c = unitAt(p, i);
    if (<u32>(c - 0xd800) >= 0x800) continue;
    if (isHighSurrogate(c) && i + 1 < to && isLowSurrogate(unitAt(p, i + 1))) {
      i++;
      continue;
    }
    store<u16>(p + (<usize>i << 1), CharCode.REPLACEMENT);
  }
}
