// Column-aligned listings and numbered entries, on real captures of the tuning part of
// the corpus: a padded table cut under a small budget loses its padding (so more rows
// fit, each whole), the slack of a small budget goes to whole rows at one end, and entries
// numbered 1…N are counted once in the status line; a tool's complaints among its entries
// are errors, and a row of fields before a tab and its name is one entry with its size.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

const BUDGETS = { minimal: 800, balanced: 4000 } as const;

function digest(id: string, level: keyof typeof BUDGETS, args?: { command: string }) {
  const { input, hint } = tuningFixture(id);
  const output = input.output.toString("utf8");
  const text = compact({ ...input, output, args: args ?? input.args }, { level }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(BUDGETS[level]);
  return { text, lines: output.split("\n") };
}

/** A row with its column padding squeezed as the digest writes it. */
const squeezed = (row: string) => row.replace(/ {3,}(?=\S)/g, "  ").replace(/ +$/, "");

describe("a padded listing is cut without its padding under a small budget", () => {
  it("shows more of ss's listeners at minimal, each row whole (ss -tlnpe)", () => {
    const { text, lines } = digest("ss-tlnp-netns", "minimal");
    const listeners = lines.filter((l) => l.startsWith("LISTEN"));
    const shown = listeners.filter((row) => text.includes(squeezed(row)));
    // Padded, three rows fit in 800 chars; squeezed, three as well beside the names of the
    // others (their local addresses, names.ts): every listener is shown or named.
    expect(shown.length).toBeGreaterThanOrEqual(3);
    for (const row of listeners) expect(text).toContain(row.split(/ +/)[3]);
    // No row is shown with its padding, and no line runs into a cut.
    expect(text).not.toMatch(/ {3,}\S/);
    expect(text).not.toContain("[...]");
  });

  it("keeps dpkg -l's rows as printed and its row count exact at balanced (dpkg -l)", () => {
    const { text, lines } = digest("dpkg-l-installed", "balanced");
    expect(text).toMatch(/table: 771 rows/);
    // A larger budget shows rows as printed: padding costs few tokens, and a row quoted back matches.
    const rows = lines.filter((l) => l.startsWith("ii "));
    expect(rows.filter((row) => text.includes(row + "\n")).length).toBeGreaterThanOrEqual(10);
    expect(text).not.toContain("ii  zstd  1.5.4");
  });

  it("squeezes dpkg -l's rows at minimal, the rows at both ends whole (dpkg -l)", () => {
    const { text } = digest("dpkg-l-installed", "minimal");
    expect(text.split("\n")[0]).toContain("table: 771 rows");
    expect(text).toContain("ii  zstd  1.5.4+dfsg2-5  amd64  fast lossless compression algorithm -- CLI tool");
  });

  it("leaves a linter's padded error rows as the linter wrote them (eslint stylish)", () => {
    const { text } = digest("eslint-recommended-errors", "minimal");
    expect(text).toContain("  14:10  error  'fonud' is not defined                      no-undef");
  });
});

describe("entries numbered 1…N are counted", () => {
  it("states ip addr's interface count in the status line (ip addr)", () => {
    const { text, lines } = digest("ip-addr-netns", "minimal");
    const interfaces = lines.filter((l) => /^\d+: /.test(l)).length;
    expect(interfaces).toBe(13);
    expect(text.split("\n")[0]).toContain("13 numbered entries");
  });

  it("counts the links of ip link, not the routes printed after them (ip -s -d link; ip route)", () => {
    const { text } = digest("ip-route-link-netns", "minimal");
    expect(text.split("\n")[0]).toContain("13 numbered entries");
  });
});

describe("entries listed under a label are counted", () => {
  it("states the number of files pip show -f lists (pip show -f)", () => {
    const { text, lines } = digest("pip-show-files", "minimal");
    const files = lines.slice(lines.indexOf("Files:") + 1).filter((l) => l.startsWith("  ")).length;
    expect(files).toBe(82);
    expect(text.split("\n")[0]).toContain("Files: 82 entries");
  });

  it("counts git status's changes, not the hint under the label (git status)", () => {
    const { text, lines } = digest("git-status-many-changes", "minimal");
    expect(lines.filter((l) => l.startsWith("\t")).length).toBe(48);
    expect(text.split("\n")[0]).toContain("Changes to be committed: 48 entries");
  });
});

describe("rows under a header without a rule are counted", () => {
  it("counts ss's listeners under its header (ss -tlnpe)", () => {
    const { text, lines } = digest("ss-tlnp-netns", "minimal");
    expect(lines.filter((l) => l.startsWith("LISTEN")).length).toBe(8);
    expect(text.split("\n")[0]).toContain("table: 8 rows");
  });

  it("counts readelf's two-line section rows once each, and each symbol table (readelf -S -s)", () => {
    const { text } = digest("readelf-sections-symbols", "balanced");
    // 39 sections of two lines, 11 and 40 symbols: "Key to Flags" under the sections does not line up.
    expect(text.split("\n")[0]).toContain("tables: 39, 11, 40 rows");
  });

  it("counts top's tasks under its indented header (top -b)", () => {
    const { text, lines } = digest("top-batch-pid-namespace", "minimal");
    const header = lines.findIndex((l) => /^\s+PID USER/.test(l));
    const tasks = lines.slice(header + 1).filter((l) => /^\s*\d+ /.test(l)).length;
    expect(text.split("\n")[0]).toContain(`table: ${tasks} rows`);
  });
});

describe("a tool's complaints among the entries are told apart by their shape, not by the tool's name", () => {
  // A complaint is a lower-case command word ended by ": " ("find: ‘x’: Permission denied"); the
  // tuning part's listings hold none, so each must keep every line an entry or a note.
  it("takes no archive line, header or path of a real listing for a complaint (unzip -l, zipinfo, ls -R, find, jar tf)", () => {
    for (const id of ["unzip-l-junit-jar", "zipinfo-junit4-jar", "ls-r-gemini-src", "find-usr-include-headers", "jar-tf-hamcrest"]) {
      const { text } = digest(id, "balanced");
      expect(text.split("\n")[0], id).toMatch(/^Listed [\d,]+ (entries|files)/);
      expect(text.split("\n")[0], id).not.toMatch(/\d errors?\b/);
    }
  });

  it("shows tsort's loop complaints as errors, not as directories of the order (tsort)", () => {
    const { meta } = tuningFixture("tsort-loop");
    // 300 modules ordered, then four complaints: the loop's heading and the three names in it.
    // Printed by a script run by its path, the names are taken for a listing (run as `tsort`,
    // a program that lists nothing, they are its result: classify-named-program.test.ts); the
    // complaints are what must come through.
    const script = { command: "./order.sh build-order.txt" };
    const balanced = digest("tsort-loop", "balanced", script).text;
    expect(balanced.split("\n")[0]).toMatch(/; 4 errors$/);
    for (const line of meta.facts.errorLines) expect(balanced, line).toContain(line);
    expect(balanced).not.toMatch(/Top level.*tsort:/);
    const minimal = digest("tsort-loop", "minimal", script).text;
    expect(minimal.split("\n")[0]).toMatch(/; 4 errors$/);
    expect(minimal).toContain("tsort: build-order.txt: input contains a loop:");
  });
});

describe("a complaint written into an unfinished entry line is shown as an error", () => {
  // bsdtar -tvf of a zip cut short: "Truncated input file" went to stderr while the last
  // entry's line waited for its newline, so it sits at the end of that entry's line.
  it("keeps the spliced complaint and the one after it at minimal and balanced (bsdtar -tvf)", () => {
    const { meta } = tuningFixture("bsdtar-tvf-truncated-zip");
    for (const level of ["minimal", "balanced"] as const) {
      const { text, lines } = digest("bsdtar-tvf-truncated-zip", level);
      const spliced = lines.find((l) => /\S+bsdtar: /.test(l) && !l.startsWith("bsdtar: "));
      expect(spliced, level).toBeDefined();
      expect(text, level).toContain(spliced);
      expect(text.split("\n")[0], level).toMatch(/; 2 errors$/);
      // Both complaints: a listing's errors are its failures, before its groupings and entries.
      for (const line of meta.facts.errorLines) expect(text, level).toContain(line);
    }
  });
});

describe("a row of fields before a tab and its name is one entry", () => {
  it("lists git ls-tree -l's files with their sizes, not its fields as names (git ls-tree -r -l)", () => {
    const { text, lines } = digest("git-ls-tree-long", "minimal");
    const rows = lines.filter((l) => l.includes("\t"));
    expect(rows.length).toBe(91);
    expect(text.split("\n")[0]).toBe(`Listed ${rows.length} entries`);
    // The largest blob, by the size padded before its tab.
    const largest = rows.map((r) => ({ size: Number(r.split("\t")[0].trim().split(/ +/)[3]), path: r.split("\t")[1] })).sort((a, b) => b.size - a.size)[0];
    expect(text).toContain(`Largest: ${largest.size} ${largest.path}`);
    expect(text).not.toMatch(/Top level.*blob/);
  });
});
