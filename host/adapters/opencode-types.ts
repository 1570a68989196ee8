// The part of opencode's plugin API the adapter uses, typed structurally: the plugin must not
// import `@opencode-ai/plugin` at run time (opencode downloads that package at start, which fails
// offline), and abridge should not pin an opencode version for its types either.
// Shapes as opencode 1.18 passes them (measured with the real binary, see docs/agents.md).

/** What opencode hands a plugin when it loads it. */
export interface OpencodePluginInput {
  /** The project directory opencode runs in. */
  directory: string;
  worktree?: string;
  project?: unknown;
  client?: unknown;
  serverUrl?: URL;
  $?: unknown;
}

/** `tool.execute.after`'s first argument. */
export interface OpencodeToolCall {
  tool: string;
  sessionID: string;
  callID: string;
  args: unknown;
}

/** A built-in or plugin tool's result: mutate `output` to change what the model sees. */
export interface OpencodeToolOutput {
  title: string;
  output: string;
  /** `exit` (shell tools), `outputPath` (when opencode saved a long output to a file), and more. */
  metadata: Record<string, unknown>;
  attachments?: unknown[];
}

export interface OpencodeMcpContent {
  type: string;
  text?: string;
  [key: string]: unknown;
}

/** An MCP tool's raw result: replace the text content to change what the model sees. */
export interface OpencodeMcpResult {
  content: OpencodeMcpContent[];
  isError?: boolean;
  [key: string]: unknown;
}

/** What a plugin tool's `execute` receives besides its arguments. */
export interface OpencodeToolContext {
  sessionID: string;
  messageID?: string;
  callID?: string;
  agent?: string;
  abort?: AbortSignal;
  directory?: string;
  worktree?: string;
}

/** A JSON Schema; opencode sends a plugin tool's non-zod `args` to the model as they are. */
export type JsonSchema = Record<string, unknown>;

export interface OpencodeToolDefinition {
  description: string;
  /** Per-argument schemas: zod ones are validated by opencode; plain JSON Schemas are not (execute checks). */
  args: Record<string, JsonSchema>;
  execute(args: Record<string, unknown>, context: OpencodeToolContext): Promise<string | { title?: string; output: string; metadata?: Record<string, unknown> }>;
}

/** `tool.definition`'s output: what the model is told about a tool; `jsonSchema` may be replaced. */
export interface OpencodeToolDefinitionView {
  description: string;
  parameters: unknown;
  jsonSchema?: JsonSchema;
}

export interface OpencodeHooks {
  "tool.execute.after"?: (input: OpencodeToolCall, output: OpencodeToolOutput | OpencodeMcpResult) => Promise<void>;
  "tool.definition"?: (input: { toolID: string }, output: OpencodeToolDefinitionView) => Promise<void>;
  tool?: Record<string, OpencodeToolDefinition>;
  /** Called when opencode unloads its plugins. */
  dispose?: () => Promise<void>;
}

/** A server plugin: opencode calls every function a plugin module exports with its input. */
export type OpencodePlugin = (input: OpencodePluginInput, options?: unknown) => Promise<OpencodeHooks>;
