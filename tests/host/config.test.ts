import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULTS, findConfigFile, loadConfig } from "../../host/config.js";
import { AbridgeError, isAbridgeError } from "../../host/errors.js";
import { createAbridge } from "../../host/session.js";

let root: string;
let project: string;
let cwd: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "abridge-config-"));
  project = join(root, "project");
  cwd = join(project, "src", "deep");
  mkdirSync(cwd, { recursive: true });
});
afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function invalid(fn: () => unknown): AbridgeError {
  try {
    fn();
  } catch (err) {
    expect(isAbridgeError(err, "ABRIDGE_INVALID_OPTION")).toBe(true);
    return err as AbridgeError;
  }
  throw new Error("expected ABRIDGE_INVALID_OPTION");
}

describe("defaults", () => {
  it("resolves DEFAULTS with no file, no env and no options", () => {
    const c = loadConfig({}, { cwd, env: {} });
    expect(c).toMatchObject({
      level: "balanced",
      budget: null,
      passthrough: 1500,
      categories: {},
      log: { enabled: true, dir: join(cwd, ".abridge/sessions"), fsync: false, maxBytes: 64 * 1024 * 1024, keep: 5 },
      summarizer: { provider: "off", model: null, trigger: 1500, timeoutMs: 15_000, maxRetries: 2, maxInputChars: 50_000, maxSummaryChars: 800 },
      redaction: { outbound: true, log: false },
      lock: { maxHoldMs: 30_000, mode: "followup", toolTimeoutMs: 600_000 },
      debug: false,
      configFile: null,
    });
    expect(c.log.path).toBe(join(cwd, ".abridge/sessions", `${c.sessionId}.jsonl`));
    expect(c.sessionId).toMatch(/^\d{8}-\d{6}-[0-9a-f]{6}$/);
    expect(DEFAULTS.budgets).toEqual({ minimal: 800, balanced: 4000, conservative: 16000 });
  });

  it("is deeply frozen", () => {
    const c = loadConfig({}, { cwd, env: {} });
    expect(Object.isFrozen(c)).toBe(true);
    expect(Object.isFrozen(c.log)).toBe(true);
    expect(() => {
      (c.log as { keep: number }).keep = 1;
    }).toThrow(TypeError);
  });
});

describe("precedence: options > env > file > defaults", () => {
  it("each layer overrides the one below, field by field", () => {
    writeFileSync(
      join(project, "abridge.config.json"),
      JSON.stringify({ level: "minimal", budget: 1000, passthrough: 900, log: { keep: 9, dir: "logs" }, categories: { SearchResults: { budget: 2000 } } }),
    );
    const env = { ABRIDGE_BUDGET: "3000", ABRIDGE_LOG_DIR: "/var/tmp/abridge-logs" };
    const c = loadConfig({ passthrough: 700, categories: { SearchResults: { level: "conservative" } } }, { cwd, env });
    expect(c.configFile).toBe(join(project, "abridge.config.json"));
    expect(c.level).toBe("minimal"); // file
    expect(c.budget).toBe(3000); // env over file
    expect(c.passthrough).toBe(700); // option over file
    expect(c.log.keep).toBe(9); // file, other log fields from defaults
    expect(c.log.fsync).toBe(false);
    expect(c.log.dir).toBe("/var/tmp/abridge-logs"); // env over file
    expect(c.categories).toEqual({ SearchResults: { budget: 2000, level: "conservative" } }); // merged per category
  });

  it("a harness's defaults replace DEFAULTS but yield to the file, env and options", () => {
    const defaults = { level: "conservative" as const, log: { path: "/var/tmp/harness/session.jsonl" }, passthrough: 500 };
    expect(loadConfig({}, { cwd, env: {}, defaults })).toMatchObject({ level: "conservative", passthrough: 500, log: { path: "/var/tmp/harness/session.jsonl" } });
    writeFileSync(join(project, "abridge.config.json"), JSON.stringify({ level: "minimal" }));
    const c = loadConfig({ passthrough: 100 }, { cwd, env: { ABRIDGE_LOG: "mine.jsonl" }, defaults });
    expect(c.level).toBe("minimal"); // file over harness defaults
    expect(c.passthrough).toBe(100); // option
    expect(c.log.path).toBe(join(cwd, "mine.jsonl")); // env
    expect(invalid(() => loadConfig({}, { cwd, env: {}, defaults: { level: "loud" as never } })).message).toMatch(/defaults\.level/);
  });

  it("relative paths in a project file resolve against the project, elsewhere against cwd", () => {
    mkdirSync(join(project, ".abridge"));
    writeFileSync(join(project, ".abridge", "config.json"), JSON.stringify({ log: { dir: "var/sessions" } }));
    expect(loadConfig({}, { cwd, env: {} }).log.dir).toBe(join(project, "var/sessions"));
    expect(loadConfig({ log: { dir: "mine" } }, { cwd, env: {} }).log.dir).toBe(join(cwd, "mine"));
    expect(loadConfig({}, { cwd, env: { ABRIDGE_LOG_DIR: "envdir" } }).log.dir).toBe(join(cwd, "envdir"));
  });

  it("finds abridge.config.json before .abridge/config.json, nearest directory first", () => {
    writeFileSync(join(root, "abridge.config.json"), "{}");
    mkdirSync(join(project, ".abridge"));
    writeFileSync(join(project, ".abridge", "config.json"), "{}");
    expect(findConfigFile(cwd)).toBe(join(project, ".abridge", "config.json"));
    writeFileSync(join(project, "abridge.config.json"), "{}");
    expect(findConfigFile(cwd)).toBe(join(project, "abridge.config.json"));
  });

  it("ABRIDGE_CONFIG names the file explicitly", () => {
    const file = join(root, "elsewhere.json");
    writeFileSync(file, JSON.stringify({ level: "conservative" }));
    expect(loadConfig({}, { cwd, env: { ABRIDGE_CONFIG: file } }).level).toBe("conservative");
    expect(invalid(() => loadConfig({}, { cwd, env: { ABRIDGE_CONFIG: "nope.json" } })).message).toMatch(/ABRIDGE_CONFIG must be the path of an existing config file, got "nope.json"/);
  });
});

