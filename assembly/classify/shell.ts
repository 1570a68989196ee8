// The kind of output a shell command line produces.
//
// Chains (`a && b`, `a; b`, `a || b`, newlines): the last command decides,
// skipping commands that only set up or announce (cd, export, echo, mkdir …,
// see NEUTRAL in commands.ts): `cd src && grep -rn x .` is a search, and so is
// `grep -rn x . ; echo done`.
//
// Pipelines: the last command that shapes the output decides.
// - Shape keepers pass the kind of their input on: head, tail, cat, less,
//   sort, uniq, cut, tr, sed/awk without a file, tee, `grep -v`:
//   `grep -rn x . | head -50` is a search, `find . | sort` a listing.
// - grep/rg reading the pipe select lines: the result is a search, except
//   that a listing or a search stays what it was (`ls -la | grep foo` is a
//   listing): `cat a.txt | grep x` is a search.
// - Aggregates make a summary: wc, `uniq -c`, `grep -c`: `find . | wc -l`
//   is command output.
// - Anything else decides by itself: `curl … | jq .` is structured data.
//
// Prefixes are peeled off (`FOO=1`, env, sudo, time, timeout 10, nice,
// nohup, command, exec, stdbuf, npx, uv run …); `bash -lc '…'`, `sh -c "…"`
// and `eval "…"` are parsed again; `xargs cmd` and `find … -exec cmd` are
// judged by cmd; `python -m json.tool` by its module.
import { Category } from "../category";
import { CommandKind, describeNamed, isOneOf, kind, python, Role, Sniff } from "./commands";
import { skipOptions } from "./options";
import { Link, SimpleCommand, splitCommandLine } from "./shell-words";
import { isWordOf } from "../util/words";

/** Nested shells (`bash -c "sh -c '…'"`), xargs and -exec deeper than this are not opened. */
const MAX_DEPTH = 4;

const SHELLS = " bash sh zsh dash ksh ash mksh fish ";
/** Interpreters that run a script named on their command line (python has its own rules). */
const INTERPRETERS = " node nodejs ruby perl php lua tclsh Rscript julia ";
const KEYWORDS = " if then else elif do while until ! { time ";

function unknownOutput(): CommandKind {
  return kind(Category.CommandOutput, Sniff.All);
}

/** The last path segment: `/usr/bin/grep` → `grep`. */
function baseName(word: string): string {
  const slash = word.lastIndexOf("/");
  return slash < 0 ? word : word.substring(slash + 1);
}

/** `NAME=value` before a command. */
function isAssignment(word: string): bool {
  const eq = word.indexOf("=");
  if (eq <= 0) return false;
  for (let k = 0; k < eq; k++) {
    const c = word.charCodeAt(k);
    const ok = c == 0x5f || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (k > 0 && c >= 0x30 && c <= 0x39);
    if (!ok) return false;
  }
  return true;
}

/** Index of the command word after prefixes that run another command. */
function skipPrefixes(words: string[], k: i32): i32 {
  while (k < words.length) {
    const w = words[k];
    const name = baseName(w);
    if (isAssignment(w) || isOneOf(w, KEYWORDS)) k++;
    else if (isWordOf(name, "sudo doas")) k = skipOptions(words, k + 1, "ugCpUrtDRTh", " --user --group --prompt --close-from --chdir --role --type ");
    else if (name == "env") {
      k = skipOptions(words, k + 1, "uCS", " --unset --chdir --split-string ");
      while (k < words.length && isAssignment(words[k])) k++;
    } else if (name == "timeout") k = skipOptions(words, k + 1, "sk", " --signal --kill-after ") + 1; // then the duration
    else if (name == "time") k = skipOptions(words, k + 1, "fo", " --format --output ");
    else if (isWordOf(name, "nice ionice")) k = skipOptions(words, k + 1, "ncpt", " --adjustment --class --classdata ");
    else if (name == "stdbuf") k = skipOptions(words, k + 1, "ioe", " --input --output --error ");
    else if (isWordOf(name, "nohup builtin unbuffer chronic")) k++;
    else if (isWordOf(name, "command exec")) k = skipOptions(words, k + 1, "a", "");
    else if (isWordOf(name, "npx bunx pnpx")) k = skipOptions(words, k + 1, "p", " --package --call ");
    else if (
      k + 1 < words.length &&
      ((isOneOf(name, " uv poetry pipenv pdm hatch ") && words[k + 1] == "run") ||
        (isOneOf(name, " bundle pnpm yarn npm ") && (words[k + 1] == "exec" || words[k + 1] == "dlx")))
    ) {
      k = skipOptions(words, k + 2, "p", " --package --with ");
    } else break;
  }
  return k;
}

function slice(words: string[], from: i32, to: i32): string[] {
  const out = new Array<string>();
  for (let k = from; k < to; k++) out.push(words[k]);
  return out;
}

/** `bash -lc 'cmd'`: the command string; null when the shell runs a script or reads stdin. */
function shellCommandString(words: string[], from: i32): string | null {
  let cFlag = false;
  for (let k = from; k < words.length; k++) {
    const w = words[k];
    if (isWordOf(w, "-o -O +o +O --rcfile --init-file")) {
      k++;
      continue;
    }
    if (w.startsWith("-") || w.startsWith("+")) {
      if (!w.startsWith("--") && w.includes("c")) cFlag = true;
      continue;
    }
    return cFlag ? w : null;
  }
  return null;
}

