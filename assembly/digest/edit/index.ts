// Edits and writes, digested from the tool's arguments and its own result:
//
//   ✎ Modified executor.go: 3 replacement(s), 456→459 lines
//   ✓ Created validator.go (234 lines, 8,912 bytes)
//   Patch: 3 files changed, +12/-4
//   ✎ src/a.ts +10/-4 lines
//   + src/new.ts (new file, 2 lines)
//
// followed by the head of the tool's result text. Understands Claude Code
// Edit / MultiEdit / Write, opencode edit / write, gemini-cli replace /
// write_file, pi edit / write, search_replace, and Codex apply_patch.
import { errorSummary, SUMMARY_MAX } from "../shared/summary";
import { Category } from "../../category";
import { oneLine } from "../../oneline";
import { planTruncate, renderTruncatePlan } from "../../truncate";
import { argFirstString, argString } from "../../json/args";
import { CharCode } from "../../util/chars";
import { countNewlines, findNewline, unitAt } from "../../util/lines";
import { decimal, StrBuf } from "../../util/strbuf";
import { plainDigest } from "../shared/degrade";
import { argArrayItems, argBool, jsonStringValue } from "../../json/walk";
import { argInt } from "../../json/args";
import { parsePatch, PatchFile } from "./patch";
import { parseDigits, pluralS, startsWithAt, startsWithOneOf } from "../shared/text";
import { Digest, DigestContext } from "../shared/types";
import { CONTENT_KEYS, NEW_KEYS, OLD_KEYS, PATCH_KEYS } from "../../call/keys";
import { lowerForAsciiTests } from "../../util/lower";
import { trim } from "../../util/trim";
import { utf8Length as utf8LengthOf } from "../../util/utf8";


/** Lines of a snippet: "" has 0, "a" and "a\n" have 1. */
function linesOf(s: string): i32 {
  if (s.length == 0) return 0;
  const nl = countNewlines(s, 0, s.length);
  return unitAt(s, s.length - 1) == CharCode.LF ? nl : nl + 1;
}

/** Bytes of s in UTF-8 (a lone surrogate counts as U+FFFD, 3 bytes). */
export function utf8Length(s: string): i32 {
  return <i32>utf8LengthOf(s);
}

/** A number the tool reported before "replacement"/"occurrence", or -1. */
function reportedCount(text: string): i32 {
  const limit = min(text.length, 4096);
  const words: string[] = [" replacement", " occurrence"];
  for (let w = 0; w < words.length; w++) {
    let at = text.indexOf(unchecked(words[w]));
    while (at > 0 && at < limit) {
      let j = at;
      while (j > 0 && unitAt(text, j - 1) >= CharCode._0 && unitAt(text, j - 1) <= CharCode._9) j--;
      if (j < at) return parseDigits(text, j, at);
      at = text.indexOf(unchecked(words[w]), at + 1);
    }
  }
  return -1;
}

function failed(text: string, ctx: DigestContext): bool {
  if (ctx.exitCode > 0) return true;
  let i = 0;
  while (i < text.length && unitAt(text, i) <= CharCode.SPACE) i++;
  if (ASC_SHRINK_LEVEL >= 2) return startsWithOneOf(text, i, text.length, "Error|<tool_use_error>|error:");
  return startsWithAt(text, i, text.length, "Error") || startsWithAt(text, i, text.length, "<tool_use_error>") || startsWithAt(text, i, text.length, "error:");
}

/** The patch of an apply_patch call: a string argument, or an item of a command vector. */
function patchText(args: string): string {
  const direct = argFirstString(args, PATCH_KEYS);
  if (direct.indexOf("*** Begin Patch") >= 0) return direct;
  const cmd = argArrayItems(args, "command");
  for (let k = 0; k < cmd.length; k++) {
    const v = jsonStringValue(cmd[k]);
    if (v.indexOf("*** Begin Patch") >= 0) return v;
  }
  return "";
}

