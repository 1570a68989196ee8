// String#trim and String#trimStart in less code: the standard library's own copy loops are
// functions of their own; these read the same white space (isSpace: Unicode's spaces and
// line breaks) and leave the copy to substring, which returns the string itself when it is
// all kept and "" when nothing is.
import { isSpace } from "~lib/util/string";
import { unitAt } from "./lines";

/** `s` without its leading white space, as `s.trimStart()` gives it. */
export function trimStart(s: string): string {
  let i = 0;
  while (i < s.length && isSpace(unitAt(s, i))) i++;
  return s.substring(i);
}

/** `s` without its leading and trailing white space, as `s.trim()` gives it. */
export function trim(s: string): string {
  let end = s.length;
  while (end > 0 && isSpace(unitAt(s, end - 1))) end--;
  let i = 0;
  while (i < end && isSpace(unitAt(s, i))) i++;
  return s.substring(i, end);
}
