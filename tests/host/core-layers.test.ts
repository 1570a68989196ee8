// The core is laid out in layers, and an import never runs upward: a file imports its own
// folder or a lower layer. docs/architecture.md describes the layers.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const CORE = fileURLToPath(new URL("../../assembly/", import.meta.url));

/** Layer of a file by its path under assembly/ (first match wins); higher may import lower. */
const LAYERS: Array<[RegExp, number]> = [
  [/^(util|rt)\//, 0],
  [/^json\//, 1],
  [/^(category|binary|encoding|clean|oneline|tokens|marker|cut|truncate|hashline|view|sections|param)\.ts$/, 2],
  [/^(call|classify|important|outline)(\/|\.ts$)/, 3],
  [/^digest\/shared\//, 4],
  [/^digest\/(command|diff|edit|file|listing|search|structured|web)\//, 5],
  [/^digest\/(index|exports)\.ts$/, 6],
  [/^(compact|details|component|index)\.ts$/, 7],
];

function layerOf(file: string): number {
  const hit = LAYERS.find(([re]) => re.test(file));
  if (!hit) throw new Error(`assembly/${file} is in no layer: add it to LAYERS and docs/architecture.md`);
  return hit[1];
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

function target(from: string, spec: string): string {
  const base = normalize(join(dirname(from), spec));
  const files = new Set(sources(CORE));
  for (const candidate of [`${base}.ts`, join(base, "index.ts")]) if (files.has(candidate)) return candidate;
  throw new Error(`${relative(CORE, from)} imports ${spec}, which is not a core file`);
}

describe("the core's layers", () => {
  const files = sources(CORE);

  it("puts every file in a layer", () => {
    for (const f of files) expect(() => layerOf(relative(CORE, f))).not.toThrow();
  });

  it("has no import running upward", () => {
    const upward: string[] = [];
    for (const f of files) {
      const from = relative(CORE, f);
      for (const m of readFileSync(f, "utf8").matchAll(/from\s+"(\.{1,2}\/[^"]+)"/g)) {
        const to = relative(CORE, target(f, m[1]!));
        const sameFolder = dirname(to) === dirname(from) && dirname(from) !== ".";
        if (!sameFolder && layerOf(to) > layerOf(from)) upward.push(`${from} → ${to}`);
      }
    }
    expect(upward).toEqual([]);
  });

  it("keeps a digest's category to its own folder: categories import shared helpers, not each other", () => {
    const across: string[] = [];
    for (const f of files) {
      const from = relative(CORE, f);
      const own = /^digest\/([a-z]+)\//.exec(from)?.[1];
      if (!own || own === "shared") continue;
      for (const m of readFileSync(f, "utf8").matchAll(/from\s+"(\.{1,2}\/[^"]+)"/g)) {
        const other = /^digest\/([a-z]+)\//.exec(relative(CORE, target(f, m[1]!)))?.[1];
        if (other && other !== own && other !== "shared") across.push(`${from} → digest/${other}`);
      }
    }
    expect(across).toEqual([]);
  });
});
