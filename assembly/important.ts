// Keeps the lines that carry a command's outcome wherever they are (errors,
// tracebacks, failed tests, summaries, non-zero exits, lines that break the
// output's rhythm) together with a head and a tail, inside one budget.
//
// Output: head, then for every gap a marker line (marker.ts) stating the exact
// code points and lines left out, then the next kept block, and so on to the
// tail. Markers label the blocks: the block after "lines 41–2,399 of 5,000"
// starts at line 2,400. The budget is spent by value. Flagged lines are offered
// it alone first, in this order: the first error (one its log level marks a
// notice only when all are, important/notice.ts: not "[INFO] Error stacktraces
// are turned on.") and the last, summaries and exit lines (three from each
// end), the other errors from both ends inwards, each message once, those
// that name a file's line or a test (or, under a small budget when they do not all
// fit, whose next line only names their place: "  --> main.rs:13:34") before those
// that name nothing, then the
// rarest first (important/novel.ts, important/place.ts:
// the one "Duplicate case label" before a second "'next' is defined but never
// used", "Dunning.java:[8,43] cannot find symbol" before "[ERROR] -> [Help 1]";
// under SMALL_BUDGET a runner's progress line waits when a later error line
// names its failure again: "test_vat (…) ... FAIL" before "FAIL: test_vat (…)"),
// errors repeating a message (when the error lines do not all fit the room they
// may take, the rarest message's places first, each message's in line order, and
// the lines placed in the user's files before those placed in a library's
// (important/user-places.ts): "price_index.cpp:56:14: error: use of deleted
// function …" before a dozen "/usr/include/c++/12/bits/hashtable.h:531:7: error:
// …"), lines that break a rhythm held over many lines ("not ok" among a hundred
// "ok"; under SMALL_BUDGET not a banner's lines, which break it from line 1 on,
// before there is one; under it after the first three repeats that name their own
// place or detail a numbered failure, and before the others), warnings (three from
// each end), lines that only name a section; numbered, a line a chosen one shows word for word, even inside a longer
// line, is not offered ("[  FAILED  ] TaxTest.SumsTax" after "… SumsTax (0 ms)");
// then each failure's key lines (the frame naming the user's file
// however many library frames come first, what was expected and what came
// instead, the line closing a trace; numbered, every failure's expected and
// actual lines, and a first frame that only names a place, before any other
// frame); under a small budget the totals near the end (important/counts.ts:
// "# tests 113", "(48 rows)"), and only then the repeated errors and the
// warnings, then the other rhythm breaks, then the start of a last line too
// long for the tail ("gcc -o bin/inventory …"); then whole blocks (context,
// frames) while the share lasts; head and tail get the rest, the head past a run of
// encoded lines (important/encoded.ts: a modulus, a base64 block). A line that a chosen one
// shows word for word is not offered again (a runner's closing list of its
// failures). Under SMALL_BUDGET the line under a chosen error that only names its
// place ("  --> main.rs:55:28") is offered right after the errors, before those
// that repeat a message (offerPlacesBelow); after those, the line under a chosen
// failure that does not open with a place of its own and the line does
// (offerDetailsBelow: "test_shop.lua:36: expected: 7, actual: 6" under
// "TestTax.test_ten ... FAIL"), which tells apart failures whose verdicts read alike. Under SMALL_BUDGET flagged lines may
// take all of it, and so may a failed command's error lines at any budget when
// they do not fit their share (never is one dropped for a head or tail line);
// then the cut is numbered (important/numbered.ts), above SMALL_BUDGET only when
// the errors stand in MIN_NUMBERED_GROUPS places or more, or when a marker per gap
// would leave out flagged lines a numbered cut keeps (keepWithScan): one marker up
// front and each kept line after its number, the user's frames between the
// first and the last one offered too, as a line then costs far less. Blocks that
// repeat (thread dumps) are shown once. Each marker counts the flagged lines
// its gap holds ("; incl. 3 error, 228 warning lines"; not the numbered one) and
// the alike blocks ("; 23 blocks like lines 31–35"); a gap shorter than its
// marker is kept. Numbered, a line that introduces the next ("src/hash.c: In
// function ‘hash_sku’:") is offered only together with that one. Above
// SMALL_BUDGET a flagged line that is chosen and indented is offered its
// group's header next, once (important/parents.ts: "css/chrome.css" over "  6:1
// ✖ Expected …"); under it a header would cost a finding, unless it numbers the
// failure the finding details ("  1) test unknown sku (Shop.StockTest)" over
// "     Assertion with == failed"), or heads the finding's own block and names the
// file's line the finding does not ("src/tax.js:15:3 lint/suspicious/noDebugger" over
// "  × This is an unexpected use of the debugger statement."; not a line flagged in
// its own right): the two are kept together or neither is, when chosen and when the
// cut is filled. A finding that repeats a chosen one word for word is offered its
// numbered header, or with the head that places it (the place is what it says anew).
// A command that succeeded and whose lines nest by indentation (important/skeleton.ts) offers
// its flagged lines and their key lines first, then its skeleton (the lines
// that head many deeper ones, spread over the whole output, in up to half the
// share), then its indented error and notable lines, which in such an output
// are more often a block's content than its outcome; the rows whose number stands out of a
// table none ranks, or under SMALL_BUDGET the top rows of a table it ranked by a number
// (important/ranked-rows.ts), come before all of these. Under SMALL_BUDGET a command that
// succeeded and flagged only lines that break its rhythm (no table ranked) leaves head and
// tail part of the room: its first and last lines say what it did more often than a
// weak signal in the middle does ("540 libs found in cache …", "Cache generated by: …").
import { AlikeBlocks, Cut, Flagged } from "./cut";
import { HiddenCounts, markerBound, markerText, numberedMarkerBound } from "./marker";
import { Block, blockOf, isContinuation } from "./important/blocks";
import { isAssertion, isBareLocation, isLabelledDetail, isFrame, isLibraryFrame, isMarkedFrame, locatesCode } from "./important/frames";
import { Kind, kindName, rankOf } from "./important/kinds";
import { inlineMarkerBound, linesIn, NUMBERED_BELOW, numberedHeadEnd, numberedTailStart, prefixWidth } from "./important/numbered";
import { countLines } from "./important/counts";
import { Filled, introduces } from "./important/fill";
import { groupKey, novelFirst, placeBelowEnd } from "./important/novel";
import { LineNoter } from "./important/notes";
import { refineScan } from "./important/refine";
import { findRepeats } from "./important/repeats";
import { blockHeadOf, headerOf, itemAbove, opensNumberedItem, placesFinding } from "./important/parents";
import { isNoticeLine } from "./important/notice";
import { userPlacesFirst } from "./important/user-places";
import { namesPlace, opensWithPlace } from "./important/place";
import { encodedRunAtEnd, headPieces } from "./important/encoded";
import { oneGapCut } from "./important/one-gap";
import { Scan, scanImportant } from "./important/scan";
import { Shapes } from "./important/shapes";
import { planToCut, planTruncateWithStats, renderTruncatePlan } from "./truncate";
import { CharCode, isAlpha, isDigit, isIdentChar, isSpace, isSpaceOrTab } from "./util/chars";
import { countNewlines, findNewline, gapEnd, headCut, lettersEnd, lineStartAt, onlyPointer, safeEnd, tailCut, tokenEnd, unitAt } from "./util/lines";
import { StrBuf } from "./util/strbuf";
import { sortI64 } from "./util/sort-ints";
import { sliceInts } from "./util/int-slice";
import { U32Map } from "./util/u32-map";

/** Share of the content room (budget minus markers) flagged blocks may take; head and tail get the rest. */
const IMPORTANT_SHARE: f64 = 0.7;
/**
 * Under this budget the failures come first: flagged lines may take a larger
 * share, and the cut is numbered rather than marked gap by gap (a marker on
 * every gap would cost more than the lines it separates).
 */
const SMALL_BUDGET: i32 = NUMBERED_BELOW;
const IMPORTANT_SHARE_SMALL: f64 = 1.0;
/**
 * Under SMALL_BUDGET, the share of a command that succeeded and flagged nothing but lines
 * that break its rhythm: such weak signals leave head and tail the first and last lines,
 * where a quiet output most often says what it did ("540 libs found in cache …") or sums up.
 */
const QUIET_SHARE_SMALL: f64 = 0.6;
/** Summaries and warnings considered: this many from each end. */
const FLOOD_ENDS: i32 = 3;
/** A run that succeeded is about its warnings when at least one line in this many is one. */
const WARNED_SHARE: i32 = 4;
/** Above a small budget, a warning's repeats are offered when it is said in this many places at most. */
const RARE_PLACES: i32 = 4;
/** A flagged line is cut to a prefix only when at least this much of it fits. */
const MIN_PARTIAL: i32 = 48;
/** A line whose first tokens break a column of at least this many lines is offered the budget with the errors. */
const STRONG_RHYTHM: i32 = 32;
/** User frames between a block's first and last one offered when lines are numbered, at most. */
const MIDDLE_FRAMES: i32 = 4;
/** Lines of a failure's block kept before the rest of it: its user frame and this many assertion lines. */
const ASSERTIONS_PER_BLOCK: i32 = 2;
/** Lines under a failure a labelled detail of it ("  symbol:   variable taxRate") is looked for in. */
const DETAIL_LINES: i32 = 2;
/**
 * A text at most this many times its budget long is cut in one gap when one run of the lines
 * its cut leaves out frees the room (nearFit); a longer one's gaps are many, and a log of
 * thousands of lines is not read again for a run that cannot be.
 */
const NEAR_FIT: i32 = 2;
/** Above SMALL_BUDGET, error lines that overflow their share are numbered when they stand in at least this many separate places. */
const MIN_NUMBERED_GROUPS: i32 = 3;
/** Part of the flagged lines' share a command's skeleton (important/skeleton.ts) may take. */
const SKELETON_PART: f64 = 0.5;
/** Part of the flagged lines' share the top rows of a ranked table (important/ranked-rows.ts) may take. */
const RANKED_PART: f64 = 0.6;
/** A line at least this long that is chosen word for word already is not offered again. */
const MIN_REPEATED: i32 = 8;
/** Later error lines a line's name is looked for in (namedLater), at most. */
const MAX_NAMED_AHEAD: i32 = 200;
/** Tokens with letters a progress line holds at most ("test_vat (test_money.MoneyTest.test_vat) ... FAIL": 3). */
const MAX_PROGRESS_WORDS: i32 = 4;

export class KeepResult {
  /** What a numbered cut may still be filled with (keepWithScan, once its layout is settled). */
  plan: FillPlan | null = null;
  constructor(public output: string, public cut: Cut | null) {}
}

/** The offer order, flagged lines and end of a numbered cut's choice, for its fill (filled). */
class FillPlan {
  constructor(public order: Order, public flagged: Flagged, public tailEnd: i32, public shapes: Shapes | null) {}
}

function clampRatio(r: f64): f64 {
  if (r >= 0.0 && r <= 1.0) return r;
  if (r > 1.0) return 1.0;
  if (r < 0.0) return 0.0;
  return 0.5;
}

function isDecoration(c: i32): bool {
  return c == 0x3d || c == CharCode.MINUS || c == CharCode.UNDERSCORE || c == 0x2a || c == CharCode.HASH || c == 0x7e || c == 0x2500;
}

/**
 * A line that only names a section ("=== FAILURES ===", "FAIL", "Failures (2):",
 * "✖ failing tests:", "____ test_vat ____"): mostly rule characters, or at most
 * one word and no number ("expected: 2379" states a value), or two before a
 * closing colon. It states less than a failure's own
 * line and is offered the budget after those.
 */
export function headerLike(s: string, a: i32, b: i32): bool {
  let rule = 0;
  for (let i = a; i < b; i++) if (isDecoration(unitAt(s, i))) rule++;
  if (rule * 2 >= b - a && rule >= 6) return true;
  let words = 0;
  let i = a;
  while (i < b) {
    while (i < b && !isAlpha(unitAt(s, i))) i++;
    const w = i;
    i = lettersEnd(s, i, b);
    if (i - w >= 2) words++;
    if (words > 2) return false;
  }
  let e = b;
  while (e > a && (unitAt(s, e - 1) == CharCode.SPACE || unitAt(s, e - 1) == CharCode.CR)) e--;
  if (e > a && unitAt(s, e - 1) == CharCode.COLON) return true;
  // A word and a number states a value ("expected: 2379", "# tests 113"), not a section.
  return words <= 1 && !holdsDigit(s, a, e);
}

function holdsDigit(s: string, a: i32, b: i32): bool {
  for (let i = a; i < b; i++) if (isDigit(unitAt(s, i))) return true;
  return false;
}

/**
 * Hit indices in the order they are offered the budget: `primary` holds the
 * first and the last error, summaries and exit lines (three from each end),
 * the other errors from both ends inwards, the lines that break a rhythm held
 * over many lines ("not ok" among a hundred "ok"), warnings (three from each
 * end) and the lines that only name a section (under a small budget those and
 * the rhythm's breaks wait in `notables`); `secondary` the other lines
 * that break the output's rhythm, the largest columns first.
 */
class Order {
  primary: i32[] = [];
  secondary: i32[] = [];
  /** Starts of the lines near the end that state a total, offered after the failures' key lines. */
  counts: i32[] = [];
  /** Under a small budget, offered after the totals: repeated errors that name no place, repeated summaries, warnings. */
  late: i32[] = [];
  /**
   * Under a small budget, the first few (FLOOD_ENDS) errors that repeat a message in a
   * place of their own ("shop_test.cc:215: Failure" after "shop_test.cc:93: Failure") or
   * under a numbered failure's line (the others wait in `notables`), offered before the
   * key lines of the errors chosen: each one's line says where it failed, which the
   * context below another cannot say.
   */
  repeats: i32[] = [];
  /**
   * Under a small budget, offered after `repeats`: the lines that break a strong rhythm but
   * hold no keyword, the repeats beyond the first few, then the lines that only name a
   * section. A failure's own place ("shop_test.cc:215: Failure") says more than a line that
   * only stands out ("Expected equality of these values:").
   */
  notables: i32[] = [];
  /** Under a small budget, offered last: the warnings that repeat a message beyond the first few. */
  rest: i32[] = [];
  /**
   * A command that succeeded and whose lines nest: its skeleton's lines as (start, line)
   * pairs, offered after `flagged` (the lines of `primary` but for indented error and
   * notable ones, and under a small budget the warnings at the margin) and their key lines.
   */
  skeleton: i32[] = [];
  flagged: i32[] = [];
  /**
   * The top rows of a table ranked by a number (important/ranked-rows.ts) as (start, line)
   * pairs, offered before all else within RANKED_PART of the share: what the table was printed for.
   */
  ranked: i32[] = [];
}

