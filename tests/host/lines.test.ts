import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  abridgeParam,
  abridgeParams,
  formatToolCall,
  hashlines,
  lineHash,
  sections,
  verifyAnchors,
  view,
} from "../../host/core-api.js";

/** FNV-1a 32 over Node's own UTF-8 encoding (which also turns a lone surrogate into EF BF BD), low byte. */
function fnvRaw(bytes: string): number {
  let h = 2166136261;
  for (const b of Buffer.from(bytes, "utf8")) h = Math.imul(h ^ b, 16777619) >>> 0;
  return h & 0xff;
}
/** The documented normalisation: one trailing "\r" is not hashed. */
const fnvLow = (line: string) => fnvRaw(line.endsWith("\r") ? line.slice(0, -1) : line);
const hex = (n: number) => n.toString(16).padStart(2, "0");

describe("lineHash", () => {
  const vectors = [
    "",
    "  return x",
    "return x",
    "return x ",
    "\treturn x",
    "a\r",
    "a",
    "é",
    "日本語",
    "emoji \u{1F600}",
    "lone \ud800 high",
    "lone \udc00 low",
    "x".repeat(100_000),
  ];
  it.each(vectors.map((v) => [JSON.stringify(v).slice(0, 40), v]))("matches an independent FNV-1a for %s", (_, line) => {
    expect(lineHash(line)).toBe(fnvLow(line));
  });
  it("ignores only a trailing \\r; spaces and tabs count", () => {
    expect(lineHash("abc\r")).toBe(lineHash("abc"));
    expect(lineHash("abc\r\r")).toBe(fnvRaw("abc\r"));
    // These happen not to collide, so they prove the hash sees the whitespace.
    expect(lineHash("  return x")).not.toBe(lineHash("return x"));
    expect(lineHash("\treturn x")).not.toBe(lineHash("return x"));
    expect(lineHash("return x ")).not.toBe(lineHash("return x"));
  });
  it("agrees with the reference on arbitrary strings, lone surrogates included", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (s) => {
        const line = s.replace(/\n/g, "");
        expect(lineHash(line)).toBe(fnvLow(line));
      }),
      { numRuns: 300 },
    );
  });
});

describe("hashlines", () => {
  it("numbers from firstLine and drops only the CRLF's \\r", () => {
    const text = "  return x\r\nb\n\nlast";
    expect(hashlines(text, 12)).toBe(
      [`12:${hex(fnvLow("  return x"))}|  return x`, `13:${hex(fnvLow("b"))}|b`, `14:${hex(fnvLow(""))}|`, `15:${hex(fnvLow("last"))}|last`].join("\n"),
    );
  });
  it("gives nothing for empty text and one line for a final newline", () => {
    expect(hashlines("")).toBe("");
    expect(hashlines("a\n")).toBe(`1:${hex(fnvLow("a"))}|a`);
  });
});

describe("verifyAnchors", () => {
  const text = "alpha\nbeta\ngamma\n";
  const anchor = (n: number, line: string) => `${n}:${hex(fnvLow(line))}`;
  it("accepts anchors that hold", () => {
    const r = verifyAnchors(`${anchor(1, "alpha")},${anchor(3, "gamma")}`, text);
    expect(r).toEqual({ ok: true, totalLines: 3, anchors: [{ anchor: anchor(1, "alpha"), ok: true }, { anchor: anchor(3, "gamma"), ok: true }] });
  });
  it("reports the current anchor of a changed line and null for a missing one", () => {
    const stale = `${anchor(2, "beta")}\n99:00`;
    const r = verifyAnchors(stale, "alpha\nBETA\ngamma\n");
    expect(r.ok).toBe(false);
    expect(r.anchors[1]).toEqual({ anchor: "99:00", ok: false, current: null });
    if (fnvLow("beta") !== fnvLow("BETA")) expect(r.anchors[0]).toEqual({ anchor: anchor(2, "beta"), ok: false, current: anchor(2, "BETA") });
  });
  it("takes whole hashlines, whose content may hold commas", () => {
    const lines = hashlines("a, b\nc\n").split("\n");
    expect(verifyAnchors(lines, "a, b\nc\n").ok).toBe(true);
    expect(verifyAnchors(lines.join("\n"), "a, b\nc\n").anchors).toHaveLength(2);
  });
  it("flags malformed tokens and an empty list", () => {
    expect(verifyAnchors("12:zz", text).anchors[0]).toEqual({ anchor: "12:zz", ok: false, current: null, error: "malformed" });
    expect(verifyAnchors("", text)).toEqual({ ok: false, totalLines: 3, anchors: [] });
  });
  it("survives an edit that only moves lines: the line number carries the identity", () => {
    const before = "x\ny\n";
    const after = "new\nx\ny\n";
    const r = verifyAnchors(hashlines(before), after);
    expect(r.ok).toBe(r.anchors.every((a) => a.ok));
    expect(verifyAnchors(hashlines(after), after).ok).toBe(true);
  });
});

