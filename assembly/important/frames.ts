// The lines of a failure's block worth more than the rest of it: the first
// stack frame that names the user's own file rather than a library's or the
// runtime's, and the lines that state what was expected and what came
// instead. A small budget keeps these and leaves the other frames out.
//   frames      "    at f (src/a.js:3:9)", "  File \"a.py\", line 3, in f",
//               "    #1 0x55 in main /src/a.c:28", "\t/src/a_test.go:89 +0x49",
//               "       shop.CartTest.total(CartTest.java:138)"
//   assertions  "Expected: 2379", "2378 !== 2379", "want \"x\"", "but was: <1799>", "  left: 379"
import { CharCode, isAlpha, isDigit, toLower } from "../util/chars";
import { gapEnd, lettersEnd, unitAt } from "../util/lines";
import { findText, startsWithAt } from "../util/scan";
import { Shapes } from "./shapes";

/** Lines looked back over for the frame an annotation belongs to, at most. */
const MAX_ANNOTATIONS: i32 = 4;

/** Where installed code lives: a frame naming one of these is a library's, not the user's. */
const LIBRARY_MARKS: string[] = [
  "node_modules/", "node:", "internal/", "site-packages/", "dist-packages/", "/usr/", "/lib/", "/lib64/",
  "/opt/", "sysdeps/", "/rustc/", "/.cargo/", "/.rustup/", "/go/pkg/", "<frozen", "java.base/", "jdk.",
  "org.junit", "junit.", "sun.", "/libc", "libc_", "std::", "core::", "/.m2/", "/gems/", "/vendor/",
  // A shared object as the frame's module: "(libtsan.so.2+0x61e11)", "(in /usr/lib/libc.so.6)".
  ".so.", ".so+", ".so)", ".dylib", ".dll",
];

/** Whether s[a, b) holds `lit` (not empty). */
function contains(s: string, a: i32, b: i32, lit: string): bool {
  return findText(s, lit, a, b) >= 0;
}

/** "name.ext:123" somewhere in [a, b): a source location. */
function hasLocation(s: string, a: i32, b: i32): bool {
  for (let i = a + 2; i < b - 1; i++) {
    if (unitAt(s, i) != CharCode.COLON || !isDigit(unitAt(s, i + 1))) continue;
    // A file extension right before the colon: ".c", ".py", ".java", ".go", ".rs", ".mjs".
    let j = i - 1;
    let letters = 0;
    while (j > a && isAlpha(unitAt(s, j)) && letters < 6) {
      j--;
      letters++;
    }
    if (letters > 0 && unitAt(s, j) == CharCode.DOT) return true;
  }
  return false;
}

/** Line [a, b) is a stack frame. */
export function isFrame(s: string, a: i32, b: i32): bool {
  const t = gapEnd(s, a, b);
  if (t >= b) return false;
  if (startsWithAt(s, t, b, "at ")) return true;
  if (startsWithAt(s, t, b, "File \"")) return contains(s, t, b, "\", line ");
  if (unitAt(s, t) == CharCode.HASH && t + 1 < b && isDigit(unitAt(s, t + 1))) return true;
  // Indented locations: Go's "\t/path/x.go:89 +0x49", JVM runners' "pkg.Class.m(File.java:25)";
  // not a test that passed ("√ totals a cart (src/cart.test.js:12)") nor a listed step that did
  // not fail, which names where it is defined ("- And the cart has 2 lines #
  // features/support/steps.js:29" under the step that failed).
  return t > a && !opensWithPassMark(s, t) && !isStepNotFailed(s, t, b) && hasLocation(s, t, b);
}

/** s[t] is a check mark that reports a pass: ✓ (U+2713), ✔ (U+2714) or √ (U+221A), as runners print it. */
function opensWithPassMark(s: string, t: i32): bool {
  const c = unitAt(s, t);
  return c == 0x2713 || c == 0x2714 || c == 0x221a;
}

/** c marks a step or a test that failed: ×, ✖, ✗, ✘ (U+00D7, U+2716 to U+2718). */
function isFailMark(c: i32): bool {
  return c == 0xd7 || (c >= 0x2716 && c <= 0x2718);
}

/**
 * [t, b) is a listed step that did not fail: one mark that is no letter, digit nor a mark of
 * failure, a space, the step, then " # " and where it is defined, last ("✔ Given a cart with 4
 * cheese # features/support/steps.js:10", "- Then the total is 8.9 # features/support/steps.js:22"
 * skipped, "? And I choose express delivery # …" undefined).
 */
function isStepNotFailed(s: string, t: i32, b: i32): bool {
  const c = unitAt(s, t);
  if (t + 2 >= b || unitAt(s, t + 1) != CharCode.SPACE || isAlpha(c) || isDigit(c) || isFailMark(c)) return false;
  const e = unitAt(s, b - 1) == CharCode.CR ? b - 1 : b;
  let p = e;
  while (p > t && unitAt(s, p - 1) > CharCode.SPACE) p--;
  return p - 3 > t + 1 && unitAt(s, p - 1) == CharCode.SPACE && unitAt(s, p - 2) == CharCode.HASH && unitAt(s, p - 3) == CharCode.SPACE && hasLocation(s, p - 2, e);
}

/**
 * Line [a, b) is a frame by its own mark and indented under what it traces, not
 * by a location alone: "  at …", "  File \"…\", line …", "    #3 …". An indented
 * "x_test.go:71: message" is a located message, and doctest's "File \"…\", line
 * 185, in m.f" at the margin heads a failure's report.
 */
export function isMarkedFrame(s: string, a: i32, b: i32): bool {
  const t = gapEnd(s, a, b);
  if (t >= b || t == a) return false;
  if (startsWithAt(s, t, b, "at ")) return true;
  if (startsWithAt(s, t, b, "File \"")) return contains(s, t, b, "\", line ");
  return unitAt(s, t) == CharCode.HASH && t + 1 < b && isDigit(unitAt(s, t + 1));
}

