// Line shapes: which lines keep the rhythm of an output and which break it.
// In a long output most lines repeat a few templates ("ok 12 - name",
// "=== RUN   TestX", "2024-03-14 … INFO …", "loaded record 1042 …"); a line
// whose token in a column differs from what that column almost always holds
// ("not ok", "✕", "ERROR" among INFO, "SUMMARY:", "READ of size 4") is a
// candidate, whether or not it says "error".
//
// A bounded form of log-template mining: every line's first three tokens and
// its last one are hashed with numbers masked (a token with a digit is one
// class: ids, counts, addresses, timestamps and paths with line numbers alike),
// keyed by indentation and column, and counted in one fixed-size open-addressed
// table. A column is dominant when one token holds most of its lines and rare
// tokens hold few of them; a line deviates when its token is rare in a dominant
// column. A masked hash of the whole line (its template) tells repeated blocks
// apart from new ones. One pass over the text, one over the table: linear time,
// and memory bounded by the table and a few integers per line.
import { CharCode, isDigit, isSpaceOrTab } from "../util/chars";
import { findNewline, findUnit, gapEnd, paddedUnits, unitAt } from "../util/lines";
import { maskedEndsHash, sameButDigits } from "../util/masked-units";

/** Columns per indentation: the first three tokens and the last one. */
const COLS: i32 = 4;
const LAST_COL: i32 = 3;
/**
 * Indentations told apart: 0–15 columns, deeper ones share the last; one more for a
 * line indented by a tab, whatever its width (Go's frames under a tab are not its test
 * messages under four spaces).
 */
const SPACED: i32 = 16;
const INDENTS: i32 = SPACED + 1;
const COLUMN_IDS: i32 = COLS * INDENTS;
/** The class of every token with a digit in it: even, where every other class is odd (classOf). */
const NUM_HASH: u32 = 0x9e3779b8;
const EMPTY_KEY: i64 = -1;
/** Table slots at most; a full table stops counting new tokens (their lines are taken as regular). */
const MAX_SLOTS: i32 = 1 << 16;
/**
 * Lines analysed at most (28 bytes each): beyond them a line is taken as
 * regular. An output of more lines than this is a log whose keyword lines
 * still count; its rhythm is read from its first two million lines.
 */
const MAX_LINES: i32 = 1 << 21;
/** A column needs this many lines before its rhythm means anything. */
const MIN_SUPPORT: i32 = 8;
/**
 * Columns of the words a line's first bracketed group holds after its first word
 * ("[origin/x: gone]" says "gone", "[origin/x]" nothing), one per token the group
 * starts at (modulo 8): a state a listing's rows carry where no column of the first tokens or
 * the last one reaches. Rows whose group starts elsewhere are not of that listing.
 */
const BRACKET_COL: i32 = COLUMN_IDS;
const GROUP_TOKENS: i32 = 8;
/** Outputs of at most this many lines have their bracketed groups read: listings, not logs. */
const BRACKET_LINES: i32 = 4096;
/** The class of a bracketed group that holds one word or none; every class has this bit. */
const PLAIN_GROUP: u32 = 2;

// @ts-ignore: decorator
@inline function fnv(h: u32, c: u32): u32 {
  return (h ^ c) * 16777619;
}

// @ts-ignore: decorator
@inline function mix(h: u32): u32 {
  h ^= h >> 16;
  h *= 0x85ebca6b;
  h ^= h >> 13;
  return h;
}

const ALL: u64 = 0xffffffffffffffff;

/**
 * The vectors tokenize() and tokenClass() use, in memory so that they are loaded, not
 * built again at each use in a loop as V8 builds a vector constant: spaces, tabs (bytes),
 * 0x50 and -118 (digits, see tokenize), then per length 0–8 the units a token of that
 * length fills of a step.
 */
const VECTORS: usize = memory.data<u64>([
  0x2020202020202020, 0x2020202020202020, 0x0909090909090909, 0x0909090909090909,
  0x5050505050505050, 0x5050505050505050, 0x8a8a8a8a8a8a8a8a, 0x8a8a8a8a8a8a8a8a,
  0, 0, 0xffff, 0, 0xffffffff, 0, 0xffffffffffff, 0, ALL, 0, ALL, 0xffff, ALL, 0xffffffff, ALL, 0xffffffffffff, ALL, ALL,
]);
const FILLED: usize = VECTORS + 64;

/** The address of the 16 units at i of the UTF-16 data at base (n units long); past n they read as spaces. */
function sixteenAt(base: usize, i: i32, n: i32): usize {
  return i + 16 <= n ? base + (<usize>i << 1) : paddedUnits(base, i, n);
}

