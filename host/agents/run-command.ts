// Runs a command the way an agent's shell tool does: stdin passed through, stdout and
// stderr captured into one output in the order they arrived, the exit code as the shell
// reports it (128 + N for a signal).
import { spawn } from "node:child_process";
import { constants } from "node:os";

export interface CommandRun {
  output: Buffer;
  exitCode: number;
}

/**
 * Node hands a child socketpairs for "pipe", and inside some sandboxes (Codex's seccomp filter
 * on Linux) a program cannot query a socket: Node itself then takes its stdout for an unknown
 * kind of file and silently discards everything written to it. So the command gets a real pipe
 * from bash instead, stderr merged into it in the order it is written (as a terminal shows it),
 * and pipefail keeps the command's own exit code.
 */
const THROUGH_A_PIPE = ["bash", "-c", 'set -o pipefail; "$@" 2>&1 | cat', "bash"];

function spawnCapture(argv: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv }): Promise<CommandRun & { notFound: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const child = spawn(argv[0]!, argv.slice(1), { cwd: options.cwd, env: options.env ?? process.env, stdio: ["inherit", "pipe", "pipe"] });
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    child.stderr.on("data", (c: Buffer) => chunks.push(c));
    child.on("error", (err: NodeJS.ErrnoException) => {
      // What a shell prints for a command it cannot run, and its exit code (127 not found, 126 not executable).
      chunks.push(Buffer.from(`${argv[0]}: ${err.code === "ENOENT" ? "command not found" : err.message}\n`));
      resolve({ output: Buffer.concat(chunks), exitCode: err.code === "ENOENT" ? 127 : 126, notFound: err.code === "ENOENT" });
    });
    child.on("close", (code, signal) => {
      const bySignal = signal ? 128 + ((constants.signals as Record<string, number>)[signal] ?? 0) : undefined;
      resolve({ output: Buffer.concat(chunks), exitCode: code ?? bySignal ?? 1, notFound: false });
    });
  });
}

export async function runCommand(argv: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CommandRun> {
  const piped = await spawnCapture([...THROUGH_A_PIPE, ...argv], options);
  // Without bash, the command runs as it is (and would meet the sandbox problem above).
  const { output, exitCode } = piped.notFound ? await spawnCapture(argv, options) : piped;
  return { output, exitCode };
}