describe("sections", () => {
  const text = Array.from({ length: 9 }, (_, i) => `line ${i + 1}`).join("\n");
  it("defaults to the middle third, verbatim as hashlines", () => {
    const s = sections(text);
    expect(s.totalLines).toBe(9);
    expect(s.before).toEqual({ first: 1, last: 3 });
    expect(s.after).toEqual({ first: 7, last: 9 });
    expect(s.relevant?.hashlines).toBe(hashlines(text).split("\n").slice(3, 6).join("\n"));
  });
  it("takes explicit ranges and marks empty sections null", () => {
    expect(sections(text, { start: 1, end: 9 })).toMatchObject({ before: null, relevant: { first: 1, last: 9 }, after: null });
    expect(sections(text, { start: 8 })).toMatchObject({ relevant: { first: 8, last: 9 }, after: null });
    expect(sections(text, { end: 2 })).toMatchObject({ before: null, relevant: { first: 1, last: 2 } });
    expect(sections(text, { start: 50 })).toEqual({ totalLines: 9, before: { first: 1, last: 9 }, relevant: null, after: null });
    expect(sections("")).toEqual({ totalLines: 0, before: null, relevant: null, after: null });
  });
});

describe("view", () => {
  const text = Array.from({ length: 250 }, (_, i) => `row ${i + 1}`).join("\n") + "\n";
  it("shows 100 lines and the next offset", () => {
    const out = view(text).split("\n");
    expect(out[0]).toBe("1: row 1");
    expect(out[99]).toBe("100: row 100");
    expect(out[100]).toBe("(showing lines 1-100 of 250 total; next: offset=101)");
    expect(out).toHaveLength(101);
  });
  it("pages to the end, and past it without failing", () => {
    expect(view(text, { offset: 201 }).endsWith("(showing lines 201-250 of 250 total; end of file)")).toBe(true);
    expect(view(text, { offset: 0, limit: 2 })).toBe("1: row 1\n2: row 2\n(showing lines 1-2 of 250 total; next: offset=3)");
    expect(view(text, { offset: 400 })).toBe("(offset 400 is past the end: 250 lines total; end of file)");
    expect(view("")).toBe("(empty: 0 lines total)");
  });
  it("offers hashlines and cuts over-long lines with a count", () => {
    expect(view("a\r\nb", { hashlines: true })).toBe(`${hashlines("a\r\nb")}\n(showing lines 1-2 of 2 total; end of file)`);
    const long = "é".repeat(1999) + "\u{1F600}" + "z".repeat(10);
    const first = view(long).split("\n")[0]!;
    // The emoji would straddle unit 2,000: it moves whole into the cut part (1 + 10 code points).
    expect(first).toBe(`1: ${"é".repeat(1999)}… [11 more chars]`);
  });
});

describe("abridgeParam(s) and formatToolCall", () => {
  it("abridges like the seed: lines for long multi-line values, a cut for long others", () => {
    const search = Array.from({ length: 156 }, (_, i) => `line ${i}`).join("\n");
    expect(abridgeParam(search)).toBe("[156 lines]");
    expect(abridgeParam("x".repeat(150))).toBe(`${"x".repeat(100)}...`);
    expect(abridgeParam("a\nb\nc\nd")).toBe("a\nb\nc\nd");
    expect(abridgeParam(`${"a".repeat(99)}\u{1F600}b`)).toBe(`${"a".repeat(99)}...`);
    expect(formatToolCall("search_replace", { path: "docs/file.md", search, replace: `${search}\nmore\n` })).toBe(
      'search_replace (path: "docs/file.md", search: "[156 lines]", replace: "[157 lines]")',
    );
  });
  it("walks nested objects and arrays, leaves keys and non-strings alone", () => {
    const args = { a: { b: ["y".repeat(120), 7, true, null] }, ["k".repeat(120)]: "short" };
    expect(abridgeParams(args, 10)).toEqual({ a: { b: [`${"y".repeat(10)}...`, 7, true, null] }, ["k".repeat(120)]: "short" });
  });
  it("keeps JSON text valid and returns invalid JSON unchanged", () => {
    const text = JSON.stringify({ s: "q\"\\\n".repeat(50), u: "\u00e9\ud83d\ude00".repeat(40) });
    const out = abridgeParams(text, 20);
    expect(() => JSON.parse(out)).not.toThrow();
    expect(JSON.parse(out).u).toBe(`${"\u00e9\ud83d\ude00".repeat(6)}\u00e9...`);
    for (const bad of ['{"a":1,}', "{", '{"a" 1}', "[1 2]", '"\\x"', "01", ""]) expect(abridgeParams(bad)).toBe(bad);
    expect(formatToolCall("bash", "not json")).toBe("bash (not json)");
    expect(formatToolCall("ls", {})).toBe("ls");
  });
});
