// JSON-returning entry points of the StructuredData, WebContent and
// CommandOutput digests, for hosts and tests (the pipeline in compact.ts calls
// the digests directly). `hint` is appended to every omission marker.
import { digestCommand } from "./command";
import { digestJson } from "./json";
import { digestStructured } from "./structured";
import { DigestContext } from "./types";
import { digestWeb } from "./web";

export function digestStructuredJson(text: string, budget: i32, tool: string, argsJson: string, exitCode: i32, hint: string): string {
  return digestJson(digestStructured(text, budget, new DigestContext(tool, argsJson, exitCode), hint));
}

export function digestWebJson(text: string, budget: i32, tool: string, argsJson: string, exitCode: i32, hint: string): string {
  return digestJson(digestWeb(text, budget, new DigestContext(tool, argsJson, exitCode), hint));
}

export function digestCommandJson(text: string, budget: i32, tool: string, argsJson: string, exitCode: i32, hint: string): string {
  return digestJson(digestCommand(text, budget, new DigestContext(tool, argsJson, exitCode), hint));
}
