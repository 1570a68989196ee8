// When a failure's error lines do not all fit: those placed in the user's own files
// before those placed in a library's. A compiler reports a template's or a macro's
// failure at every header it passes through ("/usr/include/c++/12/bits/hashtable.h:531:7:
// error: use of deleted function …", a dozen of them) and at the user's lines that
// instantiated it ("price_index.cpp:56:14: error: use of deleted function
// ‘PriceIndex::PriceIndex()’"); the user's lines are where the fix goes, even when one
// repeats a message shown already, and the library's follow from them.
import { placedInLibrary } from "./frames";
import { Scan } from "./scan";

/** Lines read, at most: a budget shows far fewer, and the lines after keep their order. */
const MAX_READ: i32 = 2000;

/**
 * Reorders the error lines `novel` then `repeats` (scan indices, in the order they are
 * offered) so that those whose place is in a library's file come after all the others,
 * each part in its order, and splits them again at novel's length. The first line
 * (the output's first error) keeps its place; of a flood, the first MAX_READ lines are reordered.
 */
export function userPlacesFirst(text: string, scan: Scan, novel: i32[], repeats: i32[]): void {
  const nn = novel.length;
  const total = nn + repeats.length;
  // In place over both lists: the user's lines move up, the library's wait in `library`.
  const library = new Array<i32>();
  let user = 0;
  const read = min(total, MAX_READ);
  for (let j = 0; j < read; j++) {
    const h = j < nn ? unchecked(novel[j]) : unchecked(repeats[j - nn]);
    if (j > 0 && placedInLibrary(text, unchecked(scan.lineStarts[h]), unchecked(scan.lineEnds[h]))) library.push(h);
    else put(novel, repeats, nn, user++, h);
  }
  for (let j = 0; j < library.length; j++) put(novel, repeats, nn, user + j, unchecked(library[j]));
}

/** Sets entry j of the two lists read as one, novel's nn entries first. */
function put(novel: i32[], repeats: i32[], nn: i32, j: i32, h: i32): void {
  if (j < nn) unchecked((novel[j] = h));
  else unchecked((repeats[j - nn] = h));
}
