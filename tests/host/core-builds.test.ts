// The package ships the Node core twice (asconfig.json): the fast build (build/abridge.wasm)
// and the small Node build (build/abridge.small.wasm), which V8 compiles and first runs in less
// time. The small build serves a process's calls until it has digested enough that the fast
// build's speed repays its cold start, and the fast one takes over (host/core.ts). These
// tests count which build served which call, and check that the two answer alike.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isHeldOut } from "./support/held-out.js";
import { staleBuilds } from "./support/stale-builds.js";

type Core = typeof import("../../host/core.js");
type CoreApi = typeof import("../../host/core-api.js");

const BUILD = fileURLToPath(new URL("../../build/", import.meta.url));
const CORPUS = fileURLToPath(new URL("../fixtures/corpus/", import.meta.url));
const SOURCES = fileURLToPath(new URL("../../assembly/", import.meta.url));

/** The core's module as a process loads it first: nothing compiled, no call counted. */
async function freshCore(): Promise<{ core: Core; api: CoreApi }> {
  vi.resetModules();
  return { core: await import("../../host/core.js"), api: await import("../../host/core-api.js") };
}

/** A real capture (a corpus fixture of the tuning part): its output and how it was made. */
function capture(id: string): { text: string; tool: string; argsJson: string; exitCode: number } {
  const dir = join(CORPUS, id);
  const meta = JSON.parse(readFileSync(join(dir, "meta.json"), "utf8"));
  if (isHeldOut(meta)) throw new Error(`${id} is held out`);
  return { text: readFileSync(join(dir, "output"), "utf8"), tool: meta.tool ?? "bash", argsJson: JSON.stringify(meta.args ?? {}), exitCode: meta.exitCode ?? -1 };
}

/** A real capture's output repeated to `bytes` of UTF-16 or more: a long output of real lines. */
function repeatedTo(input: ReturnType<typeof capture>, bytes: number): ReturnType<typeof capture> {
  return { ...input, text: input.text.repeat(Math.ceil(bytes / 2 / input.text.length)) };
}

/** The corpus fixtures that hold an output. */
function corpusIds(): string[] {
  return readdirSync(CORPUS)
    .filter((id) => statSync(join(CORPUS, id)).isDirectory() && existsSync(join(CORPUS, id, "output")))
    .sort();
}

function compactOf(api: CoreApi, input: { text: string; tool: string; argsJson: string; exitCode: number }, budget: number) {
  return api.coreCompact({ ...input, budgets: new Array(16).fill(budget), passthrough: 1_500, hint: "abridge_read id=x", category: "", details: true });
}

const SMALL_CAPTURE = "gcc-wall-wextra-errors";
const LONG_CAPTURE = "make-k-c-project-errors";

afterEach(() => {
  delete process.env.ABRIDGE_CORE_DEBUG;
  vi.restoreAllMocks();
});

