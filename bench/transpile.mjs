// Node 20 cannot load .ts: benchmarks transpile the TypeScript they need into
// node_modules/.cache (where the repository's packages still resolve).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Transpiles one .ts file of the repository and imports it. */
export async function importTs(rel, cacheName = "abridge-bench") {
  const out = join(REPO, "node_modules/.cache", cacheName, rel.replace(/\.ts$/, ".mjs"));
  const { outputText } = ts.transpileModule(readFileSync(join(REPO, rel), "utf8"), {
    compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
    fileName: rel,
  });
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, outputText);
  return import(pathToFileURL(out).href);
}
