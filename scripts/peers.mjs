// Packages only the eval, the benchmarks, the pi end-to-end test and a few maintenance scripts
// use (other agents and their own truncation code, a reference parser) are installed on demand
// into a cache outside the repo, so `npm install` stays small and the lockfile never mentions them.
//   node scripts/peers.mjs            installs every peer (prints where)
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** Exact versions: a peer's output is part of what the eval and the benchmarks measure. */
export const PEERS = Object.freeze({
  "@google/gemini-cli-core": "0.61.0",
  "@mariozechner/pi-coding-agent": "0.73.1",
  "@vscode/tree-sitter-wasm": "0.3.1",
});

const CACHE = process.env.ABRIDGE_PEERS_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "abridge-agent", "peers");

/** The directory that holds `node_modules/<name>` for a peer, installing it first if needed. */
export function peerRoot(name) {
  const version = PEERS[name];
  if (!version) throw new Error(`unknown peer ${name}: one of ${Object.keys(PEERS).join(", ")}`);
  const root = join(CACHE, `${name.replace("/", "+")}@${version}`);
  if (!existsSync(join(root, "node_modules", name, "package.json"))) {
    mkdirSync(root, { recursive: true });
    process.stderr.write(`installing ${name}@${version} into ${root} (once)\n`);
    try {
      execFileSync("npm", ["install", "--prefix", root, "--no-audit", "--no-fund", "--no-save", "--loglevel=error", `${name}@${version}`], { stdio: ["ignore", "ignore", "inherit"] });
    } catch (err) {
      throw new Error(`cannot install ${name}@${version} (needs the npm registry): ${err.message}`);
    }
  }
  return root;
}

/** A peer's file, installed first if needed. */
export function peerPath(name, file = "") {
  return join(peerRoot(name), "node_modules", name, file);
}

/** Imports a module of a peer by its path inside the package. */
export function importPeer(name, file) {
  return import(pathToFileURL(peerPath(name, file)).href);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const name of Object.keys(PEERS)) console.log(`${name}@${PEERS[name]}: ${peerRoot(name)}`);
}
