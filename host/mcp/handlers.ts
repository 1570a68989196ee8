// What the proxy answers to each of the agent's requests: tools (the upstream's plus
// abridge_read, results abridged), resources, prompts, completions and logging, forwarded to the
// upstream once it is up. Lists the upstream may not have are empty rather than errors.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type CallToolResult,
  type Request,
  type ServerResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import type { ResultCompactor } from "./compact.js";
import { passError } from "./errors.js";
import { forwardRequest } from "./forward.js";
import { READ_TOOL, callReadTool } from "./read-tool.js";
import type { Upstream } from "./upstream.js";

export type ListKind = "tools" | "resources" | "prompts";

type Extra = Parameters<typeof forwardRequest>[2];

export interface HandlerContext {
  upstream: Upstream;
  /** Starts the upstream if it has not been started. */
  start: () => void;
  /** Lists answered before the upstream was up: announced as changed once it is. */
  answeredEarly: Set<ListKind>;
  compactor: ResultCompactor;
  /** `mcp__<name>__`: how a tool's calls are named in the log. */
  toolPrefix: () => string;
}

export function registerHandlers(server: Server, { upstream, start, answeredEarly, compactor, toolPrefix }: HandlerContext): void {
  /** The upstream, waited for; a list that could not wait is marked to be announced again. */
  const need = async (kind?: ListKind): Promise<Client> => {
    start(); // a client that skipped `notifications/initialized` still gets its upstream
    try {
      return await upstream.connected();
    } catch (err) {
      if (kind && upstream.failure === undefined) answeredEarly.add(kind);
      throw err;
    }
  };
  /** Forwards a request; an upstream that died meanwhile is named instead of "Connection closed". */
  const forward = async (client: Client, request: Request, extra: Extra) => {
    try {
      return await forwardRequest(client, request, extra);
    } catch (err) {
      throw upstream.failure !== undefined ? upstream.error() : passError(err);
    }
  };
  /** A list the upstream may not have: empty rather than an error (Gemini CLI drops a server whose prompts/list fails). */
  const optionalList = (kind: "resources" | "prompts", empty: ServerResult) => async (request: Request, extra: Extra) => {
    try {
      const client = await need(kind);
      if (!client.getServerCapabilities()?.[kind]) return empty;
      return await forward(client, request, extra);
    } catch {
      return empty;
    }
  };

  server.setRequestHandler(ListToolsRequestSchema, async (request, extra) => {
    const client = await need("tools");
    const listed = client.getServerCapabilities()?.tools ? ((await forward(client, request, extra)) as { tools?: Tool[] }) : { tools: [] };
    // abridge_read answers for this server: an upstream tool of that name would be unreachable.
    const tools = (listed.tools ?? []).filter((t) => t.name !== READ_TOOL.name);
    return { ...listed, tools: request.params?.cursor ? tools : [...tools, READ_TOOL] } as ServerResult;
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args } = request.params;
    if (name === READ_TOOL.name) return callReadTool(() => compactor.session(), args);
    const client = await need();
    const result = (await forward(client, request, extra)) as CallToolResult;
    return compactor.compact(`${toolPrefix()}${name}`, args, result);
  });
  server.setRequestHandler(ListResourcesRequestSchema, optionalList("resources", { resources: [] }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, optionalList("resources", { resourceTemplates: [] }));
  server.setRequestHandler(ListPromptsRequestSchema, optionalList("prompts", { prompts: [] }));
  for (const schema of [ReadResourceRequestSchema, SubscribeRequestSchema, UnsubscribeRequestSchema, GetPromptRequestSchema]) {
    server.setRequestHandler(schema, async (request: Request, extra) => forward(await need(), request, extra) as Promise<ServerResult>);
  }
  // Offered to every agent, so answered harmlessly when the upstream has neither.
  server.setRequestHandler(CompleteRequestSchema, async (request, extra) => {
    const client = await need();
    if (!client.getServerCapabilities()?.completions) return { completion: { values: [] } };
    return forward(client, request, extra) as Promise<ServerResult>;
  });
  server.setRequestHandler(SetLevelRequestSchema, async (request, extra) => {
    const client = await need();
    if (!client.getServerCapabilities()?.logging) return {};
    return forward(client, request, extra) as Promise<ServerResult>;
  });
}
