// How novelFirst orders every hit of a scan, written as the specs compare it.
import { novelFirst } from "../../../assembly/important/novel";
import { Scan } from "../../../assembly/important/scan";

/**
 * The 1-based line numbers of novelFirst's `out`, then "|", then of `later`, over every hit in
 * line order (`placesInOrder`: as when the error lines do not all fit; `placeBelow`: as when
 * they do not under a small budget; `rareCopies`: as warnings are ranked).
 */
export function rankedLines(text: string, scan: Scan, keepFirst: i32, placesInOrder: bool = false, placeBelow: bool = false, rareCopies: bool = false): string {
  const order = new Array<i32>();
  for (let h = 0; h < scan.count; h++) order.push(h);
  const out = new Array<i32>();
  const later = new Array<i32>();
  novelFirst(text, scan, order, keepFirst, out, later, placesInOrder, placeBelow, rareCopies);
  const lines = new Array<string>();
  for (let j = 0; j < out.length; j++) lines.push(scan.lineNumbers[out[j]].toString());
  lines.push("|");
  for (let j = 0; j < later.length; j++) lines.push(scan.lineNumbers[later[j]].toString());
  return lines.join(" ");
}