/** find … -exec cmd {} \; : judged by cmd when it prints contents; a listing otherwise. */
function find(words: string[], from: i32, depth: i32): CommandKind {
  for (let k = from; k < words.length; k++) {
    const w = words[k];
    if (w != "-exec" && w != "-execdir" && w != "-ok" && w != "-okdir") continue;
    let end = k + 1;
    while (end < words.length && words[end] != ";" && words[end] != "+") end++;
    const sub = describeCommand(slice(words, k + 1, end), 0, false, true, depth + 1);
    const c = sub.category;
    if (c == Category.SearchResults || c == Category.FileContent || c == Category.Diff || c == Category.StructuredData) return sub;
    break;
  }
  return kind(Category.DirectoryListing, Sniff.None);
}

/**
 * The kind of output of the simple command words[from, …). `upstream`: a
 * pipe feeds it; `implicit`: it gets operands it does not show.
 */
export function describeCommand(words: string[], from: i32, upstream: bool, implicit: bool, depth: i32): CommandKind {
  if (depth > MAX_DEPTH) return unknownOutput();
  const k = skipPrefixes(words, from);
  if (k >= words.length) return unknownOutput();
  const name = baseName(words[k]);
  if (isOneOf(name, SHELLS)) {
    const line = shellCommandString(words, k + 1);
    return line === null ? unknownOutput() : classifyCommandLine(line, depth + 1);
  }
  if (name == "eval") return classifyCommandLine(slice(words, k + 1, words.length).join(" "), depth + 1);
  if (name == "xargs") {
    const start = skipOptions(words, k + 1, "IinLlPsdEa", " --max-args --max-procs --delimiter --arg-file --replace --max-lines ");
    if (start >= words.length) return unknownOutput(); // xargs echoes its input
    return describeCommand(words, start, false, true, depth + 1);
  }
  if (name == "find") return find(words, k + 1, depth);
  if (name.startsWith("python") || name == "pypy3") return python(words, k + 1);
  // A script an interpreter runs may wrap any tool, a search too: its text decides alone.
  if (isOneOf(name, INTERPRETERS)) return unknownOutput();
  const named = describeNamed(name, words, k + 1, upstream, implicit);
  // So does a program called by its path (`./run.sh`, `/opt/x/bin/check`): a wrapper script or
  // an installed tool alike, the name alone does not say which.
  return named.sniff == Sniff.Program && name.length < words[k].length ? unknownOutput() : named;
}

/** The kind of a pipeline's output: commands[first..last] joined by `|`. */
function pipelineKind(commands: SimpleCommand[], first: i32, last: i32, depth: i32): CommandKind {
  const k = streamKind(commands, first, last, depth);
  // Its standard output sent to a file, the pipeline shows only what its last command writes to
  // stderr: diagnostics, whatever that command prints (`xargs -n1 python3 -m json.tool > /dev/null`).
  return commands[last].stdoutAway && k.role != Role.Neutral ? unknownOutput() : k;
}

/** The kind of what commands[first..last] print. */
function streamKind(commands: SimpleCommand[], first: i32, last: i32, depth: i32): CommandKind {
  // Walk back over the filters to the command whose output they pass on.
  let filtered = false;
  let at = last;
  let source = describeCommand(commands[at].words, 0, at > first, false, depth);
  while (at > first && (source.role == Role.Passthrough || source.role == Role.SearchFilter)) {
    if (source.role == Role.SearchFilter) filtered = true;
    at--;
    source = describeCommand(commands[at].words, 0, at > first, false, depth);
  }
  if (filtered) {
    const input = source.category;
    return kind(input == Category.DirectoryListing || input == Category.SearchResults ? input : Category.SearchResults, Sniff.None);
  }
  // A pipeline is never mere setup, even `echo x | tee log`.
  return last > first ? kind(source.category, source.sniff) : source;
}

/** The kind of output of a whole command line (see the rules at the top). */
export function classifyCommandLine(line: string, depth: i32): CommandKind {
  if (depth > MAX_DEPTH) return unknownOutput();
  const commands = splitCommandLine(line);
  if (commands.length == 0) return unknownOutput();
  let firstNeutral: CommandKind | null = null;
  let last = commands.length - 1;
  while (last >= 0) {
    let first = last;
    while (first > 0 && commands[first - 1].next == Link.Pipe) first--;
    const k = pipelineKind(commands, first, last, depth);
    if (k.role != Role.Neutral) return k;
    if (firstNeutral === null) firstNeutral = k;
    last = first - 1;
  }
  const f = firstNeutral!;
  return kind(f.category, f.sniff);
}

/** The kind of output of an argv (`["bash", "-lc", "…"]`, `["rg", "-n", "x"]`). */
export function classifyArgv(words: string[], depth: i32): CommandKind {
  if (words.length == 0) return unknownOutput();
  if (words.length == 1) return classifyCommandLine(words[0], depth); // a whole command line in one element
  return describeCommand(words, 0, false, false, depth);
}
