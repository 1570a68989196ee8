// Which error lines say something new. A build or a linter repeats a few
// messages for many files and lines ("'next' is defined but never used" eleven
// times, one "Duplicate case label"); the budget should reach every distinct
// message before the second copy of any. A line's message is its words with
// every number a class (locations, counts, durations), whatever the spacing
// that aligns the columns: "==== vat-1 FAILED" and "==== parse-1 FAILED" differ,
// "8:39  error  'next' …" and "8:40  error  'next' …" do not. Linear in the
// lines' length.
import { paddedUnits } from "../util/lines";
import { messageKeyByUnits } from "./message-key-by-units";
import { namesPlace } from "./place";
import { rankOf } from "./kinds";
import { findingCode, findingFamily, findingOf, findingSeverity } from "./notes";
import { NO_WORDS, Scan } from "./scan";
import { sortStaticI64 } from "../util/sort-ints";
import { U32Map } from "../util/u32-map";
import { messageCount, tokenTable } from "./templates";

/** FNV-1a's 64-bit prime: the key's state is 64 bits, folded to 32 at the end. */
const PRIME: u64 = 0x100000001b3;
/** Units of a line's words gathered before they are hashed (a longer line goes in several rounds). */
const GATHER: i32 = 256;
/**
 * Where the words are gathered: GATHER units and a step of 8 stored past them. Static, so
 * that a key costs no allocation.
 */
const WORDS: usize = memory.data((GATHER + 16) << 1, 16);
/**
 * The vectors messageKey() compares with, loaded rather than built at each use in its loop
 * as V8 builds a vector constant: ' ', '\t', '\r', '0', 10, 'a', 26, '#' in every lane.
 */
const KEY_VECTORS: usize = memory.data<u16>([
  0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x20, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09,
  0x0d, 0x0d, 0x0d, 0x0d, 0x0d, 0x0d, 0x0d, 0x0d, 0x30, 0x30, 0x30, 0x30, 0x30, 0x30, 0x30, 0x30,
  10, 10, 10, 10, 10, 10, 10, 10, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61,
  26, 26, 26, 26, 26, 26, 26, 26, 0x23, 0x23, 0x23, 0x23, 0x23, 0x23, 0x23, 0x23,
], 16);

/** The key's state: the hash of the whole blocks of 4 units gathered so far, and their units. */
let keyState: u64 = 0;
let keyUnits: i32 = 0;

/** Hashes the whole blocks of 4 units of WORDS[0, w) into keyState, moves what is left to the front; returns the units left. */
function hashBlocks(w: i32): i32 {
  const whole = w & ~3;
  let h = keyState;
  for (let j = 0; j < whole; j += 4) h = (h ^ load<u64>(WORDS + (<usize>j << 1))) * PRIME;
  keyState = h;
  keyUnits += whole;
  store<u64>(WORDS, load<u64>(WORDS + (<usize>whole << 1)));
  return w - whole;
}

/**
 * Hash of the words of s[a, b), every run of digits one class; 0 when the line has no letter.
 * A function of the line's words alone: the line is rewritten, 8 units per SIMD step, into
 * its words with one space after each, every number (a run of digits, or a '#', which shares
 * its class) a '#'; that form is hashed four units per multiply, with its length.
 */
