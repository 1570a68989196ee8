// What every agent's end-to-end run shares: a proxy that refuses every outside connection,
// a child process run without blocking the scripted model's event loop, and the facts
// checked in a tool result.
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { ERROR_LINE, LAST_LINE } from "./build-log.mjs";

/** The built CLI the integrations run. */
export const CLI = join(process.cwd(), "dist/cli.bundle.js");
/** The balanced budget's ceiling for what the model gets of the failing build. */
export const BUDGET_LIMIT = 4_500;

/** A loopback port that refuses every connection: the proxy for anything that tries to leave. */
export async function refusingProxy() {
  const server = createServer((socket) => socket.destroy());
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/** The proxy variables that send every outside request to the refusing port. */
export function offlineEnv(proxy) {
  return { HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url, https_proxy: proxy.url, http_proxy: proxy.url, NO_PROXY: "127.0.0.1,localhost", no_proxy: "127.0.0.1,localhost" };
}

/** Runs the agent without blocking this process: the scripted model answers from the same event loop. */
export function runAsync(bin, args, options) {
  return new Promise((resolve) => {
    const child = spawn(bin, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeout);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** What a tool result kept of the failing build. */
export function facts(result) {
  const text = result?.text ?? "";
  return { chars: text.length, hasError: text.includes(ERROR_LINE), hasLastLine: text.includes(LAST_LINE), isError: result?.isError ?? null };
}

/** The line a followed read hint must return, as `abridge log show` prints it. */
export function expectedHintLine(buildLog, offset) {
  const lines = buildLog.split("\n");
  return offset ? `${offset}: ${lines[offset - 1]}` : "(no hint)";
}

/** A result collector: `check(name, ok, detail)` records one assertion. */
export function results(agent) {
  const out = { agent, checks: [] };
  return { out, check: (name, ok, detail = "") => out.checks.push({ name, ok, detail }) };
}

/**
 * A copy of the installed package (dist, the wasm, package.json; its dependencies linked) in
 * `root`, for a run that breaks abridge on purpose by taking parts of it away after install.
 */
export function packageCopy(root) {
  const dir = join(root, "abridge-agent");
  mkdirSync(dir, { recursive: true });
  for (const part of ["dist", "build", "package.json"]) cpSync(join(process.cwd(), part), join(dir, part), { recursive: true });
  symlinkSync(join(process.cwd(), "node_modules"), join(dir, "node_modules"));
  return { dir, cli: join(dir, "dist", "cli.bundle.js") };
}

/** What abridge prints once when it fails open inside `abridge run`. */
export const ABRIDGE_REPORT = /abridge: ABRIDGE_[A-Z_]+: [^\n]*\(output passed on unchanged\)\n?/g;
const ABRIDGE_MARKER = /read more: .* log show /;

/** Whether the model got every line (abridge's one-line failure report, if any, set aside) and no abridge marker. */
export function holdsEveryLine(text, lines) {
  const body = (text ?? "").replace(ABRIDGE_REPORT, "");
  return lines.every((l) => body.includes(l)) && !ABRIDGE_MARKER.test(body);
}