function selectionOrder(text: string, scan: Scan, shapes: Shapes | null, small: bool, overflow: bool, failed: bool): Order {
  const errors = new Array<i32>();
  const headers = new Array<i32>();
  const summaries = new Array<i32>();
  const warnings = new Array<i32>();
  const notable = new Array<i64>();
  // Under a small budget a banner (the lines that break the rhythm from the first line on,
  // before the output has one) waits behind a failure the run reports further on.
  // So do the lines after the last failure that go on with the label of the line above
  // ("hint: …" under "hint: …"): advice on what to do about it, the failures are the news.
  const lastFailure = small ? lastFailureLine(scan) : 0;
  const opening = lastFailure > 0 ? openingNotables(scan) : 0;
  for (let i = 0; i < scan.count; i++) {
    const kind = unchecked(scan.kinds[i]);
    const r = rankOf(kind);
    const line = unchecked(scan.lineNumbers[i]);
    const header = (r == 3 || kind == Kind.Notable) && headerLike(text, unchecked(scan.lineStarts[i]), unchecked(scan.lineEnds[i]));
    if (header) headers.push(i);
    else if (r == 3) errors.push(i);
    else if (r == 2) summaries.push(i);
    else if (r == 1) warnings.push(i);
    else if (kind == Kind.Notable && shapes !== null) notable.push(notableKey(text, shapes, i, line, line <= opening || (lastFailure > 0 && line > lastFailure && shapes.continuesLead(line - 1))));
  }
  const order = new Order();
  order.counts = countLines(text);
  const primary = order.primary;
  const ne = errors.length;
  // Errors in their order (the first, the last, the others from both ends
  // inwards), each message once and the rarest first; a message repeated for
  // another file or line comes after every error that says something new.
  const errorOrder = new Array<i32>();
  // A line its log level marks as a notice (important/notice.ts: "[INFO] Error stacktraces
  // are turned on.") gives up the first slot to a line without that mark. Not the last: a
  // run often states its outcome at that level ("[INFO] BUILD FAILURE").
  const ends = ne > 2 ? firstBesideNotices(text, scan, errors) : errors;
  if (ne > 0) errorOrder.push(unchecked(ends[0]));
  if (ne > 1) errorOrder.push(unchecked(ends[ne - 1]));
  if (ne > 2) fromBothEnds(ends, 1, ne - 1, ne, errorOrder);
  let novel = new Array<i32>();
  const repeats = new Array<i32>();
  // When they do not all fit, a message's places are facts too: the rarest message's
  // places first, each in line order; and the user's files before a library's.
  // Under a small budget lines are offered one by one, not as blocks: an error whose
  // place is the short line below it ("  --> main.rs:13:34") names a place as well.
  novelFirst(text, scan, errorOrder, 2, novel, repeats, overflow, overflow && small);
  if (overflow) userPlacesFirst(text, scan, novel, repeats);
  // A failure a later error line names again (a runner's progress line before its report)
  // waits: the report says more.
  if (small) namedLater(text, scan, errors, novel, repeats);
  // Under a small budget a line its log level marks as a notice waits with the repeats but for
  // the last error line (a run's outcome at that level): more room goes to a failure's line first.
  if (small && ne > 2) novel = noticesLate(text, scan, novel, unchecked(errors[ne - 1]), order.late);
  for (let j = 0; j < min(2, novel.length); j++) primary.push(unchecked(novel[j]));
  // Summaries the same way: of a dozen "ok  example/pkgN  0.04s" one stands for the others.
  const summaryOrder = new Array<i32>();
  fromBothEnds(summaries, 0, summaries.length, FLOOD_ENDS, summaryOrder);
  const novelSummaries = new Array<i32>();
  const repeatedSummaries = new Array<i32>();
  novelFirst(text, scan, summaryOrder, summaryOrder.length, novelSummaries, repeatedSummaries);
  for (let j = 0; j < novelSummaries.length; j++) primary.push(unchecked(novelSummaries[j]));
  sortI64(notable);
  let k = notable.length - 1;
  for (let j = 2; j < novel.length; j++) primary.push(unchecked(novel[j]));
  // Under a small budget errors and summaries that say nothing new and warnings
  // wait until the failures' key lines and the totals have been offered the budget.
  const late = small ? order.late : primary;
  // Under a small budget a repeat that names its own place comes before the key lines of
  // the errors chosen (its line says where it failed, which their context cannot say for it);
  // one that only counts ("client 3" after "client 1") waits with the other repeats.
  // So does one that details a numbered failure: the item's line above names which it is.
  let known: StaticArray<i32> | null = null;
  for (let j = 0; j < repeats.length; j++) {
    const h = unchecked(repeats[j]);
    const ls = unchecked(scan.lineStarts[h]);
    const line = unchecked(scan.lineNumbers[h]);
    if (!small) primary.push(h);
    else if (namesPlace(text, ls, unchecked(scan.lineEnds[h]), false)) order.repeats.push(h);
    else if (shapes !== null && line <= shapes.count && isSpaceOrTab(unitAt(text, ls))) {
      if (known === null) known = new StaticArray<i32>(shapes.count);
      const item = headerOf(text, shapes, known, line - 1);
      if (item >= 0 && opensNumberedItem(text, shapes, item)) order.repeats.push(h);
      else late.push(h);
    } else late.push(h);
  }
  for (let j = 0; j < repeatedSummaries.length; j++) late.push(unchecked(repeatedSummaries[j]));
  const strong = small ? order.notables : primary;
  while (k >= 0 && (unchecked(notable[k]) >> 61) != 0) strong.push(notableIndex(unchecked(notable[k--])));
  // Under a small budget the first few repeats that name their own place come before those
  // lines, the others after them.
  if (small && order.repeats.length > FLOOD_ENDS) {
    for (let j = FLOOD_ENDS; j < order.repeats.length; j++) strong.push(unchecked(order.repeats[j]));
    order.repeats.length = FLOOD_ENDS;
  }
  // Warnings: each message once, the first warning in front (a build's first diagnostic is
  // read first, and those after it often follow from it), then the rarest first ("length
  // comparison to zero" before the fifth "needless borrow"), with every place of a message
  // few lines say (rareCopies); three from each end while they repeat one message, fewer
  // as those places fill the 2 * FLOOD_ENDS.
  const warningOrder = new Array<i32>();
  fromBothEnds(warnings, 0, warnings.length, warnings.length, warningOrder);
  const novelWarnings = new Array<i32>();
  const repeatedWarnings = new Array<i32>();
  novelFirst(text, scan, warningOrder, 1, novelWarnings, repeatedWarnings, false, false, true);
  // Under a small budget, a run that succeeded with warnings on a good part of its lines is
  // about them: each message once says more than the lines that only break a rhythm.
  if (small && !failed && lastFailure == 0 && warnings.length * WARNED_SHARE >= scan.totalLines) order.notables = novelWarnings.concat(order.notables);
  else for (let j = 0; j < novelWarnings.length; j++) late.push(unchecked(novelWarnings[j]));
  let w = 0;
  for (; w < repeatedWarnings.length && w < 2 * FLOOD_ENDS - novelWarnings.length; w++) late.push(unchecked(repeatedWarnings[w]));
  // The other repeats are offered last, the shortest first (each says where a message shown
  // already repeats), so that room left once all else is offered shows more of a run's
  // findings rather than going unused. Above a small budget too, those of a message said in
  // RARE_PLACES places at most: its every place is a fact a few lines hold, where a common
  // message's many places would take the room head and tail show the run's end in.
  let places: U32Map | null = null;
  if (!small) {
    places = new U32Map();
    for (let j = 0; j < warnings.length; j++) {
      const k = groupKey(text, scan, unchecked(warnings[j]));
      places.set(k, places.valueOr(k, 0) + 1);
    }
  }
  const restKeys = new Array<i64>();
  for (; w < repeatedWarnings.length; w++) {
    const h = unchecked(repeatedWarnings[w]);
    if (places !== null && places.valueOr(groupKey(text, scan, h), 0) > RARE_PLACES) continue;
    restKeys.push((<i64>(unchecked(scan.lineEnds[h]) - unchecked(scan.lineStarts[h])) << 32) | <i64>h);
  }
  sortI64(restKeys);
  // Above a small budget they are offered when they are few: a handful of lines then shows
  // every warning's place, where many would take what the run's last lines say.
  if (small || restKeys.length <= 2 * FLOOD_ENDS) for (let j = 0; j < restKeys.length; j++) order.rest.push(<i32>(unchecked(restKeys[j]) & 0xffffffff));
  fromBothEnds(headers, 0, headers.length, headers.length, strong);
  for (; k >= 0; k--) order.secondary.push(notableIndex(unchecked(notable[k])));
  return order;
}

/**
 * `list` (error hits in line order) with its first line that is no notice moved to
 * the front, the lines before it keeping their order: `list` itself when that one
 * is first already, or every line is a notice.
 */
function firstBesideNotices(text: string, scan: Scan, list: i32[]): i32[] {
  const n = list.length;
  let first = 0;
  while (first < n && isNoticeLine(text, unchecked(scan.lineStarts[list[first]]), unchecked(scan.lineEnds[list[first]]))) first++;
  if (first == 0 || first == n) return list;
  const errors = sliceInts(list, 0, n);
  const h = unchecked(errors[first]);
  for (let j = first; j > 0; j--) unchecked((errors[j] = errors[j - 1]));
  unchecked((errors[0] = h));
  return errors;
}

/** The hits of `list` but the lines a log level marks as notices, which go to `late`; `last` stays where it is. */
function noticesLate(text: string, scan: Scan, list: i32[], last: i32, late: i32[]): i32[] {
  const rest = new Array<i32>();
  for (let j = 0; j < list.length; j++) {
    const h = unchecked(list[j]);
    if (h != last && isNoticeLine(text, unchecked(scan.lineStarts[h]), unchecked(scan.lineEnds[h]))) late.push(h);
    else rest.push(h);
  }
  return rest;
}

/** A token at least this long names one thing (a test, a file's path): two lines holding it name the same. */
const MIN_NAME: i32 = 16;


/**
 * The name a progress line gives, packed as (start << 32) | end: its longest
 * token, when the line holds at most MAX_PROGRESS_WORDS tokens with letters (a
 * longer line is a message); 0 otherwise.
 */
function progressName(s: string, a: i32, b: i32): i64 {
  let best: i64 = 0;
  let bestLen = 0;
  let words = 0;
  for (let i = gapEnd(s, a, b); i < b; i = gapEnd(s, i, b)) {
    const w = i;
    let letters = false;
    for (; i < b && !isSpaceOrTab(unitAt(s, i)); i++) if (isAlpha(unitAt(s, i))) letters = true;
    if (letters && ++words > MAX_PROGRESS_WORDS) return 0;
    if (i - w > bestLen) {
      bestLen = i - w;
      best = (<i64>w << 32) | <i64>i;
    }
  }
  return best;
}

/** s[a, b) is a token of the line s[ls, le): found there between gaps. */
function hasToken(s: string, ls: i32, le: i32, a: i32, b: i32): bool {
  const len = b - a;
  for (let w = gapEnd(s, ls, le); w + len <= le; w = gapEnd(s, w, le)) {
    const e = tokenEnd(s, w, le);
    if (e - w == len && w != a && sameUnits(s, w, a, len)) return true;
    w = e;
  }
  return false;
}

@inline function isOpenBracket(c: i32): bool {
  return c == CharCode.LPAREN || c == CharCode.LBRACKET;
}

@inline function isCloseBracket(c: i32): bool {
  return c == CharCode.RPAREN || c == CharCode.RBRACKET;
}

/**
 * Every token of the line s[ls, le) is a token of the line s[os, oe) too, but for
 * punctuation ("...") and one word of letters alone (its status: "ERROR", "FAIL"):
 * the line says nothing the other does not. "E   ZeroDivisionError: integer division
 * …" keeps its words in a summary line too, but "E" is no status word.
 */
function onlyStatusBesides(s: string, ls: i32, le: i32, os: i32, oe: i32): bool {
  let status = 0;
  let i = ls;
  while (i < le) {
    i = gapEnd(s, i, le);
    const w = i;
    let letters = 0;
    let others = 0;
    while (i < le && !isSpaceOrTab(unitAt(s, i))) {
      if (isAlpha(unitAt(s, i))) letters++;
      else others++;
      i++;
    }
    if (i == w || letters == 0 || hasToken(s, os, oe, w, i)) continue;
    // A status in brackets is a status still: "(Failed)".
    if (others == 2 && isOpenBracket(unitAt(s, w)) && isCloseBracket(unitAt(s, i - 1))) others = 0;
    if (others > 0 || letters < 2 || ++status > 1) return false;
  }
  return status == 1;
}

/**
 * An error line of errors[from, to) (by `step`) not waiting itself holds the name s[a, b)
 * of the line s[hs, he), which says nothing else but a status.
 */
function namedAmong(s: string, scan: Scan, errors: i32[], named: StaticArray<u8>, from: i32, to: i32, step: i32, hs: i32, he: i32, a: i32, b: i32): bool {
  for (let j = from; j != to; j += step) {
    const o = unchecked(errors[j]);
    const os = unchecked(scan.lineStarts[o]);
    const oe = unchecked(scan.lineEnds[o]);
    if (unchecked(named[o]) == 0 && hasToken(s, os, oe, a, b) && onlyStatusBesides(s, hs, he, os, oe)) return true;
  }
  return false;
}

