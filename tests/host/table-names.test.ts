// A cut table names the rows it leaves out (assembly/digest/command/names.ts), on real
// captures of the tuning part of the corpus: a model asking "is this row there?" finds
// the answer whatever the cut kept.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function digest(id: string, level: "minimal" | "balanced") {
  const { input, hint } = tuningFixture(id);
  const text = compact(input, { level }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(level === "minimal" ? 800 : 4000);
  return text;
}

describe("a cut table names every row it leaves out", () => {
  it("names a binary's sections, two lines a row, under the status line (readelf -S -s)", () => {
    const text = digest("readelf-sections-symbols", "balanced");
    // Two tables name their rows by a column of the same name: their lines tell them apart.
    const named = text.split("\n").find((l) => /^Name \(lines 6–83\) of the \d+ rows not shown: /.test(l));
    expect(named).toBeDefined();
    for (const section of [".text", ".data", ".bss", ".debug_info"]) expect(text).toContain(section);
    // A row the cut shows is not named again.
    expect(named).not.toContain(".interp,");
  });

  it("names listening sockets by their local address at the smallest level (ss -tlnp)", () => {
    const text = digest("ss-tlnp-netns", "minimal");
    expect(text.split("\n")[1]).toMatch(/^Address:Port of the \d+ rows not shown: /);
    for (const address of ["0.0.0.0:2222", "10.77.10.1:8080", "10.77.12.1:6379", "127.0.0.1:9100"]) expect(text).toContain(address);
  });

  it("names the packages a long listing's cut leaves out (pip list)", () => {
    const text = digest("pip-list", "balanced");
    for (const name of ["Flask", "moto", "numpy", "pytest"]) expect(text).toMatch(new RegExp(`(^|[ \\n])${name}(,|\\s|$)`));
  });

  it("gives the names' room back when they would push out rows unlike the rest (lsof -p: sockets among files)", () => {
    // At 2,500 chars the tail shows the listening sockets (`TCP` under the inodes' column);
    // the names of 30 files would take its room.
    const { input, hint } = tuningFixture("lsof-p-service");
    const text = compact(input, { budget: 2500 }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(2500);
    for (const port of [18601, 18602, 18603, 18604]) expect(text).toContain(`TCP 127.0.0.1:${port} (LISTEN)`);
  });

  it("counts the rows it names: a row without a name is not one of them (readelf -S -s)", () => {
    const text = digest("readelf-sections-symbols", "minimal");
    const named = text.split("\n").find((l) => l.startsWith("Name "))!;
    const count = Number(/ (\d+) named rows not shown: /.exec(named)![1]);
    expect(named.slice(named.indexOf(": ") + 2).split(", ").length).toBe(count);
  });

  it("leaves a failed command's small budget to how it failed (c8 coverage below threshold)", () => {
    const text = digest("c8-coverage-threshold", "minimal");
    expect(text).not.toMatch(/rows not shown|, all \d+ rows:/);
    expect(text).toContain("All files");
  });
});
