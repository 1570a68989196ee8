// A real stdio MCP server (the SDK's own Server over stdin/stdout) for the proxy's tests. Its
// tools return a real captured build log (make -k over 600 C files, tests/fixtures), also as
// structured content, a short text, an image, progress reports, the client's roots, and one that kills the process.
// Behaviour switches, from the environment:
//   UPSTREAM_WAIT_FILE=PATH    connect only once PATH exists (the proxy must answer initialize first)
//   UPSTREAM_PROMPTS=throw     prompts/list fails (what made Gemini CLI drop a server)
//   UPSTREAM_FAIL_START=N      write a reason to stderr and exit with code N before connecting
//   UPSTREAM_PID_FILE=PATH     write the process id there (to check that the proxy ends it)
//   UPSTREAM_CANCEL_FILE=PATH  where wait_for_cancel records that its call was cancelled
import { existsSync, readFileSync, renameSync, watch, writeFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, GetPromptRequestSchema, ListPromptsRequestSchema, ListResourcesRequestSchema, ListToolsRequestSchema, McpError, ReadResourceRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const fixtures = new URL("../../fixtures/", import.meta.url);
const BUILD_LOG = readFileSync(new URL("make-k-c-syntax-error/output", fixtures), "utf8");
const PNG = readFileSync(new URL("binary-png/output", fixtures)).toString("base64");
const SHORT_TEXT = "3 files changed, 41 insertions(+), 7 deletions(-)";

if (process.env.UPSTREAM_PID_FILE) writeFileSync(process.env.UPSTREAM_PID_FILE, String(process.pid));
const failStart = process.env.UPSTREAM_FAIL_START;
if (failStart) {
  process.stderr.write("upstream: cannot open the project database: permission denied\n");
  process.exit(Number(failStart));
}

const server = new Server({ name: "test-upstream", version: "1.0.0" }, { capabilities: { tools: {}, resources: {}, prompts: {} } });

const tools = [
  { name: "build", description: "Runs the build (make -k) and returns its output.", inputSchema: { type: "object", properties: {} } },
  { name: "failing_build", description: "The same build, reported as a tool error.", inputSchema: { type: "object", properties: {} } },
  { name: "git_stat", description: "A short result.", inputSchema: { type: "object", properties: {} } },
  {
    name: "read_structured",
    description: "The build log as text and again as structured content (as the filesystem server returns a file).",
    inputSchema: { type: "object", properties: {} },
    outputSchema: { type: "object", properties: { content: { type: "string" }, path: { type: "string" } }, required: ["content", "path"] },
  },
  { name: "screenshot", description: "An image with a long caption.", inputSchema: { type: "object", properties: {} } },
  { name: "with_progress", description: "Reports progress twice (asking the client for its roots after each), then returns.", inputSchema: { type: "object", properties: {} } },
  { name: "roots", description: "The client's roots, asked of the client.", inputSchema: { type: "object", properties: {} } },
  { name: "wait_for_cancel", description: "Reports progress, then waits until the call is cancelled and writes UPSTREAM_CANCEL_FILE.", inputSchema: { type: "object", properties: {} } },
  { name: "crash", description: "Exits the server in the middle of the call.", inputSchema: { type: "object", properties: {} } },
];

server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
  switch (request.params.name) {
    case "build":
      return { content: [{ type: "text", text: BUILD_LOG }] };
    case "failing_build":
      return { content: [{ type: "text", text: BUILD_LOG }], isError: true };
    case "read_structured":
      return { content: [{ type: "text", text: BUILD_LOG }], structuredContent: { content: BUILD_LOG, path: "build.log" } };
    case "git_stat":
      return { content: [{ type: "text", text: SHORT_TEXT }] };
    case "screenshot":
      return { content: [{ type: "image", data: PNG, mimeType: "image/png" }, { type: "text", text: BUILD_LOG }] };
    case "with_progress": {
      const token = request.params._meta?.progressToken;
      if (token !== undefined) {
        // After each report, a round trip to the client: the report has reached it before the
        // result does (an SDK client drops progress that arrives in the same read as the result).
        for (const [progress, message] of [[1, "compiling"], [2, "linking"]]) {
          await extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, progress, total: 2, message } });
          await server.listRoots();
        }
      }
      return { content: [{ type: "text", text: `progress token seen: ${token !== undefined}` }] };
    }
    case "roots": {
      const { roots } = await server.listRoots();
      return { content: [{ type: "text", text: roots.map((r) => r.uri).join("\n") }] };
    }
    case "wait_for_cancel": {
      const cancelled = new Promise((resolve) => extra.signal.addEventListener("abort", resolve, { once: true }));
      await extra.sendNotification({ method: "notifications/progress", params: { progressToken: request.params._meta?.progressToken, progress: 0, message: "waiting" } });
      await cancelled;
      // Written whole, then renamed: a watcher never sees it half written.
      writeFileSync(`${process.env.UPSTREAM_CANCEL_FILE}.tmp`, String(extra.signal.reason ?? "cancelled"));
      renameSync(`${process.env.UPSTREAM_CANCEL_FILE}.tmp`, process.env.UPSTREAM_CANCEL_FILE);
      return { content: [{ type: "text", text: "cancelled" }] };
    }
    case "crash":
      process.stderr.write("upstream: segmentation fault in the indexer\n");
      process.exit(7);
    default:
      throw new McpError(-32602, `unknown tool ${request.params.name}`);
  }
});

server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [{ uri: "file:///project/build.log", name: "build.log", mimeType: "text/plain" }] }));
server.setRequestHandler(ReadResourceRequestSchema, async (request) => ({ contents: [{ uri: request.params.uri, mimeType: "text/plain", text: BUILD_LOG }] }));
server.setRequestHandler(ListPromptsRequestSchema, async () => {
  if (process.env.UPSTREAM_PROMPTS === "throw") throw new Error("prompts are not configured on this server");
  return { prompts: [{ name: "explain_failure", description: "Explain why the build failed.", arguments: [{ name: "target", required: false }] }] };
});
server.setRequestHandler(GetPromptRequestSchema, async (request) => ({
  messages: [{ role: "user", content: { type: "text", text: `Explain why ${request.params.arguments?.target ?? "the build"} failed.` } }],
}));

/** Resolves once `path` exists; watching its directory, so nothing is timed. */
function fileAppears(path) {
  return new Promise((resolve) => {
    const watcher = watch(dirname(path), () => {
      if (existsSync(path)) {
        watcher.close();
        resolve();
      }
    });
    if (existsSync(path)) {
      watcher.close();
      resolve();
    }
  });
}

const wait = process.env.UPSTREAM_WAIT_FILE;
if (wait) {
  process.stderr.write(`upstream: waiting for ${basename(wait)}\n`);
  await fileAppears(wait);
}
await server.connect(new StdioServerTransport());
