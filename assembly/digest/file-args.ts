// What a file-reading call asked for, from its arguments: the path, and the
// line range when it named one. Read-style tools give `file_path` / `offset`
// / `limit`; shell tools give a command (`cat x.ts`, `sed -n 120,180p x.py`,
// `head -n 50 x.go`, `tail -n 20 x.rs`, `nl x.c`).
import { argFirstString, argValueAt } from "../util/args";
import { CharCode, isDigit, isSpace } from "../util/chars";
import { StrBuf } from "../util/strbuf";

const PATH_KEYS: string[] = ["file_path", "path", "filePath", "file", "filename", "target_file", "absolute_path", "relative_path"];
const COMMAND_KEYS: string[] = ["command", "cmd"];

export class FileRequest {
  path: string = "";
  /** 1-based inclusive line range asked for; 0 when not named (last 0: to the end). */
  first: i32 = 0;
  last: i32 = 0;
  /** The output holds only the range (sed, head, a Read with offset/limit), not the whole file. */
  rangeOnly: bool = false;
}

/** The non-negative integer value of top-level `key` (a number or a numeric string), or -1. */
export function argInt(json: string, key: string): i32 {
  let i = argValueAt(json, key);
  if (i < 0) return -1;
  if (i < json.length && json.charCodeAt(i) == CharCode.DQUOTE) i++;
  return digitsAt(json, i);
}

function digitsAt(s: string, i: i32): i32 {
  let v: i64 = 0;
  let any = false;
  while (i < s.length && isDigit(s.charCodeAt(i)) && v < 1000000000) {
    v = v * 10 + (s.charCodeAt(i) - CharCode._0);
    any = true;
    i++;
  }
  return any ? <i32>min(v, 1000000000) : -1;
}

/** Whitespace-separated words of a command line, quotes removed (no expansion). */
function words(cmd: string): Array<string> {
  const out = new Array<string>();
  let i = 0;
  const n = cmd.length;
  while (i < n) {
    while (i < n && isSpace(cmd.charCodeAt(i))) i++;
    if (i >= n) break;
    const w = new StrBuf(32);
    while (i < n && !isSpace(cmd.charCodeAt(i))) {
      const c = cmd.charCodeAt(i);
      if (c == CharCode.DQUOTE || c == CharCode.SQUOTE) {
        const close = cmd.indexOf(String.fromCharCode(c), i + 1);
        const end = close < 0 ? n : close;
        w.addRange(cmd, i + 1, end);
        i = end + 1;
        continue;
      }
      if (c == 0x7c || c == CharCode.SEMICOLON || c == 0x26 || c == CharCode.GT) break; // a pipe or a list ends the first command
      w.addChar(c);
      i++;
    }
    if (w.length > 0) out.push(w.toString());
    if (i < n && !isSpace(cmd.charCodeAt(i))) break;
  }
  return out;
}

function baseName(w: string): string {
  const slash = w.lastIndexOf("/");
  return slash >= 0 ? w.substring(slash + 1) : w;
}

/** `120,180p` / `120p` / `120,$p` → first and last (0: to the end). */
function sedRange(script: string, req: FileRequest): bool {
  const a = digitsAt(script, 0);
  if (a < 0) return false;
  let i = 0;
  while (i < script.length && isDigit(script.charCodeAt(i))) i++;
  let b = a;
  if (i < script.length && script.charCodeAt(i) == CharCode.COMMA) {
    i++;
    if (i < script.length && script.charCodeAt(i) == 0x24) {
      b = 0;
      i++;
    } else {
      b = digitsAt(script, i);
      while (i < script.length && isDigit(script.charCodeAt(i))) i++;
    }
  }
  if (i >= script.length || script.charCodeAt(i) != 0x70 || b < 0) return false;
  req.first = max(a, 1);
  req.last = b;
  req.rangeOnly = true;
  return true;
}

function fromCommand(cmd: string, req: FileRequest): void {
  const w = words(cmd);
  if (w.length < 2) return;
  const tool = baseName(w[0]);
  if (!(tool == "cat" || tool == "sed" || tool == "head" || tool == "tail" || tool == "nl" || tool == "bat" || tool == "batcat" || tool == "less" || tool == "more" || tool == "view")) return;
  let count = -1;
  for (let k = 1; k < w.length; k++) {
    const a = w[k];
    if (tool == "sed" && !a.startsWith("-") && sedRange(a, req)) continue;
    if ((tool == "head" || tool == "tail") && (a == "-n" || a == "--lines") && k + 1 < w.length) {
      count = digitsAt(w[k + 1], w[k + 1].startsWith("+") ? 1 : 0);
      k++;
      continue;
    }
    if ((tool == "head" || tool == "tail") && a.startsWith("-") && a.length > 1 && isDigit(a.charCodeAt(1))) {
      count = digitsAt(a, 1);
      continue;
    }
    if (a.startsWith("-")) {
      if (tool == "sed" && (a == "-e" || a == "--expression") && k + 1 < w.length) {
        sedRange(w[k + 1], req);
        k++;
      }
      continue;
    }
    req.path = a; // the last operand names the file
  }
  if (tool == "head") {
    req.first = 1;
    req.last = count > 0 ? count : 10;
    req.rangeOnly = true;
  }
  // tail: where the output starts in the file is not known from the command; it is read as a file.
}

/** What the call read, from its tool name and arguments (JSON). */
export function fileRequest(argsJson: string): FileRequest {
  const req = new FileRequest();
  req.path = argFirstString(argsJson, PATH_KEYS);
  if (req.path.length > 0) {
    const offset = argInt(argsJson, "offset");
    const limit = argInt(argsJson, "limit");
    const start = max(argInt(argsJson, "start_line"), argInt(argsJson, "line_start"));
    const end = max(argInt(argsJson, "end_line"), argInt(argsJson, "line_end"));
    if (offset > 0 || limit > 0) {
      req.first = max(offset, 1);
      req.last = limit > 0 ? req.first + limit - 1 : 0;
      req.rangeOnly = true;
    } else if (start > 0 || end > 0) {
      req.first = max(start, 1);
      req.last = max(end, 0);
      req.rangeOnly = true;
    } else {
      viewRange(argsJson, req);
    }
    return req;
  }
  const cmd = argFirstString(argsJson, COMMAND_KEYS);
  if (cmd.length > 0) fromCommand(cmd, req);
  return req;
}

/** `"view_range": [a, b]` (b = -1: to the end). */
function viewRange(json: string, req: FileRequest): void {
  let i = argValueAt(json, "view_range");
  if (i < 0 || i >= json.length || json.charCodeAt(i) != CharCode.LBRACKET) return;
  i++;
  while (i < json.length && isSpace(json.charCodeAt(i))) i++;
  const a = digitsAt(json, i);
  if (a < 0) return;
  while (i < json.length && json.charCodeAt(i) != CharCode.COMMA && json.charCodeAt(i) != CharCode.RBRACKET) i++;
  i++;
  while (i < json.length && isSpace(json.charCodeAt(i))) i++;
  const b = i < json.length && json.charCodeAt(i) == CharCode.MINUS ? 0 : digitsAt(json, i);
  req.first = max(a, 1);
  req.last = max(b, 0);
  req.rangeOnly = true;
}