/**
 * Moves from `novel` to the front of `repeats` each error line whose longest token (a
 * name of MIN_NAME units or more) a later error line holds too: unittest's
 * "test_vat (test_money.MoneyTest.test_vat) ... FAIL" before its report "FAIL:
 * test_vat (test_money.MoneyTest.test_vat)" and the traceback under it. The first
 * two of `novel` (the first and the last error) are kept in place unless they are
 * such a line. Errors is in line order; each line is compared with the MAX_NAMED_AHEAD
 * errors after it and, failing those, the MAX_NAMED_AHEAD before it, so this stays linear.
 * A closing list that only names again what an error line above stated ("17 -
 * price_17_standard (Failed)" under "17/48 Test #17: price_17_standard ...***Failed")
 * goes behind every repeat: the lines above it said it first, and said more.
 */
function namedLater(text: string, scan: Scan, errors: i32[], novel: i32[], repeats: i32[]): void {
  const ne = errors.length;
  if (ne < 2) return;
  // The error lines a later one names again (1), and those that only name an earlier one again (2), by scan index.
  const named = new StaticArray<u8>(scan.lineStarts.length);
  let anyNamed = false;
  for (let k = 0; k < ne; k++) {
    const h = unchecked(errors[k]);
    // A progress line is a name, maybe its qualified form, and a status.
    const hs = unchecked(scan.lineStarts[h]);
    const he = unchecked(scan.lineEnds[h]);
    const tok = progressName(text, hs, he);
    const a = <i32>(tok >> 32);
    const b = <i32>(tok & 0xffffffff);
    if (b - a < MIN_NAME) continue;
    const m = namedAmong(text, scan, errors, named, k + 1, min(ne, k + 1 + MAX_NAMED_AHEAD), 1, hs, he, a, b) ? 1 : namedAmong(text, scan, errors, named, k - 1, max(-1, k - 1 - MAX_NAMED_AHEAD), -1, hs, he, a, b) ? 2 : 0;
    if (m == 0) continue;
    unchecked((named[h] = <u8>m));
    anyNamed = true;
  }
  if (!anyNamed) return;
  const kept = new Array<i32>();
  const waiting = new Array<i32>();
  const last = new Array<i32>();
  for (let j = 0; j < novel.length; j++) {
    const h = unchecked(novel[j]);
    const m = unchecked(named[h]);
    if (m == 1) waiting.push(h);
    else if (m == 2) last.push(h);
    else kept.push(h);
  }
  novel.length = 0;
  for (let j = 0; j < kept.length; j++) novel.push(unchecked(kept[j]));
  for (let j = 0; j < repeats.length; j++) {
    const h = unchecked(repeats[j]);
    if (unchecked(named[h]) == 2) last.push(h);
    else waiting.push(h);
  }
  repeats.length = 0;
  for (let j = 0; j < waiting.length; j++) repeats.push(unchecked(waiting[j]));
  for (let j = 0; j < last.length; j++) repeats.push(unchecked(last[j]));
}

function notableIndex(key: i64): i32 {
  return 0x7fffffff - <i32>(key & 0x7fffffff);
}

/**
 * Sort key of a notable line (scan index i): strong ones first (breaking a
 * rhythm held over STRONG_RHYTHM lines where the line says what it is), then
 * the outer ones (a "not ok" at the margin before the keys of its indented
 * report), then by the size of the column they break, earlier lines first.
 */
function notableKey(text: string, shapes: Shapes, i: i32, line: i32, banner: bool): i64 {
  const d = min(shapes.deviation(line - 1), 0xfffff);
  // A library's frame breaks its column by the name of its function, which says nothing
  // of the outcome: never strong, it waits for the lines that do. The user's frame
  // says where the failure is.
  const ls = unchecked(shapes.starts[line - 1]);
  const le = unchecked(shapes.ends[line - 1]);
  const strong = !banner && shapes.deviation(line - 1, true) >= STRONG_RHYTHM && !(isMarkedFrame(text, ls, le) && isLibraryFrame(text, ls, le));
  const start = unchecked(shapes.starts[line - 1]);
  const end = unchecked(shapes.ends[line - 1]);
  let indent = 0;
  while (start + indent < end && indent < 255 && (unitAt(text, start + indent) == CharCode.SPACE || unitAt(text, start + indent) == CharCode.TAB)) indent++;
  return (<i64>(strong ? 1 : 0) << 61) | (<i64>(255 - indent) << 51) | (<i64>d << 31) | <i64>(0x7fffffff - i);
}

/**
 * The last line of the output's opening run of notable lines: lines 1, 2, … each flagged
 * notable and nothing else ("platform linux -- Python 3.11.7, …", "rootdir: …" before a
 * test session's progress lines); 0 when line 1 is not one. A rhythm is broken by a line
 * only once it is held: these are a banner, each line unlike the others.
 */
function openingNotables(scan: Scan): i32 {
  let last = 0;
  for (let i = 0; i < scan.count; i++) {
    const line = unchecked(scan.lineNumbers[i]);
    if (line == last) return last - 1;
    if (line != last + 1 || unchecked(scan.kinds[i]) != Kind.Notable) break;
    last = line;
  }
  return last;
}

/** list[lo, hi) alternately from the front and the back, at most `perEnd` from each end. */
function fromBothEnds(list: i32[], lo: i32, hi: i32, perEnd: i32, out: i32[]): void {
  let front = lo;
  let back = hi - 1;
  let taken = 0;
  while (front <= back && taken < perEnd) {
    out.push(unchecked(list[front++]));
    if (front <= back) out.push(unchecked(list[back--]));
    taken++;
  }
}

/** The hits of `hits` whose line breaks a rhythm by one of its leading tokens, or states a rare state last. */
function leadingBreaks(scan: Scan, shapes: Shapes, hits: i32[]): i32[] {
  const out = new Array<i32>();
  for (let k = 0; k < hits.length; k++) {
    const h = unchecked(hits[k]);
    const line = unchecked(scan.lineNumbers[h]) - 1;
    if (line < shapes.count && (shapes.leadingDeviation(line) > 0 || shapes.lastStateBreak(line))) out.push(h);
  }
  return out;
}

/** The scan flagged no error, summary, exit or warning line: only lines that break a rhythm, if any. */
function onlyRhythmBreaks(scan: Scan): bool {
  for (let i = 0; i < scan.count; i++) if (rankOf(unchecked(scan.kinds[i])) > 0) return false;
  return true;
}

/** The line of the scan's last error or failure, 0 for none. */
function lastFailureLine(scan: Scan): i32 {
  for (let i = scan.count - 1; i >= 0; i--) if (rankOf(unchecked(scan.kinds[i])) == 3) return unchecked(scan.lineNumbers[i]);
  return 0;
}

/** Flagged lines for the markers' "; incl. …" counts: notable lines are candidates, not counted. */
function flaggedOf(scan: Scan): Flagged {
  const f = new Flagged();
  const starts = new Array<i32>();
  const ranks = new Array<i32>();
  for (let i = 0; i < scan.count; i++) {
    const r = rankOf(unchecked(scan.kinds[i]));
    if (r == 0) continue;
    starts.push(unchecked(scan.lineStarts[i]));
    ranks.push(r);
  }
  f.starts = starts;
  f.ranks = ranks;
  return f;
}

function hiddenBound(scan: Scan): HiddenCounts {
  const h = new HiddenCounts();
  for (let i = 0; i < scan.count; i++) {
    const r = rankOf(unchecked(scan.kinds[i]));
    if (r == 3) h.errors++;
    else if (r == 2) h.summaries++;
    else if (r == 1) h.warnings++;
  }
  return h;
}

class Chosen {
  starts: i32[] = [];
  ends: i32[] = [];
  firstLines: i32[] = [];

  /** The flagged line (scan index) each range was chosen for; -1 for a key line of a block. */
  hits: i32[] = [];

  get count(): i32 {
    return this.starts.length;
  }

  add(start: i32, end: i32, firstLine: i32, hit: i32): void {
    this.starts.push(start);
    this.ends.push(end);
    this.firstLines.push(firstLine);
    this.hits.push(hit);
  }

  /** Leaves out the ranges chosen after the first `count`. */
  drop(count: i32): void {
    this.starts.length = count;
    this.ends.length = count;
    this.firstLines.length = count;
    this.hits.length = count;
  }

  covers(start: i32, end: i32): bool {
    for (let i = 0; i < this.starts.length; i++) {
      if (unchecked(this.starts[i]) <= start && end <= unchecked(this.ends[i])) return true;
    }
    return false;
  }

  /**
   * Flagged lines not chosen because a chosen line says the same word for word:
   * their blocks' key lines may still differ ("error[E0308]: mismatched types"
   * before another file's location).
   */
  echoes: i32[] = [];
  /** Echoes whose key lines have been offered already. */
  echoFrom: i32 = 0;

  /** A chosen range holds a line whose text is text[start, end) exactly (not too short to matter). */
  repeats(text: string, start: i32, end: i32): bool {
    return this.repeatOf(text, start, end) >= 0;
  }

  /** Where the chosen line repeats: (its range's index << 32) | its start; -1 when none does. */
  repeatOf(text: string, start: i32, end: i32): i64 {
    const len = end - start;
    if (len < MIN_REPEATED) return -1;
    for (let i = 0; i < this.starts.length; i++) {
      const rs = unchecked(this.starts[i]);
      const re = unchecked(this.ends[i]);
      let p = rs;
      while (p + len <= re) {
        const nl = findNewline(text, p, re);
        let le = nl;
        if (le > p && unitAt(text, le - 1) == CharCode.CR) le--;
        if (le - p == len && p != start && sameUnits(text, p, start, len)) return (<i64>i << 32) | <i64>p;
        p = nl + 1;
      }
    }
    return -1;
  }

  /**
   * A chosen range shows text[start, end) elsewhere, word for word, maybe inside a longer
   * line ("[  FAILED  ] TaxTest.SumsTax" within "[  FAILED  ] TaxTest.SumsTax (0 ms)"):
   * numbered, such a line costs a number and adds no word. The line's indentation and a
   * CR ending are not its words, and the copy must start and end where words do:
   * "TaxTest.Sums" is not shown by "TaxTest.SumsTax", nor "x.exs:1" by "x.exs:12".
   */
  shows(text: string, start: i32, end: i32): bool {
    while (start < end && isSpaceOrTab(unitAt(text, start))) start++;
    if (end > start && unitAt(text, end - 1) == CharCode.CR) end--;
    const len = end - start;
    if (len < MIN_REPEATED) return false;
    const first = unitAt(text, start);
    for (let i = 0; i < this.starts.length; i++) {
      const rs = unchecked(this.starts[i]);
      const re = unchecked(this.ends[i]);
      for (let p = rs; p <= re - len; p++) {
        if (p == start || unitAt(text, p) != first) continue;
        if (p > rs && !isSpace(unitAt(text, p - 1))) continue;
        if (p + len < re && isIdentChar(unitAt(text, p + len))) continue;
        if (sameUnits(text, p, start, len)) return true;
      }
    }
    return false;
  }

  /** Units of [start, end) that no chosen range covers. */
  uncovered(start: i32, end: i32): i32 {
    const parts = new Array<i64>();
    for (let i = 0; i < this.starts.length; i++) {
      const s = max(start, unchecked(this.starts[i]));
      const e = min(end, unchecked(this.ends[i]));
      if (e > s) parts.push((<i64>s << 32) | <i64>e);
    }
    return end - start - unionLength(parts);
  }

  /** What adding [start, end) costs: its new units, plus a gap's marker unless it touches a chosen range. */
  cost(start: i32, end: i32, perGap: i32): i32 {
    let touches = false;
    for (let i = 0; i < this.starts.length; i++) {
      if (max(start, unchecked(this.starts[i])) <= min(end, unchecked(this.ends[i]))) touches = true;
    }
    return this.uncovered(start, end) + (touches ? 0 : perGap);
  }

  /**
   * Where a range [start, end) should really start and end: a gap to a chosen
   * range shorter than its marker would be is kept instead of being marked.
   * Packed as (start << 32) | end.
   */
  bridged(start: i32, end: i32, perGap: i32): i64 {
    let s = start;
    let e = end;
    for (let i = 0; i < this.starts.length; i++) {
      const rs = unchecked(this.starts[i]);
      const re = unchecked(this.ends[i]);
      if (re <= start && start - re < perGap && re < s) s = re;
      if (rs >= end && rs - end < perGap && rs > e) e = rs;
    }
    return (<i64>s << 32) | <i64>e;
  }

  /**
   * Exact units and markers the first `take` ranges need: their union, and one
   * marker per separate group; numbered (perLine > 0), the union and a number per line.
   */
  spent(text: string, take: i32, perGap: i32, perLine: i32): i32 {
    if (perLine > 0) return this.spentNumbered(text, take, perLine);
    const parts = new Array<i64>(take);
    for (let i = 0; i < take; i++) unchecked((parts[i] = (<i64>unchecked(this.starts[i]) << 32) | <i64>unchecked(this.ends[i])));
    sortI64(parts);
    let total = 0;
    let curEnd = -1;
    for (let i = 0; i < take; i++) {
      const s = <i32>(unchecked(parts[i]) >> 32);
      const e = <i32>(unchecked(parts[i]) & 0xffffffff);
      if (s > curEnd) {
        total += e - s + perGap;
        curEnd = e;
      } else if (e > curEnd) {
        total += e - curEnd;
        curEnd = e;
      }
    }
    return total;
  }

