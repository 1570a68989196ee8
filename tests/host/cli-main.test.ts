// The built `abridge` binary as a user runs it: spawned, real files, stdin.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

describe("abridge compact: numbers and configuration", () => {
  const log = readFileSync(new URL("../fixtures/python-etl-traceback-middle/output", import.meta.url));
  /** The CLI in `cwd` with only these ABRIDGE_* variables set. */
  const runIn = (cwd: string, args: string[], env: Record<string, string> = {}) => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("ABRIDGE_")));
    return spawnSync(process.execPath, [cli, ...args], { input: log, cwd, encoding: "utf8", env: { ...clean, NO_COLOR: "1", ...env } });
  };
  const project = (config?: object) => {
    const dir = mkdtempSync(join(tmpdir(), "abridge-cli-config-"));
    if (config) writeFileSync(join(dir, "abridge.config.json"), JSON.stringify(config));
    return dir;
  };

  it("refuses a budget with no room for a result, and numbers the core cannot take, instead of wrapping them", () => {
    const dir = project();
    for (const [args, message] of [
      [["--budget", "0"], "--budget must be an integer from 200 to 2,147,483,647, got \"0\""],
      [["--budget", "199"], "--budget must be an integer from 200"],
      [["--max-tokens", "0"], "--max-tokens must be an integer from 50"],
      [["--budget", "2147483648"], "--budget must be an integer from 200 to 2,147,483,647"],
      [["--exit-code", "99999999999"], "--exit-code must be an integer from -2,147,483,648 to 2,147,483,647, got \"99999999999\""],
    ] as const) {
      const r = runIn(dir, ["compact", "--tool", "bash", ...args]);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain(`abridge: ABRIDGE_USAGE: ${message}`);
    }
    const lowest = runIn(dir, ["compact", "--tool", "bash", "--exit-code=-2147483648", "--json"]);
    expect(lowest.status).toBe(0);
    expect(JSON.parse(lowest.stdout).metadata.facts.exitCode).toBe(-2147483648);
  });

  it("reads abridge.config.json and ABRIDGE_* variables as the library does, with its flags on top", () => {
    const budgetOf = (r: ReturnType<typeof runIn>) => JSON.parse(r.stdout).metadata.budget;
    const dir = project({ level: "minimal", categories: { CommandOutput: { budget: 1200 } } });
    expect(budgetOf(runIn(dir, ["compact", "--tool", "bash", "--json"]))).toBe(1200);
    expect(budgetOf(runIn(project({ level: "minimal" }), ["compact", "--tool", "bash", "--json"]))).toBe(800);
    expect(budgetOf(runIn(project(), ["compact", "--tool", "bash", "--json"], { ABRIDGE_BUDGET: "2500" }))).toBe(2500);
    // A flag that sets the budget sets it for every category, over the file and the environment.
    expect(budgetOf(runIn(dir, ["compact", "--tool", "bash", "--json", "--level", "conservative"], { ABRIDGE_BUDGET: "2500" }))).toBe(16000);
    expect(budgetOf(runIn(dir, ["compact", "--tool", "bash", "--json", "--budget", "3000"]))).toBe(3000);
    const bad = runIn(project(), ["compact", "--tool", "bash"], { ABRIDGE_LEVEL: "huge" });
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("abridge: ABRIDGE_INVALID_OPTION: ABRIDGE_LEVEL must be one of minimal, balanced, conservative");
  });
});
