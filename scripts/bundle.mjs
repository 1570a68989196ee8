// Bundles the compiled host (dist/) so that a fresh process reads a few files instead of ~40
// modules: import time is most of a cold start, and each module file costs the ESM loader a
// resolve, a read, a compile and a link of its own. The bundles sit in dist/ beside the modules
// (paths.ts relies on that depth). Runtime dependencies stay external: they load lazily, when a
// summary or exact count is needed.
//
// Three builds, sharing no chunk, so that each entry loads only its own graph:
// - the library (`abridge-agent`) and the pi extension, as CommonJS: index.bundle.cjs (the
//   library's entry, which runs its one file, library.bundle.cjs, with V8's code cache) and
//   pi.bundle.cjs, which requires it. `import` gets them too, through index.bundle.js and
//   pi.bundle.js, ES modules of a few lines that require them (below);
// - the CLI: cli.bundle.js loads one command at a time. What an agent runs on every tool call is
//   two chunks: what a hook needs to answer, and the digest and session a long output needs
//   (below);
//   `abridge run` adds a small one; the other commands (report, replay, install, …) are chunks
//   no hook reads;
// - opencode's plugin: one file (below).
// Whitespace and comments are dropped from the library's code and the CLI (names are kept, so
// stack traces still read): V8 scans and the loader decodes every byte of a file before the first
// call runs. The library's small entry is copied as written.
import { createHash } from "node:crypto";
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
// A dependency is external with its subpaths too (`@modelcontextprotocol/sdk/client/index.js`).
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
const external = [...Object.keys(pkg.dependencies ?? {}).map((d) => new RegExp(`^${escape(d)}(/|$)`)), /^node:/];
const minify = { compress: false, mangle: false, codegen: { removeWhitespace: true } };

// Chunk names carry a content hash: drop the previous build's files first.
for (const f of readdirSync("dist")) if (f.endsWith(".bundle.js") || f.endsWith(".bundle.cjs")) rmSync(`dist/${f}`);

/**
 * The code with every non-ASCII character written as a \uXXXX escape. They sit in string,
 * template and regex literals (messages with "…", "–", "→"), where the escape means the same
 * character; but one of them makes V8 hold the whole file as a two-byte string, decoded from
 * UTF-8 the slow way: 23 such characters cost the CommonJS library ~3.4 M instructions of its
 * first call (of ~115 M), and the CLI's hook chunk likewise on every tool call.
 */
