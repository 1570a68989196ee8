// The core as a WebAssembly component (wit/abridge.wit, built by
// `npm run build:component` and transpiled by jco into build/component-js/)
// must answer exactly as the raw Node binding does: every real fixture and
// the awkward inputs (non-ASCII, emoji, NUL, CRLF, empty, 10 MB) through both,
// compared byte for byte. Bad input is a `result` error with a stable code,
// never a trap, and 10,000 calls leave the component's memory as it was.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { coreCompact, type CoreCompactResult } from "../../host/core-api.js";
import * as raw from "../../host/core-api.js";
import type { Category } from "../../host/types.js";
import { staleBuilds } from "./support/stale-builds.js";

const JS_DIR = fileURLToPath(new URL("../../build/component-js/", import.meta.url));
const FIXTURES = fileURLToPath(new URL("../fixtures/", import.meta.url));
const SOURCES = fileURLToPath(new URL("../../assembly/", import.meta.url));
/** The Node core the raw binding loads (host/core.ts), as the component's core is compared with it. */
const NODE_CORE =
  process.env.ABRIDGE_CORE_WASM ?? fileURLToPath(new URL(`../../build/${process.env.ABRIDGE_CORE_DEBUG === "1" ? "abridge.debug.wasm" : "abridge.wasm"}`, import.meta.url));

/** The interface jco generates from wit/abridge.wit (build/component-js/interfaces/abridge-core-core.d.ts). */
interface Component {
  compact(request: CompactRequest): CompactResult;
  clean(text: string, collapseRepeats: boolean): string;
  classify(tool: string, argsJson: string, text: string): string;
  truncate(text: string, budgetChars: number, headRatio: number, hint: string): string;
  hashlines(text: string, firstLine: number): string;
  verifyAnchors(anchors: string, text: string): { ok: boolean; totalLines: number; anchors: { anchor: string; ok: boolean; current?: string; malformed: boolean }[] };
  sections(text: string, start: number | undefined, end: number | undefined): {
    totalLines: number;
    before?: { first: number; last: number };
    relevant?: { first: number; last: number; hashlines: string };
    after?: { first: number; last: number };
  };
  view(text: string, offset: number, limit: number, hashlines: boolean): string;
  abridgeParam(value: string, maxChars: number): string;
  oneLine(text: string, maxChars: number): string;
  estimateTokens(text: string): number;
}

interface CompactRequest {
  tool: string;
  argsJson: string;
  output: string;
  exitCode?: number;
  budgetChars: number;
  categoryBudgets: [string, number][];
  passthroughChars: number;
  hint: string;
  category?: string;
}

interface CompactResult {
  category: string;
  llmContent: string;
  summary: string;
  truncated: boolean;
  rawChars: number;
  cleanChars: number;
  sentChars: number;
  totalLines: number;
  omittedChars: number;
  keptLines: [number, number][];
  factsJson: string;
  cleanChanged: boolean;
  rawTokens: number;
  budgetChars: number;
}

interface Loaded {
  core: Component;
  memory: WebAssembly.Memory;
  /** The core module's own exports: the canonical-ABI functions as any host calls them. */
  abi: Record<string, unknown>;
}

/** A fresh instance of the transpiled component, with its core module's memory. */
async function load(): Promise<Loaded> {
  const { instantiate } = await import(join(JS_DIR, "abridge.js"));
  let abi: Record<string, unknown> | undefined;
  const root = instantiate(
    (file: string) => new WebAssembly.Module(readFileSync(join(JS_DIR, file))),
    {},
    (module: WebAssembly.Module, imports: WebAssembly.Imports) => {
      const instance = new WebAssembly.Instance(module, imports);
      if (instance.exports.memory instanceof WebAssembly.Memory) abi = instance.exports;
      return instance;
    },
  );
  if (!abi) throw new Error("the component's core module exports no memory");
  return { core: root.core as Component, memory: abi.memory as WebAssembly.Memory, abi };
}

const kebab = (c: Category) => c.replace(/(?<=[a-z])(?=[A-Z])/g, "-").toLowerCase();

/** The error a component function returned (jco throws a ComponentError carrying the `result` err). */
function errorOf(call: () => unknown): { code: string; message: string } {
  try {
    call();
  } catch (err) {
    const payload = (err as { payload?: { code: string; message: string } }).payload;
    if (payload) return payload;
    throw err;
  }
  throw new Error("expected an error result");
}

