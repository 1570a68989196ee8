// Whether Claude Code would run a Bash command without asking, judged from the same settings
// and flags it reads. A hook may answer "allow" for a wrapped command only then: the wrapper
// hides the original from Claude's rule matching, so an "allow" it would not have given
// itself would widen the user's permissions. Every doubt answers "no" (the command then runs
// unwrapped, exactly as without abridge).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { flagValues } from "./ancestry.js";

export interface BashRules {
  allow: string[];
  deny: string[];
  ask: string[];
}

interface SettingsPermissions {
  permissions?: { allow?: unknown; deny?: unknown; ask?: unknown; defaultMode?: unknown };
}

function readSettings(source: string): SettingsPermissions | null {
  try {
    const text = source.trimStart().startsWith("{") ? source : existsSync(source) ? readFileSync(source, "utf8") : "";
    return text ? (JSON.parse(text) as SettingsPermissions) : null;
  } catch {
    return null;
  }
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
}

/** The argv of the `claude` process among the ancestors, or null. */
export function claudeArgv(ancestors: string[][]): string[] | null {
  return ancestors.find((argv) => argv.some((a, i) => i < 2 && /(^|\/)claude(\.exe)?$|claude-code/.test(a))) ?? null;
}

/** Every Bash rule Claude applies to this session: settings files it loads, --settings, and its flags. */
export function collectRules(cwd: string, home: string, argv: readonly string[]): BashRules & { unreadable: boolean } {
  const rules = { allow: [] as string[], deny: [] as string[], ask: [] as string[], unreadable: false };
  const sourcesFlag = flagValues(argv, ["--setting-sources"]);
  const sources = sourcesFlag.length > 0 ? sourcesFlag.join(",").split(",").map((s) => s.trim()) : ["user", "project", "local"];
  const files: string[] = ["/etc/claude-code/managed-settings.json"];
  if (sources.includes("user")) files.push(join(home, ".claude", "settings.json"));
  if (sources.includes("project")) files.push(join(cwd, ".claude", "settings.json"));
  if (sources.includes("local")) files.push(join(cwd, ".claude", "settings.local.json"));
  files.push(...flagValues(argv, ["--settings"]));
  for (const f of files) {
    if (!f.trimStart().startsWith("{") && !existsSync(f)) continue;
    const s = readSettings(f);
    if (s === null) {
      rules.unreadable = true; // a file Claude reads that we cannot: we do not know its rules
      continue;
    }
    rules.allow.push(...strings(s.permissions?.allow));
    rules.deny.push(...strings(s.permissions?.deny));
    rules.ask.push(...strings(s.permissions?.ask));
  }
  rules.allow.push(...flagValues(argv, ["--allowedTools", "--allowed-tools"], true));
  rules.deny.push(...flagValues(argv, ["--disallowedTools", "--disallowed-tools"], true));
  return rules;
}

/** The pattern of a Bash rule: "" for the whole tool, null for another tool's rule. */
function bashPattern(rule: string): string | null {
  const r = rule.trim();
  if (r === "Bash" || r === "Bash(*)") return "";
  const m = /^Bash\((.*)\)$/s.exec(r);
  return m ? m[1]!.trim() : null;
}

/** A deny or ask rule that might apply: any literal piece of its pattern occurring in the command. */
function mightMatch(rule: string, command: string): boolean {
  const p = bashPattern(rule);
  if (p === null) return false;
  const literal = p.replace(/:\*$/, "").split("*").map((s) => s.trim()).filter(Boolean);
  return literal.length === 0 || literal.some((piece) => command.includes(piece));
}

/** An allow rule that certainly applies to the whole (operator-free) command. */
function surelyMatches(rule: string, command: string): boolean {
  const p = bashPattern(rule);
  if (p === null) return false;
  if (p === "") return true;
  if (p.endsWith(":*")) {
    const prefix = p.slice(0, -2).trim();
    return command === prefix || command.startsWith(`${prefix} `);
  }
  if (p.includes("*")) {
    const re = new RegExp(`^${p.split("*").map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`);
    return re.test(command);
  }
  return command === p;
}

/** Shell syntax that makes one line several commands, or hides one: Claude judges those part by part. */
const COMPOUND = /[;&|`<>\n]|\$\(/;

/** True only when Claude itself would run `command` without asking. */
export function wouldAllowBash(command: string, mode: string, rules: BashRules & { unreadable?: boolean }): boolean {
  const c = command.trim();
  if (rules.unreadable) return false;
  if (rules.deny.some((r) => mightMatch(r, c)) || rules.ask.some((r) => mightMatch(r, c))) return false;
  if (mode === "bypassPermissions") return true;
  if (COMPOUND.test(c)) return false;
  return rules.allow.some((r) => surelyMatches(r, c));
}
