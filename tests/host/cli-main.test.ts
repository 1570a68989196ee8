// The built `abridge` binary as a user runs it: spawned, real files, stdin.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ensureBuiltCli } from "./support/built-cli.js";

const cli = ensureBuiltCli();
const run = (args: string[], input?: Buffer | string) =>
  spawnSync(process.execPath, [cli, ...args], { input, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });

describe("abridge demo", () => {
  it("prints a before/after row per built-in sample with every error line kept", () => {
    const r = run(["demo"]);
    expect(r.status).toBe(0);
    for (const category of ["CommandOutput", "SearchResults", "DirectoryListing", "FileContent", "StructuredData", "WebContent", "Diff", "Binary"]) {
      expect(r.stdout).toContain(category);
    }
    const [, kept, total] = /error lines reaching the model: (\d+)\/(\d+)/.exec(r.stdout)!;
    expect(Number(total)).toBeGreaterThan(0);
    expect(kept).toBe(total);
    expect(r.stdout).not.toMatch(/\x1b\[/);
  });

  it("shows what the model sees for one sample", () => {
    const r = run(["demo", "--show", "python-etl-traceback-middle"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("ValueError: invalid literal for int() with base 10: '12.5 EUR'");
    expect(r.stdout).toMatch(/\[\.\.\.[\d,]+ chars omitted\.\.\.\] lines/);
  });
});

describe("abridge compact", () => {
  const log = readFileSync(new URL("../fixtures/python-etl-traceback-middle/output", import.meta.url));

  it("reads stdin and prints the LLM content within the budget", () => {
    const r = run(["compact", "--tool", "bash", "--exit-code", "1", "--budget", "2000"], log);
    expect(r.status).toBe(0);
    expect(r.stdout.length).toBeLessThanOrEqual(2001);
    expect(r.stdout).toContain("ValueError");
  });

  it("prints one JSON object with --json", () => {
    const file = new URL("../fixtures/grep-def-python-email/output", import.meta.url).pathname;
    const r = run(["compact", file, "--args", '{"command":"grep -rn \\"def \\" email"}', "--json"]);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.category).toBe("SearchResults");
    expect(out.summary).toBe("Found 530 matches in 28 files");
    expect(out.uiContent.length).toBeGreaterThan(out.llmContent.length);
    expect(out.metadata.keptLines.length).toBeGreaterThan(0);
  });

  it("exits 2 with a coded message on usage errors", () => {
    for (const args of [["compact", "--level", "huge"], ["compact", "--args", "{nope"], ["compact", "/no/such/file"], ["nosuchcommand"]]) {
      const r = run(args, "");
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/^abridge: ABRIDGE_USAGE: /);
    }
  });

  it("answers --help on every command", () => {
    for (const command of ["compact", "demo"]) {
      const r = run([command, "--help"]);
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/^usage: abridge /);
    }
  });
});
