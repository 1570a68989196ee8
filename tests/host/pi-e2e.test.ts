// abridge inside the real pi agent: pi runs in print mode against a scripted model on
// loopback; the model asks for a failing `make -k` of a C project (6,000+ lines of real
// gcc output, the error at about 40%), then reads the omitted lines with abridge_read.
// The same script runs without the extension for the baseline.
import { peerPath } from "../../scripts/peers.mjs";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readLogSync } from "../../host/log/index.js";
import { decodeLoggedOutput } from "../../host/log/schema.js";
import { ensureBuiltCli } from "./support/built-cli.js";
import { writeCProject, type CProject } from "./support/c-project.js";
import { startScriptedModel, toolResults, type ChatRequest, type ScriptedModel, type Turn } from "./support/scripted-model.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
// pi is installed on first use into a cache outside the repo (scripts/peers.mjs).
const PI = peerPath("@mariozechner/pi-coding-agent", "dist/cli.js");
const CLI = join(ROOT, "dist/cli.bundle.js");
const MARKER = /lines ([\d,]+)–([\d,]+) of ([\d,]+)(?: \(partial\))?[^\n]*?read more: abridge_read id=(\S+?) offset=(\d+)/;
// A numbered cut has one marker up front; its offset is the first line it leaves out.
const NUMBERED = /of ([\d,]+) lines shown, numbered[^\n]*?read more: abridge_read id=(\S+?) offset=(\d+)/;
const num = (s: string) => Number(s.replaceAll(",", ""));

/** The call and the first omitted lines (from the first gap's marker, or a numbered cut's one). */
function omitted(text: string): { id: string; first: number; last: number } | null {
  const m = MARKER.exec(text);
  if (m) return { id: m[4], first: num(m[1]), last: num(m[2]) };
  const n = NUMBERED.exec(text);
  return n ? { id: n[2], first: num(n[3]), last: num(n[1]) } : null;
}

function hasTool(name: string): boolean {
  try {
    execFileSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
const missing = ["make", "cc"].filter((t) => !hasTool(t));

interface Run {
  requests: ChatRequest[];
  home: string;
  stdout: string;
  stderr: string;
  code: number | null;
}

/** The scripted model: build, then (with the extension) read the omitted lines, then answer. */
function script(request: ChatRequest): Turn {
  const results = toolResults(request);
  const tools: string[] = (request.body.tools ?? []).map((t: any) => t.function?.name);
  // One pipe for both streams, as in the reference run: pi reads stdout and stderr from two pipes
  // and appends chunks as they arrive, so under load their interleaving (and every line number
  // after the first error) would differ from run to run.
  if (results.length === 0) return { toolCall: { name: "bash", arguments: { command: "make -k 2>&1" } } };
  if (results.length === 1 && tools.includes("abridge_read")) {
    const o = omitted(results[0].text);
    if (o) return { toolCall: { name: "abridge_read", arguments: { id: o.id, offset: o.first, limit: Math.min(500, o.last - o.first + 1) } } };
  }
  return { text: "The build failed; see the error above." };
}

async function runPi(root: string, project: CProject, model: ScriptedModel, withExtension: boolean): Promise<Run> {
  const home = join(root, withExtension ? "home-abridge" : "home-plain");
  mkdirSync(join(home, ".pi/agent"), { recursive: true });
  writeFileSync(
    join(home, ".pi/agent/models.json"),
    JSON.stringify({
      providers: {
        loopback: {
          baseUrl: model.baseURL,
          api: "openai-completions",
          apiKey: "loopback-key",
          compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
          models: [{ id: "scripted", name: "Scripted", reasoning: false, input: ["text"], contextWindow: 128000, maxTokens: 4096 }],
        },
      },
    }),
  );
  const work = join(root, withExtension ? "work-abridge" : "work-plain");
  cpSync(project.dir, work, { recursive: true });
  // With abridge, the extension is loaded the way a user gets it: `abridge install pi` names the
  // bundle in the project's .pi/settings.json (HOME is isolated, so nothing else is discovered).
  if (withExtension) execFileSync(process.execPath, [CLI, "install", "pi", "--project", work], { stdio: "ignore" });
  const args = [PI, "-p", "--provider", "loopback", "--model", "scripted", ...(withExtension ? [] : ["--no-extensions"]), "--no-skills", "--no-prompt-templates", "--no-context-files", "--offline"];
  args.push("Build the project with make -k and tell me the first error.");
  const env = { ...process.env, HOME: home, PI_OFFLINE: "1", ABRIDGE_CONFIG: undefined, ABRIDGE_LOG: undefined, ABRIDGE_LOG_DIR: undefined };
  const child = spawn(process.execPath, args, { cwd: work, env, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c) => (stdout += c));
  child.stderr.on("data", (c) => (stderr += c));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  return { requests: [...model.requests], home, stdout, stderr, code };
}

function findFiles(dir: string, test: (path: string) => boolean, out: string[] = []): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) findFiles(path, test, out);
    else if (test(path)) out.push(path);
  }
  return out;
}

