// The command line a hook puts in place of the agent's own: the original command run by
// `abridge run`, and run plainly instead when abridge cannot start (Node or the package gone),
// so the agent always gets the command's complete output and exit code.
import { resolve } from "node:path";

/** A string as one POSIX shell word. */
export function shellWord(s: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`;
}

export interface WrapOptions {
  /** The agent's call id (the log's call id). */
  callId: string;
  session: string;
  /** The session log (absolute). */
  log: string;
  /** Node and the CLI bundle; default: the ones running now. */
  node?: string;
  cli?: string;
}

/** The CLI bundle that is running (hooks run from it). */
export function runningCli(): string {
  return resolve(process.argv[1] ?? "");
}

/**
 * `if node and abridge are there; then abridge run … -- bash -c CMD; else report; bash -c CMD; fi`
 * The report is one line on stderr, before the command's own output.
 */
export function wrapCommand(command: string, o: WrapOptions): string {
  const nodePath = o.node ?? process.execPath;
  const cliPath = o.cli ?? runningCli();
  const node = shellWord(nodePath);
  const cli = shellWord(cliPath);
  const script = `bash -c ${shellWord(command)}`;
  const run = `${node} ${cli} run --id ${shellWord(o.callId)} --session ${shellWord(o.session)} --log ${shellWord(o.log)} -- ${script}`;
  const report = `echo ${shellWord(`abridge: ABRIDGE_UNAVAILABLE: ${nodePath} or ${cliPath} is gone; the command runs without abridge`)} >&2`;
  return `if test -x ${node} -a -f ${cli}; then ${run}; else ${report}; ${script}; fi`;
}

/** Whether a command line is already one of our wrappers (a hook must not wrap twice). */
export function isWrapped(command: string): boolean {
  return / run --id .* --session .* --log .* -- bash -c /.test(command) && command.startsWith("if test -x ");
}
