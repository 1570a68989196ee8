// One-line summaries for a UI (<= 160 units), for categories whose digest did
// not write its own: "Error: …" when the tool failed, "Read <path> (<n> lines)",
// "Completed <tool>" as the last resort.
import { Category } from "../../category";
import { Call } from "../../call";
import { oneLine } from "../../oneline";
import { countNewlines, lineCount } from "../../util/lines";
import { formatCount } from "../../util/strbuf";

export const SUMMARY_MAX: i32 = 160;


/** "Error: <line>" in one line, without doubling a prefix the line already has ("Error: boom"). */
export function errorSummary(line: string): string {
  const t = line.trimStart();
  const lower = t.substring(0, 6).toLowerCase();
  const prefixed = lower.startsWith("error") && (t.length == 5 || !isIdentChar(t.charCodeAt(5)));
  return oneLine(prefixed ? t : "Error: " + line, SUMMARY_MAX);
}

function isIdentChar(c: i32): bool {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c == 0x5f;
}

/** The first line that reads as an error message, or "". */
function firstErrorLine(text: string): string {
  let start = 0;
  const n = text.length;
  // Only the first 64 KB: a summary must not cost a scan of 100 MB.
  const limit = min(n, 65536);
  while (start < limit) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = n;
    const line = text.substring(start, min(end, start + 400));
    const lower = line.toLowerCase();
    if (lower.includes("error") || lower.includes("fatal") || lower.startsWith("panic") || lower.includes("exception") || lower.includes("traceback")) {
      return line;
    }
    start = end + 1;
  }
  return "";
}

function lastNonEmptyLine(text: string): string {
  let end = text.length;
  while (end > 0) {
    const start = text.lastIndexOf("\n", end - 1) + 1;
    const line = text.substring(start, end).trim();
    if (line.length > 0) return line;
    end = start - 1;
  }
  return "";
}

export function genericSummary(category: i32, call: Call, exitCode: i32, text: string): string {
  // Binary text is its one-line description by now: "[binary output: …]".
  if (category == Category.Binary && text.startsWith("[") && text.endsWith("]")) return oneLine(text.substring(1, text.length - 1), SUMMARY_MAX);
  if (exitCode > 0) {
    let msg = firstErrorLine(text);
    if (msg.length == 0) msg = lastNonEmptyLine(text);
    if (msg.length == 0) msg = "exit code " + exitCode.toString();
    return errorSummary(msg);
  }
  const lines = lineCount(text, countNewlines(text, 0, text.length));
  if (category == Category.FileContent) {
    const path = call.path.length > 0 ? call.path : call.url;
    if (path.length > 0) return oneLine("Read " + path + " (" + formatCount(lines) + " lines)", SUMMARY_MAX);
  }
  if (category == Category.WebContent) {
    const url = call.url.length > 0 ? call.url : call.path;
    if (url.length > 0) return oneLine("Fetched " + url + " (" + formatCount(text.length) + " chars)", SUMMARY_MAX);
  }
  if (category == Category.CommandOutput) {
    const command = call.command;
    if (command.length > 0) return oneLine("Ran " + command + " (" + formatCount(lines) + " lines)", SUMMARY_MAX);
  }
  const tool = call.tool.length > 0 ? call.tool : "tool";
  return oneLine("Completed " + tool + " (" + formatCount(lines) + " lines)", SUMMARY_MAX);
}
