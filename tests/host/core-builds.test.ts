// The package ships the core twice (asconfig.json): built for throughput (build/abridge.wasm)
// and for size (build/abridge.small.wasm), which V8 compiles and first runs in less time. The
// small build serves a process's first calls and the fast one takes over (host/core.ts). These
// tests count which build served which call, and check that the two answer alike.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isHeldOut } from "./support/held-out.js";

type Core = typeof import("../../host/core.js");
type CoreApi = typeof import("../../host/core-api.js");

const BUILD = fileURLToPath(new URL("../../build/", import.meta.url));
const CORPUS = fileURLToPath(new URL("../fixtures/corpus/", import.meta.url));

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
});

describe("the two builds of the core", () => {
  it("are both in the build", () => {
    expect(existsSync(join(BUILD, "abridge.wasm"))).toBe(true);
    expect(existsSync(join(BUILD, "abridge.small.wasm"))).toBe(true);
  });

  it("serve a short first call from the small build, and later ones from the fast build once its background compile is done", async () => {
    const { core, api } = await freshCore();
    const input = capture(SMALL_CAPTURE);
    const first = compactOf(api, input, 800);
    expect(core.coreCallsByBuild()).toEqual({ small: 1, fast: 0 });
    // The second call starts the fast build's compile and is still the small build's.
    expect(compactOf(api, input, 800)).toEqual(first);
    expect(core.coreCallsByBuild()).toEqual({ small: 2, fast: 0 });
    const generation = core.coreGeneration();
    await core.fastCoreCompiled();
    expect(compactOf(api, input, 800)).toEqual(first);
    expect(core.coreCallsByBuild()).toEqual({ small: 2, fast: 1 });
    // The same core in another build, not a new instance of its state.
    expect(core.coreGeneration()).toBe(generation);
  });

  it("serve a long first input from the fast build from the start", async () => {
    const { core, api } = await freshCore();
    compactOf(api, repeatedTo(capture(LONG_CAPTURE), core.FAST_CORE_FROM_BYTES), 4_000);
    expect(core.coreCallsByBuild()).toEqual({ small: 0, fast: 1 });
  });

  it("move to the fast build within a loop of synchronous calls, which never lets the background compile finish", async () => {
    const { core, api } = await freshCore();
    const input = capture(SMALL_CAPTURE);
    for (let i = 0; i < core.SMALL_CORE_MAX_CALLS + 4; i++) compactOf(api, input, 800);
    expect(core.coreCallsByBuild()).toEqual({ small: core.SMALL_CORE_MAX_CALLS, fast: 4 });
  });

  it("move on a long input while the small build serves", async () => {
    const { core, api } = await freshCore();
    compactOf(api, capture(SMALL_CAPTURE), 800);
    compactOf(api, repeatedTo(capture(LONG_CAPTURE), core.FAST_CORE_FROM_BYTES), 4_000);
    expect(core.coreCallsByBuild()).toEqual({ small: 1, fast: 1 });
  });

  it("do not move inside a resident text's scope, whose copy lives in the small instance", async () => {
    const { core, api } = await freshCore();
    const input = capture(SMALL_CAPTURE);
    compactOf(api, input, 800);
    const calls = core.SMALL_CORE_MAX_CALLS + 4;
    core.withResidentText(input.text, () => {
      for (let i = 0; i < calls; i++) compactOf(api, input, 800);
    });
    expect(core.coreCallsByBuild()).toEqual({ small: 1 + calls, fast: 0 });
    compactOf(api, input, 800);
    expect(core.coreCallsByBuild()).toEqual({ small: 1 + calls, fast: 1 });
  });

  it("leave the debug core and a module given to useCoreWasm to serve alone", async () => {
    process.env.ABRIDGE_CORE_DEBUG = "1";
    const debug = await freshCore();
    compactOf(debug.api, capture(SMALL_CAPTURE), 800);
    expect(debug.core.coreCallsByBuild()).toEqual({ small: 0, fast: 1 });
    delete process.env.ABRIDGE_CORE_DEBUG;

    const { core, api } = await freshCore();
    const input = capture(SMALL_CAPTURE);
    compactOf(api, input, 800);
    compactOf(api, input, 800);
    const given = new WebAssembly.Module(readFileSync(join(BUILD, "abridge.small.wasm")));
    core.useCoreWasm(given);
    await core.fastCoreCompiled();
    // The fast build's compile, done after the module was given, does not take its place.
    for (let i = 0; i < core.SMALL_CORE_MAX_CALLS; i++) compactOf(api, input, 800);
    expect(core.coreCallsByBuild()).toEqual({ small: 2, fast: core.SMALL_CORE_MAX_CALLS });
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
