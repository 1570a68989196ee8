import { unitsHash } from "../../assembly/util/hash";

function hashOf(s: string, a: i32, b: i32): u32 {
  return unitsHash(changetype<usize>(s), a, b);
}

describe("unitsHash", () => {
  it("hashes equal ranges alike wherever they sit in a string", () => {
    const s = "src/a.py:1:x\n./src/a.py:2:y\nzzsrc/a.py";
    expect(hashOf(s, 0, 8)).toBe(hashOf(s, 15, 23));
    expect(hashOf(s, 0, 8)).toBe(hashOf(s, 30, 38));
    expect(hashOf("src/a.py", 0, 8)).toBe(hashOf(s, 0, 8));
  });

  it("tells apart ranges that differ in one unit, in length, or by a NUL after them", () => {
    // Tails of one to three units after the four-unit steps, and a padded tail.
    const words = ["a", "b", "a\u0000", "ab", "abc", "abcd", "abcde", "abcdf", "abcdefg", "abcdefgh", "\u00e9", "\ud83d\ude00", ""];
    for (let i = 0; i < words.length; i++) {
      for (let j = 0; j < words.length; j++) {
        if (i == j) continue;
        expect(hashOf(words[i], 0, words[i].length) == hashOf(words[j], 0, words[j].length)).toBe(false);
      }
    }
  });
});
