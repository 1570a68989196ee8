// The read hint an omission marker carries is the configured template with `{id}` and then
// `{log}` filled in, for every call id: ids that could help form a `{log}` of the template
// (braces, pieces of "log") give the text filling both in turn gives.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createAbridge } from "../../host/session.js";
import { tuningFixture } from "./support/tuning-fixture.js";

/** `{log}` pieced around `{id}`, and a log path that is not one shell word. */
const TEMPLATE = "more: {l{id}g} id={id} in {log} offset={first}";
/** With ids a string replacement would read as patterns (`$&`, `$$`, `$'`): they are written as they are. */
const IDS = ["call_7", "o", "lo", "log", "g", "x{", "}", "{log}", "a}b{c", "{id}", "{first}", "$&", "{$$}", "$'"];

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

describe("the read hint of an omission marker", () => {
  it("is the template with the id, then the log's path, filled in, whatever the id", async () => {
    const dir = mkdtempSync(join(tmpdir(), "abridge hint-"));
    const path = join(dir, "it's.jsonl");
    const session = createAbridge({ cwd: dir, env: {}, log: { dir, path, readHint: TEMPLATE } });
    const { input } = tuningFixture("git-cherry-pick-conflict");
    const quoted = `'${path.replaceAll("'", `'\\''`)}'`;
    // Twice over: the second round reads the template's pieces kept from the first.
    for (const callId of [...IDS, ...IDS]) {
      const r = await session.process({ ...input, callId });
      expect(r.truncated, callId).toBe(true);
      const hint = TEMPLATE.replaceAll("{id}", () => callId).replaceAll("{log}", () => quoted);
      const [before, after] = hint.split("{first}");
      expect(r.llmContent, callId).toMatch(new RegExp(`; ${escapeRegExp(before!)}\\d+${escapeRegExp(after!)}`));
    }
    await session.close();
  });
});
