// Shared machinery for capturing corpus fixtures from real tools.
// A fixture is defined by: a setup that builds whatever the command needs (in a
// scratch directory under /tmp), the command itself, and the commands that compute
// its facts. Every fact records the command that produced it, so a reader can
// re-run it against the stored output.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const CORPUS = join(REPO, "tests/fixtures/corpus");
/** Scratch space for the projects the commands run in; paths under it appear in outputs. */
export const SCRATCH = "/tmp/abridge-corpus";

/** Runs a setup or fact command; throws with its output when it fails (unless allowFail). */
export function sh(command, { cwd = REPO, env = {}, allowFail = false } = {}) {
  const r = spawnSync("bash", ["-c", command], {
    cwd,
    env: { ...process.env, ...env },
    encoding: "utf8",
    maxBuffer: 512 << 20,
  });
  if (r.status !== 0 && !allowFail) {
    throw new Error(`command failed (${r.status}): ${command}\n${r.stdout}\n${r.stderr}`);
  }
  return r.stdout;
}

/** A fresh scratch directory for one fixture. */
export function scratch(id) {
  const dir = join(SCRATCH, id);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Writes files given as { relativePath: text } under dir. */
export function writeTree(dir, files) {
  for (const [rel, text] of Object.entries(files)) {
    const path = join(dir, rel);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  }
}

/**
 * Runs the command as an agent's shell tool does: `bash -c`, stderr merged into
 * stdout in the order written. Returns the exact bytes and the exit code.
 */
export function runTool(command, cwd, env = {}, launch = []) {
  // `launch` runs the shell inside something (a network or PID namespace), as argv words.
  const argv = [...launch, "bash", "-c", `exec 2>&1; ${command}`];
  const r = spawnSync(argv[0], argv.slice(1), {
    cwd,
    env: { ...process.env, ...env },
    maxBuffer: 512 << 20,
  });
  return { output: r.stdout, exitCode: r.status ?? 128 };
}

/**
 * Collects facts. Each method runs a real command (in `cwd`, with $OUT naming the
 * stored output file) and records the command next to the value.
 */
export class Facts {
  constructor(cwd, outFile) {
    this.cwd = cwd;
    this.env = { OUT: outFile };
    this.facts = { errorLines: [], mustKeep: [], counts: {} };
    this.sources = {};
  }

  #lines(command) {
    return sh(command, { cwd: this.cwd, env: this.env })
      .split("\n")
      .filter((l) => l.length > 0);
  }

  /** Verbatim output lines that must survive (the command prints them, one per line). */
  errorLines(command) {
    const lines = this.#lines(command);
    if (lines.length === 0) throw new Error(`errorLines command found nothing: ${command}`);
    this.facts.errorLines.push(...lines);
    (this.sources.errorLines ??= []).push(command);
    return this;
  }

  /** Verbatim strings (totals, names, versions) printed by the command, one per line. */
  mustKeep(command) {
    const lines = this.#lines(command);
    if (lines.length === 0) throw new Error(`mustKeep command found nothing: ${command}`);
    this.facts.mustKeep.push(...lines);
    (this.sources.mustKeep ??= []).push(command);
    return this;
  }

  /** A number computed by a real tool (the command prints it). */
  count(name, command) {
    const text = sh(command, { cwd: this.cwd, env: this.env }).trim();
    if (!/^\d+$/.test(text)) throw new Error(`count ${name} is not a number (${JSON.stringify(text)}): ${command}`);
    this.facts.counts[name] = Number(text);
    this.sources[`counts.${name}`] = command;
    return this;
  }
}

/** Version strings of the tools involved, for meta.captured. */
export function versions(commands, cwd = REPO) {
  return commands.map((c) => sh(c, { cwd, allowFail: true }).split("\n")[0].trim()).join("; ");
}

/** Node tools the repository does not depend on (test runners, linters, bundlers, coverage), installed once from the npm registry. */
export const NODE_TOOLS = join(SCRATCH, "_node-tools");
const NODE_PACKAGES = [
  "jest@29", "mocha@10", "eslint@9", "prettier@3", "stylelint@16", "stylelint-config-standard@36", "esbuild@0.24",
  "rollup@4", "webpack@5", "webpack-cli@5", "c8@10", "markdownlint-cli@0.43", "jasmine@5",
];
/** The command each package installs, to tell whether the tools are all there. */
const NODE_BINS = ["jest", "mocha", "eslint", "prettier", "stylelint", "esbuild", "rollup", "webpack", "c8", "markdownlint", "jasmine"];
export function nodeTools() {
  if (!NODE_BINS.every((bin) => existsSync(join(NODE_TOOLS, "node_modules/.bin", bin)))) {
    mkdirSync(NODE_TOOLS, { recursive: true });
    writeFileSync(join(NODE_TOOLS, "package.json"), '{ "name": "node-tools", "private": true }\n');
    sh(`npm install --no-audit --no-fund ${NODE_PACKAGES.join(" ")}`, { cwd: NODE_TOOLS });
  }
  return NODE_TOOLS;
}

/** Fixed identities and dates, so that commit ids are the same on every capture. */
export const GIT_ENV = {
  GIT_AUTHOR_NAME: "Dana Developer",
  GIT_AUTHOR_EMAIL: "dana@shop.example",
  GIT_COMMITTER_NAME: "Dana Developer",
  GIT_COMMITTER_EMAIL: "dana@shop.example",
  GIT_AUTHOR_DATE: "2024-03-01T10:00:00Z",
  GIT_COMMITTER_DATE: "2024-03-01T10:00:00Z",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
};

/** A deterministic pseudo-random sequence, so every capture writes the same inputs. */
export function lcg(seed) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

/** Processes a setup started, stopped by the fixture's teardown. */
let started = [];
export function startDetached(cmd, args, cwd) {
  const child = spawn(cmd, args, { cwd, detached: true, stdio: "ignore" });
  started.push(child);
  return child;
}
export function stopStarted() {
  for (const child of started) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  started = [];
}
