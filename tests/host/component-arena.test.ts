// The component's runtime (assembly/rt/call-arena.ts) drops everything a call made when the call
// ends, without tracing: an object a global still held after a call would point into memory the
// next call reuses. So every global of the core that holds an object must be set by the module's
// top-level code only, or be one of the tables assembly/component.ts makes when the module starts.
// The debug core (build/abridge.debug.wasm) compiles the same core with names; its
// __visit_globals lists every global that holds an object.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import binaryen from "binaryen";
import { describe, expect, it } from "vitest";

const DEBUG_CORE = fileURLToPath(new URL("../../build/abridge.debug.wasm", import.meta.url));

/** Globals made on first use, and made by assembly/component.ts's start code before any call. */
const MADE_AT_START = new Set(["assembly/classify/tools/table"]);

/** Each global that holds an object, with the functions that set it. */
function objectGlobalWriters(): Map<string, Set<string>> {
  const module = binaryen.readBinary(readFileSync(DEBUG_CORE));
  try {
    module.setFeatures(binaryen.Features.All);
    const visitGlobals = module.getFunction("~lib/rt/__visit_globals");
    if (!visitGlobals) throw new Error(`${DEBUG_CORE} has no ~lib/rt/__visit_globals: its runtime no longer traces globals`);
    const visit = binaryen.getFunctionInfo(visitGlobals);
    const held = new Set([...binaryen.emitText(visit.body).matchAll(/global\.get \$([^\s()]+)/g)].map((m) => m[1]));
    const writers = new Map<string, Set<string>>([...held].map((name) => [name, new Set<string>()]));
    let fn = "";
    for (const line of module.emitText().split("\n")) {
      const head = /^ \(func \$(\S+)/.exec(line);
      if (head) fn = head[1];
      const set = /global\.set \$([^\s()]+)/.exec(line);
      if (set) writers.get(set[1])?.add(fn);
    }
    return writers;
  } finally {
    module.dispose();
  }
}

describe("the component's call arena", () => {
  it("finds no object a global holds past the call that made it", () => {
    const writers = objectGlobalWriters();
    expect(writers.size).toBeGreaterThan(0);
    const setInCalls = [...writers]
      .filter(([name, fns]) => !MADE_AT_START.has(name) && [...fns].some((fn) => !fn.startsWith("start:") && fn !== "~start"))
      .map(([name, fns]) => `${name} (set by ${[...fns].join(", ")})`);
    expect(setInCalls).toEqual([]);
    for (const name of MADE_AT_START) expect(writers.has(name)).toBe(true);
  });
});