  private spentNumbered(text: string, take: i32, perLine: i32): i32 {
    const parts = new Array<i64>(take);
    for (let i = 0; i < take; i++) unchecked((parts[i] = (<i64>unchecked(this.starts[i]) << 32) | <i64>unchecked(this.ends[i])));
    sortI64(parts);
    let total = 0;
    let runStart = -1;
    let runEnd = -1;
    for (let i = 0; i <= take; i++) {
      const s = i < take ? <i32>(unchecked(parts[i]) >> 32) : 0x7fffffff;
      const e = i < take ? <i32>(unchecked(parts[i]) & 0xffffffff) : 0x7fffffff;
      if (s > runEnd) {
        if (runEnd > runStart) total += runEnd - runStart + perLine * linesIn(text, runStart, runEnd);
        runStart = s;
        runEnd = e;
      } else if (e > runEnd) runEnd = e;
    }
    return total;
  }
}

/** text[a, a + len) and text[b, b + len) hold the same units. */
function sameUnits(text: string, a: i32, b: i32, len: i32): bool {
  const base = changetype<usize>(text);
  return memory.compare(base + (<usize>a << 1), base + (<usize>b << 1), <usize>len << 1) == 0;
}

/** Length of the union of ranges packed as (start << 32) | end. */
function unionLength(parts: i64[]): i32 {
  sortI64(parts);
  let total = 0;
  let curEnd = -1;
  for (let i = 0; i < parts.length; i++) {
    const s = <i32>(unchecked(parts[i]) >> 32);
    const e = <i32>(unchecked(parts[i]) & 0xffffffff);
    if (s >= curEnd) {
      total += e - s;
      curEnd = e;
    } else if (e > curEnd) {
      total += e - curEnd;
      curEnd = e;
    }
  }
  return total;
}

/** Builds the cut for the first `take` chosen ranges plus head and tail over `rest` units. */
function cutWith(text: string, scan: Scan, chosen: Chosen, take: i32, rest: i32, ratio: f64, hint: string, alike: AlikeBlocks | null, perLine: i32, tailEnd: i32): Cut {
  const n = text.length;
  const numbered = perLine > 0;
  const headRoom = <i32>Math.floor(<f64>rest * ratio);
  // The head stops where an encoded run that ends the output starts: the run is left to its marker.
  let headEnd = min(numbered ? numberedHeadEnd(text, headRoom, perLine) : headCut(text, headRoom), tailEnd);
  let headCost = numbered ? headEnd + perLine * linesIn(text, 0, headEnd) : headEnd;
  // Unnumbered, the head folds runs of encoded lines and shows the start of a long
  // line (important/encoded.ts); a chosen line the head shows too is paid for once.
  const perGap = markerBound(n, scan.totalLines, hint, null) + 2;
  const head = headPieces(text, numbered ? 0 : headRoom, perGap, tailEnd);
  if (head.reshaped) {
    headEnd = head.extent;
    headCost = head.used - headEnd + chosen.uncovered(0, headEnd);
  }
  // A run of encoded bytes that ends the output (from `tailEnd` on) is left to the marker.
  const tailStart = max(numbered ? numberedTailStart(text, rest - headCost, perLine, tailEnd) : tailCut(text, rest - headCost, tailEnd), headEnd);
  // Ranges sorted by start; keys pack start and index.
  const keys = new Array<i64>(take);
  for (let i = 0; i < take; i++) unchecked((keys[i] = (<i64>unchecked(chosen.starts[i]) << 32) | <i64>i));
  sortI64(keys);
  const cut = new Cut(text, scan.totalLines);
  cut.numbered = numbered;
  cut.alike = alike;
  keepAround(cut, 0, headEnd, 1, head.gaps);
  let lastEnd = headEnd;
  let lastEndLine = 1 + countNewlines(text, 0, headEnd);
  for (let k = 0; k < take; k++) {
    const i = <i32>(unchecked(keys[k]) & 0xffffffff);
    let s = unchecked(chosen.starts[i]);
    if (s >= tailStart) break;
    const e = unchecked(chosen.ends[i]);
    let first = unchecked(chosen.firstLines[i]);
    if (s > lastEnd && !numbered) {
      if (shorterThanMarker(text, scan.totalLines, lastEnd, s, lastEndLine, first, hint)) {
        s = lastEnd;
        first = lastEndLine;
      }
    }
    cut.keep(s, e, first);
    if (e > lastEnd) {
      lastEndLine = first + countNewlines(text, s, e);
      lastEnd = e;
    }
  }
  if (tailStart < tailEnd) {
    const totalNewlines = scan.totalLines - (unitAt(text, n - 1) == CharCode.LF ? 0 : 1);
    let start = tailStart;
    let first = 1 + totalNewlines - countNewlines(text, tailStart, n);
    if (start > lastEnd && !numbered && shorterThanMarker(text, scan.totalLines, lastEnd, start, lastEndLine, first, hint)) {
      start = lastEnd;
      first = lastEndLine;
    }
    cut.keep(start, tailEnd, first);
  }
  return cut;
}

/**
 * Keeps [from, to) (from line `firstLine`) but the gaps inside it, packed as
 * (start << 32) | end in text order.
 */
function keepAround(cut: Cut, from: i32, to: i32, firstLine: i32, gaps: i64[]): void {
  for (let j = 0; j < gaps.length; j++) {
    const g = unchecked(gaps[j]);
    const a = <i32>(g >> 32);
    if (a <= from) continue;
    cut.keep(from, a, firstLine);
    const b = <i32>(g & 0xffffffff);
    firstLine += countNewlines(cut.text, from, b);
    from = b;
  }
  cut.keep(from, to, firstLine);
}

/**
 * The gap [a, b) (from line `firstLine` to the line `lastLine` starts) is no
 * longer than the shortest marker that could stand for it: kept, not marked.
 */
function shorterThanMarker(text: string, total: i32, a: i32, b: i32, firstLine: i32, lastLine: i32, hint: string): bool {
  const units = b - a;
  if (units > 160 + hint.length) return false;
  return units <= markerText(units, firstLine, max(lastLine, firstLine), total, false, null, hint).length + 1;
}

/** keepImportant, also returning the cut (kept ranges, omitted code points) for callers in the core. */
export function keepImportantResult(text: string, budget: i32, headRatio: f64, hint: string): KeepResult {
  const n = text.length;
  if (n <= budget) return new KeepResult(text, null);
  const scan = scanImportant(text, true);
  const shapes = new Shapes(text, scan.totalLines, new LineNoter(scan), scan.newlineAt);
  return keepWithScan(text, refineScan(text, scan, shapes, -1), budget, headRatio, hint, shapes);
}

function plainTruncation(text: string, scan: Scan, budget: i32, ratio: f64, hint: string): KeepResult {
  const plan = planTruncateWithStats(text, budget, ratio, hint, scan.totalLines, scan.pairs);
  const out = renderTruncatePlan(text, plan);
  const cut = planToCut(text, plan);
  cut.omittedChars = plan.omittedChars;
  return new KeepResult(out, cut);
}

/** What head and tail keep whatever is chosen: [freeHeadEnd, freeTailStart) is where choices cost. */
class Frame {
  /** Numbered (important/numbered.ts): what each kept line's number costs; 0 when every gap has a marker. */
  perLine: i32 = 0;
  /** Each line's header found so far (important/parents.ts), made when a line first needs one. */
  headers: StaticArray<i32> | null = null;
  /**
   * An indented line is offered with its group's header; under SMALL_BUDGET, where a header
   * costs a finding, only one that numbers a failure or places the finding (placeHeadOf).
   */
  withHeaders: bool = false;
  /**
   * The room a notable line is measured against when it is larger than the cap: a quiet output's
   * smaller share (QUIET_SHARE_SMALL) keeps fewer of its rhythm breaks, not shorter ones only.
   */
  signalRoom: i32 = 0;
  constructor(public headEnd: i32, public tailStart: i32, public perGap: i32, public alike: AlikeBlocks | null) {}

  /** Each line's header found so far, made now if no line needed one before. */
  headersOf(shapes: Shapes): StaticArray<i32> {
    let known = this.headers;
    if (known === null) this.headers = known = new StaticArray<i32>(shapes.count);
    return known;
  }

  /** What keeping only the start of [start, end) costs beyond its units: its number and inline marker, or a gap's marker. */
  cutCost(start: i32, end: i32): i32 {
    return this.perLine > 0 ? this.perLine + inlineMarkerBound(end - start) : this.perGap;
  }

  /** What keeping [start, end) costs beyond its new units: a marker for a separate gap, or a number per line. */
  extra(text: string, chosen: Chosen, start: i32, end: i32): i32 {
    if (this.perLine > 0) return this.perLine * linesIn(text, start, end);
    return 0;
  }
}

/** Offers [start, end) (a line and its '\n') to the chosen ranges within `cap`; the new `used`. */
function offer(text: string, chosen: Chosen, frame: Frame, start: i32, end: i32, firstLine: i32, hit: i32, kind: i32, used: i32, cap: i32, startOnly: i32 = 0): i32 {
  const n = text.length;
  const perGap = frame.perGap;
  const left = cap - used;
  if (left < 8) return used;
  const lineEnd = end > start && end <= n && unitAt(text, end - 1) == CharCode.LF ? end - 1 : end;
  // Shown by head or tail anyway, or inside a range chosen before.
  if (lineEnd < frame.headEnd || start >= frame.tailStart) return used;
  if (chosen.covers(start, lineEnd)) return used;
  // A line shown word for word already (a runner repeats each failure in its summary) says nothing new.
  if (frame.perLine > 0 ? chosen.shows(text, start, lineEnd) : chosen.repeats(text, start, lineEnd)) return used;
  const b = chosen.bridged(start, end, perGap);
  let s = <i32>(b >> 32);
  let e = <i32>(b & 0xffffffff);
  let cost = chosen.cost(s, e, perGap) + frame.extra(text, chosen, s, e);
  if (cost > left) {
    s = start;
    e = end;
    cost = chosen.cost(s, e, perGap) + frame.extra(text, chosen, s, e);
  }
  if (cost > left) {
    // The start of a flagged line, when enough of it fits (a notable line is worth it whole only).
    const cutCost = frame.cutCost(start, end);
    if ((hit < 0 && startOnly == 0) || kind == Kind.Notable || left - cutCost < MIN_PARTIAL) return used;
    // One long line (a response body, a minified bundle) takes at most half the share: its start says the rest.
    e = safeEnd(text, start + min(left - cutCost - 1, startOnly > 0 ? startOnly : cap >> 1));
    // A start that ends inside the line's first word shows a place or a name but no message
    // ("src/catalog.cpp:35:"): the room goes to lines that fit whole.
    const word = tokenEnd(text, gapEnd(text, start, lineEnd), lineEnd);
    if (word >= e && word < lineEnd) return used;
    cost = e - start + cutCost;
  }
  // A bridged range starts earlier: its first line counts the newlines skipped back.
  const first = s < start ? firstLine - countNewlines(text, s, start) : firstLine;
  chosen.add(s, e, first, hit);
  return used + cost;
}

/** The line [a, b) of `text` (b at its '\n' or the end) with its '\n'. */
function withNewline(text: string, b: i32): i32 {
  return b < text.length ? b + 1 : b;
}

/**
 * The key lines of each chosen failure's block, in the order the failures were
 * chosen: the first and the last frame naming the user's file rather than a
 * library's (runtimes list the innermost frame first or last), each with its
 * function line when the frame is a bare location, then up to
 * ASSERTIONS_PER_BLOCK lines that state what was expected.
 */
function keyLines(text: string, scan: Scan, shapes: Shapes | null, chosen: Chosen, frame: Frame, from: i32, used: i32, cap: i32): i32 {
  const n = chosen.count;
  const echoes = chosen.echoes.length;
  // Numbered, what each failure expected and what came instead is offered first, for
  // every failure, then where each one failed (a frame costs a few of those short
  // lines), then the other assertion lines.
  const numbered = frame.perLine > 0;
  for (let part = numbered ? ASSERTIONS : ALL_KEYS; part <= (numbered ? OTHER_ASSERTIONS : ALL_KEYS); part++) {
    for (let c = from; c < n; c++) {
      const h = unchecked(chosen.hits[c]);
      if (h >= 0) used = keyLinesOf(text, scan, shapes, h, chosen, frame, used, cap, part);
    }
    for (let c = chosen.echoFrom; c < echoes; c++) used = keyLinesOf(text, scan, shapes, unchecked(chosen.echoes[c]), chosen, frame, used, cap, part);
  }
  chosen.echoFrom = echoes;
  return used;
}

/**
 * Which key lines of a block keyLinesOf offers: all of them; the first assertion line
 * (with the next when adjacent); the user's frames; the other assertion lines.
 */
const ALL_KEYS: i32 = 0;
const ASSERTIONS: i32 = 1;
const FRAMES: i32 = 2;
const OTHER_ASSERTIONS: i32 = 3;

