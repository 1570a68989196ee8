// What a file-reading call asked for, from its arguments: the path, and the
// line range when it named one. Read-style tools give `file_path` / `offset`
// / `limit`; shell tools give a command (`cat x.ts`, `sed -n 120,180p x.py`,
// `head -n 50 x.go`, `tail -n 20 x.rs`, `nl x.c`).
import { Call } from "../../call";
import { digitsAt } from "../../json/args";
import { CharCode, isDigit, isSpace, isUnitOf } from "../../util/chars";
import { StrBuf } from "../../util/strbuf";
import { isWordOf } from "../../util/words";


export class FileRequest {
  path: string = "";
  /** 1-based inclusive line range asked for; 0 when not named (last 0: to the end). */
  first: i32 = 0;
  last: i32 = 0;
  /** The output holds only the range (sed, head, a Read with offset/limit), not the whole file. */
  rangeOnly: bool = false;
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
      if (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, "|;&>") : c == 0x7c || c == CharCode.SEMICOLON || c == 0x26 || c == CharCode.GT) break; // a pipe or a list ends the first command
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
  if (!isWordOf(tool, "cat sed head tail nl bat batcat less more view")) return;
  let count = -1;
  for (let k = 1; k < w.length; k++) {
    const a = w[k];
    if (tool == "sed" && !a.startsWith("-") && sedRange(a, req)) continue;
    if (isWordOf(tool, "head tail") && isWordOf(a, "-n --lines") && k + 1 < w.length) {
      count = digitsAt(w[k + 1], w[k + 1].startsWith("+") ? 1 : 0);
      k++;
      continue;
    }
    if (isWordOf(tool, "head tail") && a.startsWith("-") && a.length > 1 && isDigit(a.charCodeAt(1))) {
      count = digitsAt(a, 1);
      continue;
    }
    if (a.startsWith("-")) {
      if (tool == "sed" && isWordOf(a, "-e --expression") && k + 1 < w.length) {
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

/** What the call read: the path and range its arguments named, else what its command reads. */
export function fileRequest(call: Call): FileRequest {
  const req = new FileRequest();
  req.path = call.path;
  if (req.path.length > 0) {
    req.first = call.first;
    req.last = call.last;
    req.rangeOnly = call.first > 0;
    return req;
  }
  if (call.command.length > 0) fromCommand(call.command, req);
  return req;
}
