// JSON-returning entry points of the rule-based digests, for hosts and tests
// (the pipeline in compact.ts calls the digests directly).
import { digestJson } from "./json";
import { digestDiff } from "./diff";
import { digestEdit } from "./edit";
import { digestListing } from "./listing";
import { digestSearch } from "./search";
import { DigestContext } from "./types";

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
