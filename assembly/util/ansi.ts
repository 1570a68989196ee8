// Lengths of terminal escape sequences (ECMA-48), so the cleaner can drop
// them. Two CSI commands also edit the line and are reported to the caller:
// erase in line (K) and cursor to column (G), which progress bars use to
// redraw themselves.
import { CharCode, isUnitOf } from "./chars";

/** What a sequence does to the current line, beyond disappearing. */
export const enum EscAction {
  None = 0,
  /** CSI n K: 0 erase to the end, 1 to the cursor, 2 the whole line. */
  EraseInLine = 1,
  /** CSI n G: cursor to column n (1-based). */
  CursorColumn = 2,
}

const BEL = 0x07;
const CAN = 0x18;
const SUB = 0x1a;
const C1_ST = 0x9c;
/** Numeric parameters saturate here: a column beyond it is noise. */
const MAX_PARAM = 4096;

/** Set by escapeEnd: the action of the last sequence and its first parameter (-1 when absent). */
export let escAction: i32 = EscAction.None;
export let escParam: i32 = -1;

// @ts-ignore: decorator
@inline function unit(base: usize, i: i32): i32 {
  return <i32>load<u16>(base + (<usize>i << 1));
}

/**
 * Index just after the escape sequence that starts at i (ESC or the 8-bit
 * CSI 0x9b) in the UTF-16 data at base, n units long. Malformed sequences
 * end before the first unit that cannot belong to them, which is then read
 * as ordinary input; a lone ESC is one unit long.
 */
export function escapeEnd(base: usize, i: i32, n: i32): i32 {
  escAction = EscAction.None;
  escParam = -1;
  if (unit(base, i) == CharCode.C1_CSI) return csiEnd(base, i + 1, n);
  if (i + 1 >= n) return n;
  const d = unit(base, i + 1);
  if (d == CharCode.LBRACKET) return csiEnd(base, i + 2, n);
  // OSC, DCS, SOS, PM, APC: a payload up to a string terminator.
  if (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(d, "]PX^_") : d == CharCode.RBRACKET || d == 0x50 || d == 0x58 || d == 0x5e || d == CharCode.UNDERSCORE) return stringEnd(base, i + 2, n);
  if (d >= 0x20 && d <= 0x2f) {
    // nF escapes such as ESC ( B: intermediates, then one final byte.
    let j = i + 1;
    while (j < n && unit(base, j) >= 0x20 && unit(base, j) <= 0x2f) j++;
    return j < n && unit(base, j) >= 0x30 && unit(base, j) <= 0x7e ? j + 1 : j;
  }
  if (d >= 0x30 && d <= 0x7e) return i + 2; // ESC 7, ESC =, ESC M ...
  return i + 1;
}

/** CSI body from j: parameters 0x30–0x3f, intermediates 0x20–0x2f, a final 0x40–0x7e. */
function csiEnd(base: usize, j: i32, n: i32): i32 {
  let param = -1;
  let firstDone = false;
  let plain = true; // no private marker (< = > ?) and no intermediates
  while (j < n) {
    const c = unit(base, j);
    if (c < 0x30 || c > 0x3f) break;
    if (c <= 0x39) {
      if (!firstDone) param = min(max(param, 0) * 10 + (c - 0x30), MAX_PARAM);
    } else if (c == 0x3a || c == 0x3b) {
      firstDone = true;
    } else {
      plain = false;
    }
    j++;
  }
  while (j < n) {
    const c = unit(base, j);
    if (c < 0x20 || c > 0x2f) break;
    plain = false;
    j++;
  }
  if (j >= n) return n;
  const final = unit(base, j);
  if (final < 0x40 || final > 0x7e) return j;
  if (plain) {
    if (final == 0x4b) escAction = EscAction.EraseInLine;
    else if (final == 0x47) escAction = EscAction.CursorColumn;
    escParam = param;
  }
  return j + 1;
}

/**
 * A control string's payload ends at BEL, ST (ESC \ or 0x9c), CAN or SUB.
 * It also ends, unterminated, before another ESC or a line end: a stray
 * introducer must not swallow the rest of the output.
 */
function stringEnd(base: usize, j: i32, n: i32): i32 {
  while (j < n) {
    const c = unit(base, j);
    if (c == BEL || c == C1_ST || c == CAN || c == SUB) return j + 1;
    if (c == CharCode.ESC) return j + 1 < n && unit(base, j + 1) == CharCode.BACKSLASH ? j + 2 : j;
    if (c == CharCode.LF) return j;
    j++;
  }
  return n;
}
