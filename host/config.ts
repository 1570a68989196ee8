// Configuration: every default in one place (DEFAULTS) and one resolution
// order, documented in docs/config.md:
//   explicit options > environment variables > project config file > DEFAULTS.
import { CATEGORIES, isCategory } from "./categories.js";
import { existsSync, readFileSync } from "./node-fs.js";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { LEVEL_BUDGETS } from "./budget.js";
import { AbridgeError } from "./errors.js";
import { randomHex6 } from "./random-hex.js";
import { isoTime } from "./iso-time.js";
import { QUEUE_MODES, type QueueMode } from "./queue-modes.js";
import { DEFAULT_PRICES, type Prices } from "./prices.js";
import { SUMMARIZER_DEFAULTS } from "./summarizer/defaults.js";
import { LOG_WRITER_DEFAULTS } from "./log/writer-defaults.js";
import type { Category, Level } from "./types.js";
import type { CompactOptions } from "./pipeline.js";

export type SummarizerProvider = "off" | "anthropic" | "openai" | "openai-compatible";

export interface CategoryOverride {
  budget?: number;
  level?: Level;
}

/** The resolved configuration. Every field has a value; `loadConfig` returns it frozen. */
export interface AbridgeConfig {
  /** Named budget: minimal 800, balanced 4,000, conservative 16,000 chars. */
  level: Level;
  /** Chars (UTF-16 units) for the LLM content; overrides `level` when set. */
  budget: number | null;
  /** Upper bound in tokens (4 chars each); null = none. */
  maxTokens: number | null;
  /** Cleaned outputs up to this many chars reach the model unchanged. */
  passthrough: number;
  /** Per-category budgets or levels, e.g. `{ SearchResults: { budget: 2000 } }`. */
  categories: Partial<Record<Category, CategoryOverride>>;
  /** Names the log file; letters, digits, `.`, `_`, `-`. */
  sessionId: string;
  log: {
    enabled: boolean;
    /** Directory of per-session logs (absolute once resolved). */
    dir: string;
    /** The log file (absolute): `path` if given, else `<dir>/<sessionId>.jsonl`. */
    path: string;
    fsync: boolean;
    maxBytes: number;
    keep: number;
    /**
     * How an omission marker tells the model to read the rest: `{id}` is the call id, `{log}` the
     * log's path (shell-quoted), `{first}` the first omitted line. A host with a read tool names the
     * tool; a shell-only host names the CLI (`abridge log show {log} --id {id} --offset {first}`).
     */
    readHint: string;
  };
  summarizer: {
    provider: SummarizerProvider;
    /** Null = the provider's default model. */
    model: string | null;
    baseURL: string | null;
    /** Not enumerable: never printed with the config. Only from options or the environment. */
    readonly apiKey: string | null;
    /** Summarize cleaned outputs longer than this many chars. */
    trigger: number;
    timeoutMs: number;
    maxRetries: number;
    maxInputChars: number;
    maxSummaryChars: number;
  };
  redaction: {
    /** Redact secrets from everything sent to the summarizer. */
    outbound: boolean;
    /** Also redact the log and the LLM content. */
    log: boolean;
  };
  lock: {
    maxHoldMs: number;
    mode: QueueMode;
    toolTimeoutMs: number;
  };
  prices: Prices;
  /** Count `metadata.llmTokens` exactly (o200k) instead of the core's estimate. */
  exactTokens: boolean;
  /** Print per-call savings to stderr. */
  debug: boolean;
  /** The project config file that was read, or null. */
  configFile: string | null;
}

/** What callers (and config files) may set: any subset of the config. */
export interface AbridgeOptions {
  level?: Level;
  budget?: number | null;
  maxTokens?: number | null;
  passthrough?: number;
  categories?: Partial<Record<Category, CategoryOverride>>;
  sessionId?: string;
  log?: Partial<Omit<AbridgeConfig["log"], "enabled">> & { enabled?: boolean } | boolean;
  summarizer?: Partial<Omit<AbridgeConfig["summarizer"], "apiKey">> & { apiKey?: string | null };
  redaction?: Partial<AbridgeConfig["redaction"]> | boolean;
  lock?: Partial<AbridgeConfig["lock"]>;
  prices?: Partial<Prices>;
  exactTokens?: boolean;
  debug?: boolean;
}

