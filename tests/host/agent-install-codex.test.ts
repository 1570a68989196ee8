// `abridge install|uninstall codex` on real files: the hook goes to hooks.json beside Codex's
// config.toml ($CODEX_HOME or ~/.codex; a project's .codex/), merged with the user's own hooks;
// config.toml, where Codex itself records hook trust, is never touched.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./support/run-cli.js";

function codexHome(): string {
  const home = join(mkdtempSync(join(tmpdir(), "abridge-install-codex-")), "codex");
  mkdirSync(home);
  return home;
}

const CONFIG = 'model = "gpt-5-codex"\nmodel_provider = "local"\n\n[model_providers.local]\nbase_url = "http://127.0.0.1:9/v1"\nwire_api = "responses"\n';

function global(args: string[], home: string) {
  return runCli([...args, "codex", "--global"], undefined, { env: { CODEX_HOME: home } });
}

describe("abridge install codex", () => {
  it("adds a PreToolUse hook on Bash to hooks.json, says how to trust it, and leaves config.toml alone", () => {
    const home = codexHome();
    writeFileSync(join(home, "config.toml"), CONFIG);
    const r = global(["install"], home);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`installed in ${join(home, "hooks.json")}`);
    // Codex runs an untrusted hook not at all, silently: the user must be told.
    expect(r.stdout).toMatch(/trust it.*\/hooks/s);
    const hooks = JSON.parse(readFileSync(join(home, "hooks.json"), "utf8"));
    expect(hooks.hooks.PreToolUse).toHaveLength(1);
    expect(hooks.hooks.PreToolUse[0].matcher).toBe("Bash");
    expect(hooks.hooks.PreToolUse[0].hooks[0].type).toBe("command");
    expect(hooks.hooks.PreToolUse[0].hooks[0].command).toMatch(/cli\.bundle\.js hook codex$/);
    expect(readFileSync(join(home, "config.toml"), "utf8")).toBe(CONFIG);
    expect(global(["install"], home).stdout).toContain("nothing to add");
  });

  it("keeps the user's own hooks, and uninstall gives hooks.json back as it was", () => {
    const home = codexHome();
    const mine = '{\n  "hooks": {\n    "PreToolUse": [{ "matcher": "apply_patch", "hooks": [{ "type": "command", "command": "./check-patch.sh" }] }],\n    "Stop": [{ "hooks": [{ "type": "command", "command": "notify-send done" }] }]\n  }\n}\n';
    writeFileSync(join(home, "hooks.json"), mine);
    expect(global(["install"], home).status).toBe(0);
    const hooks = JSON.parse(readFileSync(join(home, "hooks.json"), "utf8"));
    expect(hooks.hooks.Stop).toEqual([{ hooks: [{ type: "command", command: "notify-send done" }] }]);
    expect(hooks.hooks.PreToolUse.map((g: { matcher: string }) => g.matcher)).toEqual(["apply_patch", "Bash"]);
    expect(readFileSync(join(home, "hooks.json.abridge-backup"), "utf8")).toBe(mine);
    expect(global(["uninstall"], home).status).toBe(0);
    expect(readFileSync(join(home, "hooks.json"), "utf8")).toBe(mine);
  });

  it("uninstall leaves config.toml, and the trust Codex recorded there, untouched", () => {
    const home = codexHome();
    writeFileSync(join(home, "config.toml"), CONFIG);
    global(["install"], home);
    // What Codex writes when the user trusts the hook (its /hooks review).
    const trusted = `${CONFIG}\n[hooks.state]\n\n[hooks.state."${join(home, "hooks.json")}:pre_tool_use:0:0"]\ntrusted_hash = "sha256:ba6cc5437b209aea3833f8cb99950e22a54030b4e039cd08c42f262e984fbd91"\n`;
    writeFileSync(join(home, "config.toml"), trusted);
    expect(global(["uninstall"], home).status).toBe(0);
    // abridge created hooks.json: it goes; config.toml is Codex's and the user's.
    expect(existsSync(join(home, "hooks.json"))).toBe(false);
    expect(readFileSync(join(home, "config.toml"), "utf8")).toBe(trusted);
    expect(global(["uninstall"], home).stdout).toContain("nothing to remove");
  });

  it("--project DIR writes DIR/.codex/hooks.json; --dry-run writes nothing", () => {
    const dir = mkdtempSync(join(tmpdir(), "abridge-install-codex-project-"));
    const dry = runCli(["install", "codex", "--project", dir, "--dry-run"]);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain(`+++ ${join(dir, ".codex", "hooks.json")}`);
    expect(dry.stdout).toContain('+        "matcher": "Bash",');
    expect(existsSync(join(dir, ".codex"))).toBe(false);
    expect(runCli(["install", "codex", "--project", dir]).status).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, ".codex", "hooks.json"), "utf8")).hooks.PreToolUse[0].matcher).toBe("Bash");
    expect(runCli(["uninstall", "codex", "--project", dir]).status).toBe(0);
    expect(existsSync(join(dir, ".codex", "hooks.json"))).toBe(false);
  });

  it("without CODEX_HOME installs into ~/.codex", () => {
    const home = mkdtempSync(join(tmpdir(), "abridge-install-codex-home-"));
    const env: Record<string, string> = { HOME: home };
    const r = runCli(["install", "codex", "--global"], undefined, { env: { ...env, CODEX_HOME: "" } });
    // An empty CODEX_HOME is not a directory Codex would use either: the default applies.
    expect(r.status).toBe(0);
    expect(existsSync(join(home, ".codex", "hooks.json"))).toBe(true);
  });

  it("refuses to rewrite a hooks.json it cannot read, and says why", () => {
    const home = codexHome();
    writeFileSync(join(home, "hooks.json"), "{ not json");
    const r = global(["install"], home);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain("is not valid JSON");
    expect(readFileSync(join(home, "hooks.json"), "utf8")).toBe("{ not json");
  });
});
