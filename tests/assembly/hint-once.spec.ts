import { hintOnce } from "../../assembly/digest/shared/hint-once";

const HINT = "; read more: abridge_read id=t1 offset={first}";

describe("hintOnce", () => {
  it("keeps the first marker's hint and drops the hints of the markers after it", () => {
    const text = [
      "head", //                                                                     line 1: kept as it is
      "[...120 chars omitted...] lines 2–5 of 40; read more: abridge_read id=t1 offset=2", // the first hint stays
      "middle", //                                                                   kept
      "[...300 chars omitted...] lines 7–30 of 40; read more: abridge_read id=t1 offset=7", // its hint goes
      "[...90 chars omitted...] line 31 of 40; incl. 1 error line; read more: abridge_read id=t1 offset=31", // so does this one
      "tail",
    ].join("\n");
    expect(hintOnce(text, HINT)).toBe(
      [
        "head",
        "[...120 chars omitted...] lines 2–5 of 40; read more: abridge_read id=t1 offset=2",
        "middle",
        "[...300 chars omitted...] lines 7–30 of 40",
        "[...90 chars omitted...] line 31 of 40; incl. 1 error line",
        "tail",
      ].join("\n"),
    );
  });

  it("fills {first} and {last} with digits and drops a later hint that ends the text", () => {
    const hint = "; more: cat log --from {first} --to {last}";
    const text = "a\n[...9 chars omitted...] lines 2–3 of 9; more: cat log --from 2 --to 3\nb\n[...5 chars omitted...] lines 5–9 of 9; more: cat log --from 5 --to 9";
    expect(hintOnce(text, hint)).toBe("a\n[...9 chars omitted...] lines 2–3 of 9; more: cat log --from 2 --to 3\nb\n[...5 chars omitted...] lines 5–9 of 9");
  });

  it("leaves a hint that does not end its line, or has no digits where the offset goes", () => {
    const text = [
      "[...1 chars omitted...] line 2 of 9; read more: abridge_read id=t1 offset=2", // the first
      '{"note": "[...4 chars omitted...] line 4 of 9; read more: abridge_read id=t1 offset=4"}', // inside a JSON string: stays
      "; read more: abridge_read id=t1 offset=x", //                                  no digits: not a hint, stays
    ].join("\n");
    expect(hintOnce(text, HINT)).toBe(text);
  });

  it("returns the same string when there is at most one hint, or no hint at all", () => {
    const one = "x\n[...1 chars omitted...] line 2 of 3; read more: abridge_read id=t1 offset=2\ny";
    expect(changetype<usize>(hintOnce(one, HINT))).toBe(changetype<usize>(one));
    expect(hintOnce(one, "")).toBe(one);
  });
});