function fixtureDirs(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) return [];
    if (existsSync(join(path, "meta.json")) && existsSync(join(path, "output"))) return [path];
    return fixtureDirs(path);
  });
}

interface Case {
  id: string;
  tool: string;
  args: string;
  text: string;
  exitCode?: number;
}

const lenient = new TextDecoder("utf-8", { fatal: false });

const fixtures: Case[] = fixtureDirs(FIXTURES)
  .sort()
  .map((dir) => {
    const meta = JSON.parse(readFileSync(join(dir, "meta.json"), "utf8"));
    return {
      id: dir.slice(FIXTURES.length),
      tool: meta.tool ?? "",
      args: JSON.stringify(meta.args ?? {}),
      // Bytes decoded as the host decodes them; binary ones stay binary-looking text for the core to recognise.
      text: lenient.decode(readFileSync(join(dir, "output"))),
      exitCode: Number.isInteger(meta.exitCode) ? meta.exitCode : undefined,
    };
  });

function fixture(id: string): Case {
  const found = fixtures.find((f) => f.id === id);
  if (!found) throw new Error(`no fixture ${id}`);
  return found;
}

/** A 10 MB command output built from real ones, with an error line in the middle that must survive. */
function tenMegabytes(): string {
  const unit = ["corpus/find-usr-include-headers", "corpus/ls-r-gemini-src", "git-clone-progress"].flatMap((id) => fixtures.filter((f) => f.id === id).map((f) => f.text)).join("\n");
  const parts: string[] = [];
  let size = 0;
  while (size < 5_000_000) {
    parts.push(unit);
    size += unit.length;
  }
  const half = parts.join("\n");
  return `${half}\nfatal error: the one line that matters (ünïcödé, 日本語, 🚨)\n${half}`;
}

const special: Case[] = [
  { id: "empty", tool: "bash", args: "{}", text: "" },
  { id: "non-ASCII", tool: "read_file", args: '{"path":"notes/café.md"}', text: "# Café naïve\n\nGrüße aus Köln — 日本語のテキスト, Ελληνικά, русский, עברית.\n".repeat(40) },
  { id: "emoji", tool: "bash", args: '{"command":"npm test"}', text: "✅ passed 👍🏽\n❌ failed 👨‍👩‍👧‍👦 family test\nError: 🔥 boom at 𝒻(x)\n".repeat(120), exitCode: 1 },
  { id: "NUL and CRLF", tool: "bash", args: '{"command":"cat log"}', text: "first\r\nsec\u0000ond\r\nprogress 10%\rprogress 100%\r\n\u001b[31mred\u001b[0m\r\n".repeat(200) },
  { id: "lone surrogates", tool: "bash", args: "{}", text: "a\ud800b \udc00 c\nline two \ud83d\n".repeat(100) },
  { id: "no args", tool: "grep", args: "", text: "src/a.ts:1:foo\nsrc/b.ts:2:foo\n" },
];

/** What the raw binding gives, with the category spelled as the WIT enum. */
function rawCompact(c: Case, budget: number, hint: string): CoreCompactResult {
  return coreCompact({
    tool: c.tool,
    argsJson: c.args === "" ? "{}" : c.args,
    text: c.text,
    exitCode: c.exitCode ?? -1,
    budgets: new Array(8).fill(budget),
    passthrough: 1500,
    hint,
    category: "",
  });
}

function expectSameCompact(core: Component, c: Case, budget: number, hint = ""): void {
  const want = rawCompact(c, budget, hint);
  const got = core.compact({
    tool: c.tool,
    argsJson: c.args,
    output: c.text,
    exitCode: c.exitCode,
    budgetChars: budget,
    categoryBudgets: [],
    passthroughChars: 1500,
    hint,
    category: undefined,
  });
  expect(got.category).toBe(kebab(want.category));
  expect(got.llmContent).toBe(want.llm);
  expect(got.summary).toBe(want.summary);
  expect(got.truncated).toBe(want.truncated);
  expect(got.rawChars).toBe(c.text.length);
  expect(got.cleanChars).toBe(want.cleanChars);
  expect(got.sentChars).toBe(want.llm.length);
  expect(got.totalLines).toBe(want.totalLines);
  expect(got.omittedChars).toBe(want.omittedChars);
  expect(got.keptLines).toEqual(want.keptLines);
  expect(JSON.parse(got.factsJson)).toEqual(want.facts);
  expect(got.cleanChanged).toBe(want.cleanChanged);
  expect(got.rawTokens).toBe(want.rawTokens);
  expect(got.budgetChars).toBe(budget);
  expect(got.paging).toBe(want.paging);
}

