import { rankByScore } from "../../assembly/digest/shared/text";

/** The ranking by definition: highest score first, ties by index, found by selection. */
function reference(scores: Array<i32>): Array<i32> {
  const n = scores.length;
  const taken = new Array<bool>(n);
  const out = new Array<i32>();
  for (let k = 0; k < n; k++) {
    let best = -1;
    for (let i = 0; i < n; i++) if (!taken[i] && (best < 0 || scores[i] > scores[best])) best = i;
    taken[best] = true;
    out.push(best);
  }
  return out;
}

function same(scores: Array<i32>): bool {
  const got = rankByScore(scores, scores.length);
  const want = reference(scores);
  for (let i = 0; i < scores.length; i++) if (got[i] != want[i]) return false;
  return true;
}

describe("rankByScore", () => {
  it("orders few and many scores the same way: highest first, ties in index order", () => {
    let seed: u32 = 12345;
    for (let round = 0; round < 40; round++) {
      // 10 to 400 scores: both the comparison sort and the radix sort.
      const n = 10 + <i32>(round * 10);
      const scores = new Array<i32>();
      for (let i = 0; i < n; i++) {
        seed = seed * 1103515245 + 12345;
        // Few distinct values (many ties), wide ones, negatives.
        const v = round % 3 == 0 ? <i32>((seed >> 16) % 5) : round % 3 == 1 ? <i32>(seed >> 1) : <i32>(seed >> 8) - 0x400000;
        scores.push(v);
      }
      expect(same(scores)).toBe(true);
    }
  });

  it("keeps index order when every score is equal", () => {
    const scores = new Array<i32>();
    for (let i = 0; i < 300; i++) scores.push(7);
    const got = rankByScore(scores, 300);
    for (let i = 0; i < 300; i++) expect(got[i]).toBe(i);
  });
});
