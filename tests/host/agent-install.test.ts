// `abridge install|uninstall` on real files: merged into the user's settings, idempotent, a
// dry run that writes nothing, and an uninstall that leaves the files as they were.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./support/run-cli.js";

function project(): string {
  return mkdtempSync(join(tmpdir(), "abridge-install-"));
}

describe("abridge install claude", () => {
  it("merges into existing settings, once, and uninstall gives the file back as it was", () => {
    const dir = project();
    mkdirSync(join(dir, ".claude"));
    const file = join(dir, ".claude", "settings.json");
    const mine = '{"permissions":{"allow":["Bash(npm test)"],"deny":["Bash(rm:*)"]},"hooks":{"PreToolUse":[{"matcher":"Write","hooks":[{"type":"command","command":"./lint.sh"}]}]}}';
    writeFileSync(file, mine);
    expect(runCli(["install", "claude", "--project", dir]).status).toBe(0);
    const installed = JSON.parse(readFileSync(file, "utf8"));
    expect(installed.permissions).toEqual({ allow: ["Bash(npm test)"], deny: ["Bash(rm:*)"] });
    expect(installed.hooks.PreToolUse).toHaveLength(2);
    expect(installed.hooks.PreToolUse[0].hooks[0].command).toBe("./lint.sh");
    expect(installed.hooks.PreToolUse[1]).toMatchObject({ matcher: "Bash", hooks: [{ type: "command" }] });
    expect(installed.hooks.PreToolUse[1].hooks[0].command).toMatch(/cli\.bundle\.js hook claude$/);
    expect(installed.hooks.PostToolUse[0].matcher).toBe("Bash|mcp__.*");
    expect(readFileSync(`${file}.abridge-backup`, "utf8")).toBe(mine);
    const again = runCli(["install", "claude", "--project", dir]);
    expect(again.stdout).toContain("nothing to add");
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(installed);
    expect(runCli(["uninstall", "claude", "--project", dir]).status).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(mine);
  });

  it("--dry-run prints the change and writes nothing; a file it created goes on uninstall", () => {
    const dir = project();
    const dry = runCli(["install", "claude", "--project", dir, "--dry-run"]);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain("+++ ");
    expect(dry.stdout).toContain('+        "matcher": "Bash",');
    expect(existsSync(join(dir, ".claude"))).toBe(false);
    runCli(["install", "claude", "--project", dir]);
    expect(existsSync(join(dir, ".claude", "settings.json"))).toBe(true);
    runCli(["uninstall", "claude", "--project", dir]);
    expect(existsSync(join(dir, ".claude", "settings.json"))).toBe(false);
  });

  it("refuses to rewrite settings it cannot read, and says why", () => {
    const dir = project();
    mkdirSync(join(dir, ".claude"));
    writeFileSync(join(dir, ".claude", "settings.json"), "{ not json");
    const r = runCli(["install", "claude", "--project", dir]);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain("is not valid JSON");
    expect(readFileSync(join(dir, ".claude", "settings.json"), "utf8")).toBe("{ not json");
  });
});

// Codex: tests/host/agent-install-codex.test.ts.
describe("abridge install gemini", () => {
  it("gemini: a BeforeTool hook on run_shell_command in .gemini/settings.json, kept beside the auth setting", () => {
    const dir = project();
    mkdirSync(join(dir, ".gemini"));
    const file = join(dir, ".gemini", "settings.json");
    writeFileSync(file, JSON.stringify({ security: { auth: { selectedType: "gemini-api-key" } } }));
    runCli(["install", "gemini", "--project", dir]);
    const s = JSON.parse(readFileSync(file, "utf8"));
    expect(s.security.auth.selectedType).toBe("gemini-api-key");
    expect(s.hooks.BeforeTool[0].matcher).toBe("run_shell_command");
    runCli(["uninstall", "gemini", "--project", dir]);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ security: { auth: { selectedType: "gemini-api-key" } } });
  });
});
