// Hooks in an agent's JSON settings (Claude Code, Gemini CLI share the shape): merged into
// whatever the file holds, recognised again by their command, removed without touching
// anything else.

export interface HookEntry {
  event: string;
  matcher: string;
  command: string;
  /** What the agent calls the hook in its messages and commands (Gemini CLI: `/hooks disable abridge`). */
  name?: string;
}

type Settings = Record<string, unknown> & { hooks?: Record<string, Array<{ matcher?: string; hooks?: Array<{ type?: string; command?: string; name?: string }> }>> };

export function parseSettings(text: string | null, path: string): Settings {
  if (text === null || text.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new Error(`${path} is not valid JSON (${(err as Error).message}): fix it or move it away, abridge does not rewrite a file it cannot read`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error(`${path} does not hold a JSON object`);
  return value as Settings;
}

function hasHook(settings: Settings, e: HookEntry): boolean {
  return (settings.hooks?.[e.event] ?? []).some((g) => g.matcher === e.matcher && (g.hooks ?? []).some((h) => h.command === e.command));
}

/** The settings with each hook added once (a second install changes nothing). */
export function withHooks(settings: Settings, entries: readonly HookEntry[]): Settings {
  const out: Settings = structuredClone(settings);
  for (const e of entries) {
    if (hasHook(out, e)) continue;
    out.hooks ??= {};
    (out.hooks[e.event] ??= []).push({ matcher: e.matcher, hooks: [{ ...(e.name ? { name: e.name } : {}), type: "command", command: e.command }] });
  }
  return out;
}

/** The settings without the hooks `isOurs` recognises; groups and sections left empty go too. */
export function withoutHooks(settings: Settings, isOurs: (command: string) => boolean): Settings {
  const out: Settings = structuredClone(settings);
  if (!out.hooks) return out;
  for (const [event, groups] of Object.entries(out.hooks)) {
    const kept = groups
      .map((g) => ({ ...g, hooks: (g.hooks ?? []).filter((h) => !(typeof h.command === "string" && isOurs(h.command))) }))
      .filter((g) => g.hooks.length > 0);
    if (kept.length > 0) out.hooks[event] = kept;
    else delete out.hooks[event];
  }
  if (Object.keys(out.hooks).length === 0) delete out.hooks;
  return out;
}

export function formatSettings(settings: Settings): string {
  return `${JSON.stringify(settings, null, 2)}\n`;
}