export function messageKey(s: string, a: i32, b: i32): u32 {
  if (ASC_SHRINK_LEVEL >= 2) return messageKeyByUnits(s, a, b);
  const base = changetype<usize>(s);
  keyState = 0xcbf29ce484222325;
  keyUnits = 0;
  let letters = i16x8.splat(0);
  // Whether the unit before i was a gap (so is the line's start: leading gaps go) or a digit.
  let prevGap = 1;
  let prevDigit = 0;
  let w = 0;
  const space = v128.load(KEY_VECTORS);
  const tab = v128.load(KEY_VECTORS, 16);
  const cr = v128.load(KEY_VECTORS, 32);
  const zero = v128.load(KEY_VECTORS, 48);
  const ten = v128.load(KEY_VECTORS, 64);
  const lowerA = v128.load(KEY_VECTORS, 80);
  const alphabet = v128.load(KEY_VECTORS, 96);
  const hash = v128.load(KEY_VECTORS, 112);
  for (let i = a; ; i += 8) {
    // The last step reads the units from b on as spaces: the last word ends with one too.
    const last = i + 8 > b;
    const v = v128.load(last ? paddedUnits(base, i, b) : base + (<usize>i << 1));
    const gapV = v128.or(v128.or(i16x8.eq(v, space), i16x8.eq(v, tab)), i16x8.eq(v, cr));
    const digitV = i16x8.lt_u(i16x8.sub(v, zero), ten);
    // A letter is one of 'a'–'z' once 0x20 is set.
    letters = v128.or(letters, i16x8.lt_u(i16x8.sub(v128.or(v, space), lowerA), alphabet));
    const gaps = i16x8.bitmask(gapV);
    const digits = i16x8.bitmask(digitV);
    // A gap after a gap and a digit after a digit go: one space per gap, one '#' per number.
    const drop = (gaps & ((gaps << 1) | prevGap)) | (digits & ((digits << 1) | prevDigit));
    prevGap = gaps >> 7;
    prevDigit = digits >> 7;
    const at = WORDS + (<usize>w << 1);
    v128.store(at, v128.bitselect(hash, v128.bitselect(space, v, gapV), digitV));
    if (drop == 0) w += 8;
    else {
      // Compacted in place: a kept unit moves down, never past one not read yet.
      let keep = ~drop & 0xff;
      while (keep != 0) {
        store<u16>(WORDS + (<usize>w << 1), load<u16>(at + (<usize>ctz(keep) << 1)));
        w++;
        keep &= keep - 1;
      }
    }
    if (w >= GATHER || last) w = hashBlocks(w);
    if (last) break;
  }
  if (!v128.any_true(letters)) return 0;
  // The last units (fewer than 4) and the length in one more block.
  const tail = (load<u64>(WORDS) & ((<u64>1 << (<u64>w << 4)) - 1)) | (<u64>(keyUnits + w) << 48);
  let h = (keyState ^ tail) * PRIME;
  h ^= h >> 32;
  h *= 0x9e3779b97f4a7c15;
  return <u32>(h >> 32) | 1;
}

/** The note of scan hit h's line (notes.ts), 0 when there are none. */
function noteOf(scan: Scan, h: i32): u64 {
  const notes = scan.notes;
  return notes === null ? 0 : unchecked(notes[unchecked(scan.lineNumbers[h]) - 1]);
}

/** The message key of scan hit h. */
export function hitKey(text: string, scan: Scan, h: i32): u32 {
  const noted = <u32>noteOf(scan, h);
  if (noted != 0) return noted == NO_WORDS ? 0 : noted;
  return messageKey(text, unchecked(scan.lineStarts[h]), unchecked(scan.lineEnds[h]));
}

/**
 * The key hit h is grouped by: the code of the finding it is (findings.ts noted it), when
 * it names one, as a linter's or a type checker's code names a kind of problem whatever
 * the words around it ("F821", "[union-attr]"); else its message key. A code's key is
 * even and at least 4: no message key (odd) nor NO_WORDS (2).
 */
export function groupKey(text: string, scan: Scan, h: i32): u32 {
  const code = findingCode(findingOf(noteOf(scan, h)));
  return code >= 0 ? <u32>(code + 2) << 1 : hitKey(text, scan, h);
}

/**
 * The key of the family of hit h's code (findings.ts: "F821" is of "F401"'s, not of
 * "E501"'s), a key no group has; `k` (its groupKey) when it names no code.
 */
function familyKey(scan: Scan, h: i32, k: u32): u32 {
  const family = findingFamily(findingOf(noteOf(scan, h)));
  return family == 0 ? k : <u32>family << 8;
}

/** How grave hit h is: its finding's severity rank (0 error, 1 warning, … 7 none stated), else 0 for an error line and 1 for any other. */
function gravity(scan: Scan, h: i32): i32 {
  const finding = findingOf(noteOf(scan, h));
  if (finding != 0) return findingSeverity(finding);
  return rankOf(unchecked(scan.kinds[h])) == 3 ? 0 : 1;
}

/** A line that only names a place is at most this long ("  --> src/main.rs:34:25"). */
const PLACE_ONLY: i32 = 48;

/**
 * Where the line after the one ending at `end` ends when it only names where that one's
 * failure is: indented, short, and naming a file's line ("error[E0106]: missing lifetime
 * specifier" over "  --> main.rs:13:34"); else -1. The error line names a place through it.
 */
export function placeBelowEnd(text: string, end: i32): i32 {
  const a = end + 1;
  let b = a;
  while (b < text.length && b - a <= PLACE_ONLY && text.charCodeAt(b) != 10) b++;
  return b > a && b - a <= PLACE_ONLY && (text.charCodeAt(a) == 32 || text.charCodeAt(a) == 9) && namesPlace(text, a, b, false) ? b : -1;
}

