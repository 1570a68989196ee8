// The MCP proxy's front door: `abridge mcp-proxy` loads this (and the MCP SDK) only when it runs.
export { PROXY_DEFAULTS, runMcpProxy, type McpProxyOptions } from "./proxy.js";
export { UPSTREAM_ERROR } from "./errors.js";
