// CLI tests run the compiled binary; rebuild dist/ first when a host source is newer.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Path of the `abridge` binary as installed (dist/cli.bundle.js), compiled and bundled if missing or older than host/. */
export function ensureBuiltCli(): string {
  const cli = join(ROOT, "dist/cli.bundle.js");
  if (!existsSync(cli) || statSync(cli).mtimeMs < newestSource(join(ROOT, "host"))) {
    execFileSync(process.execPath, [join(ROOT, "node_modules/typescript/bin/tsc"), "-p", join(ROOT, "tsconfig.json")], { stdio: "inherit" });
    execFileSync(process.execPath, [join(ROOT, "scripts/bundle.mjs")], { cwd: ROOT, stdio: "ignore" });
  }
  return cli;
}