/** Every default, in one place. docs/config.md describes each. */
export const DEFAULTS = Object.freeze({
  level: "balanced" as Level,
  budgets: LEVEL_BUDGETS,
  budget: null,
  maxTokens: null,
  passthrough: 1500,
  categories: Object.freeze({}),
  log: Object.freeze({
    enabled: true,
    dir: ".abridge/sessions",
    path: null,
    fsync: LOG_WRITER_DEFAULTS.fsync,
    maxBytes: LOG_WRITER_DEFAULTS.maxBytes,
    keep: LOG_WRITER_DEFAULTS.keep,
    readHint: "read more: abridge_read id={id} offset={first}",
  }),
  summarizer: Object.freeze({
    provider: "off" as SummarizerProvider,
    model: null,
    baseURL: null,
    trigger: SUMMARIZER_DEFAULTS.trigger,
    timeoutMs: SUMMARIZER_DEFAULTS.timeoutMs,
    maxRetries: SUMMARIZER_DEFAULTS.maxRetries,
    maxInputChars: SUMMARIZER_DEFAULTS.maxInputChars,
    maxSummaryChars: SUMMARIZER_DEFAULTS.maxSummaryChars,
  }),
  /** Used when `summarizer.model` is not set. */
  summarizerModels: Object.freeze({ anthropic: SUMMARIZER_DEFAULTS.providers.anthropic.model, openai: SUMMARIZER_DEFAULTS.providers.openai.model }),
  redaction: Object.freeze({ outbound: true, log: false }),
  lock: Object.freeze({ maxHoldMs: 30_000, mode: "followup" as QueueMode, toolTimeoutMs: 600_000 }),
  prices: DEFAULT_PRICES,
  exactTokens: false,
  debug: false,
  /** Looked for in the working directory, then each parent, in this order. */
  configFiles: Object.freeze(["abridge.config.json", ".abridge/config.json"]),
});

export interface LoadConfigContext {
  /** @default process.cwd() */
  cwd?: string;
  /** @default process.env */
  env?: Record<string, string | undefined>;
  /**
   * A harness's own defaults (an adapter's log location, say): they replace DEFAULTS but yield
   * to the config file, the environment and the options, so the user's settings still win.
   */
  defaults?: AbridgeOptions;
}

const LEVELS: readonly Level[] = ["minimal", "balanced", "conservative"];
const PROVIDERS: readonly SummarizerProvider[] = ["off", "anthropic", "openai", "openai-compatible"];
const SESSION_ID = /^[A-Za-z0-9._-]{1,128}$/;
const TRUE = new Set(["1", "true", "on", "yes"]);
const FALSE = new Set(["0", "false", "off", "no", ""]);

// ---- validation ---------------------------------------------------------------

function invalid(name: string, value: unknown, expected: string): never {
  const shown = typeof value === "string" ? JSON.stringify(value) : String(value);
  throw new AbridgeError("ABRIDGE_INVALID_OPTION", `${name} must be ${expected}, got ${shown}`);
}

type Check = (name: string, value: unknown) => unknown;

const int = (min: number): Check => (name, v) => (Number.isInteger(v) && (v as number) >= min ? v : invalid(name, v, `an integer ≥ ${min}`));
const nullableInt = (min: number): Check => (name, v) => (v === null ? null : int(min)(name, v));
const num: Check = (name, v) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : invalid(name, v, "a non-negative number"));
const bool: Check = (name, v) => (typeof v === "boolean" ? v : invalid(name, v, "true or false"));
const oneOf = <T extends string>(values: readonly T[]): Check => (name, v) => (values.includes(v as T) ? v : invalid(name, v, `one of ${values.join(", ")}`));
const str: Check = (name, v) => (typeof v === "string" && v !== "" ? v : invalid(name, v, "a non-empty string"));
const nullableStr: Check = (name, v) => (v === null ? null : str(name, v));
const url: Check = (name, v) => {
  if (v === null) return null;
  try {
    const u = new URL(str(name, v) as string);
    if (u.protocol === "http:" || u.protocol === "https:") return v;
  } catch {
    // reported below
  }
  return invalid(name, v, "an http(s) URL");
};
const readHintTemplate: Check = (name, v) => (typeof v === "string" && v.includes("{id}") && v.includes("{first}") && !/[\n\]]/.test(v) ? v : invalid(name, v, "one line naming {id} and {first}, without ']'"));
const sessionId: Check = (name, v) => (typeof v === "string" && SESSION_ID.test(v) && v !== "." && v !== ".." ? v : invalid(name, v, "1-128 letters, digits, '.', '_' or '-'"));

