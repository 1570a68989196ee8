// `abridge run`: runs a command (or takes output already captured), keeps the full output in
// the session log, prints what the model should see, and exits with the command's own exit
// code. It is what agent hooks wrap a shell command in, so it fails open: if abridge itself
// fails, the complete output goes out unchanged and the failure is reported once on stderr.
import { readFileSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULTS } from "../config.js";
import { isAbridgeError } from "../errors.js";
import { runCommand } from "../agents/run-command.js";
import { intOption, parse, printHelp, usageError } from "./io.js";

export const help = `usage: abridge run [--id ID] [--session S] [--log PATH] [--tool NAME] -- CMD [ARGS…]
       abridge run --from FILE --exit-code N [--command TEXT] [--id ID] [--session S] [--log PATH]

Runs CMD (stdin passed through; stdout and stderr captured together), appends the full output
to the session log, prints what the model should see, and exits with CMD's exit code. A cut
output names how to read the rest: \`abridge log show LOG --id ID --offset N\`.
If abridge itself fails, CMD's complete output is printed unchanged (fail open).

options:
  --id ID          the call's id (default: a new one)      --session S   the session (names the log)
  --log PATH       the log file (default .abridge/sessions/<session>.jsonl)
  --tool NAME      the tool name recorded (default Bash)   --command TEXT  the command recorded with --from
  --from FILE      output already captured (with --exit-code N)
  -h, --help       this help`;

/** This CLI as a command line a shell can run, for the read hint. */
function selfCommand(): string {
  const cli = process.argv[1] ? resolve(process.argv[1]) : fileURLToPath(import.meta.url);
  return [process.execPath, cli].map(shellWord).join(" ");
}

function shellWord(s: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`;
}

interface Captured {
  output: Buffer;
  exitCode: number;
  command: string;
}

async function capture(values: Record<string, string | boolean | undefined>, command: string[]): Promise<Captured> {
  if (typeof values.from === "string") {
    if (command.length > 0) throw usageError("run takes --from FILE or a command after --, not both");
    const exitCode = intOption("exit-code", values["exit-code"], 0);
    if (exitCode === undefined) throw usageError("run --from FILE needs --exit-code N");
    let output: Buffer;
    try {
      output = readFileSync(values.from);
    } catch (err) {
      throw usageError(`cannot read ${values.from}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    return { output, exitCode, command: typeof values.command === "string" ? values.command : "" };
  }
  if (command.length === 0) throw usageError("run needs a command after -- (or --from FILE --exit-code N)");
  const run = await runCommand(command);
  return { ...run, command: command.length >= 3 && /(^|\/)(ba|z|da|k)?sh$/.test(command[0]!) && /^-[a-z]*c[a-z]*$/.test(command[1]!) ? command[2]! : command.map(shellWord).join(" ") };
}

/** Prints the model's view of the output, or (failing open) the output itself. */
async function present(c: Captured, values: Record<string, string | boolean | undefined>): Promise<void> {
  const session = typeof values.session === "string" ? values.session : undefined;
  const log = typeof values.log === "string" ? (isAbsolute(values.log) ? values.log : resolve(values.log)) : undefined;
  const callId = typeof values.id === "string" && values.id !== "" ? values.id : undefined;
  // Short outputs go to the model as they are: they need neither the core nor the tokenizer,
  // only the log (so that a later read still finds them).
  if (c.output.length <= DEFAULTS.passthrough && !c.output.includes(0x1b) && !c.output.includes(0x0d)) {
    const { LogWriter } = await import("../log/writer.js");
    const { loadConfig } = await import("../config.js");
    const config = loadConfig({ sessionId: session, ...(log ? { log: { path: log } } : {}) });
    if (config.log.enabled) {
      const writer = new LogWriter({ path: config.log.path, sessionId: config.sessionId });
      const written = writer.appendCall({ callId: callId ?? `run_${Date.now().toString(36)}`, tool: String(values.tool ?? "Bash"), args: { command: c.command }, exitCode: c.exitCode, output: c.output });
      writer.close();
      if (!written.ok) throw written.error;
    }
    process.stdout.write(c.output);
    return;
  }
  const [{ createAbridge }, { tierForOutput }] = await Promise.all([import("../session.js"), import("./one-shot.js")]);
  tierForOutput(c.output.length);
  const readHint = process.env.ABRIDGE_READ_HINT ?? `read more: ${selfCommand()} log show {log} --id {id} --offset {first}`;
  const abridge = createAbridge({ sessionId: session, log: { ...(log ? { path: log } : {}), readHint } });
  let failure: unknown;
  abridge.on("error", (err) => (failure ??= err));
  const result = await abridge.process({ tool: String(values.tool ?? "Bash"), args: { command: c.command }, output: c.output, exitCode: c.exitCode, callId });
  await abridge.close();
  // Without the log the hint would point nowhere: the whole output, as if abridge were not there.
  if (failure) throw failure;
  process.stdout.write(result.llmContent.endsWith("\n") ? result.llmContent : `${result.llmContent}\n`);
}

export async function run(argv: string[]): Promise<number> {
  const dash = argv.indexOf("--");
  const own = dash < 0 ? argv : argv.slice(0, dash);
  const command = dash < 0 ? [] : argv.slice(dash + 1);
  const { values, positionals } = parse(own, {
    id: { type: "string" },
    session: { type: "string" },
    log: { type: "string" },
    tool: { type: "string" },
    command: { type: "string" },
    from: { type: "string" },
    "exit-code": { type: "string" },
  });
  if (printHelp(values, help)) return 0;
  if (positionals.length > 0) throw usageError(`run takes the command after --, got ${JSON.stringify(positionals[0])}`);
  const captured = await capture(values, command);
  try {
    await present(captured, values);
  } catch (err) {
    // Fail open: the agent gets everything, exactly as without abridge, and the reason once,
    // after it: a long output to a pipe is still being written when write() returns, and an
    // agent that merges stdout and stderr would get the reason in the middle of a line.
    await new Promise<void>((done) => process.stdout.write(captured.output, () => done()));
    const code = isAbridgeError(err) ? err.code : "ABRIDGE_RUN";
    process.stderr.write(`abridge: ${code}: ${(err as Error)?.message ?? String(err)} (output passed on unchanged)\n`);
  }
  return captured.exitCode;
}
