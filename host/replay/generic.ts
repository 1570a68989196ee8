// The generic replay format: one tool result per line,
// {"tool": NAME, "args": {…} | "json", "output": TEXT, "exitCode": N, "callId": ID, "session": ID}
// (args, exitCode, callId and session optional; `exit_code` is accepted too).
import { parseArgs, type ReaderContext } from "./types.js";

export function readGeneric(record: Record<string, unknown>, ctx: ReaderContext): boolean {
  if (typeof record.tool !== "string" || typeof record.output !== "string") return false;
  const code = record.exitCode ?? record.exit_code;
  const id = typeof record.callId === "string" ? record.callId : `${ctx.file.replace(/^.*[\\/]/, "")}:${ctx.line}`;
  if (typeof record.session === "string") ctx.session = record.session;
  ctx.call(id, record.tool, parseArgs(record.args));
  ctx.result(id, record.output, Number.isInteger(code) ? (code as number) : undefined);
  return true;
}