const SECTIONS: Record<string, Record<string, Check>> = {
  log: { enabled: bool, dir: str, path: nullableStr, fsync: bool, maxBytes: int(0), keep: int(0), readHint: readHintTemplate },
  summarizer: {
    provider: oneOf(PROVIDERS),
    model: nullableStr,
    baseURL: url,
    apiKey: nullableStr,
    trigger: int(0),
    timeoutMs: int(1),
    maxRetries: int(0),
    maxInputChars: int(1),
    maxSummaryChars: int(1),
  },
  redaction: { outbound: bool, log: bool },
  lock: { maxHoldMs: int(0), mode: oneOf(QUEUE_MODES), toolTimeoutMs: int(0) },
  prices: { inputPerMTok: num, summarizerInputPerMTok: num, summarizerOutputPerMTok: num },
};

const TOP: Record<string, Check> = {
  level: oneOf(LEVELS),
  budget: nullableInt(0),
  maxTokens: nullableInt(0),
  passthrough: int(0),
  sessionId,
  exactTokens: bool,
  debug: bool,
};

/** A validated, normalized layer: only the keys that were set. */
type Layer = Record<string, unknown> & { [section: string]: unknown };

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * The nested option a flat name most likely meant: `logPath` → `log.path`, `timeoutMs` →
 * `summarizer.timeoutMs`. A misplaced option would otherwise be a silent no-op.
 */
function nestedSpelling(key: string): string | undefined {
  const lower = key.toLowerCase();
  for (const [section, checks] of Object.entries(SECTIONS)) {
    for (const field of Object.keys(checks)) {
      if (lower === (section + field).toLowerCase() || key === field) return `${section}.${field}`;
    }
  }
  return undefined;
}

function unknownKey(name: string, key: string, known: readonly string[]): never {
  const meant = nestedSpelling(key);
  const hint = meant ? `; did you mean ${meant}?` : "";
  throw new AbridgeError("ABRIDGE_INVALID_OPTION", `${name} must be a known option (${known.join(", ")}), got ${JSON.stringify(key)}${hint}`);
}

/**
 * Validates one source. `prefix` names the source in messages. Unknown keys are errors in every
 * source: they are usually typos or a nested option written flat (`logPath` for `log.path`), and
 * ignoring them would leave the user believing a setting applies that does not.
 */
function validateLayer(input: unknown, prefix: string): Layer {
  if (input === undefined || input === null) return {};
  if (!isPlainObject(input)) invalid(prefix || "options", input, "an object");
  const out: Layer = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const name = prefix + key;
    if (key in TOP) out[key] = TOP[key](name, value);
    else if (key === "categories") out.categories = validateCategories(name, value);
    else if (key in SECTIONS) out[key] = validateSection(key, name, value);
    else unknownKey(name, key, [...Object.keys(TOP), "categories", ...Object.keys(SECTIONS)]);
  }
  return out;
}

function validateSection(section: string, name: string, value: unknown): Record<string, unknown> {
  // Shorthands: `log: false`, `redaction: false`.
  if (typeof value === "boolean" && section === "log") return { enabled: value };
  if (typeof value === "boolean" && section === "redaction") return { outbound: value, log: value };
  if (!isPlainObject(value)) invalid(name, value, "an object");
  const checks = SECTIONS[section];
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    if (!(key in checks)) invalid(`${name}.${key}`, key, `a known option (${Object.keys(checks).join(", ")})`);
    out[key] = checks[key](`${name}.${key}`, v);
  }
  return out;
}