function asciiOnly(code, fileName) {
  return code.replace(/[^\x00-\x7f]/g, (c, at) => {
    // After a backslash the escape would change meaning (`\…` is the character itself; `\\u2026` is not).
    if (code[at - 1] === "\\") throw new Error(`${fileName}: a non-ASCII character after a backslash at ${at}: write it as \\u${c.charCodeAt(0).toString(16)} in the source`);
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

/** What `createRequire(import.meta.url)` becomes in a CommonJS chunk: a require for the chunk's own file. */
const CREATE_REQUIRE_HERE = `(0,node_module.createRequire)(require("url").pathToFileURL(__filename).href)`;
const NODE_MODULE_IMPORT = `let node_module=require("node:module");`;

/**
 * A CommonJS chunk's code with the module's own `require` where the sources make one with
 * createRequire (node-fs.ts, lazy.ts: an ES module has none): the same function, resolving from
 * the same file, without loading node:module, whose first require loads the ES module loader's
 * internals (~1 ms of a CommonJS harness's first tool result).
 */
function ownRequire(code, fileName) {
  const replaced = code.replaceAll(CREATE_REQUIRE_HERE, "require");
  if (replaced === code) return code;
  const uses = replaced.split("node_module").length - 1;
  if (uses === 1 && replaced.includes(NODE_MODULE_IMPORT)) return replaced.replace(NODE_MODULE_IMPORT, "");
  if (uses === 0) throw new Error(`${fileName}: node:module's import not found as ${NODE_MODULE_IMPORT}`);
  return replaced;
}

async function build(input, output, options = {}, { strict = false } = {}) {
  const bundle = await rolldown({ input, platform: "node", external, logLevel: "warn", ...options });
  const written = await bundle.write({ dir: "dist", format: "esm", entryFileNames: "[name].bundle.js", sourcemap: false, minify, ...output });
  await bundle.close();
  for (const chunk of written.output) {
    if (chunk.type !== "chunk") continue;
    const cjs = output.format === "cjs" ? ownRequire(chunk.code, chunk.fileName) : chunk.code;
    // The sources are ES modules, strict mode code; a CommonJS file is strict only if it says so.
    const code = strict ? `"use strict";${cjs}` : cjs;
    writeFileSync(`dist/${chunk.fileName}`, asciiOnly(code, chunk.fileName));
  }
  return written.output;
}

/**
 * A plugin that fills, once the graph is known, the set of modules each named list of entries
 * reaches by static imports (their dynamic imports stay apart): what a chunk group takes.
 */
function reach(entriesByName) {
  const reached = Object.fromEntries(Object.keys(entriesByName).map((name) => [name, new Set()]));
  const plugin = {
    name: "reach",
    buildEnd() {
      const visit = (set, id) => {
        if (set.has(id)) return;
        const info = this.getModuleInfo(id);
        if (!info) return;
        set.add(id);
        info.importedIds.forEach((d) => visit(set, d));
      };
      for (const [name, entries] of Object.entries(entriesByName)) {
        for (const f of entries) visit(reached[name], fileURLToPath(new URL(`../${f}`, import.meta.url)));
      }
    },
  };
  return { reached, plugin };
}

/**
 * The library and the pi extension as CommonJS, for `require("abridge-agent")` (package.json's
 * `require` condition) and, through the ES modules below, for `import`. Node's ES module loader
 * reads each module file asynchronously (an open, a stat, a read and a close, each a trip through
 * the thread pool and the event loop) and a module's imports only once the module is read: an ES
 * build of the library (an entry and the two chunks it imports) took 12 such trips to load, in
 * two rounds, where the entry below takes 4, in one; on a busy machine each is a wait for the
 * CPU. `require` reads and runs a file at once. Strict mode, as the ES modules the sources are.
 *
 * The library is one file: the pi extension's entry requires it for what the two share (the
 * session, AbridgeError), so one process has one core whichever entry it loads. The modules it
 * shares that hold no state (node-fs.js) the extension gets a copy of: taken from the library,
 * they would add names to the library's exports. The summarizer is exported (createSummarizer),
 * so it is in the library's file too.
 */
const COPIED = "?copy";
const copyStateless = {
  name: "copy-stateless",
  async resolveId(source, importer, options) {
    if (!importer?.includes("/dist/adapters/") || !source.endsWith("/node-fs.js")) return null;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    return resolved && { id: resolved.id + COPIED };
  },
  load(id) {
    return id.endsWith(COPIED) ? readFileSync(id.slice(0, -COPIED.length), "utf8") : null;
  },
};
const libraryReach = reach({ library: ["dist/index.js"] });
const library = await build(
  { index: "dist/index.js", pi: "dist/adapters/pi.js" },
  {
    format: "cjs",
    exports: "named",
    entryFileNames: "[name].bundle.cjs",
    chunkFileNames: "lib-[name]-[hash].bundle.cjs",
    // Every module the library reaches in one group, which its entry file takes in (its
    // signature may grow by what the extension imports: checked below).
    codeSplitting: { groups: [{ name: "library", test: (id) => libraryReach.reached.library.has(id) }] },
  },
  { checks: { ineffectiveDynamicImport: false }, plugins: [libraryReach.plugin, copyStateless], preserveEntrySignatures: "allow-extension" },
  { strict: true },
);

// Each entry file exports what its module does, no more: `require()` shows no internal name.
for (const [entry, source] of [["index", "../dist/index.js"], ["pi", "../dist/adapters/pi.js"]]) {
  const chunk = library.find((o) => o.type === "chunk" && o.isEntry && o.name === entry);
  const expected = Object.keys(await import(source)).sort();
  const exported = [...chunk.exports].sort();
  if (JSON.stringify(exported) !== JSON.stringify(expected)) throw new Error(`dist/${chunk.fileName} exports ${exported.join(", ")}; its module exports ${expected.join(", ")}`);
}
if (library.some((o) => o.type === "chunk" && !o.isEntry)) throw new Error(`the library must be one file: ${library.map((o) => o.fileName).join(", ")}`);

/**
 * The ES module entry for a CommonJS entry file: it requires the file and re-exports its exports
 * by name, so `import` and `require()` give one copy of the library (one core, one AbridgeError
 * class), and an ES module harness loads one small module file.
 */
function esModuleFacade(chunk) {
  const named = chunk.exports.filter((name) => name !== "default");
  const lines = [`import{createRequire}from"node:module";`, `const m=createRequire(import.meta.url)("./${chunk.fileName}");`];
  if (named.length > 0) lines.push(`export const{${named.join(",")}}=m;`);
  if (chunk.exports.includes("default")) lines.push(`export default m.default;`);
  const fileName = chunk.fileName.replace(/\.cjs$/, ".js");
  writeFileSync(`dist/${fileName}`, lines.join("\n") + "\n");
  return { type: "chunk", fileName, code: lines.join("\n") };
}
const facades = library.filter((o) => o.type === "chunk" && o.isEntry).map(esModuleFacade);

/**
 * The library's code moves to dist/library.bundle.cjs; dist/index.bundle.cjs becomes the entry
 * that runs it with V8's code cache (scripts/code-cache-entry.cjs), keyed by the code's content.
 * `require()`, the ES module facade and the pi extension all load that entry, so a process still
 * has one copy of the library.
 */
const CODE_FILE = "library.bundle.cjs";
const libraryChunk = library.find((o) => o.type === "chunk" && o.isEntry && o.name === "index");
// Written inside the function `require` wraps a module in, on its first line (line numbers hold):
// the entry compiles the file's text as it is, where adding the wrapper at run time would make V8
// flatten a second copy of ~180 KB, young memory a first call would fill the sooner.
const libraryCode = Buffer.concat([Buffer.from("(function (exports, require, module, __filename, __dirname) {"), readFileSync(`dist/${libraryChunk.fileName}`), Buffer.from("\n})")]);
writeFileSync(`dist/${CODE_FILE}`, libraryCode);
const codeHash = createHash("sha256").update(libraryCode).digest("hex").slice(0, 16);
const cacheEntry = readFileSync(new URL("code-cache-entry.cjs", import.meta.url), "utf8");
const filled = cacheEntry.replace('"__CODE_FILE__"', JSON.stringify(CODE_FILE)).replace('"__CODE_HASH__"', JSON.stringify(codeHash));
if (filled.includes("__CODE_")) throw new Error("scripts/code-cache-entry.cjs: a placeholder left unfilled");
writeFileSync(`dist/${libraryChunk.fileName}`, filled);

/**
 * What an agent starts on every tool call, in two chunks. "hook" is what `abridge hook` needs to
 * answer (the agents' hook code and the configuration): a PreToolUse, a command the wrapper
 * already ran and a short output need nothing else. "per-call" is the digest, the session and its
 * log, which only a long output loads (`abridge compact`, `abridge run`, and the session a hook
 * opens). `abridge run` (the wrapper a hook hands back) adds only its own module on top: a chunk
 * of its own, so that a hook does not load node:child_process. (A third chunk for the digest
 * alone, all `abridge compact` needs, measured no faster: each chunk is a file more to load.)
 */
const HOOK = ["dist/cli/hook.js"];
const PER_CALL = ["dist/cli/compact.js", "dist/cli/one-shot.js", "dist/session.js"];
/** Every module of the CLI's graph each chunk's entries reach by static imports, filled once the graph is known. */
const { reached: reachedBy, plugin: reachPlugin } = reach({ hook: HOOK, "per-call": PER_CALL });
/** A module the hook reaches goes to "hook" (the higher priority); the rest the per-call entries reach, to "per-call". */
const perCallGroups = [
  { name: "hook", priority: 2, test: (id) => reachedBy.hook.has(id) },
  { name: "per-call", priority: 1, test: (id) => reachedBy["per-call"].has(id) },
];
const cli = await build(
  { cli: "dist/cli.js" },
  {
    format: "cjs",
    entryFileNames: "[name].bundle.cjs",
    chunkFileNames: "cli-[name]-[hash].bundle.cjs",
    codeSplitting: { groups: perCallGroups },
  },
  // The per-call chunk holds the session the hook imports dynamically, on purpose.
  { checks: { ineffectiveDynamicImport: false }, plugins: [reachPlugin] },
);
// package.json's `bin` is the CommonJS build: Node's CommonJS loader starts faster than its ES
// module loader (no module graph to link, no ES facade over node:fs that loads its streams), and
// every tool call of an agent starts the CLI afresh. dist/cli.bundle.js stays, only requiring it,
// for hooks installed by earlier versions that name that path.
writeFileSync(
  "dist/cli.bundle.js",
  `#!/usr/bin/env node
import { createRequire } from "node:module";
createRequire(import.meta.url)("./cli.bundle.cjs");
`,
);
chmodSync("dist/cli.bundle.js", 0o755);
chmodSync("dist/cli.bundle.cjs", 0o755);

// opencode loads its plugin as one file, re-exported by absolute path from its plugins folder:
// a build of its own, sharing no chunk with the others, importing only node: built-ins (the
// runtime dependencies load lazily, from the installed package, when a summary or exact count
// needs them), never `@opencode-ai/plugin` (opencode downloads that at start; offline it fails).
// Loaded once when opencode starts, not per call: left readable.
const opencodeOutput = await build({ opencode: "dist/adapters/opencode.js" }, { codeSplitting: false, minify: false });
const [opencodeBundle] = opencodeOutput;
const staticImports = [...opencodeBundle.code.matchAll(/^import\b[^"']*["']([^"']+)["']/gm)].map((m) => m[1]);
const outside = staticImports.filter((s) => !s.startsWith("node:"));
if (opencodeOutput.length !== 1 || outside.length > 0) throw new Error(`dist/opencode.bundle.js must be one file importing only node: built-ins; got ${opencodeOutput.length} file(s), imports ${outside.join(", ")}`);
const codeAndEntry = [{ type: "chunk", fileName: CODE_FILE, code: libraryChunk.code }, { type: "chunk", fileName: libraryChunk.fileName, code: filled }];
const output = [...codeAndEntry, ...library.filter((o) => o !== libraryChunk), ...facades, ...cli, opencodeBundle];
console.log(output.map((o) => `dist/${o.fileName}: ${(o.type === "chunk" ? o.code.length : 0).toLocaleString("en-US")} chars`).join("\n"));
