// Errors the proxy answers to the agent. The SDK's McpError puts "MCP error <code>: " in front
// of its message, and the agent's client puts it there again: these carry the JSON-RPC code
// and the message as written, which is how the SDK sends any error with a `code`.
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

/** The stable code every upstream failure carries at the start of its message. */
export const UPSTREAM_ERROR = "ABRIDGE_MCP_UPSTREAM";

export class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "ProtocolError";
  }
}

/** An upstream failure, as a JSON-RPC internal error whose message starts with the stable code. */
export function upstreamError(message: string): ProtocolError {
  return new ProtocolError(ErrorCode.InternalError, message.startsWith(UPSTREAM_ERROR) ? message : `${UPSTREAM_ERROR}: ${message}`);
}

/** An upstream's own error as the agent should see it: its code, data and its own message. */
export function passError(err: unknown): unknown {
  if (err instanceof McpError) return new ProtocolError(err.code, err.message.replace(/^MCP error -?\d+: /, ""), err.data);
  return err;
}
