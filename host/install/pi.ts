// pi: the extension is a file of this package, named in pi's settings.json `extensions`
// (`.pi/settings.json` in a project, `~/.pi/agent/settings.json` globally). Naming the installed
// bundle by path loads it offline and at the version the user installed, where
// `pi install npm:abridge-agent` would fetch the package again.
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join } from "node:path";
import { formatSettings, parseSettings } from "./json-hooks.js";
import type { InstallContext, InstallTarget } from "./types.js";

/** The extension bundle beside the running CLI bundle (both live in the package's dist/). */
function extensionPath(ctx: InstallContext): string {
  const cli = ctx.abridgeCommand.at(-1) ?? "";
  // The CLI may run through node_modules/.bin's link: the bundle sits beside the file it points at.
  return join(dirname(existsSync(cli) ? realpathSync(cli) : cli), "pi.bundle.js");
}

function settingsPath(ctx: InstallContext): string {
  return ctx.scope === "global" ? join(ctx.env.PI_CODING_AGENT_DIR ?? join(ctx.home, ".pi", "agent"), "settings.json") : join(ctx.projectDir, ".pi", "settings.json");
}

/** An extension entry abridge added: this install's bundle, or the bundle of any installed copy of the package. */
function oursFor(ctx: InstallContext): (entry: unknown) => boolean {
  const own = extensionPath(ctx);
  return (entry) => typeof entry === "string" && (entry === own || /[\\/]abridge-agent[\\/]dist[\\/]pi\.bundle\.js$/.test(entry));
}

function read(path: string): string | null {
  return existsSync(path) ? readFileSync(path, "utf8") : null;
}

export const piTarget: InstallTarget = {
  agent: "pi",
  planInstall(ctx) {
    const path = settingsPath(ctx);
    const before = read(path);
    const settings = parseSettings(before, path);
    const own = extensionPath(ctx);
    const isOurs = oursFor(ctx);
    const current = Array.isArray(settings.extensions) ? (settings.extensions as unknown[]) : [];
    if (current.includes(own) && current.filter(isOurs).length === 1) return [];
    const after = formatSettings({ ...settings, extensions: [...current.filter((e) => !isOurs(e)), own] });
    return [{ path, before, after }];
  },
  planUninstall(ctx) {
    const path = settingsPath(ctx);
    const before = read(path);
    if (before === null) return [];
    const settings = parseSettings(before, path);
    const isOurs = oursFor(ctx);
    if (!Array.isArray(settings.extensions) || !settings.extensions.some(isOurs)) return [];
    const kept = (settings.extensions as unknown[]).filter((e) => !isOurs(e));
    const { extensions: _ours, ...rest } = settings;
    const remaining = kept.length > 0 ? { ...rest, extensions: kept } : rest;
    // A settings file abridge created holds nothing else: it goes.
    if (Object.keys(remaining).length === 0 && read(`${path}.abridge-backup`) === null) return [{ path, before, after: null }];
    const backup = read(`${path}.abridge-backup`);
    return [{ path, before, after: backup !== null && sameJson(backup, remaining) ? backup : formatSettings(remaining) }];
  },
};

function sameJson(text: string, value: unknown): boolean {
  try {
    return JSON.stringify(JSON.parse(text)) === JSON.stringify(value);
  } catch {
    return false;
  }
}
