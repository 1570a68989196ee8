// `abridge install|uninstall gemini` on real files: the BeforeTool hook merged into
// .gemini/settings.json (the project's, or ~/.gemini with --global) beside the user's own
// settings and hooks, named and guarded so that a failing start never blocks Gemini's call.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ensureBuiltCli } from "./support/built-cli.js";
import { runCli } from "./support/run-cli.js";

const CLI = ensureBuiltCli();

function project(): string {
  return mkdtempSync(join(tmpdir(), "abridge-install-gemini-"));
}

const MINE = `${JSON.stringify(
  {
    security: { auth: { selectedType: "gemini-api-key" } },
    hooks: { BeforeTool: [{ matcher: "write_file|replace", hooks: [{ name: "lint", type: "command", command: "./lint.sh" }] }] },
  },
  null,
  2,
)}\n`;

describe("abridge install gemini", () => {
  it("adds one named, guarded BeforeTool hook on run_shell_command beside the user's settings; uninstall gives the file back", () => {
    const dir = project();
    mkdirSync(join(dir, ".gemini"));
    const file = join(dir, ".gemini", "settings.json");
    writeFileSync(file, MINE);
    const r = runCli(["install", "gemini", "--project", dir]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`installed in ${file}`);
    const s = JSON.parse(readFileSync(file, "utf8"));
    expect(s.security).toEqual({ auth: { selectedType: "gemini-api-key" } });
    expect(s.hooks.BeforeTool).toHaveLength(2);
    expect(s.hooks.BeforeTool[0].hooks[0].command).toBe("./lint.sh");
    const ours = s.hooks.BeforeTool[1];
    expect(ours.matcher).toBe("run_shell_command");
    expect(ours.hooks).toHaveLength(1);
    expect(ours.hooks[0].name).toBe("abridge");
    expect(ours.hooks[0].type).toBe("command");
    expect(ours.hooks[0].command).toBe(`${process.execPath} ${CLI} hook gemini || echo 'abridge: ABRIDGE_HOOK: the abridge hook could not start (Node.js or the abridge-agent package is gone); Gemini CLI runs the command without abridge' >&2`);
    expect(readFileSync(`${file}.abridge-backup`, "utf8")).toBe(MINE);

    expect(runCli(["install", "gemini", "--project", dir]).stdout).toContain("nothing to add");
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(s);

    expect(runCli(["uninstall", "gemini", "--project", dir]).status).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(MINE);
    expect(runCli(["uninstall", "gemini", "--project", dir]).stdout).toContain("nothing to remove");
  });

  it("--global writes ~/.gemini/settings.json, merged with the auth setting there", () => {
    const home = project();
    mkdirSync(join(home, ".gemini"));
    const file = join(home, ".gemini", "settings.json");
    writeFileSync(file, '{"security":{"auth":{"selectedType":"gemini-api-key"}}}');
    expect(runCli(["install", "gemini", "--global"], undefined, { env: { HOME: home } }).status).toBe(0);
    const s = JSON.parse(readFileSync(file, "utf8"));
    expect(s.security.auth.selectedType).toBe("gemini-api-key");
    expect(s.hooks.BeforeTool[0].hooks[0].name).toBe("abridge");
    runCli(["uninstall", "gemini", "--global"], undefined, { env: { HOME: home } });
    expect(readFileSync(file, "utf8")).toBe('{"security":{"auth":{"selectedType":"gemini-api-key"}}}');
  });

  it("replaces a hook an earlier version installed (unguarded) instead of adding a second one", () => {
    const dir = project();
    mkdirSync(join(dir, ".gemini"));
    const file = join(dir, ".gemini", "settings.json");
    const earlier = { hooks: { BeforeTool: [{ matcher: "run_shell_command", hooks: [{ type: "command", command: `${process.execPath} /old/abridge-agent/dist/cli.bundle.js hook gemini` }] }] } };
    writeFileSync(file, JSON.stringify(earlier));
    runCli(["install", "gemini", "--project", dir]);
    const s = JSON.parse(readFileSync(file, "utf8"));
    expect(s.hooks.BeforeTool).toHaveLength(1);
    expect(s.hooks.BeforeTool[0].hooks[0].command).toContain(`${CLI} hook gemini || echo `);
    // Both were abridge's: uninstall leaves settings without any.
    runCli(["uninstall", "gemini", "--project", dir]);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({});
  });

  it("--dry-run prints the change and writes nothing; a settings file abridge created goes on uninstall", () => {
    const dir = project();
    const dry = runCli(["install", "gemini", "--project", dir, "--dry-run"]);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain('+            "name": "abridge",');
    expect(existsSync(join(dir, ".gemini"))).toBe(false);
    runCli(["install", "gemini", "--project", dir]);
    expect(existsSync(join(dir, ".gemini", "settings.json"))).toBe(true);
    runCli(["uninstall", "gemini", "--project", dir]);
    expect(existsSync(join(dir, ".gemini", "settings.json"))).toBe(false);
  });
});
