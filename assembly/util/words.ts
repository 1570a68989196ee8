// Membership of a string in a fixed set of words. One literal holding the
// whole set costs a fraction of one literal and one comparison per word, and
// the sets tested here are small and tested once per name, not per character.

const SPACE: u16 = 0x20;

/**
 * Whether `s` equals one of the space-separated words of `words`: the same
 * as `s == w1 || s == w2 || ...` (a word never holds a space, so neither can
 * a match).
 */
export function isWordOf(s: string, words: string): bool {
  const n = <usize>s.length << 1;
  const wp = changetype<usize>(words);
  const end = wp + (<usize>words.length << 1);
  let start = wp;
  while (start < end) {
    let stop = start;
    while (stop < end && load<u16>(stop) != SPACE) stop += 2;
    if (stop - start == n && memory.compare(start, changetype<usize>(s), n) == 0) return true;
    start = stop + 2;
  }
  return false;
}