function validateCategories(name: string, value: unknown): Record<string, CategoryOverride> {
  if (!isPlainObject(value)) invalid(name, value, "an object keyed by category");
  const out: Record<string, CategoryOverride> = {};
  for (const [cat, override] of Object.entries(value)) {
    if (!isCategory(cat)) invalid(`${name}.${cat}`, cat, `a category (${CATEGORIES.join(", ")})`);
    if (!isPlainObject(override)) invalid(`${name}.${cat}`, override, "an object { budget?, level? }");
    const o: CategoryOverride = {};
    for (const [k, v] of Object.entries(override)) {
      if (k === "budget") o.budget = int(0)(`${name}.${cat}.budget`, v) as number;
      else if (k === "level") o.level = oneOf(LEVELS)(`${name}.${cat}.level`, v) as Level;
      else invalid(`${name}.${cat}.${k}`, k, "budget or level");
    }
    out[cat] = o;
  }
  return out;
}

// ---- sources --------------------------------------------------------------------

/** The environment as a layer. Messages name the variable. */
function envLayer(env: Record<string, string | undefined>, cwd: string): Layer {
  const layer: Layer = {};
  const section = (name: string): Record<string, unknown> => (layer[name] ??= {}) as Record<string, unknown>;
  const get = (v: string): string | undefined => {
    const value = env[v];
    return value === undefined ? undefined : value.trim();
  };
  const asInt = (v: string, value: string): number => (/^\d+$/.test(value) ? Number(value) : invalid(v, value, "a non-negative integer"));
  const asBool = (v: string, value: string): boolean => {
    const lower = value.toLowerCase();
    if (TRUE.has(lower)) return true;
    if (FALSE.has(lower)) return false;
    return invalid(v, value, "1/0, true/false, on/off or yes/no");
  };

  let v: string | undefined;
  if ((v = get("ABRIDGE_LEVEL")) !== undefined) layer.level = oneOf(LEVELS)("ABRIDGE_LEVEL", v);
  if ((v = get("ABRIDGE_BUDGET")) !== undefined) layer.budget = asInt("ABRIDGE_BUDGET", v);
  if ((v = get("ABRIDGE_MAX_TOKENS")) !== undefined) layer.maxTokens = asInt("ABRIDGE_MAX_TOKENS", v);
  if ((v = get("ABRIDGE_PASSTHROUGH")) !== undefined) layer.passthrough = asInt("ABRIDGE_PASSTHROUGH", v);
  if ((v = get("ABRIDGE_SESSION")) !== undefined) layer.sessionId = sessionId("ABRIDGE_SESSION", v);
  if ((v = get("ABRIDGE_EXACT_TOKENS")) !== undefined) layer.exactTokens = asBool("ABRIDGE_EXACT_TOKENS", v);
  if ((v = get("ABRIDGE_DEBUG")) !== undefined) layer.debug = asBool("ABRIDGE_DEBUG", v);
  if ((v = get("ABRIDGE_LOG")) !== undefined) {
    // A switch, or the log file's path.
    const lower = v.toLowerCase();
    if (TRUE.has(lower) || FALSE.has(lower)) section("log").enabled = TRUE.has(lower);
    else Object.assign(section("log"), { enabled: true, path: resolve(cwd, v) });
  }
  if ((v = get("ABRIDGE_LOG_DIR")) !== undefined) section("log").dir = resolve(cwd, str("ABRIDGE_LOG_DIR", v) as string);
  if ((v = get("ABRIDGE_READ_HINT")) !== undefined) section("log").readHint = readHintTemplate("ABRIDGE_READ_HINT", v);
  if ((v = get("ABRIDGE_LOG_FSYNC")) !== undefined) section("log").fsync = asBool("ABRIDGE_LOG_FSYNC", v);
  if ((v = get("ABRIDGE_SUMMARIZER_PROVIDER")) !== undefined) section("summarizer").provider = oneOf(PROVIDERS)("ABRIDGE_SUMMARIZER_PROVIDER", v);
  if ((v = get("ABRIDGE_SUMMARIZER_MODEL")) !== undefined) section("summarizer").model = str("ABRIDGE_SUMMARIZER_MODEL", v);
  if ((v = get("ABRIDGE_SUMMARIZER_BASE_URL")) !== undefined) section("summarizer").baseURL = url("ABRIDGE_SUMMARIZER_BASE_URL", v);
  if ((v = get("ABRIDGE_SUMMARIZER_API_KEY")) !== undefined && v !== "") section("summarizer").apiKey = v;
  if ((v = get("ABRIDGE_TRIGGER")) !== undefined) section("summarizer").trigger = asInt("ABRIDGE_TRIGGER", v);
  if ((v = get("ABRIDGE_REDACT")) !== undefined) section("redaction").outbound = asBool("ABRIDGE_REDACT", v);
  if ((v = get("ABRIDGE_REDACT_LOG")) !== undefined) section("redaction").log = asBool("ABRIDGE_REDACT_LOG", v);
  if ((v = get("ABRIDGE_LOCK_MAX_HOLD_MS")) !== undefined) section("lock").maxHoldMs = asInt("ABRIDGE_LOCK_MAX_HOLD_MS", v);
  if ((v = get("ABRIDGE_QUEUE_MODE")) !== undefined) section("lock").mode = oneOf(QUEUE_MODES)("ABRIDGE_QUEUE_MODE", v);
  return layer;
}