describe("environment variables", () => {
  it("reads every documented variable", () => {
    const c = loadConfig(
      {},
      {
        cwd,
        env: {
          ABRIDGE_LEVEL: "conservative",
          ABRIDGE_BUDGET: "5000",
          ABRIDGE_MAX_TOKENS: "2000",
          ABRIDGE_PASSTHROUGH: "100",
          ABRIDGE_SESSION: "my-session.1",
          ABRIDGE_DEBUG: "1",
          ABRIDGE_LOG: "logs/x.jsonl",
          ABRIDGE_LOG_FSYNC: "yes",
          ABRIDGE_SUMMARIZER_PROVIDER: "openai-compatible",
          ABRIDGE_SUMMARIZER_MODEL: "qwen2.5:7b",
          ABRIDGE_SUMMARIZER_BASE_URL: "http://127.0.0.1:11434/v1",
          ABRIDGE_SUMMARIZER_API_KEY: "sk-local",
          ABRIDGE_TRIGGER: "3000",
          ABRIDGE_REDACT: "off",
          ABRIDGE_REDACT_LOG: "on",
          ABRIDGE_LOCK_MAX_HOLD_MS: "5000",
          ABRIDGE_QUEUE_MODE: "steer",
        },
      },
    );
    expect(c).toMatchObject({
      level: "conservative",
      budget: 5000,
      maxTokens: 2000,
      passthrough: 100,
      sessionId: "my-session.1",
      debug: true,
      log: { enabled: true, path: join(cwd, "logs/x.jsonl"), fsync: true },
      summarizer: { provider: "openai-compatible", model: "qwen2.5:7b", baseURL: "http://127.0.0.1:11434/v1", trigger: 3000 },
      redaction: { outbound: false, log: true },
      lock: { maxHoldMs: 5000, mode: "steer" },
    });
    expect(c.summarizer.apiKey).toBe("sk-local");
  });

  it("ABRIDGE_LOG=0 turns the log off; the default path follows the session id", () => {
    expect(loadConfig({}, { cwd, env: { ABRIDGE_LOG: "0" } }).log.enabled).toBe(false);
    expect(loadConfig({ log: false }, { cwd, env: {} }).log.enabled).toBe(false);
    const c = loadConfig({ sessionId: "abc" }, { cwd, env: { ABRIDGE_LOG_DIR: "/tmp/x" } });
    expect(c.log.path).toBe("/tmp/x/abc.jsonl");
  });

  it("provider keys come from the provider's variable, and never show when printed", () => {
    const c = loadConfig({ summarizer: { provider: "anthropic" } }, { cwd, env: { ANTHROPIC_API_KEY: "sk-ant-secret", OPENAI_API_KEY: "sk-openai" } });
    expect(c.summarizer.model).toBe("claude-haiku-4-5-20251001");
    expect(c.summarizer.apiKey).toBe("sk-ant-secret");
    expect(JSON.stringify(c)).not.toContain("sk-ant-secret");
    expect(Object.keys(c.summarizer)).not.toContain("apiKey");
    const o = loadConfig({ summarizer: { provider: "openai" } }, { cwd, env: { OPENAI_API_KEY: "sk-openai" } });
    expect(o.summarizer).toMatchObject({ model: "gpt-4.1-mini" });
    expect(o.summarizer.apiKey).toBe("sk-openai");
    expect(loadConfig({}, { cwd, env: { OPENAI_API_KEY: "k" } }).summarizer.apiKey).toBeNull();
  });
});