/**
 * The class of the token [i, i + length) of the UTF-16 data at base (n units long)
 * that holds no digit: a hash of its units, 8 per step (the last step's units past
 * it zeroed), and of its length; never NUM_HASH. Most tokens take one step, inline.
 * A step multiplies its two halves apart (foldUnits) and the class is the product's
 * high half as it is: every token of every line has one, so it waits on two
 * multiplies side by side, not on a chain of them.
 */
// @ts-ignore: decorator
@inline function tokenClass(base: usize, i: i32, length: i32, n: i32): u32 {
  if (length > 8 || i + 8 > n) return longTokenClass(base, i, length, n);
  const units = v128.and(v128.load(base + (<usize>i << 1)), v128.load(FILLED + (<usize>length << 4)));
  return classOf(foldUnits(0xcbf29ce484222325, units), length);
}

/** tokenClass() of a token of more than one step, or at the text's end. */
function longTokenClass(base: usize, i: i32, length: i32, n: i32): u32 {
  let h: u64 = 0xcbf29ce484222325;
  const end = i + length;
  for (; i + 8 <= end; i += 8) h = foldUnits(h, v128.load(base + (<usize>i << 1)));
  if (i < end) h = foldUnits(h, v128.and(v128.load(sixteenAt(base, i, n)), v128.load(FILLED + (<usize>(end - i) << 4))));
  return classOf(h, length);
}

// @ts-ignore: decorator
@inline function classOf(h: u64, length: i32): u32 {
  // Odd: the number class is kept for tokens with a digit.
  return ((<u32>(h >> 32)) ^ (<u32>length << 1)) | 1;
}

/** Odd multipliers of a step's first and second four units. */
const FIRST_HALF: u64 = 0x9e3779b97f4a7c15;
const SECOND_HALF: u64 = 0xc2b2ae3d27d4eb4f;

// @ts-ignore: decorator
@inline function foldUnits(h: u64, units: v128): u64 {
  return ((h ^ <u64>i64x2.extract_lane(units, 0)) * FIRST_HALF) ^ (<u64>i64x2.extract_lane(units, 1) * SECOND_HALF);
}

/**
 * tokenClass() of the token s[i, i + length) read unit by unit (the size-optimised build):
 * 4 units per multiply, as foldUnits() takes a step's halves, the last step of 8 filled
 * with zeros past the token.
 */
function tokenClassByUnits(s: string, i: i32, length: i32): u32 {
  let h: u64 = 0xcbf29ce484222325;
  const steps = (length + 7) & ~7;
  for (let j = 0; j < steps; j += 4) {
    let units: u64 = 0;
    for (let u = 0; u < 4 && j + u < length; u++) units |= <u64>unitAt(s, i + j + u) << (<u64>u << 4);
    h = j & 4 ? h ^ (units * SECOND_HALF) : (h ^ units) * FIRST_HALF;
  }
  return classOf(h, length);
}

/** The class of "SUMMARY:", the label sanitizers and memory checkers put on their totals. */
const SUMMARY_LABEL: u32 =
  ASC_SHRINK_LEVEL < 2 ? longTokenClass(changetype<usize>("SUMMARY:"), 0, 8, 8) : tokenClassByUnits("SUMMARY:", 0, 8);

/** The end of the token that goes on at i (before b), shifted left by one, and in the low bit whether that part holds a digit. */
function longTokenEnd(s: string, i: i32, b: i32): i32 {
  let digit = 0;
  for (; i < b; i++) {
    const c = unitAt(s, i);
    if (isSpaceOrTab(c)) break;
    if (isDigit(c)) digit = 1;
  }
  return (i << 1) | digit;
}

/**
 * Lines read again from a line alike but for its digits (repeatedTokens()): the Node core's
 * build keeps what tokenize() found of the last lines read in entries of 1 << REPEAT_SHIFT
 * bytes, one per hash of a line's ends (maskedEndsHash): where the line started and its
 * length, its template, tokenize()'s result relative to its start, its tokens, its
 * indentation's column group, its "SUMMARY:" labels, its line number and, 32 bytes in,
 * its four slots.
 * An entry per line up to REPEAT_MAX_BITS bits of hash: the few templates of a long log
 * seldom share one.
 */
const REPEAT_MAX_BITS: i32 = 12;
/**
 * And at least this many bits (64 entries, 4 KB): a short output's templates would take
 * turns in an entry per line or two, each copy finding the other template there.
 */
const REPEAT_MIN_BITS: i32 = 6;
const REPEAT_SHIFT: i32 = 6;
/**
 * Texts of fewer lines read every line: the entries would cost more than they save. A few
 * KB of output is held too: a 60-line build log whose lines differ by their numbers takes
 * ~17 % less time with the entries, and short outputs of the corpus that repeat nothing
 * take as long as without them.
 */
