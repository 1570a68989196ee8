// Results are made on every call: they must share V8 hidden classes. Objects that each get a
// hidden class of their own, chained from the last one's, keep earlier calls' outputs alive
// through young-generation collections (lazy-props.ts): the cost shows as time spent collecting,
// so it is checked here by what it stands for, the hidden classes, in a child process that may
// ask V8 (--allow-natives-syntax).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ensureBuiltCli } from "./support/built-cli.js";

const dir = mkdtempSync(join(tmpdir(), "abridge-shapes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function sameHiddenClasses(): Record<string, boolean> {
  const bundle = join(ensureBuiltCli(), "../index.bundle.js");
  const script = `
    const { compact, createAbridge } = await import(${JSON.stringify(bundle)});
    const output = (i) => Array.from({ length: 300 }, (_, k) => \`[\${k}] cc -c unit_\${i}_\${k}.c\${k === 150 ? " error: boom" : ""}\`).join("\\n");
    const same = (a, b) => %HaveSameMap(a, b);
    const a = compact({ tool: "bash", output: output(1), exitCode: 1 });
    const b = compact({ tool: "bash", output: output(2), exitCode: 1 });
    const session = createAbridge({ cwd: ${JSON.stringify(dir)}, env: {}, log: { dir: ${JSON.stringify(dir)} } });
    const p = await session.process({ tool: "bash", output: output(3), exitCode: 1 });
    const q = await session.process({ tool: "bash", output: output(4), exitCode: 1 });
    await session.close();
    console.log(JSON.stringify({
      compactResult: same(a, b),
      compactMetadata: same(a.metadata, b.metadata),
      processResult: same(p, q),
      processMetadata: same(p.metadata, q.metadata),
      readsBack: a.uiContent.includes("error: boom") && a.metadata.llmTokens > 0 && p.uiContent.includes("error: boom"),
    }));`;
  const out = execFileSync(process.execPath, ["--allow-natives-syntax", "--input-type=module", "-e", script], { encoding: "utf8" });
  return JSON.parse(out) as Record<string, boolean>;
}

describe("results of successive calls", () => {
  it("share one hidden class, and so do their metadata, with the lazy fields still readable", () => {
    expect(sameHiddenClasses()).toEqual({ compactResult: true, compactMetadata: true, processResult: true, processMetadata: true, readsBack: true });
  });
});