describe("the two builds of the core", () => {
  it("are both in the build", () => {
    expect(existsSync(join(BUILD, "abridge.wasm"))).toBe(true);
    expect(existsSync(join(BUILD, "abridge.small.wasm"))).toBe(true);
  });

  it("serve a process's calls from the small Node build, and never start the fast build's compile while it has digested little", async () => {
    const { core, api } = await freshCore();
    const compiles = vi.spyOn(WebAssembly, "compile");
    const input = capture(SMALL_CAPTURE);
    const first = compactOf(api, input, 800);
    for (let i = 0; i < 40; i++) expect(compactOf(api, input, 800)).toEqual(first);
    await core.fastCoreCompiled();
    compactOf(api, input, 800);
    expect(core.coreCallsByBuild()).toEqual({ small: 42, fast: 0, given: 0 });
    // Each call counts its input's UTF-16 bytes (and its other arguments'): far below the first mark.
    expect(core.coreBytesByBuild().small).toBeGreaterThanOrEqual(42 * (input.text.length << 1));
    expect(core.coreBytesByBuild().small).toBeLessThan(core.FAST_COMPILE_AFTER_BYTES);
    expect(core.coreGeneration()).toBe(1);
    expect(compiles).not.toHaveBeenCalled();
  });

  it("start the fast build's compile past the first mark and move to it, once compiled, past the break-even mark", async () => {
    const { core, api } = await freshCore();
    const input = repeatedTo(capture(LONG_CAPTURE), core.FAST_CORE_FROM_BYTES / 2);
    const bytes = input.text.length << 1;
    expect(bytes).toBeLessThan(core.FAST_CORE_FROM_BYTES);
    const first = compactOf(api, input, 800);
    let calls = 1;
    for (; calls * bytes < core.FAST_CORE_AFTER_BYTES; calls++) {
      await core.fastCoreCompiled();
      expect(compactOf(api, input, 800)).toEqual(first);
    }
    // Past the first mark the compile ran, and every call awaited it: still the small build's until the break-even.
    expect(core.coreCallsByBuild()).toEqual({ small: calls, fast: 0, given: 0 });
    await core.fastCoreCompiled();
    expect(compactOf(api, input, 800)).toEqual(first);
    expect(core.coreCallsByBuild()).toEqual({ small: calls, fast: 1, given: 0 });
    // The move made an instance of the fast build, and counts it.
    expect(core.coreGeneration()).toBe(2);
  }, 120_000);

  it("serve a long first input from the fast build from the start", async () => {
    const { core, api } = await freshCore();
    compactOf(api, repeatedTo(capture(LONG_CAPTURE), core.FAST_CORE_FROM_BYTES), 4_000);
    expect(core.coreCallsByBuild()).toEqual({ small: 0, fast: 1, given: 0 });
  });

  it("compile the fast build where the call runs past the last mark, in a loop of synchronous calls that never lets the background compile finish", async () => {
    const { core, api } = await freshCore();
    const input = repeatedTo(capture(LONG_CAPTURE), core.FAST_CORE_FROM_BYTES / 2);
    const onSmall = Math.ceil(core.FAST_CORE_NOW_AFTER_BYTES / (input.text.length << 1));
    for (let i = 0; i < onSmall + 2; i++) compactOf(api, input, 800);
    expect(core.coreCallsByBuild()).toEqual({ small: onSmall, fast: 2, given: 0 });
  }, 120_000);

  it("move on a long input while the small build serves", async () => {
    const { core, api } = await freshCore();
    compactOf(api, capture(SMALL_CAPTURE), 800);
    compactOf(api, repeatedTo(capture(LONG_CAPTURE), core.FAST_CORE_FROM_BYTES), 4_000);
    expect(core.coreCallsByBuild()).toEqual({ small: 1, fast: 1, given: 0 });
    expect(core.coreGeneration()).toBe(2);
  });

  it("do not move inside a resident text's scope, whose copy lives in the small instance", async () => {
    const { core, api } = await freshCore();
    const input = capture(SMALL_CAPTURE);
    const long = repeatedTo(capture(LONG_CAPTURE), core.FAST_CORE_FROM_BYTES);
    compactOf(api, input, 800);
    core.withResidentText(input.text, () => {
      compactOf(api, long, 800);
    });
    expect(core.coreCallsByBuild()).toEqual({ small: 2, fast: 0, given: 0 });
    compactOf(api, long, 800);
    expect(core.coreCallsByBuild()).toEqual({ small: 2, fast: 1, given: 0 });
  });

  it("keep serving the small build when the fast one cannot be read: no error, one attempt", async () => {
    const reads: string[] = [];
    vi.doMock("../../host/node-fs.js", async (original) => {
      const fs = await original<typeof import("../../host/node-fs.js")>();
      const readFileSync = ((path: Parameters<typeof fs.readFileSync>[0], ...rest: unknown[]) => {
        const name = String(path instanceof URL ? path.pathname : path);
        if (name.endsWith("/build/abridge.wasm")) {
          reads.push(name);
          throw Object.assign(new Error(`ENOENT: no such file, open '${name}'`), { code: "ENOENT" });
        }
        return (fs.readFileSync as (...a: unknown[]) => unknown)(path, ...rest);
      }) as typeof fs.readFileSync;
      return { ...fs, readFileSync };
    });
    const warnings = vi.spyOn(process, "emitWarning").mockImplementation(() => {});
    try {
      const { core, api } = await freshCore();
      const input = repeatedTo(capture(LONG_CAPTURE), core.FAST_CORE_FROM_BYTES);
      const first = compactOf(api, input, 800);
      for (let i = 0; i < 3; i++) expect(compactOf(api, input, 800)).toEqual(first);
      expect(core.coreCallsByBuild()).toEqual({ small: 4, fast: 0, given: 0 });
      expect(reads.length).toBe(1);
      // Said once, with a stable code, so a broken install is not only slower.
      expect(warnings).toHaveBeenCalledTimes(1);
      expect(warnings.mock.calls[0]![0]).toMatch(/fast core build cannot serve \(cannot read the core at .*build\/abridge\.wasm/);
      expect(warnings.mock.calls[0]![1]).toEqual({ code: "ABRIDGE_CORE_FAST_UNAVAILABLE" });
      expect(core.checkCoreBuilds().map((b) => [b.build, b.problem === undefined])).toEqual([
        ["fast", false],
        ["small", true],
      ]);
    } finally {
      vi.doUnmock("../../host/node-fs.js");
    }
  }, 120_000);

  it("leave the debug core and a module given to useCoreWasm to serve alone", async () => {
    process.env.ABRIDGE_CORE_DEBUG = "1";
    const debug = await freshCore();
    compactOf(debug.api, capture(SMALL_CAPTURE), 800);
    expect(debug.core.coreCallsByBuild()).toEqual({ small: 0, fast: 1, given: 0 });
    delete process.env.ABRIDGE_CORE_DEBUG;

    const { core, api } = await freshCore();
    const input = repeatedTo(capture(LONG_CAPTURE), core.FAST_CORE_FROM_BYTES / 2);
    // One call past the first mark: the fast build's compile has started.
    const compiles = vi.spyOn(WebAssembly, "compile");
    for (let i = 0; i <= Math.ceil(core.FAST_COMPILE_AFTER_BYTES / (input.text.length << 1)); i++) compactOf(api, input, 800);
    expect(compiles).toHaveBeenCalledTimes(1);
    const small = core.coreCallsByBuild().small;
    const given = new WebAssembly.Module(readFileSync(join(BUILD, "abridge.small.wasm")));
    core.useCoreWasm(given);
    await core.fastCoreCompiled();
    // The fast build's compile, done after the module was given, does not take its place, even on a long input.
    compactOf(api, repeatedTo(capture(LONG_CAPTURE), core.FAST_CORE_FROM_BYTES), 800);
    for (let i = 0; i < 4; i++) compactOf(api, capture(SMALL_CAPTURE), 800);
    expect(core.coreCallsByBuild()).toEqual({ small, fast: 0, given: 5 });
  }, 120_000);

  it("are built from the current sources, both of them", () => {
    const stale = staleBuilds(SOURCES, [join(BUILD, "abridge.wasm"), join(BUILD, "abridge.small.wasm")]);
    expect(stale).toEqual([]);
  });

  it("answer alike on every corpus fixture at two budgets", async () => {
    const { core, api } = await freshCore();
    const builds = ["abridge.wasm", "abridge.small.wasm"].map((file) => new WebAssembly.Module(readFileSync(join(BUILD, file))));
    const differing: string[] = [];
    const ids = corpusIds();
    for (const [k, id] of ids.entries()) {
      const meta = JSON.parse(readFileSync(join(CORPUS, id, "meta.json"), "utf8"));
      const input = { text: readFileSync(join(CORPUS, id, "output"), "utf8"), tool: meta.tool ?? "bash", argsJson: JSON.stringify(meta.args ?? {}), exitCode: meta.exitCode ?? -1 };
      for (const budget of [800, 4_000]) {
        const answers = builds.map((build) => {
          core.useCoreWasm(build);
          return JSON.stringify(compactOf(api, input, budget));
        });
        // Only which fixture differs is told, and a held-out one by its place alone.
        if (answers[0] !== answers[1]) differing.push(`${isHeldOut(meta) ? `held-out fixture #${k}` : id} at ${budget}`);
      }
    }
    expect(ids.length).toBeGreaterThan(300);
    expect(differing).toEqual([]);
  }, 300_000);
});