/** Every other function of the interface on one text, component against raw binding. */
function expectSameFunctions(core: Component, c: Case, { small = true } = {}): void {
  const { text } = c;
  // A string the component returns is well-formed (a lone surrogate becomes U+FFFD, as
  // every component host requires); the raw binding hands back what it was given.
  const wf = (s: string) => s.toWellFormed();
  expect(core.clean(text, true)).toBe(raw.clean(text, true));
  expect(core.clean(text, false)).toBe(raw.clean(text, false));
  expect(core.classify(c.tool, c.args, text)).toBe(kebab(raw.classify(c.tool, c.args === "" ? "{}" : c.args, text)));
  expect(core.truncate(text, 2000, 0.6, "; abridge_read id=7")).toBe(wf(raw.truncate(text, 2000, 0.6, "; abridge_read id=7")));
  expect(core.truncate(text, 100, 0, "")).toBe(wf(raw.truncate(text, 100, 0, "")));
  expect(core.estimateTokens(text)).toBe(raw.estimateTokens(text));
  expect(core.oneLine(text, 160)).toBe(wf(raw.oneLine(text, 160)));
  expect(core.abridgeParam(text, 100)).toBe(wf(raw.abridgeParam(text, 100)));
  expect(core.view(text, 3, 40, false)).toBe(wf(raw.view(text, { offset: 3, limit: 40 })));
  expect(core.view(text, 0, 0, true)).toBe(wf(raw.view(text, { offset: 1, limit: 100, hashlines: true })));
  expectSameSections(core, text, undefined, undefined);
  expectSameSections(core, text, 2, 9);
  if (!small) return;
  expect(core.hashlines(text, 1)).toBe(wf(raw.hashlines(text, 1)));
  expect(core.hashlines(text, 41)).toBe(wf(raw.hashlines(text, 41)));
  expectSameSections(core, text, 7, undefined);
  // Anchors taken from the text itself, one of them edited, one past the end, one malformed.
  const anchors = raw
    .hashlines(text.split("\n").slice(0, 4).join("\n"), 1)
    .split("\n")
    .map((l) => l.slice(0, l.indexOf("|")))
    .concat(["2:zz", "99999:00", "not-an-anchor"]);
  const want = raw.verifyAnchors(anchors, text);
  const got = core.verifyAnchors(anchors.join("\n"), text);
  expect(got.ok).toBe(want.ok);
  expect(got.totalLines).toBe(want.totalLines);
  expect(got.anchors).toEqual(
    want.anchors.map((a) => ({ anchor: a.anchor, ok: a.ok, current: a.current ?? undefined, malformed: a.error === "malformed" })),
  );
}

function expectSameSections(core: Component, text: string, start: number | undefined, end: number | undefined): void {
  const want = raw.sections(text, { start, end });
  const got = core.sections(text, start, end);
  expect(got).toEqual({
    totalLines: want.totalLines,
    before: want.before ?? undefined,
    relevant: want.relevant ? { ...want.relevant, hashlines: want.relevant.hashlines } : undefined,
    after: want.after ?? undefined,
  });
}