/** The severity rank of a finding that states none (findingTag). */
const UNGRADED: i32 = 7;

/** A code family with at most this many findings, and at most 1/RARE_SHARE of them all, is rare. */
const RARE_COPIES: i32 = 4;
const RARE_SHARE: i32 = 8;

@inline function rareFamily(count: i32, all: i32): bool {
  return count <= RARE_COPIES && count * RARE_SHARE <= all;
}

/** Rounds told apart: later rounds share the last, in their order. */
const MAX_ROUND: i32 = 0x7fff;
/** Hits ranked at most: more (16 million flagged lines) are split in their order (inOrder). */
const MAX_HITS: i32 = 0xffffff;

/** novelFirst without ranking: each group's first hit to `out`, the others to `later`, in their order. */
function inOrder(text: string, scan: Scan, order: i32[], out: i32[], later: i32[]): void {
  // A map, not a set: the core has this kind of map already, and a set of its own would add code.
  const seen = new U32Map();
  for (let j = 0; j < order.length; j++) {
    const h = unchecked(order[j]);
    const k = groupKey(text, scan, h);
    if (k != 0 && seen.has(k)) later.push(h);
    else {
      seen.set(k, 0);
      out.push(h);
    }
  }
}

/**
 * Splits hits `order` into `out`, the first hit of each group (groupKey: a finding's code,
 * else its message), and `later`, the others. Each group's first hit comes before any
 * group's second, its second before any third, and so on; within a round the graver
 * first (a finding's severity), then the rarer code family (findings.ts), then the rarer
 * group (counts past 1,023 alike; among many hits, a message's count is how many say it
 * whatever names they hold: templates.ts), then in `order` (the first `keepFirst` of `order` keep
 * their places in front when they are their groups' first).
 * Among first copies of the same gravity, a line that names where (a file's line, a
 * test) comes before one that names nothing; with `placeBelow`, so does one whose
 * next line only names its place ("error[E0308]: mismatched types" over "  --> main.rs:23:5").
 * Every distinct code or message reaches the budget before a second copy of any, but for
 * the copies of a rare family's code (rareFamily), each of which is first-round news, and
 * every finding that states a severity where most findings state none, and with `rareCopies`
 * (warnings, whose repeats else wait behind every first copy) each copy of a message few
 * lines say.
 * With `placesInOrder` (the error lines do not all fit), `later` holds the rarest
 * message's places first, each message's places in line order: the eight places of
 * an "Item None has no attribute" are eight fixes, where the second of ninety "Function
 * is missing a type annotation" adds little the count does not say.
 */
