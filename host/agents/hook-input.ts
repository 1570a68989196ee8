// What every agent's hook shares: the hook's JSON in and out, the session log a hook's calls go
// to, and the wrapped command line it hands back.
import { isAbsolute, resolve } from "node:path";
import { loadConfig } from "../config.js";
import { wrapCommand } from "./wrap.js";

export type HookInput = Record<string, unknown>;
export type HookAnswer = Record<string, unknown> | null;

/** Compacts one output into the log of its session; null when it is short enough to pass as it is. */
export type Compactor = (c: { tool: string; args: unknown; output: string; callId: string; cwd: string; session: string }) => Promise<string | null>;

export function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

export function record(v: unknown): Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

const SESSION_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The agent's session id as an abridge session id (it names the log file). */
export function hookSessionId(session: string): string {
  return SESSION_ID.test(session) ? session : `s-${Buffer.from(session).toString("hex").slice(0, 32) || "default"}`;
}

/** The session log a hook's calls go to: the project's abridge log for that agent session. */
export function hookLog(cwd: string, session: string): { session: string; log: string } {
  const id = hookSessionId(session);
  const config = loadConfig({ sessionId: id }, { cwd: isAbsolute(cwd) ? cwd : resolve(cwd) });
  return { session: id, log: config.log.path };
}

/** The command wrapped in `abridge run`, logging to the session of the hook input. */
export function wrapped(command: string, callId: string, input: HookInput): string {
  const cwd = str(input.cwd) || process.cwd();
  const { session, log } = hookLog(cwd, str(input.session_id) || "agent");
  return wrapCommand(command, { callId, session, log });
}