/**
 * Line i of `shapes` is no frame but lies under one at its depth or deeper, maybe
 * after other such lines: it annotates the frame ("- waiting to lock <0x…>", then
 * "- locked <0x…>"). A line back at a lesser depth ("Caused by: …") does not.
 */
export function annotatesFrame(s: string, shapes: Shapes, i: i32): bool {
  const a = unchecked(shapes.starts[i]);
  const b = unchecked(shapes.ends[i]);
  // Frames are indented, and so is what annotates them.
  if (a >= b || (unitAt(s, a) != CharCode.SPACE && unitAt(s, a) != CharCode.TAB)) return false;
  if (isMarkedFrame(s, a, b)) return false;
  const depth = gapEnd(s, a, b) - a;
  for (let p = i - 1; p >= 0 && p >= i - MAX_ANNOTATIONS; p--) {
    const pa = unchecked(shapes.starts[p]);
    const pb = unchecked(shapes.ends[p]);
    const pt = gapEnd(s, pa, pb);
    if (pt >= pb || depth < pt - pa) return false;
    if (isMarkedFrame(s, pa, pb)) return true;
  }
  return false;
}

/** A frame of a library or of the runtime, by where its file lives. */
export function isLibraryFrame(s: string, a: i32, b: i32): bool {
  for (let k = 0; k < LIBRARY_MARKS.length; k++) {
    if (contains(s, a, b, unchecked(LIBRARY_MARKS[k]))) return true;
  }
  return false;
}

/**
 * A line that opens with a place in a library's file ("/usr/include/c++/12/bits/hashtable.h:531:7:
 * error: …"): only its first token is read, so a message that names a library's type
 * ("price_index.cpp:20:7: error: … std::unordered_map …") is still the user's.
 */
export function placedInLibrary(s: string, a: i32, b: i32): bool {
  const t = gapEnd(s, a, b);
  let e = t;
  while (e < b && unitAt(s, e) != CharCode.SPACE && unitAt(s, e) != CharCode.TAB) e++;
  return e > t && isLibraryFrame(s, t, e);
}

/**
 * A frame that names where its code is: a source location ("a.js:3:9", "File \"a.py\",
 * line 3") or a path. "at <Jasmine>" or "at async Promise.all (index 0)" names none:
 * it cannot be the user's frame.
 */
export function locatesCode(s: string, a: i32, b: i32): bool {
  return hasLocation(s, a, b) || contains(s, a, b, "/") || contains(s, a, b, "\\") || contains(s, a, b, "\", line ");
}

/** A location line with no function on it ("at ./src/main.rs:8:5" under "3: crate::f"): its function is the line above. */
export function isBareLocation(s: string, a: i32, b: i32): bool {
  const t = gapEnd(s, a, b);
  if (t == a) return false;
  if (unitAt(s, a) == CharCode.TAB) return true; // Go: the function line precedes the path line
  return startsWithAt(s, t, b, "at ") && !contains(s, t, b, "(");
}

/**
 * The word `w` (lower case) starts at i, on word boundaries, ignoring case, and
 * is prose rather than code ("expect(received).toEqual(expected)" is neither).
 */
function wordAt(s: string, i: i32, b: i32, w: string): bool {
  if (i + w.length > b) return false;
  const before = i > 0 ? unitAt(s, i - 1) : CharCode.SPACE;
  if (isAlpha(before) || before == 0x28 || before == CharCode.DOT) return false;
  for (let j = 0; j < w.length; j++) if (toLower(unitAt(s, i + j)) != <i32>w.charCodeAt(j)) return false;
  if (i + w.length == b) return true;
  const after = unitAt(s, i + w.length);
  return !isAlpha(after) && after != 0x28 && after != 0x29;
}

/** The line's first word, before a colon, is one of the sides of a comparison ("  left: 379", " right: 380", "got: 3"). */
function sideLabel(s: string, a: i32, b: i32): bool {
  const t = gapEnd(s, a, b);
  const e = lettersEnd(s, t, b);
  if (e >= b || unitAt(s, e) != CharCode.COLON) return false;
  return wordAt(s, t, e, "left") || wordAt(s, t, e, "right") || wordAt(s, t, e, "got");
}

/**
 * An indented line that labels a detail of the failure just above it: "  symbol:   variable
 * taxRate" under "cannot find symbol". What the failure names, as an expectation says what it wanted.
 */
export function isLabelledDetail(s: string, a: i32, b: i32): bool {
  const t = gapEnd(s, a, b);
  const e = lettersEnd(s, t, b);
  return t > a && e > t && e + 1 < b && unitAt(s, e) == CharCode.COLON && unitAt(s, e + 1) == CharCode.SPACE;
}

/** Line [a, b) states an expectation and what came instead. */
export function isAssertion(s: string, a: i32, b: i32): bool {
  if (sideLabel(s, a, b)) return true;
  for (let i = a; i < b; i++) {
    const c = toLower(unitAt(s, i));
    if (c == 0x65 && wordAt(s, i, b, "expected")) return true;
    if (c == 0x61 && wordAt(s, i, b, "actual")) return true;
    if (c == 0x72 && wordAt(s, i, b, "received")) return true;
    if (c == 0x77 && wordAt(s, i, b, "want")) return true;
    if (c == 0x62 && wordAt(s, i, b, "but") && startsWithAt(s, i + 3, b, " was")) return true;
    // "2378 !== 2379", "379 != 380"
    if (c == 0x21 && i > a && unitAt(s, i - 1) == CharCode.SPACE && startsWithAt(s, i, b, "!=")) return true;
  }
  return false;
}
