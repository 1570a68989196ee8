import { replaceEvery } from "../../assembly/util/replace";
import { sortI32 } from "../../assembly/util/sort-ints";

describe("replaceEvery", () => {
  it("replaces every non-overlapping occurrence, left to right, as String#replaceAll does", () => {
    const cases: string[][] = [
      ["it's a 'quoted' word", "'", "'\\''"],
      [" M src/a.ts M src/b.ts", " src/", " "],
      ["aaaa", "aa", "b"],
      ["aaa", "aa", "x"],
      ["no match here", "zz", "y"],
      ["", "a", "b"],
      ["abcabc", "abc", ""],
      ["\ud83d\ude00x\ud83d\ude00", "\ud83d\ude00", "e"],
    ];
    for (let k = 0; k < cases.length; k++) {
      const c = cases[k];
      expect(replaceEvery(c[0], c[1], c[2])).toBe(c[0].replaceAll(c[1], c[2]));
    }
  });

  it("returns the same string when nothing matches", () => {
    const s = "unchanged";
    expect(changetype<usize>(replaceEvery(s, "x", "y"))).toBe(changetype<usize>(s));
  });
});

describe("sortI32", () => {
  it("sorts ascending, negatives and extremes included", () => {
    // (The standard i32 sort compares by subtraction, which overflows at the extremes.)
    const values: i32[] = [5, -3, 0, i32.MAX_VALUE, i32.MIN_VALUE, 7, 7, -1, 42, 1];
    const expected: i32[] = [i32.MIN_VALUE, -3, -1, 0, 1, 5, 7, 7, 42, i32.MAX_VALUE];
    sortI32(values);
    for (let i = 0; i < values.length; i++) expect(values[i]).toBe(expected[i]);
  });

  it("leaves an empty array empty", () => {
    const values = new Array<i32>();
    sortI32(values);
    expect(values.length).toBe(0);
  });
});
