// Resource limits: an output over the documented maximum is refused with a typed
// error before anything reads it; a refused output never takes the harness down.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compact, createAbridge, isAbridgeError } from "../../host/index.js";
import { MAX_INPUT_CHARS, coreGeneration, coreMemoryBytes, RETAIN_MEMORY_BYTES } from "../../host/core.js";
// @ts-expect-error: a plain ES module of the bench data, without types
import { buildLog } from "../../bench/data/build-log.mjs";
import { clean } from "../../host/core-api.js";

// Not filled: the pages are never touched, so this costs address space, not memory.
const tooBig = Buffer.allocUnsafe(MAX_INPUT_CHARS + 1);
const dir = mkdtempSync(join(tmpdir(), "abridge-limits-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return isAbridgeError(err) ? err.code : `untyped: ${(err as Error).message}`;
  }
  return undefined;
}

describe("inputs over the maximum", () => {
  it("compact refuses bytes over 512 Mi with ABRIDGE_INPUT_TOO_LARGE", () => {
    expect(codeOf(() => compact({ tool: "bash", output: tooBig }))).toBe("ABRIDGE_INPUT_TOO_LARGE");
  });

  it("a session reports the refusal as a typed rejection and stays usable", async () => {
    const abridge = createAbridge({ cwd: dir, env: {}, log: { dir } });
    const errors: string[] = [];
    abridge.on("error", (e) => errors.push(e.code));
    await expect(abridge.process({ tool: "bash", output: tooBig, callId: "huge" })).rejects.toMatchObject({ code: "ABRIDGE_INPUT_TOO_LARGE" });
    // A record that large cannot be encoded as one JSON line: said through the event, not thrown.
    expect(errors).toEqual(["ABRIDGE_LOG_WRITE"]);
    // The next call works as usual.
    const r = await abridge.process({ tool: "bash", output: "ok\n", callId: "next" });
    expect(r.llmContent).toBe("ok\n");
    await abridge.close();
  });
});

describe("memory after a huge output", () => {
  it("an instance grown past 64 MiB is dropped after the call, so memory does not stay high", () => {
    const big = "error: x\n" + "y".repeat(40 * 1024 * 1024); // 80 MB as UTF-16 in the core
    clean(big);
    expect(coreMemoryBytes()).toBe(0); // dropped; the next call instantiates again
    clean("small");
    expect(coreMemoryBytes()).toBeLessThanOrEqual(RETAIN_MEMORY_BYTES);
  });
});

describe("memory sized for the call", () => {
  it("a 10 MB coloured build log runs in one growth of memory, and the instance is kept", () => {
    const log: string = buildLog(10 * 1024 * 1024, 0.4);
    const input = { tool: "bash", args: { command: "make -k" }, output: log, exitCode: 2 };
    compact(input);
    const generation = coreGeneration();
    const grown = coreMemoryBytes();
    // Grown once to 2.5× the lowered UTF-16 (on top of what the instance had), not doubled past it:
    // doubling would end above 64 MiB and drop the instance after every such call.
    expect(grown).toBeGreaterThan(0);
    expect(grown).toBeLessThanOrEqual(Math.ceil(log.length * 2 * 2.5) + (4 << 20));
    expect(compact(input).llmContent).toContain("error:");
    expect(coreGeneration()).toBe(generation);
    expect(coreMemoryBytes()).toBe(grown);
  });
});
