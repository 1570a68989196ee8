// Lines of a small test input as the command digest's pass over the lines reads them
// (digest/command/lines.ts): for specs of the readers that pass feeds.
import { SkeletonLines } from "../../../assembly/important/skeleton";

/** Each line of `text` as three entries: its start, its first unit after spaces and tabs, its end. */
export function lineSpans(text: string): i32[] {
  const spans = new Array<i32>();
  const n = text.length;
  let a = 0;
  while (a < n) {
    let b = text.indexOf("\n", a);
    if (b < 0) b = n;
    let t = a;
    while (t < b && (text.charCodeAt(t) == 0x20 || text.charCodeAt(t) == 0x09)) t++;
    spans.push(a);
    spans.push(t);
    spans.push(b);
    a = b + 1;
  }
  return spans;
}

/** A SkeletonLines that has read every line of `text`. */
export function skeletonRead(text: string): SkeletonLines {
  const reader = new SkeletonLines();
  const spans = lineSpans(text);
  for (let i = 0; i < spans.length; i += 3) reader.line(text, spans[i], spans[i + 1], spans[i + 2], i / 3 + 1);
  return reader;
}
