// A program the command names is judged by what it is before its text is: on real captures
// of the tuning part, a checker's `path:line` findings are no search hits, a tool's paths one a
// line no listing, and a trace of an editor's program no page of the file it reads. The same
// text from a tool that names no command (or a script run by its path) is still judged by its
// shape alone.
import { describe, expect, it } from "vitest";
import { classify, clean } from "../../host/core-api.js";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function cleaned(id: string): string {
  return clean(tuningFixture(id).input.output.toString("utf8"));
}

function balanced(id: string): string {
  const { input, hint } = tuningFixture(id);
  const text = compact(input, { level: "balanced" }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(4000);
  return text;
}

describe("a named program's output is taken for what the program prints", () => {
  it("reads a linter's `path:line[:col] CODE` lines as its findings, naming every file (markdownlint)", () => {
    const { meta } = tuningFixture("markdownlint-readmes");
    expect(classify(meta.tool, meta.args, cleaned("markdownlint-readmes"))).toBe("CommandOutput");
    const text = balanced("markdownlint-readmes");
    // Counted from the whole output: 466 findings over seven files, each file named.
    expect(text).toContain("466 findings");
    for (const file of meta.facts.mustKeep) expect(text, file).toContain(file);
  });

  it("reads a checker's `path:line: message` lines as its diagnostics, its verdict kept (msgfmt -c)", () => {
    const { meta } = tuningFixture("msgfmt-check-fr");
    expect(classify(meta.tool, meta.args, cleaned("msgfmt-check-fr"))).toBe("CommandOutput");
    const text = balanced("msgfmt-check-fr");
    expect(text).toContain("msgfmt: found 45 fatal errors");
    expect(text).toContain(meta.facts.errorLines[0]);
  });

  it("reads names one a line from a program that lists nothing as its result, its complaints kept (tsort)", () => {
    const { meta, input, hint } = tuningFixture("tsort-loop");
    expect(classify(meta.tool, meta.args, cleaned("tsort-loop"))).toBe("CommandOutput");
    const text = compact(input, { level: "minimal" }, { hint }).llmContent;
    for (const line of meta.facts.errorLines) expect(text, line).toContain(line);
  });

  it("reads an editor's --debug trace as its own account, its program shown first (sed --debug)", () => {
    const { meta } = tuningFixture("sed-debug-rewrite");
    expect(classify(meta.tool, meta.args, cleaned("sed-debug-rewrite"))).toBe("CommandOutput");
    const text = balanced("sed-debug-rewrite");
    for (const line of meta.facts.mustKeep) expect(text, line).toContain(line);
  });

  it("still judges the same text by its shape when no program is named, or a script runs it", () => {
    expect(classify("some_mcp_tool", {}, cleaned("msgfmt-check-fr"))).toBe("SearchResults");
    expect(classify("Bash", { command: "./check.sh fr.po" }, cleaned("msgfmt-check-fr"))).toBe("SearchResults");
    expect(classify("some_mcp_tool", {}, cleaned("tsort-loop"))).toBe("DirectoryListing");
    expect(classify("Bash", { command: "bin/order build-order.txt" }, cleaned("tsort-loop"))).toBe("DirectoryListing");
  });
});
