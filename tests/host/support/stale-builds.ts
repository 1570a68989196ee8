// A build of the core older than its sources answers for code that is no longer there. Two
// builds compared while one of them is stale differ wherever the sources changed since, and
// the difference reads as a miscompile of the fresh one: `npm run build:component` alone after
// a change under assembly/ leaves build/abridge.wasm as it was, and the component then "counts
// lines apart" from the Node core on every output the change touched.
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** The file under `dir` (at any depth) modified last, and when. */
function newestFile(dir: string): { path: string; mtimeMs: number } {
  let newest = { path: "", mtimeMs: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const found = entry.isDirectory() ? newestFile(path) : { path, mtimeMs: statSync(path).mtimeMs };
    if (found.mtimeMs > newest.mtimeMs) newest = found;
  }
  return newest;
}

/** Each of `builds` written before the last change to a file under `sources`, with that file. */
export function staleBuilds(sources: string, builds: readonly string[]): string[] {
  const source = newestFile(sources);
  return builds.filter((build) => statSync(build).mtimeMs < source.mtimeMs).map((build) => `${build} is older than ${source.path}`);
}