export function novelFirst(text: string, scan: Scan, order: i32[], keepFirst: i32, out: i32[], later: i32[], placesInOrder: bool = false, placeBelow: bool = false, rareCopies: bool = false): void {
  const n = order.length;
  if (n > MAX_HITS) {
    inOrder(text, scan, order, out, later);
    return;
  }
  const keys = new StaticArray<u32>(n);
  const counts = new U32Map();
  // Findings that state a severity less those that state none (findingTag's rank 7).
  let graded = 0;
  for (let j = 0; j < n; j++) {
    const h = unchecked(order[j]);
    const k = groupKey(text, scan, h);
    unchecked((keys[j] = k));
    counts.set(k, counts.valueOr(k, 0) + 1);
    const f = familyKey(scan, h, k);
    if (f != k) counts.set(f, counts.valueOr(f, 0) + 1);
    const tag = findingOf(noteOf(scan, h));
    if (tag != 0) graded += findingSeverity(tag) < UNGRADED ? 1 : -1;
  }
  // How many say the same in other words (templates.ts): a first copy's rarity, where its
  // message's own count would make each of a hundred "Member X of file Y is not documented"
  // as rare as the one "explicit link request to 'quote' could not be resolved". A repeat
  // keeps its message's count: its copies are told apart by their places. The tokens are
  // counted when a first copy without a code first asks: a build log's findings all name
  // their codes (groupKey), and its lines are then read no more.
  let alike: StaticArray<i32> | null = null;
  // The hits of a group seen so far, while the group's count is kept apart from them.
  const seen = new U32Map();
  // With `rareCopies`, the groups whose first copy's message few lines say (rareFamily of its
  // messageCount), with that count; `anyRareSaid` once it holds one, so that a flood of
  // repeats asks nothing while it is empty.
  const rareSaid = new U32Map();
  let anyRareSaid = false;
  const ranked = new StaticArray<i64>(n);
  let firsts = 0;
  for (let j = 0; j < n; j++) {
    const k = unchecked(keys[j]);
    // A key of 0 (a line without words) is a group of its own.
    let round = 0;
    let rareCopy = false;
    if (k != 0) {
      round = seen.valueOr(k, 0);
      seen.set(k, round + 1);
      // Every finding of a rare family is news: three "F821 undefined name" among 327 E
      // codes are three bugs, where a second "E302" is one more place of a style slip.
      const f = familyKey(scan, unchecked(order[j]), k);
      if (f != k && rareFamily(counts.valueOr(f, 0), n)) round = 0;
      // So is every finding that states a severity where most state none: a linter's
      // warnings among its conventions are the bugs, its hundredth style remark tells
      // what the totals do.
      const tag = findingOf(noteOf(scan, unchecked(order[j])));
      if (graded < 0 && tag != 0 && findingSeverity(tag) < UNGRADED) round = 0;
      // With `rareCopies`, so is every copy of a message few lines say, whatever names they
      // hold (its first copy's messageCount, below): the second place of the one "explicit
      // link request to 'quote' could not be resolved" among a hundred "Member X … is not
      // documented". A second place says less than a new message, so a copy ranks as if its
      // message were said RARE_SHARE times as often: after the rare first copies, before the
      // flood.
      if (anyRareSaid && round > 0 && rareSaid.has(k)) {
        round = 0;
        rareCopy = true;
      }
    }
    if (round == 0) firsts++;
    const h = unchecked(order[j]);
    // The rarer family first, then the rarer group: among 330 findings, three "F821 undefined
    // name" (the only F codes) before a lone "E741" of 327 E codes, another checker's word.
    // A first copy without a code is as rare as the lines that say what it says whatever
    // names they hold (templates.ts): a hundred "Member X … is not documented" are one
    // message said a hundred times, however each spells X.
    if (round == 0 && (k & 1) != 0 && alike === null) alike = tokenTable(text, scan, order);
    const said = round == 0 && !rareCopy && alike !== null && (k & 1) != 0 ? messageCount(text, scan, h, alike) : -1;
    if (rareCopies && said >= 0 && rareFamily(said, n)) {
      rareSaid.set(k, said);
      anyRareSaid = true;
    }
    const family = counts.valueOr(familyKey(scan, h, k), 0);
    const rarity = j < keepFirst && round == 0 ? 0 : k == 0 ? 0x401 : rareCopy ? (rareSaid.valueOr(k, 0) * RARE_SHARE) << 10 : (min(max(family, said), 0x3ff) << 10) | min(said >= 0 ? said : counts.valueOr(k, 0), 0x3ff);
    const grave = j < keepFirst && round == 0 ? 0 : gravity(scan, h);
    // Among first copies, a line that names where ("a.c:12:3", place.ts) says more than one
    // that names nothing ("[ERROR] -> [Help 1]"), however rare its words. Repeats are not
    // asked: a flood of them costs no pass over their words. The line below is asked only
    // when `placeBelow` (error lines that do not all fit, offered one by one).
    const nowhere = round == 0 && j >= keepFirst && !namesPlace(text, unchecked(scan.lineStarts[h]), unchecked(scan.lineEnds[h]), false) && !(placeBelow && placeBelowEnd(text, unchecked(scan.lineEnds[h])) >= 0) ? 1 : 0;
    unchecked((ranked[j] = (<i64>min(round, MAX_ROUND) << 48) | (<i64>grave << 45) | (<i64>nowhere << 44) | (<i64>rarity << 24) | <i64>j));
  }
  sortStaticI64(ranked);
  for (let r = 0; r < firsts; r++) out.push(unchecked(order[<i32>(unchecked(ranked[r]) & MAX_HITS)]));
  if (!placesInOrder) {
    for (let r = firsts; r < n; r++) later.push(unchecked(order[<i32>(unchecked(ranked[r]) & MAX_HITS)]));
    return;
  }
  // Scan indices follow the lines: (the message's count, index) sorts by rarity, then
  // place. A repeat's rank holds its message's count (rarity) already.
  const places = new StaticArray<i64>(n - firsts);
  for (let r = firsts; r < n; r++) {
    const rank = unchecked(ranked[r]);
    unchecked((places[r - firsts] = (((rank >> 24) & 0xfffff) << 32) | <i64>unchecked(order[<i32>(rank & MAX_HITS)])));
  }
  sortStaticI64(places);
  for (let r = 0; r < places.length; r++) later.push(<i32>(unchecked(places[r]) & 0xffffffff));
}