/** The key lines of the block of hit h (see keyLines). */
function keyLinesOf(text: string, scan: Scan, shapes: Shapes | null, h: i32, chosen: Chosen, frame: Frame, used: i32, cap: i32, part: i32): i32 {
  const kind = unchecked(scan.kinds[h]);
  if (rankOf(kind) < 3 && kind != Kind.Notable) return used;
  const block = new Block();
  const hitStart = unchecked(scan.lineStarts[h]);
  const hitLine = unchecked(scan.lineNumbers[h]);
  const hitEnd = unchecked(scan.lineEnds[h]);
  if (kind == Kind.Trace && part <= ASSERTIONS) used = offerClosingLine(text, hitEnd, hitLine, chosen, frame, used, cap);
  blockOf(text, hitStart, hitEnd, hitLine, kind, block, shapes);
  // A trace's user frames may lie past dozens of a framework's frames (a test runner's
  // plugins around the test): they are looked for down to the line that closes it.
  if (kind == Kind.Trace) block.end = max(block.end, traceEnd(text, hitEnd));
  // The labelled detail of a failure that names no place of its own may lie just past its
  // block ("  symbol:   variable taxRate" under "cannot find symbol" under a bare "Error:"):
  // the block runs on that far. A failure that names its place says where to look already.
  // Numbered only: there a detail costs its number, where a marker per gap would cost more.
  const failure = frame.perLine > 0 && rankOf(kind) == 3 && !namesPlace(text, hitStart, hitEnd, false);
  let detailEnd = hitEnd;
  for (let k = 0; failure && k < DETAIL_LINES && detailEnd < text.length; k++) detailEnd = findNewline(text, detailEnd + 1, text.length);
  block.end = max(block.end, withNewline(text, detailEnd));
  let pos = block.start;
  let line = block.firstLine;
  let prevStart = -1;
  let firstFrame = -1;
  let firstFrameLine = 0;
  let lastFrame = -1;
  let lastFrameLine = 0;
  const assertionStarts = new Array<i32>();
  const assertionLines = new Array<i32>();
  const userFrames = new Array<i32>();
  const userFrameLines = new Array<i32>();
  while (pos < block.end) {
    const nl = findNewline(text, pos, block.end);
    if (pos != hitStart) {
      if (isFrame(text, pos, nl)) {
        if (!isLibraryFrame(text, pos, nl) && locatesCode(text, pos, nl)) {
          // A library's frame above a user's location is no function line of it ("\tat java.base/
          // jdk.internal.reflect.…newInstance(….java:45)" over "\tat Ledger.lineTotal(report.groovy:18)",
          // both tab-indented): the user's frame is its own key line then.
          const withFunction = prevStart >= block.start && isBareLocation(text, pos, nl) && !isLibraryFrame(text, prevStart, pos);
          lastFrame = withFunction ? prevStart : pos;
          lastFrameLine = withFunction ? line - 1 : line;
          userFrames.push(lastFrame);
          userFrameLines.push(lastFrameLine);
          if (firstFrame < 0) {
            firstFrame = lastFrame;
            firstFrameLine = lastFrameLine;
          }
        }
      } else if (assertionStarts.length < ASSERTIONS_PER_BLOCK && (isAssertion(text, pos, nl) || (failure && line > hitLine && line <= hitLine + DETAIL_LINES && isLabelledDetail(text, pos, nl)))) {
        assertionStarts.push(pos);
        assertionLines.push(line);
      }
    }
    prevStart = pos;
    pos = nl + 1;
    line++;
  }
  // Where it failed before what was expected: the user's frames, then the assertion lines
  // (numbered, the first assertion lines come apart, before: see keyLines). A first frame
  // that only names a place ("  --> src/main.rs:34:25") costs less than what
  // was expected: it comes with that, first.
  const placeOnly = firstFrame >= 0 && findNewline(text, firstFrame, text.length) - firstFrame <= MIN_PARTIAL;
  if (part == ALL_KEYS || part == FRAMES || (part == ASSERTIONS && placeOnly)) {
    if (firstFrame >= 0) used = offerLines(text, chosen, frame, firstFrame, firstFrameLine, used, cap);
  }
  if ((part == ALL_KEYS || part == FRAMES) && lastFrame > firstFrame) used = offerLines(text, chosen, frame, lastFrame, lastFrameLine, used, cap);
  // First of all the statement of what failed: the first assertion line, with the next one
  // when they are adjacent ("Expected: 2379" over "Received: 2378"); a line apart, the
  // second is most often a label ("expected due to this" under a snippet) and waits.
  const stated = min(assertionLines.length, assertionLines.length > 1 && unchecked(assertionLines[1]) == unchecked(assertionLines[0]) + 1 ? 2 : 1);
  const from = part == OTHER_ASSERTIONS ? stated : 0;
  const to = part == ASSERTIONS ? stated : part == FRAMES ? 0 : assertionStarts.length;
  for (let k = from; k < to; k++) {
    const a = unchecked(assertionStarts[k]);
    used = offer(text, chosen, frame, a, withNewline(text, findNewline(text, a, text.length)), unchecked(assertionLines[k]), -1, Kind.None, used, cap);
  }
  // Numbered, a line costs its number rather than a marker: the user's frames between come next.
  if (frame.perLine > 0 && part == FRAMES) {
    for (let k = 1; k < userFrames.length - 1 && k <= MIDDLE_FRAMES; k++) used = offerLines(text, chosen, frame, unchecked(userFrames[k]), unchecked(userFrameLines[k]), used, cap);
  }
  return used;
}

/** Frames a trace's closing line is looked for across, at most. */
const MAX_TRACE_LINES: i32 = 2000;

/**
 * Where the continuation lines under a trace's opening line (its frames) end: after the
 * last one's '\n', at most MAX_TRACE_LINES lines on.
 */
function traceEnd(text: string, hitEnd: i32): i32 {
  const n = text.length;
  let end = hitEnd;
  for (let k = 0; k < MAX_TRACE_LINES && end + 1 < n; k++) {
    const next = end + 1;
    const nextEnd = findNewline(text, next, n);
    if (!isContinuation(text, next, nextEnd)) break;
    end = nextEnd;
  }
  return withNewline(text, end);
}

/**
 * Offers the line that closes a trace (its frames, and one blank line between
 * chained parts, are continuation lines): where Python states the exception
 * ("KeyError: 'port'") however many frames the trace holds.
 */
function offerClosingLine(text: string, hitEnd: i32, hitLine: i32, chosen: Chosen, frame: Frame, used: i32, cap: i32): i32 {
  const n = text.length;
  let end = hitEnd;
  let line = hitLine;
  for (let k = 0; k < MAX_TRACE_LINES && end + 1 < n; k++) {
    const next = end + 1;
    const nextEnd = findNewline(text, next, n);
    if (!isContinuation(text, next, nextEnd)) {
      // The closing line: text at the margin, not a blank line.
      if (nextEnd > next && unitAt(text, next) != CharCode.CR) return offer(text, chosen, frame, next, withNewline(text, nextEnd), line + 1, -1, Kind.None, used, cap);
      return used;
    }
    end = nextEnd;
    line++;
  }
  return used;
}

/**
 * Offers the last line with text above a trace's opening line at `ls` (line `line`), across
 * blank lines: what the program said last before it died ("order 1082 coupons total 60").
 * Not an indented one: that belongs to what came before (a pointer, a frame, a quoted line).
 */
function offerLineAbove(text: string, ls: i32, line: i32, chosen: Chosen, frame: Frame, used: i32, cap: i32): i32 {
  let e = ls - 1;
  while (e > 0 && unitAt(text, e - 1) == CharCode.LF) e--;
  if (e <= 0) return used;
  const a = lineStartAt(text, e);
  // Its line: one above the trace's, and one more for each blank line skipped (ls - 1 - e).
  return isSpaceOrTab(unitAt(text, a)) ? used : offer(text, chosen, frame, a, e + 1, line - ls + e, -1, Kind.None, used, cap);
}

/** Offers the frame starting at `start` (line `line`): its line, and the next one when it is a bare location. */
function offerLines(text: string, chosen: Chosen, frame: Frame, start: i32, line: i32, used: i32, cap: i32): i32 {
  const n = text.length;
  let end = findNewline(text, start, n);
  if (!isFrame(text, start, end) && end < n) end = findNewline(text, end + 1, n);
  return offer(text, chosen, frame, start, withNewline(text, end), line, -1, Kind.None, used, cap);
}

/**
 * Gives `order` the skeleton, and moves the flagged lines ahead of it, in their order,
 * but for indented error and notable lines: in an output that succeeded, such a line
 * inside a block of the skeleton is more often its content ("raise TypeError" in a
 * docstring, "new java/lang/IllegalArgumentException" in a method's code) than its outcome.
 */
function withSkeleton(text: string, scan: Scan, order: Order, skeleton: i32[], ranked: i32): void {
  const rest = new Array<i32>();
  // What stands out is offered with the other flagged lines, ahead of the skeleton.
  const primary = order.primary.concat(order.repeats).concat(order.notables);
  order.repeats = [];
  order.notables = [];
  for (let j = 0; j < primary.length; j++) {
    const h = unchecked(primary[j]);
    const kind = unchecked(scan.kinds[h]);
    const content = (kind == Kind.Notable || rankOf(kind) == 3) && isSpaceOrTab(unitAt(text, unchecked(scan.lineStarts[h])));
    if (!content) order.flagged.push(h);
    else rest.push(h);
  }
  order.primary = rest;
  // Under a small budget the warnings wait for the totals, but a warning at the margin
  // still comes before the skeleton: a build's findings are its outcome.
  const late = new Array<i32>();
  for (let j = 0; j < order.late.length; j++) {
    const h = unchecked(order.late[j]);
    if (rankOf(unchecked(scan.kinds[h])) == 1 && !isSpaceOrTab(unitAt(text, unchecked(scan.lineStarts[h])))) order.flagged.push(h);
    else late.push(h);
  }
  order.late = late;
  // A larger budget is given the rows that stand out only: its head shows a ranked table's top rows.
  order.ranked = sliceInts(skeleton, 0, ranked << 1);
  order.skeleton = sliceInts(skeleton, ranked << 1, skeleton.length);
}

/** Offers the skeleton's lines (start, line pairs) whole, in order; a line a repeated block holds stands for it once. */
function offerSkeleton(text: string, list: i32[], chosen: Chosen, frame: Frame, used: i32, cap: i32): i32 {
  const repeats = frame.alike;
  for (let o = 0; o + 1 < list.length && cap - used >= frame.perGap + 8; o += 2) {
    const start = unchecked(list[o]);
    if (repeats !== null && repeats.covers(start)) continue;
    used = offer(text, chosen, frame, start, withNewline(text, findNewline(text, start, text.length)), unchecked(list[o + 1]), -1, Kind.None, used, cap);
  }
  return used;
}

/** Offers the hits of `list` alone, in order; a notable line only when no chosen notable line has its template. */
function offerHits(text: string, scan: Scan, shapes: Shapes | null, list: i32[], chosen: Chosen, frame: Frame, used: i32, cap: i32): i32 {
  const templates = new Array<i32>();
  // Numbered, a line that would be cut short waits until the lines after it have been
  // offered: a later line that fits whole shows its words verbatim, where the start of
  // the first would not; the waiting lines then get what room is left, in their order.
  const waiting = new Array<i32>();
  const count = list.length;
  for (let o = 0; o < count + waiting.length; o++) {
    if (cap - used < frame.perGap + 8) break;
    const h = o < count ? unchecked(list[o]) : unchecked(waiting[o - count]);
    const kind = unchecked(scan.kinds[h]);
    const ls = unchecked(scan.lineStarts[h]);
    const le = unchecked(scan.lineEnds[h]);
    const line = unchecked(scan.lineNumbers[h]);
    // Too little room left for a line's start: a line that does not fit whole is passed
    // over before the checks that read every chosen range, so that a flood of lines
    // offered once the room is spent costs a pass over them, not one over the chosen per line.
    const left = cap - used;
    const whole = le - ls + 1 + frame.perLine <= left;
    if (kind != Kind.Trace && !whole && left - frame.cutCost(ls, le + 1) < MIN_PARTIAL) continue;
    if (!whole && o < count && frame.perLine > 0 && kind != Kind.Trace && kind != Kind.Notable) {
      waiting.push(h);
      continue;
    }
    // A block that repeats is shown once: its first block stands for the others.
    const repeats = frame.alike;
    if (repeats !== null && repeats.covers(ls)) continue;
    // The item a failure that names none is about, named just above (important/parents.ts).
    const item = shapes !== null && line < shapes.count ? itemAbove(text, shapes, line - 1) : -1;
    if (kind == Kind.Notable && shapes !== null) {
      // A notable line is a short signal; a long one (a link command, a minified blob) is not one.
      if (le - ls > max(cap, frame.signalRoom) >> 2) continue;
      // Dozens of alike lines (the same frame in every thread's dump) are one signal; not
      // when each fails an item of its own, named just above (itemAbove), nor a row at the
      // margin whose first word is rare and its second the table's ("missing blob …" among
      // "dangling blob …"): each is another row in another state.
      if (alike(shapes, templates, line - 1) && item < 0 && (isSpaceOrTab(unitAt(text, ls)) || shapes.deviation(line - 1, true) == 0 || !shapes.steady(line - 1, 1))) continue;
    }
    const before = chosen.count;
    const echoed = chosen.repeatOf(text, ls, le);
    if (echoed >= 0) {
      chosen.echoes.push(h);
      // The same words fail another item: the line above that introduces each names which.
      const i = <i32>(echoed >> 32);
      const p = <i32>(echoed & 0xffffffff);
      used = offerSubject(text, chosen, frame, p, unchecked(chosen.firstLines[i]) + countNewlines(text, unchecked(chosen.starts[i]), p), kind, used, cap);
      used = offerSubject(text, chosen, frame, ls, line, kind, used, cap);
      if (shapes === null) continue;
      // The same words in another block, whose head says where: the place is what is new, and
      // the finding comes with it, whole, or not at all.
      const head = frame.withHeaders ? -1 : placeHeadOf(text, scan, shapes, frame.headersOf(shapes), ls, line);
      if (head >= 0) used = offer(text, chosen, frame, unchecked(shapes.starts[head]), withNewline(text, le), head + 1, -1, Kind.None, used, cap);
      else used = offerNumberedHeader(text, chosen, frame, shapes, ls, line, kind, used, cap);
      continue;
    }
    // A trace's opening line says less than the line that closes it ("ZeroDivisionError: …"): that one goes first.
    if (kind == Kind.Trace) used = offerClosingLine(text, le, line, chosen, frame, used, cap);
    // Numbered, a notable line that introduces the next ("src/hash.c: In function ‘hash_sku’:")
    // is worth nothing without it: the two are offered together, whole, or not at all. (A
    // larger budget grows each chosen line to its block, context included.)
    const end = kind == Kind.Notable && frame.perLine > 0 ? introducedEnd(text, scan, chosen, h, ls, le) : le;
    const ownStart = chosen.count;
    const ownUsed = used;
    used = offer(text, chosen, frame, ls, withNewline(text, end), line, h, kind, used, cap);
    // Above the small budget, a trace brings the line the program logged last before it died.
    // After the trace's own line: offered first, it could be bridged across that line, and the
    // trace, covered, would never be chosen for its key lines.
    if (kind == Kind.Trace && frame.withHeaders) used = offerLineAbove(text, ls, line, chosen, frame, used, cap);
    // A chosen line that is indented is offered its group's header next (the file or
    // suite it belongs to); else one that names no place, the head a few lines above
    // that names it ("In deploy.sh line 25:"); unless a chosen range shows it already.
    if (shapes !== null && chosen.count > before && line <= shapes.count) {
      let header = -1;
      const placeHead = frame.withHeaders ? -1 : placeHeadOf(text, scan, shapes, frame.headersOf(shapes), ls, line);
      if (isSpaceOrTab(unitAt(text, ls))) {
        header = headerOf(text, shapes, frame.headersOf(shapes), line - 1);
        // Under SMALL_BUDGET a header would cost a finding; not one that numbers the
        // failure the finding details, which says which test failed, nor the head of the
        // finding's own block that says where it is (placeHeadOf).
        if (!frame.withHeaders && header >= 0 && header != placeHead && !opensNumberedItem(text, shapes, header)) header = -1;
      }
      if (header < 0 && !namesPlace(text, ls, le, false)) header = blockHeadOf(text, shapes, line - 1);
      if (header < 0) header = item;
      const hs = header >= 0 ? unchecked(shapes.starts[header]) : 0;
      const he = header >= 0 ? unchecked(shapes.ends[header]) : 0;
      if (header >= 0 && !chosen.covers(hs, he)) {
        const added = chosen.count;
        used = offer(text, chosen, frame, hs, withNewline(text, he), header + 1, -1, Kind.None, used, cap);
        // A finding whose place is its head's says too little without it: without room for
        // the head, neither is kept (unless head or tail shows the head anyway).
        if (header == placeHead && chosen.count == added && he >= frame.headEnd && hs < frame.tailStart) {
          chosen.drop(ownStart);
          used = ownUsed;
        }
      }
    }
    if (kind == Kind.Notable && chosen.count > before) templates.push(line - 1);
  }
  return used;
}