const REPEAT_LINES: i32 = 8;
/** Shorter lines are read as they come: they take few steps of tokenize(). */
const REPEAT_UNITS: i32 = 8;

/** Units of a line whose token boundaries one window of bit masks holds. */
const WINDOW: i32 = 64;

/**
 * A per-line check fed by the Shapes pass, so that a text's lines are walked
 * once for every check that needs them (runner summaries, tree lines).
 */
export class LineVisitor {
  /**
   * Line `lineNo` (1-based): [pos, end) without its '\r', `nl` its '\n' or the text's end,
   * `t` its first unit after spaces and tabs (`end` for a blank line); `digits` 1 when it
   * holds an ASCII digit, 0 when it holds none, and `tokens` its runs of units other than
   * spaces and tabs, both -1 when not known (lines past those analysed).
   */
  line(text: string, pos: i32, t: i32, end: i32, nl: i32, lineNo: i32, digits: i32, tokens: i32): void {}

  /**
   * Set by the Node core's pass before line() is called: the number (1-based) of an earlier
   * line that is the same as this one but for its digits (each digit where the other has
   * one), 0 when none is known. A check whose answer depends only on which units are not
   * digits, and where the digits are, may take that line's answer instead of reading this one.
   */
  alike: i32 = 0;
}

export class Shapes {
  /** Lines: [starts[i], ends[i]) without the '\n' (a '\r' before it excluded too). */
  count: i32 = 0;
  starts: StaticArray<i32>;
  ends: StaticArray<i32>;
  /** Masked hash of the whole line: its indentation and every token's class. 0 for a blank line. */
  templates: StaticArray<u32>;
  /** Lines with a "SUMMARY:" label among their first tokens ("SUMMARY: AddressSanitizer: …", "==7== LEAK SUMMARY:"). */
  labelled: i32[] = [];
  /** Per line and column, the table slot of its token, or -1. */
  private slots: StaticArray<i32>;
  private keys: StaticArray<i64>;
  private counts: StaticArray<i32>;
  private mask: i32;
  private used: i32 = 0;
  /** The slots taken, in the order their keys came: settle() reads these, not the whole table. */
  private taken: StaticArray<i32>;
  /** The indentation's width of the line indentEnd() read last. */
  private indentRead: i32 = 0;
  /** The indentation indentEnd() read last holds a tab. */
  private tabbed: bool = false;
  /** The tokens of the line tokenize() read last. */
  private tokensRead: i32 = 0;
  /** The earlier line (1-based) repeatedTokens() found the line it read last alike to, 0 for none. */
  private alikeRead: i32 = 0;
  private colTotal: StaticArray<i32> = new StaticArray<i32>(BRACKET_COL + GROUP_TOKENS);
  private colMax: StaticArray<i32> = new StaticArray<i32>(BRACKET_COL + GROUP_TOKENS);
  private colMaxSlot: StaticArray<i32> = new StaticArray<i32>(BRACKET_COL + GROUP_TOKENS);
  private colRare: StaticArray<i32> = new StaticArray<i32>(BRACKET_COL + GROUP_TOKENS);
  /** Per line, the table slot of its bracketed group's words, or -1; empty past BRACKET_LINES lines. */
  private groups: StaticArray<i32> = new StaticArray<i32>(0);
  /**
   * Per table slot, set by settle(): the lines of its column when its token is rare in a
   * column that keeps a rhythm (and not the column's most frequent one), else 0. What
   * deviation() takes the largest of, one read per column of a line.
   */
  private breaks: StaticArray<i32> = new StaticArray<i32>(0);

  /** `newlineAt`: where the text's '\n' are, then its length, when a scan kept them (Scan.newlineAt). */
  constructor(public text: string, newlines: i32, visitor: LineVisitor | null = null, newlineAt: StaticArray<i32> | null = null) {
    const cap = min(newlines + 1, MAX_LINES);
    this.starts = new StaticArray<i32>(cap);
    this.ends = new StaticArray<i32>(cap);
    this.templates = new StaticArray<u32>(cap);
    this.slots = new StaticArray<i32>(cap * COLS);
    let size = 256;
    while (size < cap * COLS * 2 && size < MAX_SLOTS) size <<= 1;
    const keys = new StaticArray<i64>(size);
    // Every byte of EMPTY_KEY (-1) is 0xff: one fill marks the whole table empty.
    memory.fill(changetype<usize>(keys), 0xff, <usize>size << 3);
    this.keys = keys;
    // At most three quarters of the slots are ever taken (add()).
    this.taken = new StaticArray<i32>((size >> 2) * 3);
    this.counts = new StaticArray<i32>(size);
    this.mask = size - 1;
    for (let c = 0; c < BRACKET_COL + GROUP_TOKENS; c++) unchecked((this.colMaxSlot[c] = -1));
    this.read(visitor, newlineAt);
    // The Node core settles the columns when a line's rhythm is first asked for: a text that
    // fits its budget is often shown whole without that question.
    if (ASC_SHRINK_LEVEL >= 2) this.settleColumns();
  }

