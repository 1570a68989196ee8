// What V8 recompiles with TurboFan during a harness's first tool result, counted by the size of
// each function it recompiles, never in milliseconds. Node waits for those background compiles
// before a process exits, and a compile takes longer the larger its function: the per-line
// readers stay functions of their own in the Node build (scripts/asc-line-readers-apart.mjs),
// so the method feeding them each line is no ~9 KB function that a first output of a few
// hundred lines sends to TurboFan.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensureBuiltCli } from "./support/built-cli.js";
import { isHeldOut } from "./support/held-out.js";

const dir = mkdtempSync(join(tmpdir(), "abridge-tier-up-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A real compiler log of about 9 KB (scripts/capture), the size of a common first tool result. */
const FIXTURE = new URL("../fixtures/corpus/gcc-wall-wextra-errors/", import.meta.url);

/** Largest function (wasm body bytes) a first process() of that log may send to TurboFan. */
const LARGEST_TIERED_UP = 4096;

/** The body sizes of the functions V8 compiled in a fresh process that ran one process() of the log, by compiler. */
function compiledByFirstProcess(): { liftoff: number[]; turbofan: number[] } {
  const bundle = join(ensureBuiltCli(), "../index.bundle.cjs");
  const probe = join(dir, "probe.cjs");
  writeFileSync(
    probe,
    `const { createAbridge } = require(${JSON.stringify(bundle)});
     const abridge = createAbridge({ cwd: ${JSON.stringify(dir)}, env: {}, log: { dir: ${JSON.stringify(dir)} } });
     abridge.process({ tool: "bash", output: require("node:fs").readFileSync(process.argv[2], "utf8"), exitCode: 1 }).then(() => abridge.close());`,
  );
  // The flag only traces: V8 prints each function it compiled, its compiler and its body size.
  const out = execFileSync(process.execPath, ["--trace-wasm-compilation-times", probe, new URL("output", FIXTURE).pathname], { encoding: "utf8" });
  const sizes = (compiler: string) => [...out.matchAll(new RegExp(`using ${compiler}, .*bodysize (\\d+)`, "g"))].map((m) => Number(m[1]));
  return { liftoff: sizes("Liftoff"), turbofan: sizes("TurboFan") };
}

describe("the first process() of a 9 KB log in a fresh process", () => {
  const meta = JSON.parse(readFileSync(new URL("meta.json", FIXTURE), "utf8"));
  const compiled = compiledByFirstProcess();

  it("is a fixture tests may use", () => {
    expect(isHeldOut(meta)).toBe(false);
  });

  it("sees V8's trace of the core's compiles", () => {
    expect(compiled.liftoff.length).toBeGreaterThan(100);
  });

  it("sends no large function of the core to TurboFan, whose compile Node would wait for at exit", () => {
    expect(compiled.turbofan.filter((size) => size >= LARGEST_TIERED_UP)).toEqual([]);
  });
});
