// `abridge install|uninstall pi` on real files: the extension bundle named in pi's settings,
// merged beside the user's own extensions, once, and removed leaving the file as it was.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "./support/run-cli.js";

const BUNDLE = fileURLToPath(new URL("../../dist/pi.bundle.js", import.meta.url));

describe("abridge install pi", () => {
  it("adds the extension bundle to .pi/settings.json beside the user's own, once, and uninstall restores the file", () => {
    const dir = mkdtempSync(join(tmpdir(), "abridge-install-pi-"));
    mkdirSync(join(dir, ".pi"));
    const file = join(dir, ".pi", "settings.json");
    const mine = '{"defaultProvider":"anthropic","extensions":["./my-ext.ts"]}';
    writeFileSync(file, mine);
    expect(runCli(["install", "pi", "--project", dir]).status).toBe(0);
    const installed = JSON.parse(readFileSync(file, "utf8"));
    expect(installed).toEqual({ defaultProvider: "anthropic", extensions: ["./my-ext.ts", BUNDLE] });
    expect(existsSync(installed.extensions[1])).toBe(true);
    expect(runCli(["install", "pi", "--project", dir]).stdout).toContain("nothing to add");
    expect(runCli(["uninstall", "pi", "--project", dir]).status).toBe(0);
    expect(readFileSync(file, "utf8")).toBe(mine);
  });

  it("--global writes pi's agent directory; a settings file it created goes on uninstall", () => {
    const home = mkdtempSync(join(tmpdir(), "abridge-install-pi-home-"));
    const env = { HOME: home };
    const dry = runCli(["install", "pi", "--global", "--dry-run"], undefined, { env });
    expect(dry.stdout).toContain(join(home, ".pi", "agent", "settings.json"));
    expect(existsSync(join(home, ".pi"))).toBe(false);
    expect(runCli(["install", "pi", "--global"], undefined, { env }).status).toBe(0);
    expect(JSON.parse(readFileSync(join(home, ".pi", "agent", "settings.json"), "utf8")).extensions).toEqual([BUNDLE]);
    expect(runCli(["uninstall", "pi", "--global"], undefined, { env }).status).toBe(0);
    expect(existsSync(join(home, ".pi", "agent", "settings.json"))).toBe(false);
  });

  it("replaces the bundle of an older install path instead of adding a second one", () => {
    const dir = mkdtempSync(join(tmpdir(), "abridge-install-pi-"));
    mkdirSync(join(dir, ".pi"));
    const file = join(dir, ".pi", "settings.json");
    writeFileSync(file, JSON.stringify({ extensions: ["/old/node_modules/abridge-agent/dist/pi.bundle.js"] }));
    expect(runCli(["install", "pi", "--project", dir]).status).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8")).extensions).toEqual([BUNDLE]);
  });
});
