// Every real fixture's LLM content at the default level, stored beside it as
// expected.balanced.txt. A change of behaviour shows up as a diff of these files. A missing
// or different golden fails; to write them deliberately after a change you meant:
//   ABRIDGE_UPDATE_GOLDEN=1 npx vitest run tests/host/fixtures-expected.test.ts
// then review `git diff tests/fixtures`.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";

const ROOT = fileURLToPath(new URL("../fixtures/", import.meta.url));

function fixtureDirs(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) return [];
    try {
      statSync(join(path, "meta.json"));
      statSync(join(path, "output"));
      return [path];
    } catch {
      return fixtureDirs(path);
    }
  });
}

const fixtures = fixtureDirs(ROOT).sort();

describe("fixtures: expected LLM content at the default level", () => {
  it("finds the fixtures", () => {
    expect(fixtures.length).toBeGreaterThan(50);
  });

  it.each(fixtures.map((dir) => [dir.slice(ROOT.length), dir]))("%s", async (_id, dir) => {
    const meta = JSON.parse(readFileSync(join(dir, "meta.json"), "utf8"));
    const result = compact({ tool: meta.tool ?? "", args: meta.args, output: readFileSync(join(dir, "output")), exitCode: meta.exitCode ?? undefined });
    expect(result.llmContent.length).toBeLessThanOrEqual(Math.max(result.metadata.budget, 1500));
    const golden = join(dir, "expected.balanced.txt");
    if (process.env.ABRIDGE_UPDATE_GOLDEN === "1") writeFileSync(golden, result.llmContent);
    if (!existsSync(golden)) throw new Error(`no golden ${golden}: write it with ABRIDGE_UPDATE_GOLDEN=1 and review it`);
    expect(result.llmContent).toBe(readFileSync(golden, "utf8"));
  });
});