  /** Reads the bracketed groups and settles what each slot breaks (settle()); once. */
  private settleColumns(): void {
    if (this.count <= BRACKET_LINES) this.readGroups();
    this.settle();
  }

  /** The columns settled before a line's rhythm is read (settle() leaves `breaks` never empty). */
  // @ts-ignore: decorator
  @inline private settled(): void {
    if (ASC_SHRINK_LEVEL < 2 && this.breaks.length == 0) this.settleColumns();
  }

  private read(visitor: LineVisitor | null, newlineAt: StaticArray<i32> | null): void {
    const s = this.text;
    const n = s.length;
    let pos = 0;
    let k = 0;
    const cap = this.starts.length;
    let repeats: StaticArray<i32> | null = null;
    const repeatBits = ASC_SHRINK_LEVEL < 2 ? min(max(31 - <i32>clz(cap), REPEAT_MIN_BITS), REPEAT_MAX_BITS) : 0;
    if (ASC_SHRINK_LEVEL < 2 && cap >= REPEAT_LINES) {
      const entries = new StaticArray<i32>(1 << (repeatBits + REPEAT_SHIFT - 2));
      // Every length -1: no entry matches a line before one is stored.
      memory.fill(changetype<usize>(entries), 0xff, <usize>1 << (repeatBits + REPEAT_SHIFT));
      repeats = entries;
    }
    while (pos < n) {
      const nl = newlineAt === null ? findNewline(s, pos, n) : unchecked(newlineAt[k]);
      let end = nl;
      if (end > pos && unitAt(s, end - 1) == CharCode.CR) end--;
      // Lines past those analysed still reach the visitor.
      let digits = -1;
      let tokens = -1;
      let t = pos;
      if (ASC_SHRINK_LEVEL < 2) this.alikeRead = 0;
      if (k < cap) {
        unchecked((this.starts[k] = pos));
        unchecked((this.ends[k] = end));
        const read = ASC_SHRINK_LEVEL < 2 && repeats !== null && end - pos >= REPEAT_UNITS ? this.repeatedTokens(k, pos, end, repeats, repeatBits) : this.tokenize(k, pos, end);
        t = read >> 1;
        digits = read & 1;
        tokens = this.tokensRead;
      } else if (visitor === null) break;
      else t = gapEnd(s, t, end);
      k++;
      if (visitor !== null) {
        if (ASC_SHRINK_LEVEL < 2) visitor.alike = this.alikeRead;
        visitor.line(s, pos, t, end, nl, k, digits, tokens);
      }
      pos = nl + 1;
    }
    this.count = min(k, cap);
  }

  /** Where line [a, b)'s indentation ends; its width (a tab counts 4) to indentRead. */
  @inline private indentEnd(a: i32, b: i32): i32 {
    const s = this.text;
    let indent = 0;
    let tabbed = false;
    let i = a;
    while (i < b) {
      const c = unitAt(s, i);
      if (c == CharCode.SPACE) indent++;
      else if (c == CharCode.TAB) {
        indent += 4;
        tabbed = true;
      } else break;
      i++;
    }
    this.indentRead = indent;
    this.tabbed = tabbed;
    return i;
  }

