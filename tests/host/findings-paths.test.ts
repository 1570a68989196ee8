import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { clean, digestCommand } from "../../host/core-api.js";

// The totals a checker's findings get under the command's status line, on real captures
// (tests/fixtures/corpus/<id>/): doxygen warning of undocumented members in files it names
// by their absolute paths, and clang-tidy closing each finding with its check's name.
const corpus = join(new URL("../..", import.meta.url).pathname, "tests/fixtures/corpus");
function capture(id: string) {
  const text = clean(readFileSync(join(corpus, id, "output"), "utf8"));
  const meta = JSON.parse(readFileSync(join(corpus, id, "meta.json"), "utf8"));
  const status = (budget: number) => digestCommand(text, budget, { tool: meta.tool, args: meta.args, exitCode: meta.exitCode }).llm.split("\n")[0]!;
  return { text, meta, status };
}

describe("a checker's findings over files in one long directory", () => {
  const { text, status } = capture("doxygen-undocumented-library");
  // `path:line: warning: …`, the path from where the line's last '/…:N:' place starts.
  const places = [...text.matchAll(/(\/[^\s:]+):\d+: warning: /g)].map((m) => m[1]!);
  const files = [...new Set(places)];
  const directory = files[0]!.slice(0, files[0]!.lastIndexOf("/") + 1);

  it("names the directory once and each file within it", () => {
    expect(files.length).toBeGreaterThan(2);
    expect(files.every((f) => f.startsWith(directory))).toBe(true);
    const line = status(4000);
    expect(line).toContain(`; ${files.length} files in ${directory}: `);
    // Each file by its name within the directory, never by its whole path again.
    expect(line.split(directory).length).toBe(2);
    for (const f of files) expect(line).toContain(` ${f.slice(directory.length)} `);
  });
});

describe("a finding closed by a long check name", () => {
  const { text, meta, status } = capture("clang-tidy-cpp-service");
  const findings = text.split("\n").filter((l) => /^\S+:\d+:\d+: (warning|error): .* \[[^\s\]]+\]$/.test(l));

  it("is counted by that code: an analyzer's check made an error by an option", () => {
    const errors = findings.filter((l) => l.includes(": error: "));
    expect(errors.length).toBe(meta.facts.counts.errors);
    const codes = new Set(findings.map((l) => l.slice(l.lastIndexOf("[") + 1, -1)));
    // One at least was too long to read as a code before (62 units and its brackets).
    expect([...codes].some((c) => c.length >= 62)).toBe(true);
    expect(status(4000)).toContain(`${errors.length} errors, ${meta.facts.counts.warnings} warnings; ${codes.size} codes: `);
  });
});
