import { maskedEndsHash, sameButDigits } from "../../assembly/util/masked-units";
import { shapesOf } from "./support/refined";

/** sameButDigits() of the lines at a and b of `text`, both `length` units long. */
function alike(text: string, a: i32, b: i32, length: i32): bool {
  return sameButDigits(changetype<usize>(text), a, b, length);
}

describe("units alike but for their digits", () => {
  it("takes runs that differ only in which digits they hold as alike, short or long", () => {
    const t = "unit3_7.c:3:33: warning\nunit4_2.c:9:10: warning\n";
    expect(alike(t, 0, 24, 23)).toBe(true);
    expect(alike("a1b\na9b\n", 0, 4, 3)).toBe(true);
  });

  it("tells a digit from any other unit, in the last step of 8 as in the others", () => {
    const t = "unit3_7.c:3:33: warning\nunit3_7.c:3:33: warnin9\n";
    expect(alike(t, 0, 24, 23)).toBe(false);
    expect(alike("unit3_7.c:x:33: warning\nunit3_7.c:3:33: warning\n", 0, 24, 23)).toBe(false);
    expect(alike("a1b\naxb\n", 0, 4, 3)).toBe(false);
    expect(alike("a:b\na0b\n", 0, 4, 3)).toBe(false);
  });

  it("hashes runs alike but for their digits alike", () => {
    const t = "unit3_7.c:3:33: warning\nunit4_2.c:9:10: warning\n";
    const base = changetype<usize>(t);
    expect(maskedEndsHash(base, 0, 23, 8)).toBe(maskedEndsHash(base, 24, 23, 8));
    expect(maskedEndsHash(base, 0, 23, 8)).toBeLessThan(256);
  });
});

/** `n` compiler lines cycling through three templates, each with its own numbers. */
function buildLines(n: i32): string {
  const parts = new Array<string>();
  for (let i = 0; i < n; i++) {
    const u = (i * 7919) % 97;
    if (i % 3 == 0) parts.push("cc -O2 -c unit" + u.toString() + ".c -o unit" + u.toString() + ".o");
    else if (i % 3 == 1) parts.push("unit" + u.toString() + ".c:3:" + (u + 10).toString() + ": warning: unused variable");
    else parts.push("    " + u.toString() + " | static int helper" + u.toString() + "(int x) { return x; }");
  }
  return parts.join("\n") + "\n";
}

describe("line shapes of lines alike but for their digits", () => {
  it("gives a line read from an alike line above the template and rhythm a line read anew gets", () => {
    // A word where the lines above hold a number, at the same length: not alike, a rare token.
    const text = buildLines(300) + "unitab.c:x:xx: warning: unused variable\n" + "SUMMARY: 3 of 9 failed\nSUMMARY: 4 of 9 failed\n";
    const s = shapesOf(text);
    expect(s.sameTemplate(1, 298)).toBe(true);
    expect(s.sameTemplate(2, 299)).toBe(true);
    expect(s.sameTemplate(1, 2)).toBe(false);
    expect(s.sameTemplate(298, 300)).toBe(false);
    expect(s.deviation(300)).toBeGreaterThan(0);
    expect(s.deviation(298)).toBe(0);
    expect(s.regularRow(297)).toBe(true);
    // Each of two alike labelled lines is labelled.
    expect(s.labelled.join(",")).toBe("301,302");
  });
});