/** The nearest project config file: `abridge.config.json` or `.abridge/config.json`, from cwd upwards. */
export function findConfigFile(cwd: string): string | null {
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    for (const name of DEFAULTS.configFiles) {
      const candidate = join(dir, name);
      if (existsSync(candidate)) return candidate;
    }
    if (dirname(dir) === dir) return null;
  }
}

function fileLayer(file: string): Layer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new AbridgeError("ABRIDGE_INVALID_OPTION", `config file ${file} is not valid JSON: ${(err as Error).message}`, { cause: err });
  }
  const layer = validateLayer(parsed, `${file}: `);
  const summarizer = layer.summarizer as Record<string, unknown> | undefined;
  if (summarizer && "apiKey" in summarizer) {
    throw new AbridgeError("ABRIDGE_INVALID_OPTION", `${file}: summarizer.apiKey must not be in a project file (it would be committed); set ANTHROPIC_API_KEY, OPENAI_API_KEY or ABRIDGE_SUMMARIZER_API_KEY`);
  }
  // Relative paths in a project file are relative to the project, not to wherever abridge runs.
  const projectDir = basename(dirname(file)) === ".abridge" ? dirname(dirname(file)) : dirname(file);
  const log = layer.log as Record<string, unknown> | undefined;
  if (log?.dir !== undefined) log.dir = resolve(projectDir, log.dir as string);
  if (typeof log?.path === "string") log.path = resolve(projectDir, log.path);
  return layer;
}

// ---- resolution ---------------------------------------------------------------

/** Relative log paths in options are relative to the working directory. */
function pathsResolved(layer: Layer, cwd: string): Layer {
  const log = layer.log as Record<string, unknown> | undefined;
  if (typeof log?.dir === "string") log.dir = resolve(cwd, log.dir);
  if (typeof log?.path === "string") log.path = resolve(cwd, log.path);
  return layer;
}

/** Later layers win, section by section and category by category. */
function merge(layers: Layer[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer)) {
      if (key === "categories") {
        const cats = (out.categories ??= {}) as Record<string, CategoryOverride>;
        for (const [cat, o] of Object.entries(value as Record<string, CategoryOverride>)) cats[cat] = { ...cats[cat], ...o };
      } else if (key in SECTIONS) {
        out[key] = { ...(out[key] as object), ...(value as object) };
      } else {
        out[key] = value;
      }
    }
  }
  return out;
}

