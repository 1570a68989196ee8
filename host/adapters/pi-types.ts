// The part of pi's extension API the adapter uses, typed structurally so that
// abridge does not depend on a particular pi version at runtime or for its types.
// Shapes follow @mariozechner/pi-coding-agent's docs/extensions.md.

export interface PiTextContent {
  type: "text";
  text: string;
}

export interface PiOtherContent {
  type: string;
  [key: string]: unknown;
}

export type PiContent = PiTextContent | PiOtherContent;

export interface PiToolResultEvent {
  toolName: string;
  toolCallId: string;
  input: Record<string, unknown>;
  content: PiContent[];
  details: unknown;
  isError: boolean;
}

export interface PiToolResultPatch {
  content?: PiContent[];
  details?: unknown;
  isError?: boolean;
}

export interface PiInputEvent {
  text: string;
  source?: string;
}

export interface PiContext {
  cwd: string;
  hasUI?: boolean;
  ui?: { notify(message: string, level?: "info" | "warning" | "error" | "success"): void };
  signal?: AbortSignal;
  sessionManager?: { getSessionFile?(): string | undefined; getSessionId?(): string | undefined };
}

export interface PiToolDefinition {
  name: string;
  label: string;
  description: string;
  promptSnippet?: string;
  promptGuidelines?: string[];
  parameters: Record<string, unknown>;
  execute(toolCallId: string, params: Record<string, unknown>, signal?: AbortSignal, onUpdate?: unknown, ctx?: PiContext): Promise<{ content: PiContent[]; details?: unknown }>;
}

export interface PiExtensionAPI {
  on(event: "tool_result", handler: (event: PiToolResultEvent, ctx: PiContext) => Promise<PiToolResultPatch | undefined> | PiToolResultPatch | undefined): void;
  on(event: "input", handler: (event: PiInputEvent, ctx: PiContext) => Promise<{ action: "continue" }> | { action: "continue" }): void;
  on(event: "session_start" | "session_shutdown", handler: (event: unknown, ctx: PiContext) => unknown): void;
  registerTool(tool: PiToolDefinition): void;
}