  /**
   * Hashes line k's tokens, counts its columns and stores its template. Returns where its
   * first token starts (b for a blank line), shifted left by one, and in the low bit
   * whether a token holds a digit.
   */
  private tokenize(k: i32, a: i32, b: i32): i32 {
    if (ASC_SHRINK_LEVEL >= 2) return this.tokenizeByUnits(k, a, b);
    const s = this.text;
    let i = this.indentEnd(a, b);
    const indent = this.indentRead;
    const t = i;
    const first = k * COLS;
    // The line's COLS (4) slots, -1 until a token takes one: one 16-byte store.
    v128.store(changetype<usize>(this.slots) + (<usize>first << 2), i32x4.splat(-1));
    const ind = this.tabbed ? SPACED : min(indent, SPACED - 1);
    let template: u32 = fnv(2166136261, <u32>ind + 1);
    let tokens = 0;
    let last: u32 = 0;
    let digits: u64 = 0;
    const base = changetype<usize>(s);
    const n = s.length;
    const spaces = v128.load(VECTORS);
    const tabs = v128.load(VECTORS, 16);
    const shift = v128.load(VECTORS, 32);
    const below = v128.load(VECTORS, 48);
    while (i < b) {
      // Bit masks of the next WINDOW units: the stops (spaces, tabs, and the units
      // from b on) and the digits, 16 units per step (narrowed to bytes: a unit
      // above 0xFF is neither). Every token that ends inside is read off them.
      const span = min(b - i, WINDOW);
      let stops: u64 = span < WINDOW ? <u64>-1 << <u64>span : 0;
      let nums: u64 = 0;
      for (let j = 0; j < span; j += 16) {
        const at = sixteenAt(base, i + j, n);
        const v = i8x16.narrow_i16x8_u(v128.load(at), v128.load(at, 16));
        stops |= <u64>i8x16.bitmask(v128.or(i8x16.eq(v, spaces), i8x16.eq(v, tabs))) << <u64>j;
        // '0'–'9' are the only bytes below -118 once 0x50 is added (signed).
        nums |= <u64>i8x16.bitmask(i8x16.lt_s(i8x16.add(v, shift), below)) << <u64>j;
      }
      nums &= ~stops;
      digits |= nums;
      // The first token: at a stop only after a run of spaces that crossed a window.
      let at = <i32>ctz(~stops);
      let long = false;
      while (at < WINDOW) {
        const rest = stops >> <u64>at;
        let len = 0;
        let number = false;
        if (rest != 0) {
          len = <i32>ctz(rest);
          number = ((nums >> <u64>at) & ((<u64>1 << <u64>len) - 1)) != 0;
        } else if (at > 0) {
          // A token that runs past the window: the next window starts with it.
          break;
        } else {
          // One longer than the window: the rest of it unit by unit.
          long = true;
          const read = longTokenEnd(s, i + WINDOW, b);
          len = (read >> 1) - i;
          number = nums != 0 || (read & 1) != 0;
          if (number) digits = 1;
        }
        const cls = number ? NUM_HASH : tokenClass(base, i + at, len, n);
        if (tokens < LAST_COL) {
          if (cls == SUMMARY_LABEL) this.labelled.push(k);
          unchecked((this.slots[first + tokens] = this.add(ind * COLS + tokens, cls)));
        }
        last = cls;
        template = fnv(template, cls);
        tokens++;
        at += len;
        if (at >= WINDOW) break;
        at += <i32>ctz(~stops >> <u64>at);
      }
      i += long || at < WINDOW ? at : span;
    }
    if (tokens > LAST_COL) unchecked((this.slots[first + LAST_COL] = this.add(ind * COLS + LAST_COL, last)));
    unchecked((this.templates[k] = tokens == 0 ? 0 : template | 1));
    this.tokensRead = tokens;
    return (t << 1) | <i32>(digits != 0);
  }

  /**
   * tokenize() of line k, [a, b) (REPEAT_UNITS units at least), taken from the last line read
   * whose ends hash alike (`bits` of the hash: `repeats` holds 1 << bits entries) when that
   * line is the same but for its digits: the same tokens in the same columns, each with the
   * same class (a token with a digit is of the number class whichever digits it holds), so
   * the same slots, template and result. Its columns are counted again as add() counts them.
   * Otherwise tokenize() reads it, and it takes the entry.
   */
  private repeatedTokens(k: i32, a: i32, b: i32, repeats: StaticArray<i32>, bits: i32): i32 {
    const base = changetype<usize>(this.text);
    const length = b - a;
    const entry = changetype<usize>(repeats) + (<usize>maskedEndsHash(base, a, length, bits) << REPEAT_SHIFT);
    const slots = changetype<usize>(this.slots) + (<usize>(k * COLS) << 2);
    if (load<i32>(entry, 4) == length && sameButDigits(base, load<i32>(entry), a, length)) {
      const tokens = load<i32>(entry, 16);
      const columns = load<i32>(entry, 20);
      v128.store(slots, v128.load(entry, 32));
      const counted = min(tokens, LAST_COL);
      for (let c = 0; c < counted; c++) this.countAgain(columns + c, load<i32>(slots + (<usize>c << 2)));
      if (tokens > LAST_COL) this.countAgain(columns + LAST_COL, load<i32>(slots, LAST_COL << 2));
      for (let l = load<i32>(entry, 24); l > 0; l--) this.labelled.push(k);
      unchecked((this.templates[k] = load<u32>(entry, 8)));
      this.tokensRead = tokens;
      this.alikeRead = load<i32>(entry, 28);
      return load<i32>(entry, 12) + (a << 1);
    }
    const labelled = this.labelled.length;
    const read = this.tokenize(k, a, b);
    store<i32>(entry, a);
    store<i32>(entry, length, 4);
    store<u32>(entry, unchecked(this.templates[k]), 8);
    store<i32>(entry, read - (a << 1), 12);
    store<i32>(entry, this.tokensRead, 16);
    store<i32>(entry, (this.tabbed ? SPACED : min(this.indentRead, SPACED - 1)) * COLS, 20);
    store<i32>(entry, this.labelled.length - labelled, 24);
    store<i32>(entry, k + 1, 28);
    v128.store(entry, v128.load(slots), 32);
    return read;
  }