describe("component: the same answers as the raw binding", () => {
  let loaded: Loaded;
  beforeAll(async () => {
    // Builds of different sources answer apart wherever the sources changed: no miscompile.
    const stale = staleBuilds(SOURCES, [NODE_CORE, join(JS_DIR, "abridge.core.wasm")]);
    if (stale.length > 0) throw new Error(`${stale.join("; ")}: run npm run build`);
    loaded = await load();
  });

  it("finds the real fixtures", () => {
    expect(fixtures.length).toBeGreaterThan(50);
  });

  it.each(fixtures.map((f) => [f.id, f] as const))("fixture %s: compact at 800, 4,000 and 16,000", (_id, c) => {
    for (const budget of [800, 4000, 16000]) expectSameCompact(loaded.core, c, budget);
    expectSameCompact(loaded.core, c, 1200, "; abridge_read id=call_1 lines={first}-{last}");
  });

  it.each(fixtures.map((f) => [f.id, f] as const))("fixture %s: every other function", (_id, c) => {
    expectSameFunctions(loaded.core, c);
  });

  it.each(special.map((c) => [c.id, c] as const))("%s", (_id, c) => {
    for (const budget of [200, 800, 4000]) expectSameCompact(loaded.core, c, budget);
    expectSameFunctions(loaded.core, c);
  });

  it("a 10 MB output", () => {
    const c: Case = { id: "10 MB", tool: "bash", args: '{"command":"make -j8 all"}', text: tenMegabytes(), exitCode: 2 };
    expect(c.text.length).toBeGreaterThan(10_000_000);
    expectSameCompact(loaded.core, c, 4000);
    const result = loaded.core.compact({ tool: c.tool, argsJson: c.args, output: c.text, exitCode: 2, budgetChars: 4000, categoryBudgets: [], passthroughChars: 1500, hint: "", category: undefined });
    expect(result.llmContent).toContain("fatal error: the one line that matters (ünïcödé, 日本語, 🚨)");
    expectSameFunctions(loaded.core, c, { small: false });
  });

  it("per-category budgets, a forced category and the exit code reach the core", () => {
    const c = fixture("corpus/pytest-failures");
    const request = { tool: c.tool, argsJson: c.args, output: c.text, budgetChars: 4000, passthroughChars: 0, hint: "", category: undefined };
    const got = loaded.core.compact({ ...request, exitCode: 1, categoryBudgets: [["command-output", 600]] });
    const want = coreCompact({ tool: c.tool, argsJson: c.args, text: c.text, exitCode: 1, budgets: [4000, 4000, 4000, 600, 4000, 4000, 4000, 4000], passthrough: 0, hint: "", category: "" });
    expect(got.category).toBe("command-output");
    expect(got.budgetChars).toBe(600);
    expect(got.llmContent).toBe(want.llm);
    expect(got.llmContent.length).toBeLessThanOrEqual(600);
    const forced = loaded.core.compact({ ...request, categoryBudgets: [], category: "structured-data" });
    const wantForced = coreCompact({ tool: c.tool, argsJson: c.args, text: c.text, exitCode: -1, budgets: new Array(8).fill(4000), passthrough: 0, hint: "", category: "StructuredData" });
    expect(forced.category).toBe("structured-data");
    expect(forced.llmContent).toBe(wantForced.llm);
  });
});

