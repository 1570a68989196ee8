// Child processes run plain Node 20, which cannot load .ts: transpile the
// log modules (and what they import) to JavaScript in a temporary directory.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const HOST = fileURLToPath(new URL("../../../host", import.meta.url));

export function buildLogModules(outDir: string): string {
  // node-fs.ts and lazy.ts: the log takes node:fs and fs/promises through them; iso-time.ts stamps its records.
  const sources = ["errors.ts", "node-fs.ts", "lazy.ts", "iso-time.ts", ...readdirSync(join(HOST, "log")).filter((f) => f.endsWith(".ts")).map((f) => `log/${f}`)];
  for (const rel of sources) {
    const { outputText } = ts.transpileModule(readFileSync(join(HOST, rel), "utf8"), {
      compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022 },
      fileName: rel,
    });
    const out = join(outDir, rel.replace(/\.ts$/, ".js"));
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, outputText);
  }
  writeFileSync(join(outDir, "package.json"), '{ "type": "module" }\n');
  return outDir;
}
