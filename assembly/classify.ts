// classify(tool, args, text) → Category: what kind of output a tool result
// is, so that the right digest and head/tail split apply.
//
// 1. The tool's name (classify/tools.ts): Read → FileContent, Grep →
//    SearchResults, Glob/LS → DirectoryListing, WebFetch/WebSearch →
//    WebContent, edits and plans → CommandOutput. A Read stays FileContent
//    whatever the file holds (a .json file too): the model asked for the file
//    and may edit it by line. In a shell, `cat x.json` is judged as data,
//    `cat page.html` as a web page and `cat fix.patch` as a diff. A log is
//    command output whatever reads it: a `.log` path, or lines that open with
//    timestamps (classify/log.ts); so is `tail`'s end of a file.
// 2. Shell tools (and unknown tools whose arguments have a `command`/`cmd`):
//    the command line (classify/shell.ts, classify/commands.ts).
// 3. The text (classify/sniff.ts), as far as the tool or command lets it:
//    binary text is always Binary; JSON from a web fetch or `cat` is
//    StructuredData; output of a command that could print anything is judged
//    by its shape, except that a program the command names (not a script run
//    by its path) prints search hits only if it is a search and a listing only
//    if it lists: a checker's `path:line` lines are its findings, a tool's
//    paths one a line its result; an unknown tool with ordinary text is
//    CommandOutput. Diffs
//    among a tool's own lines (`isort --diff`, a fetched .patch) make a Diff,
//    unless they are a small part of the text (a log that quotes one).
// Empty text is judged by the tool and command alone.
import { Category, categoryName } from "./category";
import { describeBinaryTextSample } from "./binary";
import { Call, parseCall } from "./call";
import { EXTRA_ARGS_KEY, GH_ARGS_KEYS } from "./call/keys";
import { argFirstString } from "./json/args";
import { argStringList } from "./json/arg-list";
import { CommandKind, kind, Sniff } from "./classify/commands";
export { CommandKind } from "./classify/commands";
import { jsonAfterPreamble } from "./json/sniff";
import { classifyArgv, classifyCommandLine } from "./classify/shell";
import { looksLikeDiff, looksLikeHtml, looksLikeJson, sniffText, SNIFF_UNITS } from "./classify/sniff";
import { ToolKind, toolKind } from "./classify/tools";
import { isLogPath, looksLikeLog } from "./classify/log";
import { trimStart } from "./util/trim";

/** Lines of warnings allowed before the JSON a command was asked for. */
const JSON_PREAMBLE_LINES = 20;

function shellKind(call: Call): CommandKind | null {
  const words = call.words;
  return words === null ? null : classifyArgv(words, 0);
}

/** The `gh` tool takes gh's arguments (a line or an argv), with or without the leading `gh`. */
function githubKind(call: Call): CommandKind {
  let words = call.words !== null ? call.words!.slice(0) : null;
  if (words === null) words = argStringList(call.argsJson, EXTRA_ARGS_KEY);
  if (words === null) {
    const line = argFirstString(call.argsJson, GH_ARGS_KEYS);
    if (line.length == 0) return kind(Category.CommandOutput, Sniff.All);
    words = [line];
  }
  if (words.length == 1) {
    const line = trimStart(words[0]);
    return classifyCommandLine(line.startsWith("gh ") ? line : "gh " + line, 0);
  }
  if (words[0] != "gh") words.unshift("gh");
  return classifyArgv(words, 0);
}

/** What the call alone says its output is, and how far the text may change that. */
export function callKind(call: Call): CommandKind {
  switch (toolKind(call.tool)) {
    case ToolKind.Shell: {
      const k = shellKind(call);
      return k === null ? kind(Category.CommandOutput, Sniff.All) : k;
    }
    case ToolKind.Read: return isLogPath(call.path) ? kind(Category.CommandOutput, Sniff.All) : kind(Category.FileContent, Sniff.File);
    case ToolKind.Search: return kind(Category.SearchResults, Sniff.None);
    case ToolKind.List: return kind(Category.DirectoryListing, Sniff.None);
    case ToolKind.WebFetch:
    case ToolKind.WebSearch: return kind(Category.WebContent, Sniff.Json);
    case ToolKind.PackageSearch: return kind(Category.SearchResults, Sniff.Json);
    case ToolKind.GitHub: return githubKind(call);
    case ToolKind.Edit: return kind(Category.CommandOutput, Sniff.DiffOnly);
    case ToolKind.Plan: return kind(Category.CommandOutput, Sniff.None);
  }
  const k = shellKind(call);
  return k === null ? kind(Category.CommandOutput, Sniff.All) : k;
}

/**
 * The category the text settles, within what `k` lets it say. `knownText`: the caller
 * already found the text is not binary (the pipeline checks that first).
 */
export function settle(k: CommandKind, text: string, knownText: bool = false): i32 {
  if (text.length == 0) return k.category;
  // The sample's total size only feeds the description, which is not used here.
  if (!knownText && describeBinaryTextSample(text, 0).length > 0) return Category.Binary;
  switch (k.sniff) {
    case Sniff.FileLike: {
      if (looksLikeJson(text)) return Category.StructuredData;
      if (looksLikeHtml(text)) return Category.WebContent;
      if (looksLikeDiff(text)) return Category.Diff;
      return looksLikeLog(text) ? Category.CommandOutput : k.category;
    }
    case Sniff.Json:
      if (looksLikeJson(text)) return Category.StructuredData;
    // Falls through: a tool that prints diffs among its own lines (a formatter's --diff) prints a Diff.
    case Sniff.DiffOnly: return looksLikeDiff(text) ? Category.Diff : k.category;
    case Sniff.File: return looksLikeLog(text) ? Category.CommandOutput : k.category;
    case Sniff.JsonFlag: {
      if (jsonAfterPreamble(text, SNIFF_UNITS, JSON_PREAMBLE_LINES)) return Category.StructuredData;
      const sniffed = sniffText(text);
      return sniffed >= 0 ? sniffed : Category.CommandOutput;
    }
    case Sniff.All:
    case Sniff.Program: {
      const sniffed = sniffText(text, k.sniff == Sniff.Program);
      return sniffed >= 0 ? sniffed : k.category;
    }
  }
  return k.category;
}

/**
 * The Category (a number, see category.ts) of a tool result: `tool` is the
 * tool's name, `argsJson` its arguments as JSON text ("" or "{}" when none),
 * `text` its output (cleaned). Never traps.
 */
export function classify(tool: string, argsJson: string, text: string): i32 {
  return settle(callKind(parseCall(tool, argsJson)), text);
}

/** classify, as the category's name ("SearchResults"). */
export function classifyName(tool: string, argsJson: string, text: string): string {
  return categoryName(classify(tool, argsJson, text));
}
