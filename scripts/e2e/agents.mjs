// The agents the end-to-end run drives, installed on first use into a cache outside the repo
// (never into node_modules): exact versions, so a run measures the same agent every time.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export const AGENTS = Object.freeze({
  claude: { pkg: "@anthropic-ai/claude-code", version: "2.1.331", bin: "claude" },
  // A plain install may leave out Codex's platform binary: name it explicitly.
  codex: { pkg: "@openai/codex", version: "0.169.0", bin: "codex", extra: ["@openai/codex-linux-x64@npm:@openai/codex@0.169.0-linux-x64"] },
  opencode: { pkg: "opencode-ai", version: "1.18.33", bin: "opencode" },
  gemini: { pkg: "@google/gemini-cli", version: "0.61.0", bin: "gemini" },
});

const CACHE = process.env.ABRIDGE_AGENTS_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "abridge-agent", "agents");

/** The agent's executable, installing it first if needed; throws with the reason when it cannot be had. */
export function agentBinary(name) {
  const a = AGENTS[name];
  const dir = join(CACHE, `${a.pkg.replace("/", "+")}@${a.version}`);
  const bin = join(dir, "node_modules", ".bin", a.bin);
  if (!existsSync(bin)) {
    mkdirSync(dir, { recursive: true });
    process.stderr.write(`installing ${a.pkg}@${a.version} into ${dir} (once)\n`);
    execFileSync("npm", ["install", "--prefix", dir, "--no-audit", "--no-fund", "--loglevel=error", `${a.pkg}@${a.version}`, ...(a.extra ?? [])], { stdio: ["ignore", "ignore", "inherit"] });
  }
  execFileSync(bin, ["--version"], { stdio: "ignore", timeout: 60_000 });
  return bin;
}
