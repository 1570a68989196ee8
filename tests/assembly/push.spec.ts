import { pushInt } from "../../assembly/util/push";
import { Scan } from "../../assembly/important/scan";

describe("pushInt", () => {
  it("appends as Array#push does, in place and past the array's capacity", () => {
    const a: i32[] = [];
    const b: i32[] = [];
    // From no capacity through several growths: every element where push puts it.
    for (let i = 0; i < 1000; i++) {
      pushInt(a, i * 7 - 3);
      b.push(i * 7 - 3);
      expect(a.length).toBe(b.length);
    }
    for (let i = 0; i < 1000; i++) expect(a[i]).toBe(b[i]);
  });

  it("keeps an array made with a length at that length and appends after it", () => {
    const a = new Array<i32>(3);
    a[2] = 9;
    pushInt(a, 4);
    expect(a.length).toBe(4);
    expect(a[2]).toBe(9);
    expect(a[3]).toBe(4);
    // Room left by a shrink is written in place, not past the shrunk length.
    a.length = 1;
    pushInt(a, 5);
    expect(a.length).toBe(2);
    expect(a[1]).toBe(5);
  });
});

describe("Scan#add", () => {
  it("appends a flagged line to each of its arrays, in step", () => {
    const scan = new Scan();
    for (let i = 0; i < 40; i++) scan.add(i * 10, i * 10 + 5, i + 1, i & 3, i * 10 + 2);
    expect(scan.count).toBe(40);
    expect(scan.lineStarts[39]).toBe(390);
    expect(scan.lineEnds[39]).toBe(395);
    expect(scan.lineNumbers[39]).toBe(40);
    expect(scan.kinds[39]).toBe(3);
    expect(scan.hits[39]).toBe(392);
  });
});