// The dispatcher (digest/index.ts) adds the read hint as a line of its own when this digest cuts.
export function digestEdit(text: string, budget: i32, ctx: DigestContext, _hint: string = ""): Digest {
  const args = ctx.argsJson;
  const d = new Digest();
  const head = new StrBuf(256);
  const facts = new StrBuf(256);
  const path = ctx.call.path;
  const patch = patchText(args);
  const bad = failed(text, ctx);
  if (patch.length > 0) {
    const files = parsePatch(patch);
    if (files.length == 0) return plainDigest(text, budget, Category.CommandOutput, ctx.tool);
    writePatch(files, head, facts, d);
  } else if (path.length == 0) {
    return plainDigest(text, budget, Category.CommandOutput, ctx.tool);
  } else {
    const edits = argArrayItems(args, "edits");
    const content = argFirstString(args, CONTENT_KEYS);
    const hasOld = argFirstString(args, OLD_KEYS).length > 0 || argValueIsString(args, OLD_KEYS);
    if (edits.length > 0 || hasOld) {
      let replacements = 0;
      let oldLines = 0;
      let newLines = 0;
      let all = false;
      if (edits.length > 0) {
        for (let k = 0; k < edits.length; k++) {
          const e = edits[k];
          oldLines += linesOf(argFirstString(e, OLD_KEYS));
          newLines += linesOf(argFirstString(e, NEW_KEYS));
          if (argBool(e, "replace_all", false) || argBool(e, "replaceAll", false)) all = true;
          replacements++;
        }
      } else {
        oldLines = linesOf(argFirstString(args, OLD_KEYS));
        newLines = linesOf(argFirstString(args, NEW_KEYS));
        all = argBool(args, "replace_all", false) || argBool(args, "replaceAll", false);
        replacements = argInt(args, "expected_replacements");
        const reported = reportedCount(text);
        if (reported > 0) replacements = reported;
        if (replacements < 0) replacements = all ? -1 : 1;
      }
      head.add(bad ? "\u2717 Edit failed: " : "\u270e Modified ").add(path);
      if (!bad) {
        head.add(": ");
        if (replacements >= 0) head.addCount(replacements).add(" replacement(s)");
        else head.add("all occurrences replaced");
        head.addLabelCount(", ", oldLines).addLabelCount("\u2192", newLines).add(" lines");
        if (all && replacements > 0 && edits.length == 0) head.add(" each");
      }
      facts.addLabelJson('"kind":"edit","path":', path).addLabelInt(',"replacements":', replacements);
      facts.addLabelInt(',"oldLines":', oldLines).addLabelInt(',"newLines":', newLines).add(',"replaceAll":').add(all ? "true" : "false");
      d.summary = bad ? errorSummary(firstLine(text)) : oneLine("Updated " + path, SUMMARY_MAX);
    } else {
      const lines = linesOf(content);
      const bytes = utf8Length(content);
      const lower = lowerForAsciiTests(text.substring(0, min(text.length, 400)));
      const overwrote = lower.includes("updated") || lower.includes("overwr");
      head.add(bad ? "\u2717 Write failed: " : overwrote ? "\u2713 Wrote " : "\u2713 Created ").add(path);
      if (!bad) head.add(" (").add(pluralS(lines, "line")).add(", ").add(pluralS(bytes, "byte")).add(")");
      facts.addLabelJson('"kind":"write","path":', path).addLabelInt(',"lines":', lines).addLabelInt(',"bytes":', bytes);
      facts.add(',"created":').add(!bad && !overwrote ? "true" : "false");
      d.summary = bad ? errorSummary(firstLine(text)) : oneLine("Wrote " + path, SUMMARY_MAX);
    }
  }
  facts.add(',"failed":').add(bad ? "true" : "false");
  d.facts = facts.toString();
  if (bad && d.summary.length == 0) d.summary = errorSummary(firstLine(text));
  d.llm = withResult(head.toString(), text, max(budget, 0), d);
  return d;
}