  /** Counts once more in column `col` the token add() gave `slot` (-1: the table was full, and still is). */
  // @ts-ignore: decorator
  @inline
  private countAgain(col: i32, slot: i32): void {
    unchecked((this.colTotal[col] += 1));
    if (slot < 0) return;
    const n = unchecked(this.counts[slot]) + 1;
    unchecked((this.counts[slot] = n));
    if (n > unchecked(this.colMax[col])) {
      unchecked((this.colMax[col] = n));
      unchecked((this.colMaxSlot[col] = slot));
    }
  }

  /**
   * tokenize() one unit at a time, for the size-optimised build (ASC_SHRINK_LEVEL 2): the
   * same columns, template and result without the vector steps' code.
   */
  private tokenizeByUnits(k: i32, a: i32, b: i32): i32 {
    const s = this.text;
    let i = this.indentEnd(a, b);
    const indent = this.indentRead;
    const t = i;
    const first = k * COLS;
    for (let c = 0; c < COLS; c++) unchecked((this.slots[first + c] = -1));
    const ind = this.tabbed ? SPACED : min(indent, SPACED - 1);
    let template: u32 = fnv(2166136261, <u32>ind + 1);
    let tokens = 0;
    let last: u32 = 0;
    let digits = 0;
    while (i < b) {
      if (isSpaceOrTab(unitAt(s, i))) {
        i++;
        continue;
      }
      const read = longTokenEnd(s, i, b);
      const end = read >> 1;
      digits |= read & 1;
      const cls = read & 1 ? NUM_HASH : tokenClassByUnits(s, i, end - i);
      if (tokens < LAST_COL) {
        if (cls == SUMMARY_LABEL) this.labelled.push(k);
        unchecked((this.slots[first + tokens] = this.add(ind * COLS + tokens, cls)));
      }
      last = cls;
      template = fnv(template, cls);
      tokens++;
      i = end;
    }
    if (tokens > LAST_COL) unchecked((this.slots[first + LAST_COL] = this.add(ind * COLS + LAST_COL, last)));
    unchecked((this.templates[k] = tokens == 0 ? 0 : template | 1));
    this.tokensRead = tokens;
    return (t << 1) | digits;
  }

  /** Counts each line's first bracketed group, if it has one, in the column of the token it starts at. */
  private readGroups(): void {
    const groups = new StaticArray<i32>(this.count);
    for (let k = 0; k < this.count; k++) {
      const cls = groupWords(this.text, unchecked(this.starts[k]), unchecked(this.ends[k]));
      unchecked((groups[k] = cls == 0 ? -1 : this.add(BRACKET_COL + (groupToken & (GROUP_TOKENS - 1)), cls)));
    }
    this.groups = groups;
  }

  /** Counts token class `cls` in column `col`; its slot, or -1 when the table is full. */
  // @ts-ignore: decorator
  @inline
  private add(col: i32, cls: u32): i32 {
    unchecked((this.colTotal[col] += 1));
    const key = (<i64>col << 32) | <i64>cls;
    let slot = <i32>(mix(cls ^ (<u32>col * 0x9e3779b1)) & <u32>this.mask);
    while (true) {
      const k = unchecked(this.keys[slot]);
      if (k == key) break;
      if (k == EMPTY_KEY) {
        // Three quarters full: new tokens are not counted, their lines stay regular.
        if (this.used * 4 >= (this.mask + 1) * 3) return -1;
        unchecked((this.keys[slot] = key));
        unchecked((this.taken[this.used] = slot));
        this.used++;
        break;
      }
      slot = (slot + 1) & this.mask;
    }
    const n = unchecked(this.counts[slot]) + 1;
    unchecked((this.counts[slot] = n));
    if (n > unchecked(this.colMax[col])) {
      unchecked((this.colMax[col] = n));
      unchecked((this.colMaxSlot[col] = slot));
    }
    return slot;
  }

  /** Sums, per column, the lines whose token is rare there; then what each slot's token breaks. */
  private settle(): void {
    const used = this.used;
    const taken = this.taken;
    for (let k = 0; k < used; k++) {
      const slot = unchecked(taken[k]);
      const col = <i32>(unchecked(this.keys[slot]) >> 32);
      const n = unchecked(this.counts[slot]);
      if (rareIn(n, unchecked(this.colTotal[col]), this.leadTop(slot))) unchecked((this.colRare[col] += n));
    }
    const breaks = new StaticArray<i32>(this.mask + 1);
    for (let k = 0; k < used; k++) {
      const slot = unchecked(taken[k]);
      const col = <i32>(unchecked(this.keys[slot]) >> 32);
      const total = unchecked(this.colTotal[col]);
      if (col >= BRACKET_COL) {
        unchecked((breaks[slot] = rareGroup(unchecked(this.counts[slot]), total, unchecked(this.colMax[col]))));
        continue;
      }
      if (!this.dominant(col) || slot == unchecked(this.colMaxSlot[col])) continue;
      if (rareIn(unchecked(this.counts[slot]), total, this.leadTop(slot))) unchecked((breaks[slot] = total));
    }
    this.breaks = breaks;
  }