/**
 * The head of the indented finding at line `line` (1-based, starting at `ls`) that says
 * where it is (important/parents.ts, placesFinding; `known` as headerOf takes it), else -1.
 * Not a flagged line, whichever build refined the scan: that one is offered at its own rank
 * ("src/a.c:9:15: warning: …" over its quoted source).
 */
export function placeHeadOf(text: string, scan: Scan, shapes: Shapes, known: StaticArray<i32>, ls: i32, line: i32): i32 {
  if (line > shapes.count || !isSpaceOrTab(unitAt(text, ls))) return -1;
  const header = headerOf(text, shapes, known, line - 1);
  if (header < 0 || scan.flags(header + 1) || !placesFinding(text, shapes, header, line - 1)) return -1;
  return header;
}

/**
 * Offers the numbered line an indented error line that repeats one chosen word for word
 * details ("  2) test step 29 (Shop.StockTest)" over "     Assertion with == failed"):
 * which failure it is, when only the number and name differ from one to the next.
 */
function offerNumberedHeader(text: string, chosen: Chosen, frame: Frame, shapes: Shapes, ls: i32, line: i32, kind: i32, used: i32, cap: i32): i32 {
  if (rankOf(kind) < 3 || line > shapes.count || !isSpaceOrTab(unitAt(text, ls))) return used;
  const header = headerOf(text, shapes, frame.headersOf(shapes), line - 1);
  if (header < 0 || !opensNumberedItem(text, shapes, header)) return used;
  const hs = unchecked(shapes.starts[header]);
  const he = unchecked(shapes.ends[header]);
  return chosen.covers(hs, he) ? used : offer(text, chosen, frame, hs, withNewline(text, he), header + 1, -1, Kind.None, used, cap);
}

/**
 * Offers the line above an error line that repeats one chosen word for word, starting
 * at `ls` on line `line`, when it ends in a colon: it introduces the error and names
 * what failed this time ("http://host/b.html:" over "ERROR 404: File not found.").
 */
function offerSubject(text: string, chosen: Chosen, frame: Frame, ls: i32, line: i32, kind: i32, used: i32, cap: i32): i32 {
  if (rankOf(kind) < 3 || ls < 2) return used;
  let e = ls - 1;
  let s = e;
  while (s > 0 && unitAt(text, s - 1) != CharCode.LF) s--;
  let t = e;
  while (t > s && (unitAt(text, t - 1) == CharCode.SPACE || unitAt(text, t - 1) == CharCode.CR)) t--;
  if (t == s || unitAt(text, t - 1) != CharCode.COLON) return used;
  return offer(text, chosen, frame, s, ls, line - 1, -1, Kind.None, used, cap);
}

/**
 * Where the line [ls, le) of hit h ends together with the line it introduces: a
 * line ending in a colon names the context of the next one when that one is an
 * error, a summary or a warning, unless a chosen range shows it already. Any other
 * line ends at le ("previously allocated by thread T0 here:" before its frames
 * says something alone).
 */
function introducedEnd(text: string, scan: Scan, chosen: Chosen, h: i32, ls: i32, le: i32): i32 {
  const n = text.length;
  if (!introduces(text, ls, le) || le >= n || h + 1 >= scan.count) return le;
  const next = le + 1;
  if (unchecked(scan.lineStarts[h + 1]) != next || rankOf(unchecked(scan.kinds[h + 1])) == 0) return le;
  const nextEnd = unchecked(scan.lineEnds[h + 1]);
  return chosen.covers(next, nextEnd) ? le : nextEnd;
}

/**
 * Where the line after the error line ending at `lineEnd` ends when it only names that
 * error's place ("  --> main.rs:55:28" under "error[E0425]: cannot find value …"), else -1.
 * Not a row led by a count ("     1  src/format.ts:4" under "Errors  Files").
 */
export function errorPlaceBelow(text: string, lineEnd: i32): i32 {
  const placeEnd = placeBelowEnd(text, lineEnd);
  if (placeEnd < 0 || isDigit(unitAt(text, gapEnd(text, lineEnd + 1, placeEnd)))) return -1;
  return placeEnd;
}

/**
 * Under a small budget, offers each error line chosen from range `from` on the line below
 * that only names its place (errorPlaceBelow), before the errors that repeat a message:
 * a few units say where it failed.
 */
function offerPlacesBelow(text: string, scan: Scan, chosen: Chosen, frame: Frame, from: i32, used: i32, cap: i32): i32 {
  const count = chosen.count;
  for (let k = from; k < count; k++) {
    const h = unchecked(chosen.hits[k]);
    if (h < 0 || rankOf(unchecked(scan.kinds[h])) < 3) continue;
    const le = unchecked(scan.lineEnds[h]);
    const placeEnd = errorPlaceBelow(text, le);
    // offer() passes over a line chosen already.
    if (placeEnd >= 0) used = offer(text, chosen, frame, le + 1, withNewline(text, placeEnd), unchecked(scan.lineNumbers[h]) + 1, -1, Kind.None, used, cap);
  }
  return used;
}

/** A failure's detail line below it is at most this long. */
const DETAIL_BELOW: i32 = 160;

/**
 * Where the line after the failure line ending at `lineEnd` ends when it opens with the
 * failure's place and says what went wrong ("test_shop.lua:36: expected: 7, actual: 6"
 * under "TestTax.test_discount_on_ten ... FAIL", "    1. test_shop.c:80  - CU_ASSERT_EQUAL(…)"
 * under "  Test: total ...FAILED"), else -1: where a runner's progress lines repeat one
 * verdict, this line is what tells the failures apart.
 */
function detailBelow(text: string, lineEnd: i32): i32 {
  const a = lineEnd + 1;
  const b = findNewline(text, a, text.length);
  return b - a <= DETAIL_BELOW && opensWithPlace(text, a, b) ? b : -1;
}

/**
 * Under a small budget, offers each chosen error line the line below that opens with its
 * place (detailBelow), once the flagged lines had their turn: a runner's progress lines
 * ("… FAIL") are chosen late, and their details tell them apart.
 */
function offerDetailsBelow(text: string, scan: Scan, chosen: Chosen, frame: Frame, used: i32, cap: i32): i32 {
  const count = chosen.count;
  for (let k = 0; k < count; k++) {
    const h = unchecked(chosen.hits[k]);
    if (h < 0 || rankOf(unchecked(scan.kinds[h])) < 3) continue;
    const le = unchecked(scan.lineEnds[h]);
    // A failure that opens with its own place is a row of a list of such rows: the next is its sibling.
    if (opensWithPlace(text, unchecked(scan.lineStarts[h]), le)) continue;
    const detailEnd = detailBelow(text, le);
    // offer() passes over a line chosen already.
    if (detailEnd >= 0) used = offer(text, chosen, frame, le + 1, withNewline(text, detailEnd), unchecked(scan.lineNumbers[h]) + 1, -1, Kind.None, used, cap);
  }
  return used;
}

/** Offers the lines that state a total (important/counts.ts), each alone. */
function offerCounts(text: string, starts: i32[], chosen: Chosen, frame: Frame, used: i32, cap: i32): i32 {
  const n = text.length;
  for (let k = 0; k < starts.length; k++) {
    const s = unchecked(starts[k]);
    const e = findNewline(text, s, n);
    used = offer(text, chosen, frame, s, withNewline(text, e), 1 + countNewlines(text, 0, s), -1, Kind.None, used, cap);
  }
  return used;
}

/** Units of the last line's start offered when the whole line does not fit (offerLastLine). */
const LAST_LINE_START: i32 = 2 * MIN_PARTIAL;

/**
 * Offers the start of the output's last line that is not blank when the whole does not
 * fit: a command ends with its outcome or its last step ("gcc -o bin/inventory …",
 * a link line thousands of units long), which a tail of whole lines cannot show.
 */
function offerLastLine(text: string, scan: Scan, chosen: Chosen, frame: Frame, used: i32, cap: i32): i32 {
  let e = text.length;
  while (e > 0 && (unitAt(text, e - 1) == CharCode.LF || unitAt(text, e - 1) == CharCode.CR || unitAt(text, e - 1) == CharCode.SPACE)) e--;
  if (e == 0) return used;
  let s = e;
  while (s > 0 && unitAt(text, s - 1) != CharCode.LF) s--;
  // A line that fits is left to the tail.
  if (e - s < cap - used) return used;
  const n = text.length;
  const line = 1 + scan.totalLines - (unitAt(text, n - 1) == CharCode.LF ? 0 : 1) - countNewlines(text, s, n);
  return offer(text, chosen, frame, s, withNewline(text, findNewline(text, s, text.length)), line, -1, Kind.None, used, cap, LAST_LINE_START);
}

/** Line i has the template of one of `lines`. */
function alike(shapes: Shapes, lines: i32[], i: i32): bool {
  for (let k = 0; k < lines.length; k++) if (shapes.sameTemplate(unchecked(lines[k]), i)) return true;
  return false;
}

/** Grows every chosen flagged line to its block (context, frames) while the cap lasts. */
function growBlocks(text: string, scan: Scan, shapes: Shapes | null, chosen: Chosen, used: i32, cap: i32, perLine: i32): i32 {
  const block = new Block();
  for (let i = 0; i < chosen.count; i++) {
    const h = unchecked(chosen.hits[i]);
    if (h < 0) continue;
    blockOf(text, unchecked(scan.lineStarts[h]), unchecked(scan.lineEnds[h]), unchecked(scan.lineNumbers[h]), unchecked(scan.kinds[h]), block, shapes);
    // Only ever grows: a range keeps what it had (a bridged start included).
    const s = min(block.start, unchecked(chosen.starts[i]));
    const e = max(block.end, unchecked(chosen.ends[i]));
    // The range only grows and still touches what it touched: the new units are the whole cost.
    let grown = used + chosen.uncovered(s, e);
    if (perLine > 0) grown += perLine * (linesIn(text, s, e) - linesIn(text, unchecked(chosen.starts[i]), unchecked(chosen.ends[i])));
    if (grown > cap) continue;
    const first = s == block.start ? block.firstLine : unchecked(chosen.firstLines[i]);
    unchecked((chosen.starts[i] = s));
    unchecked((chosen.ends[i] = e));
    unchecked((chosen.firstLines[i] = first));
    used = grown;
  }
  return used;
}

/**
 * The ranges chosen within `cap`: the primary flagged lines alone, the key lines
 * of their blocks, then whole blocks. A small budget takes the secondary lines
 * (lines that may state a failure without a keyword) before whole blocks; a
 * larger one leaves them to head and tail, which show what they always showed.
 */
function choose(text: string, scan: Scan, shapes: Shapes | null, order: Order, frame: Frame, cap: i32, small: bool): Chosen {
  const chosen = new Chosen();
  let used = offerSkeleton(text, order.ranked, chosen, frame, 0, <i32>(<f64>cap * RANKED_PART));
  used = offerHits(text, scan, shapes, order.flagged, chosen, frame, used, cap);
  if (order.skeleton.length > 0) {
    used = keyLines(text, scan, shapes, chosen, frame, 0, used, cap);
    // The skeleton takes a part of the share only: head and tail, and the blocks of the
    // lines flagged, still have their room.
    used = offerSkeleton(text, order.skeleton, chosen, frame, used, min(cap, used + <i32>(<f64>cap * SKELETON_PART)));
  }
  const afterSkeleton = order.skeleton.length > 0 ? chosen.count : 0;
  const fromPrimary = chosen.count;
  used = offerHits(text, scan, shapes, order.primary, chosen, frame, used, cap);
  if (small) used = offerPlacesBelow(text, scan, chosen, frame, fromPrimary, used, cap);
  used = offerHits(text, scan, shapes, order.repeats, chosen, frame, used, cap);
  if (small) used = offerDetailsBelow(text, scan, chosen, frame, used, cap);
  used = offerHits(text, scan, shapes, order.notables, chosen, frame, used, cap);
  used = keyLines(text, scan, shapes, chosen, frame, afterSkeleton, used, cap);
  if (small) {
    used = offerCounts(text, order.counts, chosen, frame, used, cap);
    const from = chosen.count;
    used = offerHits(text, scan, shapes, order.late, chosen, frame, used, cap);
    used = keyLines(text, scan, shapes, chosen, frame, from, used, cap);
    used = offerHits(text, scan, shapes, order.secondary, chosen, frame, used, cap);
    used = offerHits(text, scan, shapes, order.rest, chosen, frame, used, cap);
    used = offerLastLine(text, scan, chosen, frame, used, cap);
  } else used = offerHits(text, scan, shapes, order.rest, chosen, frame, used, cap);
  growBlocks(text, scan, shapes, chosen, used, cap, frame.perLine);
  return chosen;
}

