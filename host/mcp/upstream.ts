// The connection to the upstream MCP server, made in the background: the proxy has already
// answered the agent's `initialize` when this starts. Requests that need the upstream wait for
// it, for a bounded time, and get an MCP error that names the command and quotes its stderr
// when it cannot be had.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { ClientCapabilities, Implementation } from "@modelcontextprotocol/sdk/types.js";
import { ProtocolError, UPSTREAM_ERROR, upstreamError } from "./errors.js";
import { describeExit, UpstreamProcess, type UpstreamCommand } from "./upstream-process.js";

/** A server that never answers `initialize` is given up after this long. */
const INITIALIZE_TIMEOUT_MS = 10 * 60_000;

export interface UpstreamOptions {
  /** How long one request waits for the upstream to come up before it gets an error. */
  startupTimeoutMs: number;
  clientInfo: Implementation;
  /** Each chunk of the upstream's stderr. */
  onStderr?: (chunk: Buffer) => void;
  /** Called once, with the message, when the upstream fails to start or dies. */
  onDown?: (message: string) => void;
  /** Called once when the upstream has answered `initialize`. */
  onReady?: (client: Client) => void;
  /** Wires the client's handlers (requests and notifications from the upstream) before it connects. */
  prepare?: (client: Client) => void;
}

export class Upstream {
  private readonly process: UpstreamProcess;
  private connecting?: Promise<Client>;
  private client?: Client;
  private down?: string;

  constructor(
    spec: UpstreamCommand,
    private readonly options: UpstreamOptions,
  ) {
    this.process = new UpstreamProcess(spec, options.onStderr);
  }

  get commandLine(): string {
    return this.process.commandLine;
  }

  /** The connected client, or undefined while starting or after a failure. */
  get ready(): Client | undefined {
    return this.down === undefined ? this.client : undefined;
  }

  /** Why the upstream cannot serve requests, once it cannot. */
  get failure(): string | undefined {
    return this.down;
  }

  /** Starts the process and its `initialize` (once); `capabilities` are what the agent's client offers. */
  start(capabilities: ClientCapabilities): void {
    if (this.connecting) return;
    const client = new Client(this.options.clientInfo, { capabilities });
    this.options.prepare?.(client);
    client.onclose = () => this.fail("stopped");
    this.connecting = client.connect(this.process, { timeout: INITIALIZE_TIMEOUT_MS }).then(
      () => {
        this.client = client;
        this.options.onReady?.(client);
        return client;
      },
      (err: unknown) => {
        this.fail("failed", err);
        void this.process.close(); // a server that hangs in initialize is not left running
        throw this.error();
      },
    );
    // Waiters handle the rejection; this keeps an unwaited one from crashing the proxy.
    this.connecting.catch(() => {});
  }

  /** The connected client, waiting up to the startup timeout; an error naming the command otherwise. */
  async connected(): Promise<Client> {
    if (this.down !== undefined) throw this.error();
    if (this.client) return this.client;
    if (!this.connecting) throw upstreamError(`the MCP server ${this.commandLine} has not been started (the client has not sent initialize)`);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const seconds = Math.round(this.options.startupTimeoutMs / 1000);
        reject(upstreamError(`the MCP server ${this.commandLine} has not answered initialize within ${seconds} s (still waiting for it)${this.stderrNote()}`));
      }, this.options.startupTimeoutMs);
    });
    try {
      return await Promise.race([this.connecting, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The error a request gets once the upstream is gone; undefined while it is fine. */
  error(): ProtocolError {
    return upstreamError(this.down ?? `the MCP server ${this.commandLine} is not connected`);
  }

  private stderrNote(): string {
    const stderr = this.process.stderr;
    return stderr === "" ? "" : `; its stderr ended with:\n${stderr}`;
  }

  private fail(what: "failed" | "stopped", err?: unknown): void {
    if (this.down !== undefined) return;
    const exit = this.process.exit;
    const how = exit ? describeExit(exit) : what === "failed" ? `failed to initialize (${(err as Error)?.message ?? String(err)})` : "closed the connection";
    const when = this.client ? "" : " before it answered initialize";
    this.down = `${UPSTREAM_ERROR}: the MCP server ${this.commandLine} ${how}${when}${this.stderrNote()}`;
    this.options.onDown?.(this.down);
  }

  /** Ends the upstream process. */
  async close(): Promise<void> {
    this.down ??= `${UPSTREAM_ERROR}: the proxy is shutting down`;
    await this.process.close();
  }
}
