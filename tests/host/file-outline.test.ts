// A file of a format abridge has no scanner for still shows its structure: the statements that
// open its blocks, runs of alike ones counted, each with the line `read` reaches it at, and its
// lines without comments. Real captures of the corpus's tuning part.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function digest(id: string, level: "minimal" | "balanced", budget: number) {
  const { input, hint } = tuningFixture(id);
  const text = compact(input, { level }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(budget);
  return { text, lines: input.output.toString("utf8").split("\n") };
}

/** The outline's entries: `  label  L12` or `  label ×3  L12–40 (…)`. */
function entries(text: string): { label: string; count: number; first: number; last: number }[] {
  const out = [];
  for (const m of text.matchAll(/^ {2}(.+?)(?: \u00d7(\d+))? {2}L(\d+)(?:\u2013(\d+))?(?: \(.*\))?$/gm)) {
    out.push({ label: m[1], count: Number(m[2] ?? 1), first: Number(m[3]), last: Number(m[4] ?? m[3]) });
  }
  return out;
}

/** The entries the outline names without their lines: `  [+50 more keys: a=1 L21, b L30, +36 not listed]`. */
function named(text: string): { label: string; first: number }[] {
  const line = /^ {2}\[\+[\d,]+ more \w+: (.*)\]$/m.exec(text)?.[1] ?? "";
  return [...`: ${line}`.matchAll(/(?:: |, )(.+?) L(\d+)(?=, |$)/g)].map((m) => ({ label: m[1], first: Number(m[2]) }));
}

/** The page's numbered lines. */
function page(text: string): Map<number, string> {
  const shown = new Map<number, string>();
  for (const m of text.matchAll(/^(\d+): (.*)$/gm)) shown.set(Number(m[1]), m[2]);
  return shown;
}

