// String#trimStart in less code: the standard library's own copy loop is a second
// function beside String#trim, which the core keeps; this one reads the same white
// space (isSpace: Unicode's spaces and line breaks) and leaves the copy to substring.
import { isSpace } from "~lib/util/string";
import { unitAt } from "./lines";

/** `s` without its leading white space, as `s.trimStart()` gives it. */
export function trimStart(s: string): string {
  let i = 0;
  while (i < s.length && isSpace(unitAt(s, i))) i++;
  return s.substring(i);
}