describe.skipIf(missing.length > 0)(`pi with the abridge extension, end to end${missing.length ? ` (skipped: ${missing.join(", ")} not installed)` : ""}`, () => {
  let root: string;
  let project: CProject;
  let fullBuildLog: string;
  let withAbridge: Run;
  let plain: Run;

  beforeAll(async () => {
    ensureBuiltCli();
    root = mkdtempSync(join(tmpdir(), "abridge-pi-"));
    project = writeCProject(root);
    // The reference: the same build run directly.
    const reference = join(root, "reference");
    cpSync(project.dir, reference, { recursive: true });
    // Both streams in one pipe, as the agent's command asks.
    fullBuildLog = spawnSync("sh", ["-c", "make -k 2>&1"], { cwd: reference, encoding: "utf8" }).stdout;
    let model = await startScriptedModel(script);
    withAbridge = await runPi(root, project, model, true);
    await model.close();
    model = await startScriptedModel(script);
    plain = await runPi(root, project, model, false);
    await model.close();
    mkdirSync(join(ROOT, "tests/output"), { recursive: true });
    const sizes = {
      buildLogLines: fullBuildLog.split("\n").length - 1,
      buildLogBytes: Buffer.byteLength(fullBuildLog),
      plain: { requestBytes: plain.requests[1]?.bytes, toolResultChars: toolResults(plain.requests[1]!)[0]?.text.length },
      abridge: { requestBytes: withAbridge.requests[1]?.bytes, toolResultChars: toolResults(withAbridge.requests[1]!)[0]?.text.length },
    };
    writeFileSync(join(ROOT, "tests/output/pi-e2e.json"), JSON.stringify(sizes, null, 2));
  }, 300_000);

  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it("runs the scripted session to the end with and without the extension", () => {
    expect(withAbridge.code, withAbridge.stderr).toBe(0);
    expect(plain.code, plain.stderr).toBe(0);
    expect(withAbridge.requests).toHaveLength(3); // build, abridge_read, answer
    expect(plain.requests).toHaveLength(2); // build, answer
    expect(withAbridge.stdout).toContain("The build failed");
  });

  it("the model receives abridge's content: within budget, the error line kept, the marker naming the call", () => {
    const [build] = toolResults(withAbridge.requests[1]);
    const bashCall = withAbridge.requests[1].body.messages.find((m: any) => m.tool_calls)?.tool_calls[0];
    expect(bashCall.function.name).toBe("bash");
    expect(build.id).toBe(bashCall.id);
    expect(build.text.length).toBeLessThanOrEqual(4000); // the balanced budget, in UTF-16 units
    const errorLine = fullBuildLog.split("\n").find((l) => l.includes("error:") && l.includes(project.undeclared))!;
    expect(errorLine).toBeTruthy();
    expect(build.text).toContain(errorLine);
    expect(build.text).toMatch(/\[\.\.\.[\d,]+ chars omitted\.\.\.\]/);
    expect(build.text).toContain(`abridge_read id=${bashCall.id}`);
  });

  it("without the extension pi's own tail cut loses the error line, and the request is larger", () => {
    const [build] = toolResults(plain.requests[1]);
    expect(build.text).not.toContain(project.undeclared + "’ undeclared");
    expect(build.text).not.toMatch(/error: .undeclared_total. undeclared/);
    expect(withAbridge.requests[1].bytes).toBeLessThan(plain.requests[1].bytes);
  });

  it("the log beside pi's session holds the full output, byte for byte", () => {
    const logs = findFiles(join(withAbridge.home, ".pi/agent/sessions"), (p) => p.endsWith(".jsonl") && p.includes(`${"/"}abridge${"/"}`));
    expect(logs).toHaveLength(1);
    const { records } = readLogSync(logs[0]);
    const call = records.find((r: any) => r.type === "call" && r.tool === "bash") as any;
    expect(call).toBeTruthy();
    expect(decodeLoggedOutput(call.output).text).toBe(fullBuildLog);
    expect(records.some((r: any) => r.type === "completion" && r.callId === call.callId)).toBe(true);
  });

  it("abridge_read returns the omitted lines from the log", () => {
    const results = toolResults(withAbridge.requests[2]);
    expect(results).toHaveLength(2);
    const read = results[1].text;
    const o = omitted(results[0].text)!;
    const first = o.first;
    const lines = fullBuildLog.split("\n");
    expect(read).toContain(`${first}: ${lines[first - 1]}`);
    const lastShown = Math.min(o.last, first + 499);
    expect(read).toContain(`${lastShown}: ${lines[lastShown - 1]}`);
  });
});