function argValueIsString(args: string, keys: string[]): bool {
  // old_string "" (insert at an empty file) is still an edit.
  for (let k = 0; k < keys.length; k++) {
    const v = argString(args, unchecked(keys[k]));
    if (v.length > 0) return true;
    const at = args.indexOf('"' + unchecked(keys[k]) + '"');
    if (at >= 0) return true;
  }
  return false;
}

function firstLine(text: string): string {
  let s = 0;
  while (s < text.length && unitAt(text, s) <= CharCode.SPACE) s++;
  const e = findNewline(text, s, text.length);
  return text.substring(s, min(e, s + 400));
}

function writePatch(files: Array<PatchFile>, head: StrBuf, facts: StrBuf, d: Digest): void {
  let added = 0;
  let removed = 0;
  for (let k = 0; k < files.length; k++) {
    added += files[k].added;
    removed += files[k].removed;
  }
  head.add("Patch: ").add(pluralS(files.length, "file")).addLabelCount(" changed, +", added).addLabelCount("/-", removed);
  facts.add('"kind":"patch","files":[');
  for (let k = 0; k < files.length; k++) {
    const f = files[k];
    head.addChar(CharCode.LF);
    if (f.action == 1) head.add("+ ").add(f.path).add(" (new file, ").add(pluralS(f.added, "line")).add(")");
    else if (f.action == 2) head.add("\u2717 ").add(f.path).add(" (deleted)");
    else {
      if (f.moveTo.length > 0) head.add("\u2192 ").add(f.path).add(" \u2192 ").add(f.moveTo).addChar(CharCode.SPACE);
      else head.add("\u270e ").add(f.path).addChar(CharCode.SPACE);
      head.addLabelCount("+", f.added).addLabelCount("/-", f.removed).add(" lines");
    }
    if (k > 0) facts.addChar(CharCode.COMMA);
    facts.addLabelJson('{"path":', f.moveTo.length > 0 ? f.moveTo : f.path).add(',"action":"').add(f.action == 1 ? "add" : f.action == 2 ? "delete" : f.moveTo.length > 0 ? "move" : "update");
    facts.addLabelInt('","added":', f.added).addLabelInt(',"removed":', f.removed).addChar(CharCode.RBRACE);
  }
  facts.addLabelInt('],"insertions":', added).addLabelInt(',"deletions":', removed);
  d.summary = oneLine(files.length == 1 ? "Updated " + files[0].path : "Updated " + decimal(files.length) + " files: " + joinPaths(files), SUMMARY_MAX);
}

function joinPaths(files: Array<PatchFile>): string {
  const out = new StrBuf(128);
  for (let k = 0; k < files.length && out.length < 160; k++) {
    if (k > 0) out.add(", ");
    out.add(files[k].path);
  }
  return out.toString();
}

/** The digest's lines, then as much of the tool's own result as fits. */
function withResult(head: string, text: string, budget: i32, d: Digest): string {
  const result = trim(text);
  const out = new StrBuf(head.length + min(result.length, budget) + 8);
  if (head.length > budget) {
    d.truncated = true;
    d.omittedChars = text.length;
    return oneLine(head, budget);
  }
  out.add(head);
  const room = budget - head.length - 1;
  if (result.length > 0 && room > 0) {
    const plan = planTruncate(result, room, 0.7, "");
    const shown = plan.fits ? result : renderTruncatePlan(result, plan);
    if (shown.length > 0) {
      out.addChar(CharCode.LF).add(shown);
      d.truncated = !plan.fits;
      d.omittedChars = plan.fits ? 0 : plan.omittedChars;
      if (plan.fits && result.length == text.length) d.keep(1, linesOf(text));
      return out.toString();
    }
  }
  if (result.length > 0) {
    d.truncated = true;
    d.omittedChars = text.length;
  }
  return out.toString();
}
