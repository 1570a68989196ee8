// The upstream MCP server as a child process speaking JSON-RPC lines on stdin/stdout: an SDK
// transport that also remembers how the process ended and the tail of its stderr, so that
// every error the proxy reports can say which command failed and what it printed.
import { spawn, type ChildProcess } from "node:child_process";
import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/** A tool result of a few hundred MB must still arrive whole: abridge is what cuts it. */
const MAX_MESSAGE_BYTES = 512 * 1024 * 1024;
/** How much of the upstream's stderr an error message quotes. */
const STDERR_TAIL_CHARS = 2_000;

export interface UpstreamCommand {
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

/** How the upstream process ended: a spawn error, an exit code or a signal. */
export interface UpstreamExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  spawnError: string | null;
}

export class UpstreamProcess implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child?: ChildProcess;
  private readonly buffer = new ReadBuffer({ maxBufferSize: MAX_MESSAGE_BYTES });
  private stderrTail = "";
  private ended?: UpstreamExit;
  private finished = false;

  constructor(
    readonly spec: UpstreamCommand,
    /** Each chunk of the upstream's stderr, as it comes (the proxy passes it on to its own). */
    private readonly onStderr: (chunk: Buffer) => void = () => {},
  ) {}

  /** The command line as the user wrote it, for messages. */
  get commandLine(): string {
    return [this.spec.command, ...this.spec.args].map((w) => (/^[A-Za-z0-9_./:@%+=,-]+$/.test(w) ? w : JSON.stringify(w))).join(" ");
  }

  /** The last lines the upstream wrote to stderr. */
  get stderr(): string {
    return this.stderrTail.trim();
  }

  /** Set once the process has ended (or could not be started). */
  get exit(): UpstreamExit | undefined {
    return this.ended;
  }

  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(this.spec.command, this.spec.args, { cwd: this.spec.cwd, env: this.spec.env ?? process.env, stdio: ["pipe", "pipe", "pipe"] });
      this.child = child;
      child.once("spawn", () => resolve());
      child.once("error", (err) => {
        // A command that cannot be spawned never emits "close" with an exit code.
        this.ended ??= { code: null, signal: null, spawnError: (err as NodeJS.ErrnoException).code ?? err.message };
        reject(err);
        this.onerror?.(err);
        this.finish();
      });
      child.once("exit", (code, signal) => {
        this.ended ??= { code, signal, spawnError: null };
      });
      child.once("close", () => this.finish());
      child.stdin!.on("error", (err) => this.onerror?.(err));
      child.stdout!.on("data", (chunk: Buffer) => this.receive(chunk));
      child.stderr!.on("data", (chunk: Buffer) => {
        this.stderrTail = (this.stderrTail + chunk.toString("utf8")).slice(-STDERR_TAIL_CHARS);
        this.onStderr(chunk);
      });
    });
  }

  private receive(chunk: Buffer): void {
    try {
      this.buffer.append(chunk);
    } catch (err) {
      this.onerror?.(err as Error);
      return;
    }
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.buffer.readMessage();
      } catch (err) {
        // One line that is not JSON-RPC (a stray log line on stdout) must not end the session.
        this.onerror?.(err as Error);
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.buffer.clear();
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || this.ended || stdin.destroyed) {
        reject(new Error(`the MCP server ${this.commandLine} is not running`));
        return;
      }
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once("drain", () => resolve());
    });
  }

  /** Ends the upstream: stdin closed first (the MCP way), then SIGTERM, then SIGKILL if it lingers. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child || this.finished) return;
    const closed = new Promise<void>((r) => child.once("close", () => r()));
    child.stdin?.end();
    const term = setTimeout(() => child.kill("SIGTERM"), 2_000);
    const kill = setTimeout(() => child.kill("SIGKILL"), 4_000);
    await closed;
    clearTimeout(term);
    clearTimeout(kill);
  }
}

/** "exited with code 1", "was killed by SIGKILL", "could not be started (ENOENT)". */
export function describeExit(exit: UpstreamExit): string {
  if (exit.spawnError !== null) return `could not be started (${exit.spawnError})`;
  if (exit.signal !== null) return `was killed by ${exit.signal}`;
  return `exited with code ${exit.code}`;
}