  /**
   * For a slot holding a line's first word (no digit in it: numbers are ids and places, not
   * words), the lines of the word its column's lines most often start with; else 0.
   */
  private leadTop(slot: i32): i32 {
    const key = unchecked(this.keys[slot]);
    const col = <i32>(key >> 32);
    return col % COLS == 0 && <u32>(key & 0xffffffff) != NUM_HASH ? unchecked(this.colMax[col]) : 0;
  }

  /**
   * The column keeps a rhythm: a few recurring tokens hold at least three
   * quarters of its lines ("ok" and "#" in TAP, a timestamp class in a log),
   * so a rare token in it stands out. In prose or a column of names most
   * tokens are rare, and none stands out.
   */
  private dominant(col: i32): bool {
    const total = unchecked(this.colTotal[col]);
    if (total < MIN_SUPPORT) return false;
    return unchecked(this.colRare[col]) * 4 <= total;
  }

  /**
   * How strongly line i breaks the rhythm: the number of lines of the largest
   * dominant column in which its token is rare (0 when it breaks none). With
   * `head`, only its first two tokens count: where a line states what it is
   * ("not ok", "FAIL", "READ of"), rather than a value at its end. Its bracketed
   * group counts either way (rareGroup): a row states its state there ("gone").
   */
  deviation(i: i32, head: bool = false): i32 {
    this.settled();
    let best = 0;
    const cols = head ? 2 : COLS;
    for (let c = 0; c < cols; c++) {
      const slot = unchecked(this.slots[i * COLS + c]);
      if (slot >= 0) best = max(best, unchecked(this.breaks[slot]));
    }
    return max(best, this.groupBreak(i));
  }

  /** How strongly line i's bracketed group breaks the rhythm of the rows that have one (rareGroup), 0 when not. */
  private groupBreak(i: i32): i32 {
    const slot = i < this.groups.length ? unchecked(this.groups[i]) : -1;
    return slot >= 0 ? unchecked(this.breaks[slot]) : 0;
  }

  /**
   * Line i (0-based) opens with the word of the line above, at its indentation ("hint:"
   * under "hint:"). Not a token with a digit: numbers are masked, and "#0" under "79" is
   * no label carried on.
   */
  continuesLead(i: i32): bool {
    const slot = unchecked(this.slots[i * COLS]);
    return i > 0 && slot >= 0 && slot == unchecked(this.slots[(i - 1) * COLS]) && (unchecked(this.keys[slot]) & 1) != 0;
  }

  /** deviation() of line i by its leading tokens only (columns 0–2) and its bracketed group, not by its last token. */
  leadingDeviation(i: i32): i32 {
    this.settled();
    let best = 0;
    for (let c = 0; c < LAST_COL; c++) {
      const slot = unchecked(this.slots[i * COLS + c]);
      if (slot >= 0) best = max(best, unchecked(this.breaks[slot]));
    }
    return max(best, this.groupBreak(i));
  }

  /**
   * Line i's last token is a rare state of a table's rows: rare in a column that keeps a
   * rhythm and whose usual token is a word ("CrashLoop" among "Running"). Where most rows
   * end in a number class ("report.py:1(<module>)"), a word there differs in a value only;
   * and a state stands alone in its column, after a column break (a tab, or two spaces
   * or more): the last word of a phrase ("symbolic link to git", "UTF-8 text") is none.
   * `i` is a line read (below `count`).
   */
  lastStateBreak(i: i32): bool {
    this.settled();
    const slot = unchecked(this.slots[i * COLS + LAST_COL]);
    if (slot < 0 || unchecked(this.breaks[slot]) == 0) return false;
    const col = <i32>(unchecked(this.keys[slot]) >> 32);
    if (<u32>(unchecked(this.keys[unchecked(this.colMaxSlot[col])]) & 0xffffffff) == NUM_HASH) return false;
    const text = this.text;
    const a = unchecked(this.starts[i]);
    const b = unchecked(this.ends[i]);
    let t = b;
    while (t > a && unitAt(text, t - 1) > CharCode.SPACE) t--;
    // A line padded to its end (a header over a wide last column) leaves its last word unread: no state.
    return t < b && t > a + 1 && (unitAt(text, t - 1) == CharCode.TAB || unitAt(text, t - 2) == CharCode.SPACE);
  }