describe("validation names the option and the bad value", () => {
  it.each([
    [{ level: "huge" }, {}, /^level must be one of minimal, balanced, conservative, got "huge"$/],
    [{ budget: -5 }, {}, /^budget must be an integer ≥ 0, got -5$/],
    [{ log: { keep: 1.5 } }, {}, /^log.keep must be an integer ≥ 0, got 1.5$/],
    [{ summarizer: { provider: "gemini" } }, {}, /^summarizer.provider must be one of off, anthropic, openai, openai-compatible, got "gemini"$/],
    [{ summarizer: { baseURL: "ftp://x" } }, {}, /^summarizer.baseURL must be an http\(s\) URL, got "ftp:\/\/x"$/],
    [{ lock: { mode: "later" } }, {}, /^lock.mode must be one of collect, followup, steer, got "later"$/],
    [{ categories: { Logs: { budget: 1 } } }, {}, /^categories.Logs must be a category/],
    [{ categories: { Diff: { budget: 1, max: 2 } } }, {}, /^categories.Diff.max must be budget or level/],
    [{ sessionId: "../../etc/x" }, {}, /^sessionId must be 1-128 letters, digits/],
    [{ debug: "yes" }, {}, /^debug must be true or false, got "yes"$/],
    [{}, { ABRIDGE_BUDGET: "12k" }, /^ABRIDGE_BUDGET must be a non-negative integer, got "12k"$/],
    [{}, { ABRIDGE_LEVEL: "max" }, /^ABRIDGE_LEVEL must be one of/],
    [{}, { ABRIDGE_DEBUG: "maybe" }, /^ABRIDGE_DEBUG must be 1\/0, true\/false, on\/off or yes\/no, got "maybe"$/],
    [{}, { ABRIDGE_SUMMARIZER_BASE_URL: "not a url" }, /^ABRIDGE_SUMMARIZER_BASE_URL must be an http\(s\) URL/],
    [{ summarizer: { provider: "openai-compatible" } }, {}, /needs summarizer.baseURL and summarizer.model/],
  ] as const)("%j %j", (options, env, message) => {
    expect(invalid(() => loadConfig(options as never, { cwd, env })).message).toMatch(message);
  });

  it("a config file: bad JSON, unknown keys, bad values and API keys are rejected with the file's name", () => {
    const file = join(project, "abridge.config.json");
    writeFileSync(file, "{ level: minimal }");
    expect(invalid(() => loadConfig({}, { cwd, env: {} })).message).toContain(`config file ${file} is not valid JSON`);
    writeFileSync(file, JSON.stringify({ levle: "minimal" }));
    expect(invalid(() => loadConfig({}, { cwd, env: {} })).message).toMatch(new RegExp(`^${file}: levle must be a known option`));
    writeFileSync(file, JSON.stringify({ log: { kep: 2 } }));
    expect(invalid(() => loadConfig({}, { cwd, env: {} })).message).toContain(`${file}: log.kep must be a known option`);
    writeFileSync(file, JSON.stringify({ budget: "big" }));
    expect(invalid(() => loadConfig({}, { cwd, env: {} })).message).toBe(`${file}: budget must be an integer ≥ 0, got "big"`);
    writeFileSync(file, JSON.stringify({ summarizer: { apiKey: "sk-committed" } }));
    expect(invalid(() => loadConfig({}, { cwd, env: {} })).message).toMatch(/must not be in a project file/);
  });

  it("unknown option keys are errors too, and a nested option written flat names where it goes", () => {
    expect(invalid(() => loadConfig({ somethingElse: 1 } as never, { cwd, env: {} })).message).toMatch(/^somethingElse must be a known option \(level, .*\), got "somethingElse"$/);
    expect(invalid(() => loadConfig({ logPath: "x.jsonl" } as never, { cwd, env: {} })).message).toContain("did you mean log.path?");
    expect(invalid(() => loadConfig({ timeoutMs: 5 } as never, { cwd, env: {} })).message).toContain("did you mean summarizer.timeoutMs?");
    expect(invalid(() => loadConfig({ log: { paht: "x" } } as never, { cwd, env: {} })).message).toMatch(/^log\.paht must be a known option \(enabled, dir, path/);
    expect(invalid(() => loadConfig({}, { cwd, env: {}, defaults: { lvl: "minimal" } as never })).message).toMatch(/^defaults\.lvl must be a known option/);
  });

  it("createAbridge's own options are not configuration and are accepted beside it", () => {
    const session = createAbridge({ cwd, env: {}, defaults: {}, streamBufferBytes: 1 << 20, log: false });
    expect(session.config.log.enabled).toBe(false);
    expect(() => createAbridge({ cwd, env: {}, logPath: "x" } as never)).toThrow(/did you mean log\.path\?/);
  });
});
