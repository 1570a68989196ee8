// Every fixture outside the held-out part, as a tool result: the walk over tests/fixtures that
// suites comparing two ways of answering (cores, runtimes, prefilters) run on.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { isHeldOut } from "./held-out.js";

const FIXTURES = new URL("../../fixtures/", import.meta.url).pathname;

export interface TuningOutput {
  /** The fixture's folder below tests/fixtures (`corpus/…` for the corpus). */
  id: string;
  text: string;
  tool: string;
  args: unknown;
  exitCode: number;
}

/** The fixtures that hold an `output`, in path order, held-out programs left out. */
export function tuningOutputs(): TuningOutput[] {
  const found: TuningOutput[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (!statSync(path).isDirectory()) continue;
      if (!existsSync(join(path, "output"))) {
        walk(path);
        continue;
      }
      const meta = existsSync(join(path, "meta.json")) ? JSON.parse(readFileSync(join(path, "meta.json"), "utf8")) : {};
      if (isHeldOut(meta)) continue;
      found.push({ id: path.slice(FIXTURES.length), text: readFileSync(join(path, "output"), "utf8"), tool: meta.tool ?? "bash", args: meta.args ?? {}, exitCode: meta.exitCode ?? -1 });
    }
  };
  walk(FIXTURES);
  return found;
}
