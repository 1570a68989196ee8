import { StrBuf } from "./strbuf";

/**
 * `s` with every non-overlapping `find` (not empty) replaced by `by`, left to
 * right: what String#replaceAll does for a non-empty search, in a fifth of its
 * code (the standard one carries the empty-search case and its own buffer growth).
 */
export function replaceEvery(s: string, find: string, by: string): string {
  let at = s.indexOf(find);
  if (at < 0) return s;
  const out = new StrBuf(s.length + by.length);
  let from = 0;
  while (at >= 0) {
    out.addRange(s, from, at).add(by);
    from = at + find.length;
    at = s.indexOf(find, from);
  }
  return out.addRange(s, from, s.length).toString();
}
