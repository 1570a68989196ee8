// Parses a list of hashline anchors: `12:a3,13:0f`, one per line, or whole
// hashlines `12:a3|content` (the content is skipped, commas and all).
import { CharCode, hexValue, isDigit, isUnitOf } from "./chars";
import { unitAt } from "./lines";

/** A parsed anchor; line is -1 when the token is not `{digits}:{2 hex}`. */
export class Anchor {
  constructor(
    public line: i32,
    public hash: i32,
    public tokenStart: i32,
    public tokenEnd: i32,
  ) {}
}

// @ts-ignore: decorator
@inline function isSeparator(c: i32): bool {
  if (ASC_SHRINK_LEVEL >= 2) return isUnitOf(c, ", \t\r\n;");
  return c == CharCode.COMMA || c == CharCode.SPACE || c == CharCode.TAB || c == CharCode.CR || c == CharCode.LF || c == CharCode.SEMICOLON;
}


/** Lines above this are rejected as malformed rather than overflowing i32. */
const MAX_LINE: i32 = 999_999_999;

export function parseAnchors(s: string): Array<Anchor> {
  const out = new Array<Anchor>();
  const n = s.length;
  let i = 0;
  while (i < n) {
    if (isSeparator(unitAt(s, i))) {
      i++;
      continue;
    }
    const start = i;
    let line = 0;
    let digits = 0;
    let ok = true;
    while (i < n && isDigit(unitAt(s, i))) {
      if (line > MAX_LINE / 10) ok = false;
      else line = line * 10 + unitAt(s, i) - CharCode._0;
      digits++;
      i++;
    }
    ok = ok && digits > 0 && i < n && unitAt(s, i) == CharCode.COLON;
    let hash = 0;
    if (ok) {
      i++;
      const hi = i < n ? hexValue(unitAt(s, i)) : -1;
      const lo = i + 1 < n ? hexValue(unitAt(s, i + 1)) : -1;
      ok = hi >= 0 && lo >= 0;
      if (ok) {
        hash = (hi << 4) | lo;
        i += 2;
      }
    }
    // Whatever follows must end the token; anything else makes it malformed.
    if (ok && i < n && !isSeparator(unitAt(s, i)) && unitAt(s, i) != CharCode.PIPE) ok = false;
    while (i < n && !isSeparator(unitAt(s, i)) && unitAt(s, i) != CharCode.PIPE) i++;
    const end = i;
    if (i < n && unitAt(s, i) == CharCode.PIPE) {
      while (i < n && unitAt(s, i) != CharCode.LF) i++;
    }
    out.push(new Anchor(ok ? line : -1, hash, start, end));
  }
  return out;
}