function newSessionId(): string {
  const stamp = isoTime(Date.now()).replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  return `${stamp}-${randomHex6()}`;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * Resolves the configuration: explicit options > environment variables > project config file
 * (or the file named by ABRIDGE_CONFIG) > DEFAULTS. Throws ABRIDGE_INVALID_OPTION naming the
 * option (or variable, or file) and the bad value. Returns a deeply frozen object.
 */
export function loadConfig(options: AbridgeOptions = {}, context: LoadConfigContext = {}): AbridgeConfig {
  const cwd = resolve(context.cwd ?? process.cwd());
  const env = context.env ?? process.env;

  const explicit = env.ABRIDGE_CONFIG?.trim();
  let configFile: string | null;
  if (explicit) {
    configFile = resolve(cwd, explicit);
    if (!existsSync(configFile)) invalid("ABRIDGE_CONFIG", explicit, "the path of an existing config file");
  } else {
    configFile = findConfigFile(cwd);
  }

  const optionLayer = pathsResolved(validateLayer(options, ""), cwd);
  const harnessLayer = pathsResolved(validateLayer(context.defaults ?? {}, "defaults."), cwd);

  const defaults: Layer = {
    ...DEFAULTS,
    log: { ...DEFAULTS.log, dir: resolve(cwd, DEFAULTS.log.dir) },
    categories: {},
  };
  const m = merge([defaults, harnessLayer, configFile ? fileLayer(configFile) : {}, envLayer(env, cwd), optionLayer]);

  const sessionIdValue = (m.sessionId as string | undefined) ?? newSessionId();
  const log = m.log as Record<string, unknown>;
  const summarizer = m.summarizer as Record<string, unknown>;
  const provider = summarizer.provider as SummarizerProvider;

  if (provider === "openai-compatible" && (summarizer.baseURL === null || summarizer.model === null)) {
    throw new AbridgeError("ABRIDGE_INVALID_OPTION", `summarizer.provider "openai-compatible" needs summarizer.baseURL and summarizer.model (got baseURL ${String(summarizer.baseURL)}, model ${String(summarizer.model)})`);
  }
  const model = (summarizer.model as string | null) ?? (provider === "anthropic" || provider === "openai" ? DEFAULTS.summarizerModels[provider] : null);
  const apiKey =
    (summarizer.apiKey as string | undefined) ??
    (provider === "anthropic" ? env.ANTHROPIC_API_KEY : provider === "off" ? undefined : env.OPENAI_API_KEY) ??
    null;

  const resolvedSummarizer = {
    provider,
    model,
    baseURL: summarizer.baseURL as string | null,
    trigger: summarizer.trigger as number,
    timeoutMs: summarizer.timeoutMs as number,
    maxRetries: summarizer.maxRetries as number,
    maxInputChars: summarizer.maxInputChars as number,
    maxSummaryChars: summarizer.maxSummaryChars as number,
  } as AbridgeConfig["summarizer"];
  // The key is readable but not enumerable, so printing or serializing the config never shows it.
  Object.defineProperty(resolvedSummarizer, "apiKey", { value: apiKey || null, enumerable: false });

  const dir = log.dir as string;
  const config: AbridgeConfig = {
    level: m.level as Level,
    budget: m.budget as number | null,
    maxTokens: m.maxTokens as number | null,
    passthrough: m.passthrough as number,
    categories: m.categories as AbridgeConfig["categories"],
    sessionId: sessionIdValue,
    log: {
      enabled: log.enabled as boolean,
      dir,
      path: typeof log.path === "string" ? (isAbsolute(log.path) ? log.path : resolve(cwd, log.path)) : join(dir, `${sessionIdValue}.jsonl`),
      fsync: log.fsync as boolean,
      maxBytes: log.maxBytes as number,
      keep: log.keep as number,
      readHint: log.readHint as string,
    },
    summarizer: resolvedSummarizer,
    redaction: { ...(m.redaction as AbridgeConfig["redaction"]) },
    lock: { ...(m.lock as AbridgeConfig["lock"]) },
    prices: { ...(m.prices as Prices) },
    exactTokens: m.exactTokens as boolean,
    debug: m.debug as boolean,
    configFile,
  };
  return deepFreeze(config);
}

/** The options of the digest a configuration asks for (the CLI's commands read them too). */
export function compactOptions(c: AbridgeConfig): CompactOptions {
  return {
    level: c.level,
    budget: c.budget ?? undefined,
    maxTokens: c.maxTokens ?? undefined,
    passthrough: c.passthrough,
    categories: c.categories,
    exactTokens: c.exactTokens,
  };
}
