import { truncate, truncateWithHint, truncatePlan, planTruncate } from "../../assembly/truncate";
import { codePoints, countNewlines, headCut, tailCut, textStats } from "../../assembly/util/lines";

/** n lines "line 1" … "line n", each ending in "\n". */
function numbered(n: i32): string {
  let parts = new Array<string>();
  for (let i = 1; i <= n; i++) parts.push("line " + i.toString());
  return parts.join("\n") + "\n";
}

describe("truncate", () => {
  it("returns a text that fits unchanged (the same string)", () => {
    const t = "a\nb\nc\n";
    expect(changetype<usize>(truncate(t, 6, 0.6))).toBe(changetype<usize>(t));
    expect(truncate("", 0, 0.6)).toBe("");
    expect(truncate("", 10, 0.6)).toBe("");
  });

  it("cuts 1,000 lines at line boundaries with an exact marker", () => {
    const t = numbered(1000);
    const out = truncate(t, 200, 0.5);
    expect(out.length).toBeLessThanOrEqual(200);
    expect(out.startsWith("line 1\nline 2\n")).toBe(true);
    expect(out.endsWith("line 1000\n")).toBe(true);
    expect(out.includes(" chars omitted...] lines ")).toBe(true);
    expect(out.includes(" of 1,000")).toBe(true);
    const p = planTruncate(t, 200, 0.5, "");
    // The marker's N is the code points between head and tail.
    expect(p.omittedChars).toBe(p.tailStart - p.headEnd);
    expect(p.firstOmittedLine).toBe(1 + countNewlines(t, 0, p.headEnd));
    expect(p.lastOmittedLine).toBe(countNewlines(t, 0, p.tailStart));
    expect(out).toBe(t.substring(0, p.headEnd) + p.marker + "\n" + t.substring(p.tailStart));
  });

  it("writes thousands separators and the exact line range", () => {
    const t = numbered(5000);
    const p = planTruncate(t, 400, 0.6, "");
    expect(p.marker).toBe(
      "[..." + formatted(p.omittedChars) + " chars omitted...] lines " + formatted(p.firstOmittedLine) + "\u2013" + formatted(p.lastOmittedLine) + " of 5,000",
    );
  });

  it("is idempotent", () => {
    const t = numbered(300);
    const once = truncate(t, 300, 0.6);
    expect(truncate(once, 300, 0.6)).toBe(once);
  });

  it("handles a text without a trailing newline", () => {
    const t = numbered(200) + "last line without newline";
    const out = truncate(t, 150, 0.6);
    expect(out.length).toBeLessThanOrEqual(150);
    expect(out.endsWith("last line without newline")).toBe(true);
    expect(out.includes(" of 201")).toBe(true);
  });

  it("keeps CRLF line ends intact", () => {
    let parts = new Array<string>();
    for (let i = 0; i < 200; i++) parts.push("row " + i.toString() + "\r\n");
    const t = parts.join("");
    const out = truncate(t, 160, 0.5);
    expect(out.length).toBeLessThanOrEqual(160);
    expect(out.startsWith("row 0\r\nrow 1\r\n")).toBe(true);
    expect(out.endsWith("row 199\r\n")).toBe(true);
  });

  it("cuts one huge line at a code-point boundary and says partial", () => {
    const t = "x".repeat(10000);
    const out = truncate(t, 120, 0.5);
    expect(out.length).toBeLessThanOrEqual(120);
    expect(out.includes(" chars omitted...] line 1 of 1 (partial)")).toBe(true);
    const p = planTruncate(t, 120, 0.5, "");
    expect(p.omittedChars).toBe(10000 - p.headEnd - (10000 - p.tailStart));
    expect(p.partial).toBe(true);
  });

  it("never splits a surrogate pair and counts code points", () => {
    // Each unit of "\u{1F600}" is d83d de00: one code point, two units.
    const t = "\u{1F600}".repeat(5000);
    for (let b = 60; b < 80; b++) {
      const out = truncate(t, b, 0.5);
      expect(out.length).toBeLessThanOrEqual(b);
      const p = planTruncate(t, b, 0.5, "");
      expect(p.headEnd % 2).toBe(0);
      expect(p.tailStart % 2).toBe(0);
      expect(p.omittedChars).toBe((p.tailStart - p.headEnd) / 2);
    }
  });

  it("counts a lone surrogate as one code point", () => {
    // d800 alone, then ASCII.
    const t = "\uD800" + "a".repeat(999);
    const p = planTruncate(t, 100, 0.5, "");
    expect(p.omittedChars).toBe(p.tailStart - p.headEnd);
    expect(codePoints(t, 0, t.length)).toBe(1000);
    expect(textStats(t).pairs).toBe(0);
  });

  it("degrades for budgets 0, 1 and tiny", () => {
    const t = numbered(1000);
    expect(truncate(t, 0, 0.5)).toBe("");
    expect(truncate(t, -5, 0.5)).toBe("");
    expect(truncate(t, 1, 0.5)).toBe("");
    // Room for the bare marker only.
    const expected = "[..." + formatted(t.length) + " chars omitted...]";
    expect(truncate(t, expected.length, 0.5)).toBe(expected);
    expect(truncate(t, expected.length - 1, 0.5)).toBe("");
    // Room for the marker with its range but no text.
    const whole = truncate(t, 55, 0.5);
    expect(whole).toBe("[..." + formatted(t.length) + " chars omitted...] lines 1\u20131,000 of 1,000");
  });

  it("handles all-identical lines", () => {
    const t = "same\n".repeat(1000);
    const out = truncate(t, 100, 0.5);
    expect(out.length).toBeLessThanOrEqual(100);
    expect(out.startsWith("same\n")).toBe(true);
    expect(out.endsWith("same\n")).toBe(true);
  });

  it("appends a hint with line placeholders inside the budget", () => {
    const t = numbered(5000);
    const out = truncateWithHint(t, 300, 0.6, "; read more: abridge_read id=call_1 offset={first}");
    expect(out.length).toBeLessThanOrEqual(300);
    const p = planTruncate(t, 300, 0.6, "; read more: abridge_read id=call_1 offset={first}");
    expect(out.includes("; read more: abridge_read id=call_1 offset=" + p.firstOmittedLine.toString())).toBe(true);
  });

  it("drops the hint before the range when the budget is tight", () => {
    const t = numbered(1000);
    const out = truncateWithHint(t, 70, 0.6, "; read more: abridge_read id=call_1 offset={first}");
    expect(out.length).toBeLessThanOrEqual(70);
    expect(out.includes(" chars omitted...]")).toBe(true);
    expect(out.includes("abridge_read")).toBe(false);
  });

  it("clamps odd head ratios", () => {
    const t = numbered(1000);
    expect(truncate(t, 200, 2.0).length).toBeLessThanOrEqual(200);
    expect(truncate(t, 200, -1.0).length).toBeLessThanOrEqual(200);
    expect(truncate(t, 200, NaN).length).toBeLessThanOrEqual(200);
    expect(truncate(t, 200, 1.0).startsWith("line 1\n")).toBe(true);
  });

  it("returns the plan as JSON", () => {
    const json = truncatePlan(numbered(100), 100, 0.5, "");
    expect(json.startsWith("{\"fits\":false,\"headEnd\":")).toBe(true);
    expect(json.includes("\"totalLines\":100")).toBe(true);
    expect(truncatePlan("short", 100, 0.5, "").includes("\"fits\":true")).toBe(true);
  });
});

describe("line cuts", () => {
  it("prefer a line end that keeps half the room", () => {
    const t = "aaaa\nbbbbbbbbbb\ncc\n";
    expect(headCut(t, 8)).toBe(5);
    // No line end in the second half of the room: cut inside the line.
    expect(headCut(t, 12)).toBe(12);
    expect(tailCut(t, 3)).toBe(16);
    expect(tailCut(t, 0)).toBe(t.length);
  });
});

function formatted(n: i32): string {
  const s = n.toString();
  let out = "";
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && (s.length - i) % 3 == 0) out += ",";
    out += s.charAt(i);
  }
  return out;
}
