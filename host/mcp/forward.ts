// Passing requests, notifications and their progress between the agent (downstream) and the
// upstream server, unchanged: results are taken loosely so that fields this SDK does not know
// survive the trip, errors keep their JSON-RPC code, and a cancelled call is cancelled upstream.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { ResultSchema, type Notification, type Request, type Result, type ServerNotification, type ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import { passError } from "./errors.js";

/**
 * The agent applies its own time limit to each call; the proxy must not impose a shorter one
 * (a build run by an MCP tool can take many minutes). setTimeout's ceiling is about 24.8 days.
 */
export const FORWARD_TIMEOUT_MS = 2_147_483_647;

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** Sends one of the agent's requests upstream, relaying progress under the agent's own token. */
export async function forwardRequest(client: Client, request: Request, extra: Extra): Promise<Result> {
  const params = request.params as (Record<string, unknown> & { _meta?: Record<string, unknown> }) | undefined;
  const token = params?._meta?.progressToken as string | number | undefined;
  let sent = params;
  if (token !== undefined) {
    // The SDK puts its own token on the upstream request and hands us each progress report.
    const { progressToken: _, ...meta } = params!._meta!;
    sent = { ...params, _meta: meta };
  }
  return client.request({ method: request.method, params: sent }, ResultSchema, {
    signal: extra.signal,
    timeout: FORWARD_TIMEOUT_MS,
    resetTimeoutOnProgress: true,
    onprogress:
      token === undefined
        ? undefined
        : (progress) => {
            void extra.sendNotification({ method: "notifications/progress", params: { ...progress, progressToken: token } }).catch(() => {});
          },
  });
}

/** Wires what the upstream sends on its own (notifications, and requests such as roots/list) to the agent. */
export function relayFromUpstream(client: Client, server: Server): void {
  client.fallbackNotificationHandler = async (notification: Notification) => {
    try {
      await server.notification(notification as ServerNotification);
    } catch {
      // The agent is gone or does not take this notification: nothing to relay it to.
    }
  };
  client.fallbackRequestHandler = async (request, extra) => {
    try {
      return await server.request({ method: request.method, params: request.params } as ServerRequest, ResultSchema, { signal: extra.signal, timeout: FORWARD_TIMEOUT_MS, resetTimeoutOnProgress: true });
    } catch (err) {
      throw passError(err);
    }
  };
}

/** Wires the agent's notifications (roots/list_changed, …) to the upstream once it is connected. */
export function relayFromAgent(server: Server, upstream: () => Client | undefined): void {
  server.fallbackNotificationHandler = async (notification: Notification) => {
    try {
      await upstream()?.notification(notification as Parameters<Client["notification"]>[0]);
    } catch {
      // The upstream is gone: its failure is reported on its own.
    }
  };
}
