// Bundles the compiled host (dist/) into one file per entry point, sharing chunks, so
// that loading abridge reads a few files instead of ~40 modules: import time is most of a
// cold start. The bundles sit in dist/ beside the modules (paths.ts relies on that depth).
// Runtime dependencies stay external: they load lazily, when a summary or exact count is needed.
import { chmodSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { rolldown } from "rolldown";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
// A dependency is external with its subpaths too (`@modelcontextprotocol/sdk/client/index.js`).
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const external = [...Object.keys(pkg.dependencies ?? {}).map((d) => new RegExp(`^${escape(d)}(/|$)`)), /^node:/];

// Chunk names carry a content hash: drop the previous build's files first.
for (const f of readdirSync("dist")) if (f.endsWith(".bundle.js")) rmSync(`dist/${f}`);

const bundle = await rolldown({
  input: { index: "dist/index.js", pi: "dist/adapters/pi.js", cli: "dist/cli.js" },
  platform: "node",
  external,
  logLevel: "warn",
});
const { output } = await bundle.write({
  dir: "dist",
  format: "esm",
  entryFileNames: "[name].bundle.js",
  chunkFileNames: "shared-[hash].bundle.js",
  sourcemap: false,
});
await bundle.close();
chmodSync("dist/cli.bundle.js", 0o755);

// opencode loads its plugin as one file, re-exported by absolute path from its plugins folder:
// a build of its own, sharing no chunk with the others, importing only node: built-ins (the
// runtime dependencies load lazily, from the installed package, when a summary or exact count
// needs them), never `@opencode-ai/plugin` (opencode downloads that at start; offline it fails).
const opencode = await rolldown({ input: { opencode: "dist/adapters/opencode.js" }, platform: "node", external, logLevel: "warn" });
const { output: opencodeOutput } = await opencode.write({ dir: "dist", format: "esm", entryFileNames: "[name].bundle.js", codeSplitting: false, sourcemap: false });
await opencode.close();
const [opencodeBundle] = opencodeOutput;
const staticImports = [...opencodeBundle.code.matchAll(/^import\b[^"']*["']([^"']+)["']/gm)].map((m) => m[1]);
const outside = staticImports.filter((s) => !s.startsWith("node:"));
if (opencodeOutput.length !== 1 || outside.length > 0) throw new Error(`dist/opencode.bundle.js must be one file importing only node: built-ins; got ${opencodeOutput.length} file(s), imports ${outside.join(", ")}`);
output.push(opencodeBundle);
console.log(output.map((o) => `dist/${o.fileName}: ${(o.type === "chunk" ? o.code.length : 0).toLocaleString("en-US")} chars`).join("\n"));
