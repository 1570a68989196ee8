// abridge as a library user calls it: createAbridge({ level }).process(...), from the built dist/.
// Until the package exports createAbridge, the synchronous compact() pipeline of
// dist/abridge.js is measured instead, and the report says so.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// ABRIDGE_DIST measures another build of the host (e.g. a private `tsc --outDir`); with
// ABRIDGE_CORE_WASM (read by host/core.ts) it can be paired with another build of the core.
const DIST_DIR = process.env.ABRIDGE_DIST ? new URL(`${process.env.ABRIDGE_DIST.replace(/\/?$/, "/")}`, `file://${process.cwd()}/`) : new URL("../../dist/", import.meta.url);
const DIST = new URL("index.js", DIST_DIR);
const PIPELINE = new URL("abridge.js", DIST_DIR);

/** A fixture as the call a harness makes: its tool, arguments, raw bytes and exit code. */
export const input = (fixture) => ({
  tool: fixture.meta.tool,
  args: fixture.meta.args,
  output: fixture.bytes,
  exitCode: fixture.meta.exitCode,
  callId: fixture.id,
});

/**
 * Returns { run: async (fixture) => llmContent, note? } for a level, or for an exact budget in
 * chars when one is given, or { error }.
 */
export async function loadAbridge(level, budget) {
  const size = budget === undefined ? { level } : { budget };
  if (!existsSync(DIST)) return { error: `${DIST.pathname} is missing: run \`npm run build\`` };
  const mod = await import(DIST.href);
  if (typeof mod.createAbridge === "function") {
    // The default pipeline, full-output log included, but isolated: its own log directory,
    // no config file and no environment (so no summarizer is switched on from outside).
    const dir = mkdtempSync(join(tmpdir(), "abridge-eval-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    const abridge = mod.createAbridge({ ...size, cwd: dir, env: {}, log: { dir: join(dir, "sessions") } });
    return { run: async (fixture) => (await abridge.process(input(fixture))).llmContent };
  }
  if (existsSync(PIPELINE)) {
    const { compact } = await import(PIPELINE.href);
    if (typeof compact === "function") {
      return {
        run: async (fixture) => compact(input(fixture), size).llmContent,
        note: "dist/index.js does not export createAbridge yet: abridge was measured through dist/abridge.js compact(), the same pipeline without the log",
      };
    }
  }
  return { error: "dist/index.js does not export createAbridge yet" };
}
