// `abridge install|uninstall opencode` on real files: one plugin file in the folder opencode
// loads plugins from, idempotent, a dry run that writes nothing, an uninstall that removes
// exactly that file, and a plugin file that loads the package's bundle (or says once why not).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { pluginFile } from "../../host/install/opencode.js";
import { runCli } from "./support/run-cli.js";

function project(): string {
  return mkdtempSync(join(tmpdir(), "abridge-install-opencode-"));
}

const BUNDLE_URL = pathToFileURL(resolve("dist/opencode.bundle.js")).href;

/** Imports a plugin file the way opencode does and calls what it exports. */
function loadPlugin(file: string, directory: string): { status: number | null; stdout: string; stderr: string } {
  const driver = `
    const mod = await import(${JSON.stringify(pathToFileURL(file).href)});
    const hooks = await mod.default({ directory: ${JSON.stringify(directory)} });
    console.log(JSON.stringify({ exports: Object.keys(mod), hooks: Object.keys(hooks), tools: Object.keys(hooks.tool ?? {}) }));`;
  return spawnSync(process.execPath, ["--input-type=module", "-e", driver], { encoding: "utf8", env: { PATH: process.env.PATH } });
}

describe("abridge install opencode --project", () => {
  it("adds one plugin file that loads the installed bundle, once; uninstall removes exactly it", () => {
    const dir = project();
    mkdirSync(join(dir, ".opencode", "plugins"), { recursive: true });
    const mine = join(dir, ".opencode", "plugins", "lint.js");
    writeFileSync(mine, "export default async () => ({});\n");
    writeFileSync(join(dir, "opencode.json"), '{ "model": "loop/scripted" }\n');
    const r = runCli(["install", "opencode", "--project", dir]);
    expect(r.status).toBe(0);
    const file = join(dir, ".opencode", "plugins", "abridge.js");
    expect(r.stdout).toContain(`installed in ${file}`);
    const text = readFileSync(file, "utf8");
    expect(text.split("\n")[0]).toBe("// abridge-agent: added by `abridge install opencode`; `abridge uninstall opencode` removes this file.");
    expect(text).toContain(`const PLUGIN = ${JSON.stringify(BUNDLE_URL)};`);
    expect(text).not.toContain("@opencode-ai/plugin");
    expect(readFileSync(join(dir, "opencode.json"), "utf8")).toBe('{ "model": "loop/scripted" }\n');

    const loaded = loadPlugin(file, dir);
    expect(loaded.stderr).toBe("");
    expect(JSON.parse(loaded.stdout)).toEqual({ exports: ["default"], hooks: ["tool.execute.after", "tool.definition", "tool", "dispose"], tools: ["abridge_read"] });

    const again = runCli(["install", "opencode", "--project", dir]);
    expect(again.stdout).toContain("nothing to add");
    expect(readFileSync(file, "utf8")).toBe(text);

    expect(runCli(["uninstall", "opencode", "--project", dir]).status).toBe(0);
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(join(dir, ".opencode", "plugins"))).toEqual(["lint.js"]);
    expect(runCli(["uninstall", "opencode", "--project", dir]).stdout).toContain("nothing to remove");
  });

  it("--dry-run prints the file it would add and writes nothing", () => {
    const dir = project();
    const dry = runCli(["install", "opencode", "--project", dir, "--dry-run"]);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain(`+++ ${join(dir, ".opencode", "plugins", "abridge.js")}`);
    expect(dry.stdout).toContain(`+const PLUGIN = ${JSON.stringify(BUNDLE_URL)};`);
    expect(existsSync(join(dir, ".opencode"))).toBe(false);
  });

  it("never overwrites or removes an abridge.js it did not write", () => {
    const dir = project();
    mkdirSync(join(dir, ".opencode", "plugins"), { recursive: true });
    const theirs = join(dir, ".opencode", "plugins", "abridge.js");
    writeFileSync(theirs, "// my own plugin\nexport default async () => ({});\n");
    const r = runCli(["install", "opencode", "--project", dir]);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain("was not written by abridge");
    expect(runCli(["uninstall", "opencode", "--project", dir]).stdout).toContain("nothing to remove");
    expect(readFileSync(theirs, "utf8")).toBe("// my own plugin\nexport default async () => ({});\n");
  });

  it("moves an install from the plugin/ folder (which opencode also reads) so the plugin never loads twice", () => {
    const dir = project();
    mkdirSync(join(dir, ".opencode", "plugin"), { recursive: true });
    const older = join(dir, ".opencode", "plugin", "abridge.js");
    writeFileSync(older, pluginFile("file:///opt/old/abridge-agent/dist/opencode.bundle.js"));
    runCli(["install", "opencode", "--project", dir]);
    expect(existsSync(older)).toBe(false);
    expect(existsSync(join(dir, ".opencode", "plugins", "abridge.js"))).toBe(true);
  });
});

describe("abridge install opencode --global", () => {
  it("writes into $XDG_CONFIG_HOME/opencode/plugins, or ~/.config/opencode/plugins without it", () => {
    const home = project();
    const xdg = join(home, "xdg");
    runCli(["install", "opencode", "--global"], undefined, { env: { HOME: home, XDG_CONFIG_HOME: xdg } });
    expect(existsSync(join(xdg, "opencode", "plugins", "abridge.js"))).toBe(true);
    runCli(["uninstall", "opencode", "--global"], undefined, { env: { HOME: home, XDG_CONFIG_HOME: xdg } });
    expect(existsSync(join(xdg, "opencode", "plugins", "abridge.js"))).toBe(false);

    runCli(["install", "opencode", "--global"], undefined, { env: { HOME: home, XDG_CONFIG_HOME: "" } });
    expect(existsSync(join(home, ".config", "opencode", "plugins", "abridge.js"))).toBe(true);
  });
});

describe("the installed plugin file", () => {
  it("when the package's bundle is gone, opencode gets no hooks and the reason once on stderr", () => {
    const dir = project();
    const file = join(dir, "abridge.js");
    writeFileSync(file, pluginFile(pathToFileURL(join(dir, "removed", "dist", "opencode.bundle.js")).href));
    const loaded = loadPlugin(file, dir);
    expect(loaded.status).toBe(0);
    expect(JSON.parse(loaded.stdout)).toEqual({ exports: ["default"], hooks: [], tools: [] });
    const lines = loaded.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^abridge: ABRIDGE_CORE_LOAD: cannot load file:\/\/.*\/removed\/dist\/opencode\.bundle\.js \(.*\); opencode runs without abridge/);
  });
});
