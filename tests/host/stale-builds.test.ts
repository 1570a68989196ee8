// Builds compared with each other must be made from the sources as they are (support/stale-builds.ts).
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { staleBuilds } from "./support/stale-builds.js";

/** A tree of sources and two builds, each file dated `at` seconds since the epoch. */
function tree(dates: { source: number; deepSource: number; core: number; component: number }) {
  const root = mkdtempSync(join(tmpdir(), "abridge-stale-"));
  const sources = join(root, "assembly");
  mkdirSync(join(sources, "important"), { recursive: true });
  const files = {
    source: join(sources, "index.ts"),
    deepSource: join(sources, "important", "failure-list.ts"),
    core: join(root, "abridge.wasm"),
    component: join(root, "abridge.core.wasm"),
  };
  for (const [name, path] of Object.entries(files)) {
    writeFileSync(path, name);
    const at = dates[name as keyof typeof dates];
    utimesSync(path, at, at);
  }
  return { sources, builds: [files.core, files.component], deep: files.deepSource, core: files.core };
}

describe("staleBuilds", () => {
  it("finds none when every build was made after the last change to the sources", () => {
    const t = tree({ source: 1000, deepSource: 2000, core: 3000, component: 3001 });
    expect(staleBuilds(t.sources, t.builds)).toEqual([]);
  });

  it("names the build made before a change in a nested folder, and the changed file", () => {
    const t = tree({ source: 1000, deepSource: 4000, core: 3000, component: 5000 });
    expect(staleBuilds(t.sources, t.builds)).toEqual([`${t.core} is older than ${t.deep}`]);
  });
});