  /** Line i's token in column c (0–2) is a constant of its template: frequent in a column that keeps a rhythm. */
  steady(i: i32, c: i32): bool {
    this.settled();
    const slot = unchecked(this.slots[i * COLS + c]);
    if (slot < 0) return false;
    const col = <i32>(unchecked(this.keys[slot]) >> 32);
    return this.dominant(col) && unchecked(this.counts[slot]) > rareMax(unchecked(this.colTotal[col]));
  }

  /**
   * Line i is a row of the output's main table: its first token is the word
   * ("ii", "✓", "ok") that most lines of a column keeping a rhythm start with.
   * A number class does not make a table: diagnostics and log lines start
   * with locations and timestamps too.
   */
  regularRow(i: i32): bool {
    this.settled();
    const slot = unchecked(this.slots[i * COLS]);
    if (slot < 0) return false;
    const key = unchecked(this.keys[slot]);
    const col = <i32>(key >> 32);
    return this.dominant(col) && slot == unchecked(this.colMaxSlot[col]) && <u32>(key & 0xffffffff) != NUM_HASH;
  }

  /** Lines i and j open with the same token at the same indentation (numbers masked). */
  sameLead(i: i32, j: i32): bool {
    const slot = unchecked(this.slots[i * COLS]);
    return slot >= 0 && slot == unchecked(this.slots[j * COLS]);
  }

  /** Lines i and j have the same template (numbers masked). */
  sameTemplate(i: i32, j: i32): bool {
    return unchecked(this.templates[i]) == unchecked(this.templates[j]);
  }

  /** Line i has no token. */
  blank(i: i32): bool {
    return unchecked(this.templates[i]) == 0;
  }
}

/**
 * A token of `n` lines is rare in a column of `total` lines: it holds few of them, or, as a
 * line's first word, a tenth of the lines of the word most lines start with (`top`, 0 for
 * other tokens): "missing blob …" five times among fifty "dangling blob …".
 */
// @ts-ignore: decorator
@inline function rareIn(n: i32, total: i32, top: i32): bool {
  return n <= rareMax(total) || n * 10 <= top;
}

/** A token is rare in a column of `total` lines when it holds at most this many. */
// @ts-ignore: decorator
@inline function rareMax(total: i32): i32 {
  return max(3, total >> 4);
}

/**
 * The words of a row's bracketed group are a rare state of a listing: most of the
 * `total` rows with a group hold one same thing in it (`top` of them: "[origin/x]"),
 * and this one (`n` rows) is held by a quarter of them at most, yet more than once:
 * a repeated state ("gone", "ahead 1"), not a remark. How strongly: the rows, times
 * how much rarer it is than the usual one, so the rarest state ranks first. 0 when not.
 */
function rareGroup(n: i32, total: i32, top: i32): i32 {
  // The usual state holds half the rows or more, so it is never a quarter of them.
  if (total < MIN_SUPPORT * 2 || top * 2 < total || n < 2 || n * 4 > total) return 0;
  return total * top / n;
}

/** The token (1-based) the group groupWords() read last starts in. */
let groupToken: i32 = 0;

/**
 * The class of the words after the first in the line [a, b)'s first bracketed group
 * ("[origin/x: ahead 1]": "ahead 1", digits masked), PLAIN_GROUP when it holds one
 * word or none; 0 when the line has none. A group opens a token: a '[' within one is an
 * index ("line[stop - 2]") or a colour ("\x1b[1m"), not a group.
 */
function groupWords(s: string, a: i32, b: i32): u32 {
  // Most rows hold no group: find a '[' that opens a token first, then count the tokens up to it.
  let i = findUnit(s, CharCode.LBRACKET, a, b);
  while (i < b && i > a && !isSpaceOrTab(unitAt(s, i - 1))) i = findUnit(s, CharCode.LBRACKET, i + 1, b);
  if (i >= b) return 0;
  let tokens = 0;
  let prev = CharCode.SPACE;
  for (let j = a; j <= i; j++) {
    const c = unitAt(s, j);
    // Control units (a colour's ESC) part tokens here.
    if (c > CharCode.SPACE && prev <= CharCode.SPACE) tokens++;
    prev = c;
  }
  groupToken = tokens;
  let h: u32 = 0;
  let words = 0;
  let last = CharCode.SPACE;
  for (i++; i < b; i++) {
    let u = unitAt(s, i);
    if (u == CharCode.RBRACKET) return h | PLAIN_GROUP;
    if (isDigit(u)) u = CharCode._0;
    if (u > CharCode.SPACE && last <= CharCode.SPACE) words++;
    // From the second word on, runs of spaces and of digits count once.
    if (words > 1 && u != last) h = fnv(h, <u32>u);
    last = u;
  }
  // Not closed on its line: no group.
  return 0;
}
