// `abridge hook claude|codex|gemini`: the agent's hook JSON on stdin, the hook's answer on
// stdout. It fails open: whatever goes wrong inside abridge, the answer is empty (the agent
// goes on as without abridge) and the reason is reported once on stderr.
import { DEFAULTS } from "../config.js";
import { isAbridgeError } from "../errors.js";
import { answerHook, hookSessionId, type Agent, type Compactor } from "../agents/hooks.js";
import { shellWord, runningCli } from "../agents/wrap.js";
import { parse, printHelp, usageError } from "./io.js";

export const help = `usage: abridge hook claude|codex|gemini

Reads the agent's hook input (JSON) on stdin and prints the hook's answer. Installed by
\`abridge install <agent>\`; see docs/agents.md. Never fails the agent's call: on any error the
answer is empty and the reason goes to stderr.`;

const AGENTS: readonly Agent[] = ["claude", "codex", "gemini"];

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A shell-only host reads the rest with this CLI: the marker names it by absolute path. */
function readHint(): string {
  return process.env.ABRIDGE_READ_HINT ?? `read more: ${shellWord(process.execPath)} ${shellWord(runningCli())} log show {log} --id {id} --offset {first}`;
}

const compact: Compactor = async ({ tool, args, output, callId, cwd, session }) => {
  if (output.length <= DEFAULTS.passthrough) return null;
  const [{ createAbridge }, { tierForOutput }] = await Promise.all([import("../session.js"), import("./one-shot.js")]);
  tierForOutput(output.length);
  // The session resolves the log's path from the same configuration hookLog() reads: read once.
  const abridge = createAbridge({ cwd, sessionId: hookSessionId(session), log: { readHint: readHint() } });
  let failure: unknown;
  abridge.on("error", (err) => (failure ??= err));
  try {
    const r = await abridge.process({ tool, args: args as Record<string, unknown>, output, callId });
    if (failure) throw failure;
    return r.truncated ? r.llmContent : null;
  } finally {
    await abridge.close();
  }
};

export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {});
  if (printHelp(values, help)) return 0;
  const agent = positionals[0] as Agent;
  if (positionals.length !== 1 || !AGENTS.includes(agent)) throw usageError(`hook takes one agent: ${AGENTS.join(", ")}`);
  try {
    const text = await readStdin();
    let input: unknown;
    try {
      input = JSON.parse(text);
    } catch {
      throw new Error(`the hook input is not JSON: ${JSON.stringify(text.slice(0, 80))}`);
    }
    if (typeof input !== "object" || input === null || Array.isArray(input)) throw new Error("the hook input is not a JSON object");
    const answer = await answerHook(agent, input as Record<string, unknown>, compact);
    if (answer !== null) process.stdout.write(`${JSON.stringify(answer)}\n`);
  } catch (err) {
    const code = isAbridgeError(err) ? err.code : "ABRIDGE_HOOK";
    process.stderr.write(`abridge: ${code}: ${(err as Error)?.message ?? String(err)} (the call goes on without abridge)\n`);
  }
  return 0;
}