describe("files of no known format: their statements as the outline", () => {
  it("lists a settings file's keys with their values and lines, and pages its settings without comments (java.security)", () => {
    for (const [level, budget] of [["minimal", 800], ["balanced", 4000]] as const) {
      const { text, lines } = digest("cat-properties-java-security", level, budget);
      const settings = lines.filter((l) => /^[a-zA-Z][a-zA-Z0-9._]* *=/.test(l));
      expect(text).toContain(`\nOutline: ${settings.length} keys; `);
      const listed = entries(text).filter((e) => e.label !== "(comment)");
      // Each key is listed as its line reads, at the line where it is set, whole or by its first words.
      for (const e of [...listed, ...named(text)]) expect(lines[e.first - 1].startsWith(e.label.replace(/…$/, ""))).toBe(true);
      // The page leaves the comments out: the settings come first.
      const shown = page(text);
      // Whole, named, or on the page: most settings are found at the smallest level, all of them at the balanced one.
      const found = settings.filter((l) => listed.some((e) => l.startsWith(e.label.replace(/…$/, ""))) || named(text).some((e) => l.startsWith(e.label.replace(/…$/, ""))) || [...shown.values()].includes(l));
      expect(found.length).toBeGreaterThanOrEqual(level === "minimal" ? 12 : settings.length);
      expect([...shown.values()].some((l) => l.startsWith("#"))).toBe(false);
      expect(shown.get(66)).toBe("security.provider.1=SUN");
      expect(text).toMatch(/ total without comments and blank lines; next: offset=\d+\)$/);
    }
    // At the smallest level a setting missing from the outline, its names and the page is one the outline counts as not listed.
    const { text, lines } = digest("cat-properties-java-security", "minimal", 800);
    const names = named(text);
    const missing = lines.filter((l) => /^[a-zA-Z][a-zA-Z0-9._]* *=/.test(l) && !text.includes(`  ${l}  L`) && !text.includes(`: ${l}\n`) && !names.some((e) => l.startsWith(e.label.replace(/…$/, ""))));
    expect(missing.length).toBeGreaterThan(0);
    expect(Number(/, \+(\d+) not listed\]$/m.exec(text)?.[1] ?? 0)).toBeGreaterThanOrEqual(missing.length);
    // Short settings are named before long ones: these fit where a whole line of the outline would not.
    for (const setting of ["keystore.type=pkcs12", "crypto.policy=unlimited"]) expect(names.some((e) => e.label === setting)).toBe(true);
  });

  it("counts runs of alike statements by the words they share, at the lines they span (system_functions.sql)", () => {
    for (const [level, budget] of [["minimal", 800], ["balanced", 4000]] as const) {
      const { text, lines } = digest("cat-sql-postgres-system-functions", level, budget);
      const runs = entries(text).filter((e) => e.count > 1);
      for (const prefix of ["CREATE OR REPLACE FUNCTION", "REVOKE EXECUTE ON FUNCTION"]) {
        const run = runs.find((e) => e.label === prefix);
        expect(run, prefix).toBeDefined();
        const at = lines.flatMap((l, i) => (l.startsWith(prefix) ? [i + 1] : []));
        expect(run!.count).toBe(at.length);
        expect(run!.first).toBe(at[0]);
        expect(run!.last).toBeGreaterThanOrEqual(at[at.length - 1]);
      }
      // The header comment is a range, not text; the page starts at the first statement.
      expect(text).toContain("\n  (comment)  L1–30\n");
      expect(text).not.toContain("PostgreSQL System Functions");
      expect(page(text).get(33)).toBe("CREATE OR REPLACE FUNCTION lpad(text, integer)");
    }
    // With room, a run says what tells its statements apart.
    const { text } = digest("cat-sql-postgres-system-functions", "balanced", 4000);
    expect(text).toContain("CREATE OR REPLACE FUNCTION \u00d775  L33\u2013595 (lpad, rpad, \"substring\", bit_length, ");
  });
  it("outlines a long file from its first lines only, and says which lines its counts are of (system_functions.sql, repeated)", () => {
    const { input, hint } = tuningFixture("cat-sql-postgres-system-functions");
    const copy = input.output.toString("utf8");
    const copyLines = copy.split("\n").length - 1;
    const output = copy.repeat(20);
    const text = compact({ ...input, output }, { level: "balanced" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(4000);
    const header = /\nOutline of lines 1\u2013([\d,]+): ([\d,]+) statements; (\d+) comment blocks\n/.exec(text);
    expect(header).not.toBeNull();
    const read = Number(header![1].replace(/,/g, ""));
    expect(read).toBeLessThan(copyLines * 20);
    // The counts are those of the lines read: each copy of the file adds its own.
    const statements = Number(header![2].replace(/,/g, ""));
    const whole = compact(input, { level: "balanced" }, { hint }).llmContent;
    const perCopy = Number(/\nOutline: (\d+) statements;/.exec(whole)![1]);
    expect(statements).toBeGreaterThanOrEqual(perCopy * Math.floor(read / copyLines));
    expect(statements).toBeLessThanOrEqual(perCopy * Math.ceil(read / copyLines));
    for (const e of entries(text)) expect(e.last).toBeLessThanOrEqual(read);
    expect(page(text).get(33)).toBe("CREATE OR REPLACE FUNCTION lpad(text, integer)");
  });

  it("gives a small page's room to the outline: the functions a shell library defines before its first lines (git-sh-setup)", () => {
    const { text, lines } = digest("cat-shell-git-sh-setup", "minimal", 800);
    const listed = [...entries(text), ...named(text)];
    // Seventeen functions in 357 lines: more of them named, whole or by their line, than lines of the page shown.
    const functions = listed.filter((e) => /^[a-z_]+ ?\(\) \{$/.test(e.label));
    expect(functions.length).toBeGreaterThanOrEqual(10);
    expect(functions.length).toBeGreaterThan(page(text).size);
    for (const f of functions) expect(lines[f.first - 1]).toBe(f.label);
  });

  it("reads on past a `/*)` case pattern, which opens no comment when nothing closes it (git-sh-setup)", () => {
    const { text, lines } = digest("cat-shell-git-sh-setup", "balanced", 4000);
    // Every function the library defines, the two after `/*)` (line 316) among them, at its line.
    const defined = lines.flatMap((l, i) => (/^[a-z_]+ ?\(\) \{$/.test(l) ? [{ label: l, first: i + 1 }] : []));
    expect(defined.length).toBe(17);
    const listed = entries(text);
    for (const f of defined) expect(listed.some((e) => e.label === f.label && e.first === f.first), f.label).toBe(true);
    expect(lines[315]).toBe("\t\t/*)");
    expect(listed.some((e) => e.label === "peel_committish () {" && e.first > 316)).toBe(true);
  });

  it("names the settings past the page that do not fit whole, the shortest first, never a lone `endif` (Makefile.global)", () => {
    const { text, lines } = digest("cat-makefile-postgres-global", "balanced", 4000);
    const names = named(text);
    expect(names.length).toBeGreaterThan(20);
    // Each as its line reads (a key's spacing aside), at its line.
    const squeezed = (l: string) => l.replace(/\s+/g, "");
    for (const e of names) expect(squeezed(lines[e.first - 1]).startsWith(squeezed(e.label.replace(/…$/, "").replace(/ \u00d7\d+$/, ""))), e.label).toBe(true);
    expect(names).toContainEqual({ label: "CC = gcc", first: 256 });
    expect(names.some((e) => /^\w+$/.test(e.label))).toBe(false);
    // None the page shows: its last line comes before the first name.
    const last = Math.max(...page(text).keys());
    for (const e of names) expect(e.first).toBeGreaterThan(last);
    // The entries not shown whole are counted exactly: those named and those not listed.
    const rest = /^ {2}\[\+(\d+) more entries: .*, \+(\d+) not listed\]$/m.exec(text);
    expect(Number(rest![1]) - Number(rest![2])).toBe(names.length);
  });
});
