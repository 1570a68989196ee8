// Spawns the built `abridge` binary with real files and stdin, colour off.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ensureBuiltCli } from "./built-cli.js";

const cli = ensureBuiltCli();

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], input?: Buffer | string, options: { cwd?: string; env?: Record<string, string> } = {}): CliRun {
  const r = spawnSync(process.execPath, [cli, ...args], {
    input,
    encoding: "utf8",
    cwd: options.cwd,
    maxBuffer: 64 << 20,
    env: { ...process.env, NO_COLOR: "1", ...options.env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Absolute path of a file under tests/fixtures/. */
export function fixture(path: string): string {
  return fileURLToPath(new URL(`../../fixtures/${path}`, import.meta.url));
}
