// One tool call, parsed once from the tool's name and its arguments (JSON text): the
// command it ran (a line or an argv), the file or page it named, the line range it asked
// for. Classification, the digests and the one-line summary read this, never the JSON.
import { argFirstString, argInt, argValueAt, digitsAt } from "../json/args";
import { argStringList } from "../json/arg-list";
import { CharCode, isSpace } from "../util/chars";
import { replaceEvery } from "../util/replace";
import { COMMAND_KEYS, END_LINE_KEYS, EXTRA_ARGS_KEY, LIMIT_KEY, OFFSET_KEY, PATH_KEYS, START_LINE_KEYS, URL_KEYS, VIEW_RANGE_KEY } from "./keys";

export class Call {
  /** The tool's name as the harness calls it. */
  tool: string = "";
  /** The arguments as JSON text ("" or "{}" when none). */
  argsJson: string = "";
  /**
   * The command's words: an argv as given, or one element holding a whole command line;
   * null when the call ran no command. vtcode's separate `args` are appended.
   */
  words: string[] | null = null;
  /**
   * The command as a person reads it: the line as given; an argv joined with spaces (words
   * with spaces quoted), or unwrapped when it is a shell's `-c` script (`bash -lc "npm test"`).
   */
  command: string = "";
  /** The file the call reads, writes or edits; "" when none. */
  path: string = "";
  /** The page a fetch reads; "" when none. */
  url: string = "";
  /** A line range the arguments named, 1-based inclusive; 0 when not named (last 0: to the end). */
  first: i32 = 0;
  last: i32 = 0;
}

function hasSpace(s: string): bool {
  for (let i = 0; i < s.length; i++) if (isSpace(s.charCodeAt(i))) return true;
  return false;
}

function baseName(w: string): string {
  const slash = w.lastIndexOf("/");
  return slash >= 0 ? w.substring(slash + 1) : w;
}

/** A shell's `-c` flag, alone or with others (`-c`, `-lc`, `-ec`). */
function isScriptFlag(w: string): bool {
  if (w.length < 2 || w.charCodeAt(0) != CharCode.MINUS || w.charCodeAt(1) == CharCode.MINUS) return false;
  for (let i = 1; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (c < 0x61 || c > 0x7a) return false;
  }
  return w.includes("c");
}

const SHELLS: string[] = ["bash", "sh", "zsh", "dash", "ksh"];

/** An argv as a command line: a shell's `-c` script itself, else the words joined. */
function commandLine(words: string[]): string {
  if (words.length == 1) return words[0];
  if (words.length >= 3 && SHELLS.includes(baseName(words[0])) && isScriptFlag(words[1])) return words[2];
  let line = "";
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (i > 0) line += " ";
    line += w.length == 0 || hasSpace(w) ? "'" + replaceEvery(w, "'", "'\\''") + "'" : w;
  }
  return line;
}

/** The command's words: `command`/`cmd` as a line or an argv, vtcode's `args` appended; null when none. */
function commandWords(argsJson: string): string[] | null {
  let words: string[] | null = null;
  const line = argFirstString(argsJson, COMMAND_KEYS);
  if (line.length > 0) {
    words = [line];
  } else {
    for (let k = 0; k < COMMAND_KEYS.length && words === null; k++) words = argStringList(argsJson, COMMAND_KEYS[k]);
  }
  if (words === null || words.length == 0) return null;
  const extra = argStringList(argsJson, EXTRA_ARGS_KEY);
  if (extra !== null && extra.length > 0) {
    if (words.length == 1 && hasSpace(words[0])) return null; // a line plus argv: ambiguous, judge by the text
    for (let k = 0; k < extra.length; k++) words.push(extra[k]);
  }
  return words;
}

/** `"view_range": [a, b]` (b = -1: to the end) into call.first/last. */
function viewRange(json: string, call: Call): void {
  let i = argValueAt(json, VIEW_RANGE_KEY);
  if (i < 0 || i >= json.length || json.charCodeAt(i) != CharCode.LBRACKET) return;
  i++;
  while (i < json.length && isSpace(json.charCodeAt(i))) i++;
  const a = digitsAt(json, i);
  if (a < 0) return;
  while (i < json.length && json.charCodeAt(i) != CharCode.COMMA && json.charCodeAt(i) != CharCode.RBRACKET) i++;
  i++;
  while (i < json.length && isSpace(json.charCodeAt(i))) i++;
  const b = i < json.length && json.charCodeAt(i) == CharCode.MINUS ? 0 : digitsAt(json, i);
  call.first = max(a, 1);
  call.last = max(b, 0);
}

function maxInt(json: string, keys: string[]): i32 {
  let v = -1;
  for (let k = 0; k < keys.length; k++) v = max(v, argInt(json, keys[k]));
  return v;
}

/** The range a Read-style call named (offset/limit, start/end lines, view_range). */
function lineRange(json: string, call: Call): void {
  const offset = argInt(json, OFFSET_KEY);
  const limit = argInt(json, LIMIT_KEY);
  const start = maxInt(json, START_LINE_KEYS);
  const end = maxInt(json, END_LINE_KEYS);
  if (offset > 0 || limit > 0) {
    call.first = max(offset, 1);
    call.last = limit > 0 ? call.first + limit - 1 : 0;
  } else if (start > 0 || end > 0) {
    call.first = max(start, 1);
    call.last = max(end, 0);
  } else {
    viewRange(json, call);
  }
}

/** Parses a call once: everything later stages need of the tool's name and arguments. */
export function parseCall(tool: string, argsJson: string): Call {
  const call = new Call();
  call.tool = tool;
  call.argsJson = argsJson;
  call.words = commandWords(argsJson);
  const words = call.words;
  if (words !== null) call.command = commandLine(words);
  call.path = argFirstString(argsJson, PATH_KEYS);
  call.url = argFirstString(argsJson, URL_KEYS);
  if (call.path.length > 0) lineRange(argsJson, call);
  return call;
}
