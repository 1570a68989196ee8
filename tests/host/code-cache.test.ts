// The library's entry runs its code with the V8 code cache an earlier process left
// (scripts/code-cache-entry.cjs): checked here on the package laid out as installed, by which
// cache files exist and whether a process rewrote them, never by time.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { ensureBuiltCli } from "./support/built-cli.js";
import { isHeldOut } from "./support/held-out.js";

const ROOT = join(ensureBuiltCli(), "../..");
const dir = mkdtempSync(join(tmpdir(), "abridge-code-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A real compiler log (scripts/capture), the kind of output a harness's first call digests. */
const FIXTURE = new URL("../fixtures/corpus/gcc-wall-wextra-errors/", import.meta.url);

/** The package as npm installs it in a project: <project>/node_modules/abridge-agent. */
const project = join(dir, "project");
const installed = join(project, "node_modules", "abridge-agent");
const cacheDir = join(project, "node_modules", ".cache", "abridge-agent");
for (const file of ["package.json", "dist/index.bundle.cjs", "dist/library.bundle.cjs", "build/abridge.wasm", "build/abridge.small.wasm"]) {
  mkdirSync(join(installed, file, ".."), { recursive: true });
  copyFileSync(join(ROOT, file), join(installed, file));
}

/**
 * Runs a fresh process that requires the installed package and, for "process", digests the log
 * through a session; returns what it printed, its call id (random per session) made constant.
 */
function freshProcess(work: "load" | "process" | "process-then-exit", env: NodeJS.ProcessEnv = process.env): string {
  const probe = join(dir, "probe.cjs");
  writeFileSync(
    probe,
    `const abridge = require(${JSON.stringify(join(installed, "dist/index.bundle.cjs"))});
     if (process.argv[2] !== "load") {
       const session = abridge.createAbridge({ cwd: ${JSON.stringify(dir)}, env: {}, log: { dir: ${JSON.stringify(join(dir, "log"))} } });
       const output = require("node:fs").readFileSync(process.argv[3], "utf8");
       session.process({ tool: "bash", output, exitCode: 1 }).then((r) => { process.stdout.write(r.llmContent); return session.close(); })
         .then(() => { if (process.argv[2] === "process-then-exit") process.exit(0); });
     }`,
  );
  const printed = execFileSync(process.execPath, [probe, work, new URL("output", FIXTURE).pathname], { encoding: "utf8", env });
  return printed.replace(/\bid=call_\w+/g, "id=call_ID");
}

const cacheFiles = () => (existsSync(cacheDir) ? readdirSync(cacheDir) : []);
const codeHash = () => createHash("sha256").update(readFileSync(join(installed, "dist/library.bundle.cjs"))).digest("hex").slice(0, 16);

describe("the library's code cache", () => {
  beforeEach(() => rmSync(join(project, "node_modules", ".cache"), { recursive: true, force: true }));

  it("is read from a fixture tests may use", () => {
    expect(isHeldOut(JSON.parse(readFileSync(new URL("meta.json", FIXTURE), "utf8")))).toBe(false);
  });

  it("is not written by a process that only loaded the library: it would hold little more than the top level", () => {
    freshProcess("load");
    expect(cacheFiles()).toEqual([]);
  });

  it("is written once by a process that called the core, in the project's node_modules/.cache, named by the code's content", () => {
    const digest = freshProcess("process");
    expect(digest).toContain("error:");
    const files = cacheFiles();
    expect(files).toHaveLength(1);
    expect(files[0]!.startsWith(`${codeHash()}-v8-${process.versions.v8}-${process.platform}-${process.arch}-`)).toBe(true);
    expect(readdirSync(join(installed, "dist")).sort()).toEqual(["index.bundle.cjs", "library.bundle.cjs"]);
  });

  it("is written by a harness that ends with process.exit() too", () => {
    freshProcess("process-then-exit");
    expect(cacheFiles()).toHaveLength(1);
  });

  it("replaces the caches of other versions of the code when it is written", () => {
    mkdirSync(cacheDir, { recursive: true });
    const earlier = `${"0".repeat(16)}-v8-${process.versions.v8}-${process.platform}-${process.arch}-00000000.bin`;
    writeFileSync(join(cacheDir, earlier), "an earlier version's cache");
    freshProcess("process");
    const files = cacheFiles();
    expect(files).toHaveLength(1);
    expect(files[0]!.startsWith(codeHash())).toBe(true);
  });

  it("is read by the next process and left as it was (V8 accepted it), which digests the same", () => {
    const first = freshProcess("process");
    const [file] = cacheFiles();
    const before = statSync(join(cacheDir, file!));
    expect(freshProcess("process")).toBe(first);
    const after = statSync(join(cacheDir, file!));
    expect([after.ino, after.mtimeMs, after.size]).toEqual([before.ino, before.mtimeMs, before.size]);
    expect(cacheFiles()).toEqual([file]);
  });

  it("is replaced when V8 rejects it, and the process digests the same meanwhile", () => {
    const first = freshProcess("process");
    const [file] = cacheFiles();
    const path = join(cacheDir, file!);
    const garbage = Buffer.alloc(statSync(path).size, 0x5a);
    writeFileSync(path, garbage);
    expect(freshProcess("process")).toBe(first);
    expect(readFileSync(path).equals(garbage)).toBe(false);
    expect(cacheFiles()).toEqual([file]);
  });

  it("is applied to the code's text as read: young memory holds one copy of it, not a second one flattened with a wrapper", () => {
    const script = `const v8 = require("node:v8");
      require(${JSON.stringify(join(installed, "dist/index.bundle.cjs"))});
      const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_large_object_space");
      process.stdout.write(String(young.space_used_size));`;
    const youngLarge = Number(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }));
    const text = statSync(join(installed, "dist/library.bundle.cjs")).size;
    expect(youngLarge).toBeGreaterThanOrEqual(text);
    expect(youngLarge).toBeLessThan(text * 1.5);
  });

  it("is neither read nor written with ABRIDGE_CODE_CACHE=off", () => {
    const first = freshProcess("process");
    const [file] = cacheFiles();
    const path = join(cacheDir, file!);
    // A cache V8 would reject: a process that read it would replace it.
    const garbage = Buffer.alloc(statSync(path).size, 0x5a);
    writeFileSync(path, garbage);
    expect(freshProcess("process", { ...process.env, ABRIDGE_CODE_CACHE: "off" })).toBe(first);
    expect(readFileSync(path).equals(garbage)).toBe(true);
    rmSync(cacheDir, { recursive: true, force: true });
    freshProcess("process", { ...process.env, ABRIDGE_CODE_CACHE: "0" });
    expect(cacheFiles()).toEqual([]);
  });

  it("runs the library in the realm that required it (a test runner's vm context), compiled there without a cache", () => {
    freshProcess("process");
    expect(cacheFiles()).toHaveLength(1);
    const entry = join(installed, "dist/index.bundle.cjs");
    const script = `const vm = require("node:vm");
      const entry = ${JSON.stringify(entry)};
      const sandbox = vm.createContext({ process, Buffer, URL, TextEncoder, TextDecoder, setTimeout, clearTimeout, setImmediate, queueMicrotask, console });
      const source = require("node:fs").readFileSync(entry, "utf8");
      const wrapper = vm.runInContext("(function (exports, require, module, __filename, __dirname) {" + source + "\\n})", sandbox);
      const m = { exports: {} };
      wrapper(m.exports, require, m, entry, require("node:path").dirname(entry));
      const digest = m.exports.compact({ tool: "bash", output: require("node:fs").readFileSync(process.argv[1], "utf8"), exitCode: 1 });
      const sandboxObject = vm.runInContext("Object.prototype", sandbox);
      process.stdout.write(JSON.stringify([m.exports.createAbridge instanceof vm.runInContext("Function", sandbox), Object.getPrototypeOf(digest) === sandboxObject]));`;
    const printed = execFileSync(process.execPath, ["-e", script, new URL("output", FIXTURE).pathname], { encoding: "utf8" });
    expect(JSON.parse(printed)).toEqual([true, true]);
  });

  it("that cannot be written leaves the library working as without one", () => {
    const first = freshProcess("process");
    rmSync(join(project, "node_modules", ".cache"), { recursive: true, force: true });
    // A file where the cache's folder would go: creating the folder fails.
    writeFileSync(join(project, "node_modules", ".cache"), "");
    expect(freshProcess("process")).toBe(first);
    expect(statSync(join(project, "node_modules", ".cache")).isFile()).toBe(true);
  });
});
