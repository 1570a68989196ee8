// JSON-returning entry points of the single digests, for hosts and tests (the pipeline
// in compact.ts goes through the dispatch table in index.ts). `hint` is appended to every
// omission marker of the digests that place it.
import { digestJson } from "./shared/record";
import { digestCommand } from "./command";
import { digestDiff } from "./diff";
import { digestEdit } from "./edit";
import { digestListing } from "./listing";
import { digestSearch } from "./search";
import { DigestContext } from "./shared/types";
import { digestStructured } from "./structured";
import { digestWeb } from "./web";

export function digestSearchJson(text: string, budget: i32, tool: string, argsJson: string, exitCode: i32): string {
  return digestJson(digestSearch(text, budget, new DigestContext(tool, argsJson, exitCode)));
}

export function digestListingJson(text: string, budget: i32, tool: string, argsJson: string, exitCode: i32): string {
  return digestJson(digestListing(text, budget, new DigestContext(tool, argsJson, exitCode)));
}

export function digestDiffJson(text: string, budget: i32, tool: string, argsJson: string, exitCode: i32): string {
  return digestJson(digestDiff(text, budget, new DigestContext(tool, argsJson, exitCode)));
}

export function digestEditJson(text: string, budget: i32, tool: string, argsJson: string, exitCode: i32): string {
  return digestJson(digestEdit(text, budget, new DigestContext(tool, argsJson, exitCode)));
}

export function digestStructuredJson(text: string, budget: i32, tool: string, argsJson: string, exitCode: i32, hint: string): string {
  return digestJson(digestStructured(text, budget, new DigestContext(tool, argsJson, exitCode), hint));
}

export function digestWebJson(text: string, budget: i32, tool: string, argsJson: string, exitCode: i32, hint: string): string {
  return digestJson(digestWeb(text, budget, new DigestContext(tool, argsJson, exitCode), hint));
}

export function digestCommandJson(text: string, budget: i32, tool: string, argsJson: string, exitCode: i32, hint: string): string {
  return digestJson(digestCommand(text, budget, new DigestContext(tool, argsJson, exitCode), hint));
}