describe("component: bad input is an error result, never a trap", () => {
  let loaded: Loaded;
  beforeAll(async () => {
    loaded = await load();
  });

  const request = (over: Partial<CompactRequest>): CompactRequest => ({
    tool: "bash",
    argsJson: "{}",
    output: "hello\n",
    budgetChars: 4000,
    categoryBudgets: [],
    passthroughChars: 1500,
    hint: "",
    ...over,
  });

  it.each([
    ["args that are not JSON", () => loaded.core.compact(request({ argsJson: '{"command": "ls' })), "ABRIDGE_INVALID_INPUT", /not valid JSON/],
    ["args that are a JSON array", () => loaded.core.classify("bash", '["ls"]', "x"), "ABRIDGE_INVALID_INPUT", /JSON object/],
    ["a budget over 2^31 - 1", () => loaded.core.compact(request({ budgetChars: 2 ** 31 })), "ABRIDGE_INVALID_OPTION", /budget-chars must be at most 2,147,483,647/],
    ["a category budget over 2^31 - 1", () => loaded.core.compact(request({ categoryBudgets: [["diff", 2 ** 32 - 1]] })), "ABRIDGE_INVALID_OPTION", /category-budgets\[0\]/],
    ["a passthrough over 2^31 - 1", () => loaded.core.compact(request({ passthroughChars: 3e9 })), "ABRIDGE_INVALID_OPTION", /passthrough-chars/],
    ["a NaN head ratio", () => loaded.core.truncate("a\nb", 10, NaN, ""), "ABRIDGE_INVALID_OPTION", /head-ratio must be between 0 and 1, got NaN$/],
    ["a head ratio above 1", () => loaded.core.truncate("a\nb", 10, 1.5, ""), "ABRIDGE_INVALID_OPTION", /head-ratio must be between 0 and 1, got 1\.5$/],
    ["a tiny negative head ratio", () => loaded.core.truncate("a\nb", 10, -0.0000004, ""), "ABRIDGE_INVALID_OPTION", /head-ratio must be between 0 and 1, got a negative value closer to 0 than 0\.000001$/],
    ["a head ratio just under 2", () => loaded.core.truncate("a\nb", 10, 1.9999999, ""), "ABRIDGE_INVALID_OPTION", /got 2$/],
    ["an infinite head ratio", () => loaded.core.truncate("a\nb", 10, -Infinity, ""), "ABRIDGE_INVALID_OPTION", /got -1e15 or more$/],
    ["a head ratio with decimals", () => loaded.core.truncate("a\nb", 10, 12.034, ""), "ABRIDGE_INVALID_OPTION", /got 12\.034$/],
    ["a negative head ratio", () => loaded.core.truncate("a\nb", 10, -0.1, ""), "ABRIDGE_INVALID_OPTION", /head-ratio/],
    ["a first line whose last line overflows", () => loaded.core.hashlines("a\nb\nc", 2 ** 31 - 2), "ABRIDGE_INVALID_OPTION", /first-line \+ 2 lines/],
    ["a section starting at line 0", () => loaded.core.sections("a\nb", 0, undefined), "ABRIDGE_INVALID_OPTION", /start is a 1-based line number/],
    ["a view offset over 2^31 - 1", () => loaded.core.view("a", 2 ** 31, 1, false), "ABRIDGE_INVALID_OPTION", /offset/],
    ["a one-line width over 2^31 - 1", () => loaded.core.oneLine("a", 2 ** 32 - 1), "ABRIDGE_INVALID_OPTION", /max-chars/],
    ["an abridge-param width over 2^31 - 1", () => loaded.core.abridgeParam("a", 2 ** 31), "ABRIDGE_INVALID_OPTION", /max-chars/],
  ])("%s", (_name, call, code, message) => {
    const err = errorOf(call);
    expect(err.code).toBe(code);
    expect(err.message).toMatch(message);
    // The instance is still good: no trap happened.
    expect(loaded.core.oneLine("still  alive", 160)).toBe("still alive");
  });

  it("the largest first line whose last line still fits is accepted", () => {
    expect(loaded.core.hashlines("a\nb", 2 ** 31 - 2)).toBe(raw.hashlines("a\nb", 2 ** 31 - 2));
  });

  it("a string over 512 Mi code units is ABRIDGE_INPUT_TOO_LARGE, checked before it is read", () => {
    // No JavaScript string is that long (V8 stops at 2^29 - 24 units), so the call is made
    // as a component host would make it: (ptr, len) straight to the lifted export.
    const exported = loaded.abi["abridge:core/core@0.1.0#estimate-tokens"] as (ptr: number, len: number) => number;
    const retptr = exported(16, 512 * 1024 * 1024 + 1);
    const view = new DataView(loaded.memory.buffer);
    const readString = (at: number) =>
      Buffer.from(loaded.memory.buffer, view.getUint32(at, true), view.getUint32(at + 4, true) * 2).toString("utf16le");
    expect(view.getUint8(retptr)).toBe(1);
    expect(readString(retptr + 4)).toBe("ABRIDGE_INPUT_TOO_LARGE");
    expect(readString(retptr + 12)).toBe("text of 536,870,913 units exceeds the maximum of 536,870,912");
    expect(loaded.core.estimateTokens("hello world")).toBe(raw.estimateTokens("hello world"));
  });
});

describe("component: memory", () => {
  it("stays flat over 10,000 calls after warm-up", async () => {
    const { core, memory } = await load();
    const log = fixture("runner-vitest-verbose-failures").text.slice(0, 4096);
    // The first 400 lines of the file: every call still moves kilobytes through the glue, and the
    // whole 100 KB file would make each view cost ~15 ms through the JS glue (a timeout risk on a busy machine).
    const file = fixture("corpus/cat-python-source-argparse").text.split("\n").slice(0, 400).join("\n");
    const big = log.repeat(256); // 1 MB: collected right after the call
    const call = (i: number) => {
      switch (i % 5) {
        case 0:
          return core.compact({ tool: "bash", argsJson: '{"command":"npx vitest run"}', output: `${log}\n#${i}`, exitCode: 0, budgetChars: 800, categoryBudgets: [], passthroughChars: 1500, hint: "", category: undefined });
        case 1:
          return core.view(file, 1 + (i % 50), 30, true);
        case 2:
          return core.clean(`${log}${i}`, true);
        case 3:
          return errorOf(() => core.classify("bash", "{not json", log));
        default:
          return i % 1000 === 4 ? core.truncate(big, 4000, 0.6, "") : core.sections(file, 1 + (i % 20), 40 + (i % 20));
      }
    };
    for (let i = 0; i < 2000; i++) call(i);
    const before = memory.buffer.byteLength;
    for (let i = 0; i < 10_000; i++) call(i);
    expect(memory.buffer.byteLength).toBe(before);
    // 10,000 calls held 4 KB or more each: had the glue kept any of it, memory would have grown.
    expect(before).toBeLessThan(16 << 20);
  });
});