/**
 * `fallback` with head and tail given what is left of the budget: the bounds
 * assumed the longest markers, and chosen ranges head or tail show anyway cost
 * nothing. The offer is halved until it fits.
 */
function widened(text: string, scan: Scan, chosen: Chosen, take: i32, rest: i32, slack: i32, ratio: f64, hint: string, alike: AlikeBlocks | null, flagged: Flagged, fallback: KeepResult, budget: i32, perLine: i32, tailEnd: i32): KeepResult {
  for (let more = slack; more > 8; more >>= 1) {
    const wider = cutWith(text, scan, chosen, take, rest + more, ratio, hint, alike, perLine, tailEnd);
    const wideOut = wider.render(hint, flagged, scan.pairs, budget);
    if (wideOut.length <= budget) return atOneEnd(text, scan, chosen, take, rest, slack, ratio, hint, alike, flagged, new KeepResult(wideOut, wider), budget, perLine, tailEnd);
  }
  return atOneEnd(text, scan, chosen, take, rest, slack, ratio, hint, alike, flagged, fallback, budget, perLine, tailEnd);
}

/** Every one of the first `take` chosen ranges lies inside a kept range of `cut`. */
function keepsChosen(cut: Cut, chosen: Chosen, take: i32): bool {
  for (let i = 0; i < take; i++) {
    const s = unchecked(chosen.starts[i]);
    const e = unchecked(chosen.ends[i]);
    let inside = false;
    for (let k = 0; k < cut.count && !inside; k++) inside = unchecked(cut.starts[k]) <= s && e <= unchecked(cut.ends[k]);
    if (!inside) return false;
  }
  return true;
}

/**
 * `best`, or a cut that gives the whole slack to the head or to the tail when that
 * keeps more: shared out, a slack shorter than two lines buys neither end a line (the
 * rows of a wide listing), and the budget goes unused.
 */
function atOneEnd(text: string, scan: Scan, chosen: Chosen, take: i32, rest: i32, slack: i32, ratio: f64, hint: string, alike: AlikeBlocks | null, flagged: Flagged, best: KeepResult, budget: i32, perLine: i32, tailEnd: i32): KeepResult {
  if (slack <= 8 || rest <= 0 || perLine == 0) return best;
  for (let end = 0; end < 2; end++) {
    for (let more = slack; more > 8; more >>= 1) {
      const wide = rest + more;
      // The head's share of the wider rest: its own as before, plus all of `more` or none of it.
      const headShare = end == 0 ? (<f64>rest * ratio + <f64>more) / <f64>wide : (<f64>rest * ratio) / <f64>wide;
      const cut = cutWith(text, scan, chosen, take, wide, headShare, hint, alike, perLine, tailEnd);
      const out = cut.render(hint, flagged, scan.pairs, budget);
      if (out.length > budget) continue;
      if (out.length > best.output.length && keepsChosen(cut, chosen, take)) best = new KeepResult(out, cut);
      break;
    }
  }
  return best;
}

/** What the error lines of a scan need when each is kept whole, every separate group behind its own marker. */
class ErrorNeed {
  /** Units of the lines (a long one counted up to `lineCap`, as offer cuts it) and of their markers. */
  units: i32 = 0;
  /** Separate groups of adjacent error lines. */
  groups: i32 = 0;
}

function errorNeed(scan: Scan, perGap: i32, lineCap: i32): ErrorNeed {
  const need = new ErrorNeed();
  let prevLine = -2;
  for (let i = 0; i < scan.count; i++) {
    if (rankOf(unchecked(scan.kinds[i])) < 3) continue;
    const line = unchecked(scan.lineNumbers[i]);
    const apart = line != prevLine + 1;
    if (apart) need.groups++;
    need.units += min(unchecked(scan.lineEnds[i]) - unchecked(scan.lineStarts[i]) + 1, lineCap) + (apart ? perGap : 0);
    prevLine = line;
  }
  return need;
}

/**
 * The head within `budget`, laid out by `layout`, would fold a run of encoded lines or show a long line's
 * start (important/encoded.ts); never under SMALL_BUDGET, whose cut is numbered.
 */
function reshaped(text: string, scan: Scan, budget: i32, layout: i32, ratio: f64, hint: string): bool {
  if (layout < SMALL_BUDGET) return false;
  const perGap = markerBound(text.length, scan.totalLines, hint, null) + 2;
  const room = budget - perGap;
  return headPieces(text, <i32>Math.floor(<f64>room * ratio), perGap).reshaped;
}

/**
 * `failed`: the command did not exit 0 (or its exit is unknown), so its error
 * lines are the outcome and may take the numbered layout above SMALL_BUDGET; in
 * a command that succeeded they are more often source or prose ("raise ValueError").
 */
export function keepWithScan(text: string, scan: Scan, budget: i32, headRatio: f64, hint: string, shapes: Shapes | null = null, failed: bool = false, skeleton: i32[] | null = null, ranked: i32 = 0, layoutBudget: i32 = 0): KeepResult {
  // The layout follows `layoutBudget` when it is larger: the level's budget, for a text
  // made again within its own length (compact.ts), which a small budget's layout would
  // show line by line, numbered, for the sake of the few lines left out.
  const layout = max(budget, layoutBudget);
  const kept = keepLaidOut(text, scan, budget, headRatio, hint, shapes, failed, skeleton, ranked, layout, AS_BUDGET_LAYS_OUT);
  const cut = kept.cut;
  // The layouts are compared as chosen; the one shown is then filled while room is left.
  if (cut === null || cut.numbered || layout < SMALL_BUDGET) return filled(scan, kept, budget, hint, layout < SMALL_BUDGET);
  // Marked gap by gap, a cut spends a marker on every gap: when that leaves flagged lines
  // out, the numbered layout is tried too (its choices as this budget makes them, then as a
  // small budget makes them) and shown when it keeps more flagged lines and no fewer lines
  // in all. A budget that keeps them all keeps this layout, and so does a cut whose numbers
  // would cost more than its markers, unless it leaves out flagged lines a small budget keeps.
  const before = flaggedKept(cut, scan, failed);
  if (before == scan.count) return kept;
  // Of a command that succeeded, a larger budget shows the flagged lines a small budget
  // shows when a numbered layout keeps them all, never fewer flagged lines in all, and
  // shows fewer lines in all by no more than the flagged lines it wins back (a failed
  // one's errors take the room they need at any budget, and its other lines wait for
  // them). Above it such a run's weaker rhythm breaks are left to head and tail, whose own
  // lines are flagged too: a spell checker's "docs/a.md:9: Locate: occured | Try:
  // occurred" among a hundred "Locate: neighbour | Try: neighbor" would be shown at 2,000
  // chars, not at 4,000. Flagged lines that would fill many small budgets are not asked
  // about: the few a small budget shows of thousands are a sample, not worth laying it out.
  const smallest = SMALL_BUDGET - 1;
  const least: Cut | null = failed || lastFailureLine(scan) > 0 || !fewFlagged(scan) ? null : filled(scan, keepLaidOut(text, scan, smallest, headRatio, hint, shapes, failed, skeleton, ranked, smallest, AS_BUDGET_LAYS_OUT), smallest, hint, true).cut;
  const missed = least !== null ? flaggedMissed(scan, failed, least, cut) : 0;
  const lines = linesKept(cut);
  if (missed == 0 && (cut.count + 1) * (markerBound(text.length, scan.totalLines, hint, null) + 2) <= lines * prefixWidth(scan.totalLines)) return kept;
  // A pointer under quoted code ("      ^^^^") is not compared: it only marks a place in the line above.
  const saying = linesSaying(cut);
  for (let mode = NUMBERED_LAYOUT; mode <= NUMBERED_AS_SMALL; mode++) {
    const numbered = keepLaidOut(text, scan, budget, headRatio, hint, shapes, failed, skeleton, ranked, layout, mode);
    const other = numbered.cut;
    if (other === null) continue;
    if (flaggedKept(other, scan, failed) > before && linesSaying(other) >= saying) return filled(scan, numbered, budget, hint);
    if (missed > 0) {
      const shown = filled(scan, numbered, budget, hint);
      const other = shown.cut;
      if (other !== null && flaggedMissed(scan, failed, least!, other) == 0 && flaggedKept(other, scan, failed) >= before && saying - linesSaying(other) <= missed) return shown;
    }
  }
  return kept;
}

/** The first kept range of `cut` from range k on that does not end by `at`: the one `at` is in, or the next. */
function keptFrom(cut: Cut, at: i32, k: i32): i32 {
  while (k < cut.count && unchecked(cut.ends[k]) <= at) k++;
  return k;
}

/** Flagged lines of `scan` (as flaggedKept() counts them) that `ref` keeps and `cut` leaves out. */
function flaggedMissed(scan: Scan, failed: bool, ref: Cut, cut: Cut): i32 {
  let missed = 0;
  let r = 0;
  let k = 0;
  for (let i = 0; i < scan.count && r < ref.count; i++) {
    if (!failed && rankOf(unchecked(scan.kinds[i])) >= 3) continue;
    const at = unchecked(scan.lineStarts[i]);
    r = keptFrom(ref, at, r);
    k = keptFrom(cut, at, k);
    const inRef = r < ref.count && unchecked(ref.starts[r]) <= at;
    const inCut = k < cut.count && unchecked(cut.starts[k]) <= at;
    if (inRef && !inCut) missed++;
  }
  return missed;
}

/**
 * Whether the flagged lines a command that succeeded counts (flaggedKept()) would fill a
 * few small budgets at most, numbered: of more, a small budget shows a sample.
 */
function fewFlagged(scan: Scan): bool {
  const room = FEW_SMALL_BUDGETS * SMALL_BUDGET;
  const perLine = prefixWidth(scan.totalLines) + 1;
  let chars = 0;
  for (let i = 0; i < scan.count && chars <= room; i++) {
    if (rankOf(unchecked(scan.kinds[i])) < 3) chars += unchecked(scan.lineEnds[i]) - unchecked(scan.lineStarts[i]) + perLine;
  }
  return chars <= room;
}

/** fewFlagged(): how many small budgets the flagged lines may fill. */
const FEW_SMALL_BUDGETS: i32 = 8;

/** Lines the kept ranges of `cut` touch. */
function linesKept(cut: Cut): i32 {
  let lines = 0;
  for (let k = 0; k < cut.count; k++) lines += cut.lastLine(k) - unchecked(cut.firstLines[k]) + 1;
  return lines;
}

/** Lines the kept ranges of `cut` hold but for pointers (onlyPointer), which mark a place in the line above and say nothing apart. */
function linesSaying(cut: Cut): i32 {
  const text = cut.text;
  let lines = 0;
  for (let k = 0; k < cut.count; k++) {
    const e = unchecked(cut.ends[k]);
    for (let p = unchecked(cut.starts[k]); p < e; ) {
      const nl = findNewline(text, p, e);
      if (!onlyPointer(text, p, nl)) lines++;
      p = nl + 1;
    }
  }
  return lines;
}

/**
 * Flagged lines of `scan` that start inside a kept range of `cut`; of a command that
 * succeeded, not its error lines, more often source or prose than its outcome ("raise ValueError").
 */
function flaggedKept(cut: Cut, scan: Scan, failed: bool): i32 {
  let kept = 0;
  let k = 0;
  for (let i = 0; i < scan.count && k < cut.count; i++) {
    const at = unchecked(scan.lineStarts[i]);
    while (k < cut.count && unchecked(cut.ends[k]) <= at) k++;
    if (k < cut.count && unchecked(cut.starts[k]) <= at && (failed || rankOf(unchecked(scan.kinds[i])) < 3)) kept++;
  }
  return kept;
}

/** keepLaidOut(): the layout `layout` gives (numbered under SMALL_BUDGET, or for errors in many places). */
const AS_BUDGET_LAYS_OUT: i32 = 0;
/** keepLaidOut(): numbered, the lines chosen as `layout` chooses them, head and tail given their share. */
const NUMBERED_LAYOUT: i32 = 1;
/** keepLaidOut(): numbered, the lines chosen as under SMALL_BUDGET (every flagged line offered), head and tail given `layout`'s share. */
const NUMBERED_AS_SMALL: i32 = 2;

/**
 * `kept` (keepWithScan's cut of `text` within `budget`), or, for a text that fits the level's
 * budget (`layoutBudget`: cut for its headline) or nearly fits its own, one that leaves out
 * only one run of the lines that cut leaves out, when one frees the room (important/one-gap.ts):
 * all the others are kept, and one marker is spent where the cut spent one per gap.
 * `headRatio` is the head's share keepWithScan was given.
 */
export function nearFit(text: string, scan: Scan, budget: i32, headRatio: f64, hint: string, kept: KeepResult, layoutBudget: i32): KeepResult {
  const cut = kept.cut;
  if ((layoutBudget < text.length && text.length > NEAR_FIT * budget) || cut === null) return kept;
  // A run of encoded bytes the head folds, or that ends the text, is left out as it is: its
  // lines say nothing a lone marker does not (important/encoded.ts).
  if (encodedRunAtEnd(text) < text.length || reshaped(text, scan, budget, max(budget, layoutBudget), clampRatio(headRatio), hint)) return kept;
  const one = oneGapCut(text, budget, hint, cut);
  if (one === null) return kept;
  const out = one.render(hint, flaggedOf(scan), scan.pairs, budget);
  return out.length <= budget ? new KeepResult(out, one) : kept;
}

