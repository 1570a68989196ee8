// `abridge log` and `abridge report` on a log written by a replay of a real
// Claude Code session: the markers' line ranges page the omitted lines exactly.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture, runCli } from "./support/run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "abridge-log-"));
const log = join(dir, "session.jsonl");
const MAKE = "toolu_01Qm7Zs4wVbN2kLx8RtYpA1c";
const makeLines = readFileSync(fixture("make-k-c-syntax-error/output"), "utf8").trimEnd().split("\n");

beforeAll(() => {
  const r = runCli(["replay", fixture("transcripts/claude-code-session.jsonl"), "--log", log]);
  expect(r.status, r.stderr).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function completion(callId: string): { llmContent: string; category: string } {
  return readFileSync(log, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l))
    .find((r) => r.type === "completion" && r.callId === callId);
}

describe("abridge log", () => {
  it("lists the calls", () => {
    const r = runCli(["log", "list", log]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^${MAKE} +Bash +CommandOutput +[\\d,]+ +[\\d,]+ +Error: u301\\.c:4:3: error`, "m"));
    expect(r.stdout).toMatch(/^5 calls$/m);
  });

  it("pages exactly the lines a marker says were omitted", () => {
    const markers = [...completion(MAKE).llmContent.matchAll(/\[\.\.\.([\d,]+) chars omitted\.\.\.\] lines (\d+)–(\d+) of (\d+); read more: abridge_read id=(\S+) offset=(\d+)/g)];
    expect(markers.length).toBeGreaterThan(0);
    for (const [, , first, last, total, id, offset] of markers) {
      expect(id).toBe(MAKE);
      expect(offset).toBe(first);
      expect(Number(total)).toBe(makeLines.length);
      const limit = Number(last) - Number(first) + 1;
      const r = runCli(["log", "show", log, "--id", MAKE, "--offset", first!, "--limit", String(limit)]);
      expect(r.status).toBe(0);
      const lines = r.stdout.trimEnd().split("\n");
      const want = makeLines.slice(Number(first) - 1, Number(last)).map((l, i) => `${Number(first) + i}: ${l}`);
      expect(lines.slice(0, -1)).toEqual(want);
      const next = Number(last) < makeLines.length ? `next: offset=${Number(last) + 1}` : "end of output";
      expect(lines.at(-1)).toBe(`[showing lines ${first}-${last} of ${makeLines.length} total; ${next}]`);
    }
  });

  it("greps the full output, literally or as a regular expression, with context", () => {
    const literal = runCli(["log", "search", log, "--id", MAKE, "error:"]);
    expect(literal.status).toBe(0);
    const expected = makeLines.flatMap((l, i) => (l.includes("error:") ? [`${i + 1}:${l}`] : []));
    expect(literal.stdout.trimEnd().split("\n")).toEqual([...expected, `[${expected.length} matching line${expected.length === 1 ? "" : "s"} of ${makeLines.length} total]`]);

    const regex = runCli(["log", "search", log, "--id", MAKE, "--regex", "-C", "1", "^make: \\*\\*\\*"]);
    expect(regex.status).toBe(0);
    const hit = makeLines.findIndex((l) => l.startsWith("make: ***")) + 1;
    expect(regex.stdout).toContain(`${hit - 1}-${makeLines[hit - 2]}\n${hit}:${makeLines[hit - 1]}\n${hit + 1}-${makeLines[hit]}`);
  });

  it("answers usage errors with exit 2 and log errors with their code", () => {
    for (const args of [["log"], ["log", "tail", log], ["log", "show"], ["log", "show", log], ["log", "search", log, "--id", MAKE], ["log", "show", log, "--id", MAKE, "--offset", "0"]]) {
      const r = runCli(args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(/^abridge: ABRIDGE_USAGE: /);
    }
    const missing = runCli(["log", "show", log, "--id", "toolu_nope"]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^abridge: ABRIDGE_LOG_NOT_FOUND: no call "toolu_nope"/);
    const noLog = runCli(["log", "show", join(dir, "none.jsonl"), "--id", MAKE]);
    expect(noLog.stderr).toMatch(/^abridge: ABRIDGE_LOG_READ: no log at /);
    const badRegex = runCli(["log", "search", log, "--id", MAKE, "--regex", "("]);
    expect(badRegex.status).toBe(1);
    expect(badRegex.stderr).toMatch(/^abridge: ABRIDGE_INVALID_PATTERN: /);
  });
});

describe("abridge report", () => {
  it("totals per session, tool and category, the same in text and JSON", () => {
    const json = runCli(["report", log, "--json"]);
    expect(json.status).toBe(0);
    const out = JSON.parse(json.stdout);
    expect(out.total.calls).toBe(5);
    expect(out.calls).toHaveLength(5);
    expect(out.total.rawTokens).toBe(out.calls.reduce((s: number, c: { rawTokens: number }) => s + c.rawTokens, 0));
    expect(out.total.sentTokens).toBe(out.calls.reduce((s: number, c: { sentTokens: number }) => s + c.sentTokens, 0));
    expect(out.tools.Bash.calls).toBe(5);
    expect(Object.keys(out.categories).sort()).toEqual(["CommandOutput", "DirectoryListing", "FileContent", "SearchResults"]);
    expect(out.calls[0]).not.toHaveProperty("output");

    const text = runCli(["report", log]);
    expect(text.status).toBe(0);
    const n = (x: number) => x.toLocaleString("en-US");
    const pct = Math.round((out.total.savedTokens / out.total.rawTokens) * 100);
    expect(text.stdout).toContain(`5 tool results in 1 session: ${n(out.total.rawTokens)} raw → ${n(out.total.sentTokens)} sent tokens, ${pct}% saved`);
    for (const title of ["per session", "per tool", "per category"]) expect(text.stdout).toMatch(new RegExp(`^${title}$`, "m"));
    const cmd = out.categories.CommandOutput;
    expect(text.stdout).toMatch(new RegExp(`^CommandOutput +${cmd.calls} +${n(cmd.rawTokens)} +${n(cmd.sentTokens)} +\\d+%`, "m"));
  });

  it("answers usage errors with exit 2 and a missing log with its code", () => {
    for (const args of [["report"], ["report", log, log], ["report", log, "--html"], ["report", log, "--nope"], ["report", log, "--html", join(dir, "no/such/dir/r.html")]]) {
      const r = runCli(args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(/^abridge: ABRIDGE_USAGE: /);
    }
    const missing = runCli(["report", join(dir, "none.jsonl")]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^abridge: ABRIDGE_LOG_READ: no log at /);
  });
});
