// opencode: a plugin file in the project's .opencode/plugins/ (or the global opencode config's
// plugins/), which opencode loads at start. An npm "plugin" entry in opencode.json would be
// installed by opencode at run time (it fails offline); a local file works offline as long as
// it imports nothing opencode must download, so the file loads the installed package's bundle
// by absolute path. If that bundle cannot be loaded (the package removed or moved), opencode
// runs as without abridge and the file says so once on stderr.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FileChange, InstallContext, InstallTarget } from "./types.js";

/** The first line of every file abridge writes there: how uninstall recognises its own. */
const MARKER = "// abridge-agent: added by `abridge install opencode`; `abridge uninstall opencode` removes this file.";
const FILE = "abridge.js";
/** opencode 1.18 loads `{plugin,plugins}/*.{ts,js}` from each config folder; its docs name plugins/. */
const FOLDERS = ["plugins", "plugin"] as const;

function read(path: string): string | null {
  return existsSync(path) ? readFileSync(path, "utf8") : null;
}

function isOurs(text: string | null): text is string {
  return text !== null && text.startsWith(MARKER);
}

/** The opencode config folder: the project's .opencode/, or $XDG_CONFIG_HOME/opencode (default ~/.config/opencode). */
function configDir(ctx: InstallContext): string {
  if (ctx.scope === "project") return join(ctx.projectDir, ".opencode");
  const xdg = ctx.env.XDG_CONFIG_HOME;
  return join(xdg && xdg !== "" ? xdg : join(ctx.home, ".config"), "opencode");
}

/** The package's opencode bundle, beside the CLI bundle that is running the install. */
function bundleUrl(ctx: InstallContext): string {
  const cli = ctx.abridgeCommand[ctx.abridgeCommand.length - 1]!;
  return pathToFileURL(join(dirname(cli), "opencode.bundle.js")).href;
}

export function pluginFile(bundle: string): string {
  return `${MARKER}
// It loads abridge's opencode plugin from the installed package. If that cannot be loaded,
// opencode runs as it would without abridge, and the reason is printed once.
const PLUGIN = ${JSON.stringify(bundle)};

export default async function abridge(input) {
  try {
    const { default: plugin } = await import(PLUGIN);
    return await plugin(input);
  } catch (err) {
    process.stderr.write(\`abridge: ABRIDGE_CORE_LOAD: cannot load \${PLUGIN} (\${err?.message ?? err}); opencode runs without abridge until abridge-agent is installed again, or \\\`abridge uninstall opencode\\\` removes \${import.meta.url}\\n\`);
    return {};
  }
}
`;
}

export const opencodeTarget: InstallTarget = {
  agent: "opencode",
  planInstall(ctx) {
    const path = join(configDir(ctx), FOLDERS[0], FILE);
    const before = read(path);
    if (before !== null && !isOurs(before)) throw new Error(`${path} exists and was not written by abridge: move it away, abridge does not overwrite it`);
    const after = pluginFile(bundleUrl(ctx));
    // Another folder opencode reads may hold an older install: it goes, or the plugin would load twice.
    const older = planRemovals(ctx).filter((c) => c.path !== path && !c.path.startsWith(`${path}.`));
    return before === after ? older : [{ path, before, after }, ...older];
  },
  planUninstall(ctx) {
    return planRemovals(ctx);
  },
};

/** Every file of abridge's in the folders opencode reads (and the backups of them apply() made). */
function planRemovals(ctx: InstallContext): FileChange[] {
  const changes: FileChange[] = [];
  for (const folder of FOLDERS) {
    for (const path of [join(configDir(ctx), folder, FILE), join(configDir(ctx), folder, `${FILE}.abridge-backup`)]) {
      const before = read(path);
      if (isOurs(before)) changes.push({ path, before, after: null });
    }
  }
  return changes;
}
