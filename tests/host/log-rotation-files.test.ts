// rotateFiles() deletes the files past `keep` (their pages freed by the thread pool, their
// names gone at once) and shifts the others, as the log format describes.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rotateFiles } from "../../host/log/rotation.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "abridge-rotation-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("rotateFiles", () => {
  it("drops the files past keep at once and shifts the rest", () => {
    const path = join(dir, "s.jsonl");
    for (const [name, text] of [["s.jsonl", "live"], ["s.jsonl.1", "one"], ["s.jsonl.2", "two"], ["s.jsonl.3", "three"], ["s.jsonl.4", "four"]]) writeFileSync(join(dir, name!), text!);
    rotateFiles(path, 2);
    expect(readdirSync(dir).sort()).toEqual(["s.jsonl.1", "s.jsonl.2"]);
    expect(readFileSync(`${path}.1`, "utf8")).toBe("live");
    expect(readFileSync(`${path}.2`, "utf8")).toBe("one");
  });

  it("deletes the live file with keep 0, and minds no missing file", () => {
    const path = join(dir, "s.jsonl");
    writeFileSync(path, "live");
    rotateFiles(path, 0);
    expect(existsSync(path)).toBe(false);
    rotateFiles(path, 0);
    rotateFiles(path, 3);
    expect(readdirSync(dir)).toEqual([]);
  });
});