/** keepWithScan() within `budget`, laid out as `numbered` says (AS_BUDGET_LAYS_OUT, NUMBERED_LAYOUT, NUMBERED_AS_SMALL). */
function keepLaidOut(text: string, scan: Scan, budget: i32, headRatio: f64, hint: string, shapes: Shapes | null, failed: bool, skeleton: i32[] | null, ranked: i32, layout: i32, numbered: i32): KeepResult {
  const n = text.length;
  const plainRatio = clampRatio(headRatio);
  // What a command that succeeded hangs on is offered before head and tail.
  const outline = skeleton !== null && skeleton.length > 0 && !failed ? skeleton : null;
  if (budget <= 0 || (scan.count == 0 && outline === null && !reshaped(text, scan, budget, layout, plainRatio, hint))) return plainTruncation(text, scan, budget, plainRatio, hint);
  // An output that ends in a run of encoded bytes (a certificate's signature) states no
  // outcome there, as a log's last lines do: the head takes the tail's room. (Nothing
  // flagged, it stays a plain head and tail: laid out here, a small budget's cut is
  // numbered and keeps fewer of the lines before the run.)
  const tailEnd = encodedRunAtEnd(text);
  const ratio = tailEnd < n ? 1.0 : plainRatio;
  // A failed command's error lines come before head and tail at any budget: when
  // they do not fit the share flagged lines get, they may take all of it, and when
  // they stand in several places the cut is numbered, as under a small budget (a
  // line's number costs a few units where a marker costs a line).
  let small = numbered == NUMBERED_AS_SMALL || layout < SMALL_BUDGET;
  let share = layout < SMALL_BUDGET ? IMPORTANT_SHARE_SMALL : IMPORTANT_SHARE;
  // A table ranked by a number is a strong signal: its top rows keep the share they had.
  // A quiet output flagged something, but only rhythm breaks.
  const quiet = layout < SMALL_BUDGET && !failed && ranked == 0 && scan.count > 0 && onlyRhythmBreaks(scan);
  if (quiet) share = QUIET_SHARE_SMALL;
  if (layout >= SMALL_BUDGET && failed) {
    const gapBound = markerBound(n, scan.totalLines, hint, null) + 2;
    const shareCap = <i32>Math.floor(<f64>(budget - gapBound) * IMPORTANT_SHARE);
    // A long line is cut to at most half the share (offer): a minified line is not many errors.
    const need = errorNeed(scan, gapBound, shareCap >> 1);
    if (need.units > shareCap) {
      share = IMPORTANT_SHARE_SMALL;
      small = small || need.groups >= MIN_NUMBERED_GROUPS;
    }
  }
  // Every gap costs at most one marker, its two newlines and its "; incl. …" counts;
  // the first one may carry the hint, the others do too unless the budget is small.
  const alike = shapes !== null ? findRepeats(shapes) : null;
  const hidden = hiddenBound(scan);
  if (alike !== null && alike.count > 0) {
    // The longest "; N blocks like lines A–B" a marker could carry.
    hidden.alike = alike.starts.length;
    hidden.alikeFirst = scan.totalLines;
    hidden.alikeLast = scan.totalLines;
  }
  // Under a small budget the cut is numbered: one marker, and a number before each kept line.
  // `numbered` lays a larger budget's cut out so, its choices made as that budget makes them.
  const lined = small || numbered != AS_BUDGET_LAYS_OUT;
  const perLine = lined ? prefixWidth(scan.totalLines) : 0;
  const firstGap = lined ? numberedMarkerBound(n, scan.totalLines, hint, hidden) + 1 : markerBound(n, scan.totalLines, hint, hidden) + 2;
  const perGap = lined ? 0 : firstGap;
  const room = budget - firstGap;
  if (room < perGap + perLine + MIN_PARTIAL) return plainTruncation(text, scan, budget, ratio, hint);
  const cap = <i32>Math.floor(<f64>room * share);
  // What head and tail keep whatever is chosen: flagged blocks inside cost nothing.
  // Head and tail only grow when fewer units go to blocks, so these are kept in any case.
  const minRest = room - cap;
  const freeHeadEnd = min(lined ? numberedHeadEnd(text, <i32>Math.floor(<f64>minRest * ratio), perLine) : headCut(text, <i32>Math.floor(<f64>minRest * ratio)), tailEnd);
  const freeHeadCost = lined ? freeHeadEnd + perLine * linesIn(text, 0, freeHeadEnd) : freeHeadEnd;
  const freeTailStart = lined ? numberedTailStart(text, minRest - freeHeadCost, perLine, tailEnd) : tailCut(text, minRest - freeHeadEnd, tailEnd);
  const frame = new Frame(freeHeadEnd, max(freeTailStart, freeHeadEnd), perGap, alike);
  frame.perLine = perLine;
  frame.withHeaders = layout >= SMALL_BUDGET;
  if (quiet) frame.signalRoom = room;

  // The error lines do not all fit the room they may take (each whole, a long one cut as offer cuts it).
  const overflow = errorNeed(scan, perGap, cap >> 1).units > cap;
  const order = selectionOrder(text, scan, shapes, small, overflow, failed);
  if (outline !== null) withSkeleton(text, scan, order, outline, ranked);
  // A command that succeeded and flagged no failure: a line that breaks a rhythm by its
  // last token only differs in a value ("{built-in method …}" closing a profile's row
  // where the others name a file's line); it is left to head and tail, as above
  // SMALL_BUDGET. One whose leading tokens differ ("(tag: v1.0.0)", "Merge") stays, and so
  // does a row whose last word is a rare state where most rows end in one same word.
  if (!failed && shapes !== null && lastFailureLine(scan) == 0) order.secondary = leadingBreaks(scan, shapes, order.secondary);
  const flagged = flaggedOf(scan);
  const first = choose(text, scan, shapes, order, frame, cap, small);
  // The bounds make the first attempt fit; dropping the last choice is a safety net.
  for (let take = first.count; take >= 0; take--) {
    const spent = first.spent(text, take, perGap, perLine);
    const rest = room - spent;
    const cut = cutWith(text, scan, first, take, rest, ratio, hint, alike, perLine, tailEnd);
    const out = cut.render(hint, flagged, scan.pairs, budget);
    if (out.length > budget) continue;
    const slack = budget - out.length;
    // The bounds assumed the longest markers: a second choice offers what they held
    // back to the lines not chosen yet, with head and tail as they are; it is taken
    // when it keeps every choice within the budget.
    if (slack > perGap + perLine + MIN_PARTIAL && take == first.count && first.count < order.primary.length + order.repeats.length + order.flagged.length + (order.skeleton.length >> 1) + (small ? order.notables.length + order.counts.length + order.late.length + order.secondary.length : 0) + order.rest.length) {
      let second = choose(text, scan, shapes, order, frame, cap + slack, small);
      let secondRest = max(room - second.spent(text, second.count, perGap, perLine), rest);
      let more = cutWith(text, scan, second, second.count, secondRest, ratio, hint, alike, perLine, tailEnd);
      let moreOut = more.render(hint, flagged, scan.pairs, budget);
      // Under a small budget a line that states a failure is worth more than head or tail:
      // when the share it left them showed nothing, only what the result leaves unused
      // is offered again, with head and tail as they are.
      if (moreOut.length > budget && small) {
        second = choose(text, scan, shapes, order, frame, spent + slack, small);
        secondRest = max(room - second.spent(text, second.count, perGap, perLine), 0);
        more = cutWith(text, scan, second, second.count, secondRest, ratio, hint, alike, perLine, tailEnd);
        moreOut = more.render(hint, flagged, scan.pairs, budget);
      }
      if (moreOut.length <= budget && second.count > first.count) return planned(order, flagged, tailEnd, shapes, widened(text, scan, second, second.count, secondRest, budget - moreOut.length, ratio, hint, alike, flagged, new KeepResult(moreOut, more), budget, perLine, tailEnd));
    }
    return planned(order, flagged, tailEnd, shapes, widened(text, scan, first, take, rest, slack, ratio, hint, alike, flagged, new KeepResult(out, cut), budget, perLine, tailEnd));
  }
  return plainTruncation(text, scan, budget, ratio, hint);
}

/**
 * `kept` with whole lines added while its budget lasts (important/fill.ts), when it is
 * numbered: the flagged lines in the order they were offered (a warning's repeats
 * last; a finding with the head that places it, or not at all: offerEach), then the last lines (none of a run of encoded bytes that ends the text). A result that leaves lines out does not
 * leave its budget unused.
 */
function filled(scan: Scan, kept: KeepResult, budget: i32, hint: string, blankless: bool = false): KeepResult {
  const cut = kept.cut;
  const plan = kept.plan;
  if (cut === null || !cut.numbered || plan === null) return kept;
  const order = plan.order;
  // Under a small budget the blank lines go, and the room they took goes to the fill.
  cut.blankless = blankless;
  const output = blankless ? cut.render(hint, plan.flagged, scan.pairs, budget) : kept.output;
  const fill = new Filled(output, cut, budget, hint, plan.flagged, scan.pairs, prefixWidth(scan.totalLines));
  if (fill.spent) return new KeepResult(output, cut);
  const shapes = plan.shapes;
  offerEach(fill, scan, shapes, order.flagged);
  offerEach(fill, scan, shapes, order.primary);
  offerEach(fill, scan, shapes, order.repeats);
  offerEach(fill, scan, shapes, order.notables);
  offerEach(fill, scan, shapes, order.late);
  offerEach(fill, scan, shapes, order.secondary);
  offerEach(fill, scan, shapes, order.rest);
  // Not a run of encoded bytes that ends the output: it is left to the marker.
  if (plan.tailEnd == cut.text.length) fill.offerTail(scan, shapes);
  return new KeepResult(fill.output, fill.cut);
}

/** `kept` with what its fill needs (filled), once keepWithScan has settled its layout. */
function planned(order: Order, flagged: Flagged, tailEnd: i32, shapes: Shapes | null, kept: KeepResult): KeepResult {
  kept.plan = new FillPlan(order, flagged, tailEnd, shapes);
  return kept;
}

/**
 * Offers each hit of `list` to `fill`, whole, in order; a finding whose block's head says
 * where it is together with that head, or not at all (Filled.offerPlaced).
 */
function offerEach(fill: Filled, scan: Scan, shapes: Shapes | null, list: i32[]): void {
  for (let i = 0; i < list.length && !fill.spent; i++) {
    const h = unchecked(list[i]);
    const ls = unchecked(scan.lineStarts[h]);
    const le = unchecked(scan.lineEnds[h]);
    // A line that only names a section ("FAILURES", "  Stack:") says nothing without the lines it heads.
    if (!headerLike(fill.cut.text, ls, le)) fill.offerPlaced(scan, shapes, ls, le, unchecked(scan.lineNumbers[h]));
  }
}

/**
 * Head, the flagged blocks and tail within `budget` UTF-16 units, a marker
 * for every gap. A text that fits is returned as is.
 */
export function keepImportant(text: string, budget: i32, headRatio: f64, hint: string): string {
  return keepImportantResult(text, budget, headRatio, hint).output;
}

/**
 * What keepImportant keeps, as JSON (offsets in UTF-16 units, lines 1-based):
 * {"kept":[[start,end,firstLine,lastLine],…],"omittedChars":N,"totalLines":T};
 * a text that fits gives one range over all of it.
 */
export function keepImportantPlan(text: string, budget: i32, headRatio: f64, hint: string): string {
  const r = keepImportantResult(text, budget, headRatio, hint);
  let cut = r.cut;
  if (cut === null) {
    const total = scanImportant(text).totalLines;
    cut = new Cut(text, total);
    cut.keep(0, text.length, 1);
  }
  return cut.toJson();
}

/**
 * The flagged blocks of a text, merged when they touch, as JSON:
 * [{"first":12,"last":15,"rank":3,"kind":"error","flagged":[13]},…]
 * (lines 1-based and inclusive; rank 3 error, 2 summary or exit, 1 warning).
 */
export function importantLines(text: string): string {
  const scan = scanImportant(text);
  const out = new StrBuf(64 + scan.count * 64);
  out.addChar(CharCode.LBRACKET);
  const block = new Block();
  let open = false;
  let first = 0;
  let last = 0;
  let bestKind = 0;
  let flagged = new Array<i32>();
  let written = 0;
  for (let i = 0; i <= scan.count; i++) {
    if (i < scan.count) {
      const kind = unchecked(scan.kinds[i]);
      blockOf(text, unchecked(scan.lineStarts[i]), unchecked(scan.lineEnds[i]), unchecked(scan.lineNumbers[i]), kind, block);
      if (open && block.firstLine <= last + 1) {
        if (block.lastLine > last) last = block.lastLine;
        if (rankOf(kind) > rankOf(bestKind) || (rankOf(kind) == rankOf(bestKind) && kind > bestKind)) bestKind = kind;
        flagged.push(unchecked(scan.lineNumbers[i]));
        continue;
      }
    }
    if (open) {
      if (written++ > 0) out.addChar(CharCode.COMMA);
      out.add("{\"first\":").addInt(first).add(",\"last\":").addInt(last);
      out.add(",\"rank\":").addInt(rankOf(bestKind)).add(",\"kind\":\"").add(kindName(bestKind)).add("\",\"flagged\":[");
      for (let j = 0; j < flagged.length; j++) {
        if (j > 0) out.addChar(CharCode.COMMA);
        out.addInt(unchecked(flagged[j]));
      }
      out.add("]}");
    }
    if (i == scan.count) break;
    open = true;
    first = block.firstLine;
    last = block.lastLine;
    bestKind = unchecked(scan.kinds[i]);
    flagged = [unchecked(scan.lineNumbers[i])];
  }
  out.addChar(CharCode.RBRACKET);
  return out.toString();
}

// Kind is re-exported for digests that want to name what they keep.
export { Kind };
