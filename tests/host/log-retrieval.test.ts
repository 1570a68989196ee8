import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LogWriter } from "../../host/log/writer.js";
import { LogRetrieval, capLine } from "../../host/log/retrieval.js";
import { isAbridgeError } from "../../host/errors.js";

// Real output: `cd /usr/lib/python3.11 && grep -rn "def " email` (see meta.json).
const FIXTURE = new URL("../fixtures/grep-def-python-email/", import.meta.url);
const grepOutput = readFileSync(new URL("output", FIXTURE), "utf8");
const facts = JSON.parse(readFileSync(new URL("meta.json", FIXTURE), "utf8")).facts;

let dir: string;
let path: string;
let writer: LogWriter;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "abridge-retrieval-"));
  path = join(dir, "s.jsonl");
  writer = new LogWriter({ path, sessionId: "s" });
});
afterEach(() => {
  writer.close();
  rmSync(dir, { recursive: true, force: true });
});

function expectCode(fn: () => unknown, code: string, message?: RegExp): void {
  try {
    fn();
  } catch (err) {
    expect(isAbridgeError(err)).toBe(true);
    expect((err as { code: string }).code).toBe(code);
    if (message) expect((err as Error).message).toMatch(message);
    return;
  }
  throw new Error(`expected ${code}`);
}

describe("read", () => {
  it("pages a real output with line numbers and a footer naming the next offset", () => {
    writer.appendCall({ callId: "g1", tool: "bash", output: grepOutput });
    const r = new LogRetrieval({ path });
    const first = r.read("g1");
    const lines = first.text.split("\n");
    expect(lines).toHaveLength(101);
    expect(lines[0]).toBe(`1: ${facts.firstLine}`);
    expect(lines[100]).toBe(`[showing lines 1-100 of ${facts.lines} total; next: offset=101]`);
    expect(first).toMatchObject({ firstLine: 1, lastLine: 100, totalLines: 530, nextOffset: 101, tool: "bash", lossy: false });

    const last = r.read("g1", { offset: 501, limit: 100 });
    expect(last.text.split("\n").at(-2)).toBe(`530: ${facts.lastLine}`);
    expect(last.text.endsWith("[showing lines 501-530 of 530 total; end of output]")).toBe(true);
    expect(last.nextOffset).toBeNull();

    // Paging through reproduces the output exactly.
    const rebuilt: string[] = [];
    for (let offset: number | null = 1; offset !== null; ) {
      const page = r.read("g1", { offset, limit: 77 });
      rebuilt.push(...page.text.split("\n").slice(0, -1).map((l) => l.replace(/^\d+: /, "")));
      offset = page.nextOffset;
    }
    expect(rebuilt.join("\n") + "\n").toBe(grepOutput);
  });

  it("handles empty output, no trailing newline, CRLF and an offset past the end", () => {
    writer.appendCall({ callId: "empty", tool: "t", output: "" });
    writer.appendCall({ callId: "crlf", tool: "t", output: "one\r\ntwo\r\nthree" });
    writer.appendCall({ callId: "nl", tool: "t", output: "\n" });
    const r = new LogRetrieval({ path });
    expect(r.read("empty")).toMatchObject({ totalLines: 0, text: "[the output is empty: 0 lines]" });
    expect(r.read("crlf").text).toBe("1: one\n2: two\n3: three\n[showing lines 1-3 of 3 total; end of output]");
    expect(r.read("nl").text).toBe("1: \n[showing lines 1-1 of 1 total; end of output]");
    expect(r.read("crlf", { offset: 9 }).text).toBe("[offset=9 is past the end: the output has 3 lines]");
  });

  it("cuts an over-long line at a code-point boundary and says how much", () => {
    const long = "ab😀".repeat(1000); // 4,000 units; 😀 is d83d de00
    writer.appendCall({ callId: "long", tool: "t", output: long });
    const r = new LogRetrieval({ path, maxLineChars: 7 });
    // 7 units would end inside the second 😀 (index 6 is d83d): cut before it.
    expect(r.read("long").text.split("\n")[0]).toBe("1: ab😀ab… [+3994 chars]");
    expect(capLine("short", 10)).toBe("short");
  });

  it("shows invalid UTF-8 leniently and says so", () => {
    writer.appendCall({ callId: "bin", tool: "t", output: Uint8Array.from([0x6f, 0x6b, 0x0a, 0xff, 0x41]) });
    const page = new LogRetrieval({ path }).read("bin");
    expect(page.lossy).toBe(true);
    expect(page.text).toBe("1: ok\n2: \ufffdA\n[showing lines 1-2 of 2 total; end of output; not valid UTF-8, invalid bytes shown as U+FFFD]");
  });

  it("hashlines go through the given formatter", () => {
    writer.appendCall({ callId: "h", tool: "t", output: "alpha\nbeta\ngamma\n" });
    const seen: Array<[string, number]> = [];
    const r = new LogRetrieval({
      path,
      formatHashlines: (text, first) => {
        seen.push([text, first]);
        return text.split("\n").map((l, i) => `${first + i}:00|${l}`).join("\n");
      },
    });
    expect(r.read("h", { offset: 2, hashlines: true }).text).toBe("2:00|beta\n3:00|gamma\n[showing lines 2-3 of 3 total; end of output]");
    expect(seen).toEqual([["beta\ngamma", 2]]);
  });

  it("hashlines by default come from the core: FNV-1a of the line, low byte, two hex digits", () => {
    writer.appendCall({ callId: "h", tool: "t", output: "alpha\r\nbeta\n\ngamma" });
    const fnvLow = (s: string) => {
      let h = 2166136261;
      for (const b of Buffer.from(s, "utf8")) h = Math.imul(h ^ b, 16777619) >>> 0;
      return (h & 0xff).toString(16).padStart(2, "0");
    };
    const page = new LogRetrieval({ path }).read("h", { hashlines: true });
    expect(page.text).toBe(
      [`1:${fnvLow("alpha")}|alpha`, `2:${fnvLow("beta")}|beta`, `3:${fnvLow("")}|`, `4:${fnvLow("gamma")}|gamma`, "[showing lines 1-4 of 4 total; end of output]"].join("\n"),
    );
  });

  it("rejects bad options and unknown calls with typed errors", () => {
    writer.appendCall({ callId: "c", tool: "t", output: "x" });
    const r = new LogRetrieval({ path });
    expectCode(() => r.read("c", { offset: 0 }), "ABRIDGE_INVALID_OPTION", /offset must be an integer ≥ 1, got 0/);
    expectCode(() => r.read("c", { limit: 2.5 }), "ABRIDGE_INVALID_OPTION", /limit/);
    expectCode(() => r.read("nope"), "ABRIDGE_LOG_NOT_FOUND", /no call "nope"/);
    expectCode(() => new LogRetrieval({ path: join(dir, "missing.jsonl") }).read("c"), "ABRIDGE_LOG_NOT_FOUND");
  });
});

describe("search", () => {
  it("greps literally by default, with totals", () => {
    writer.appendCall({ callId: "g", tool: "bash", output: grepOutput });
    const r = new LogRetrieval({ path });
    const s = r.search("g", "def __init__", { maxMatches: 100 });
    expect(s.matches).toBe(facts.linesWithDefInit);
    expect(s.shown).toBe(facts.linesWithDefInit);
    const lines = s.text.split("\n");
    expect(lines[0]).toBe("6:email/_header_value_parser.py:123:    def __init__(self, *args, **kw):");
    expect(lines.at(-1)).toBe(`[${facts.linesWithDefInit} matching lines of 530 total]`);
    // Literal: regex metacharacters match themselves.
    expect(r.search("g", "(self").matches).toBeGreaterThan(0);
    expect(r.search("g", "def .*").matches).toBe(0);
  });

  it("caps the hits shown but counts them all", () => {
    writer.appendCall({ callId: "g", tool: "bash", output: grepOutput });
    const s = new LogRetrieval({ path }).search("g", "def _", { maxMatches: 5 });
    expect(s.matches).toBe(facts.linesWithDefUnderscore);
    expect(s.shown).toBe(5);
    expect(s.text.split("\n").at(-1)).toBe(`[${facts.linesWithDefUnderscore} matching lines of 530 total; showing the first 5; read around a hit with offset=<line>]`);
  });

  it("regex mode, ignoreCase, and context lines in grep's format", () => {
    writer.appendCall({ callId: "c", tool: "t", output: ["a", "b", "ERROR one", "c", "d", "e", "f", "error two", "g"].join("\n") });
    const r = new LogRetrieval({ path });
    expect(r.search("c", "^error", { regex: true, ignoreCase: true, context: 1 }).text).toBe(
      ["2-b", "3:ERROR one", "4-c", "--", "7-f", "8:error two", "9-g", "[2 matching lines of 9 total]"].join("\n"),
    );
    // Overlapping context is printed once; a hit inside another's context keeps ':'.
    expect(r.search("c", "o", { context: 3 }).text.split("\n").slice(0, -1)).toEqual(["1-a", "2-b", "3:ERROR one", "4-c", "5-d", "6-e", "7-f", "8:error two", "9-g"]);
    expect(r.search("c", "zzz").text).toBe('[no lines match "zzz" in 9 lines]');
  });

  it("an invalid regular expression is a typed error naming it", () => {
    writer.appendCall({ callId: "c", tool: "t", output: "x" });
    const r = new LogRetrieval({ path });
    expectCode(() => r.search("c", "([a-", { regex: true }), "ABRIDGE_INVALID_PATTERN", /invalid regular expression "\(\[a-"/);
    expectCode(() => r.search("c", ""), "ABRIDGE_INVALID_PATTERN");
    expectCode(() => r.search("c", "x", { context: -1 }), "ABRIDGE_INVALID_OPTION");
  });
});

describe("the call index", () => {
  it("uses the writer's locations, and still finds calls after they rotate into .1", () => {
    const w = new LogWriter({ path: join(dir, "r.jsonl"), sessionId: "s", maxBytes: 40_000, keep: 3 });
    const r = new LogRetrieval({ path: join(dir, "r.jsonl"), writer: w, cacheCalls: 0 });
    w.appendCall({ callId: "first", tool: "bash", output: grepOutput }); // ≈ 33 KB
    expect(r.read("first", { limit: 1 }).text.split("\n")[0]).toBe(`1: ${facts.firstLine}`);
    w.appendCall({ callId: "second", tool: "bash", output: grepOutput }); // rotates: first is in .1 now
    expect(readFileSync(join(dir, "r.jsonl.1"), "utf8")).toContain('"callId":"first"');
    expect(r.read("first", { offset: 530 }).text.split("\n")[0]).toBe(`530: ${facts.lastLine}`);
    expect(r.read("second", { offset: 530 }).text.split("\n")[0]).toBe(`530: ${facts.lastLine}`);
    w.close();
  });

  it("finds calls written by another writer (scan), including ones appended after the first scan", () => {
    const r = new LogRetrieval({ path });
    writer.appendCall({ callId: "a", tool: "t", output: "alpha" });
    expect(r.read("a").text.split("\n")[0]).toBe("1: alpha");
    writer.appendCall({ callId: "b", tool: "t", output: "beta" });
    expect(r.read("b").text.split("\n")[0]).toBe("1: beta");
  });

  it("does not index a torn last line, then finds the record once it is complete", () => {
    const r = new LogRetrieval({ path });
    writer.appendCall({ callId: "a", tool: "t", output: "alpha" });
    const full = '{"v":1,"type":"call","time":"t","session":"s","callId":"late","tool":"t","args":null,"exitCode":null,"output":"late text","size":{"bytes":9,"chars":9}}\n';
    appendFileSync(path, full.slice(0, 60));
    expectCode(() => r.read("late"), "ABRIDGE_LOG_NOT_FOUND");
    appendFileSync(path, full.slice(60));
    expect(r.read("late").text.split("\n")[0]).toBe("1: late text");
  });

  it("a reused call id reads the newest output", () => {
    const r = new LogRetrieval({ path, writer });
    writer.appendCall({ callId: "x", tool: "t", output: "old" });
    expect(r.read("x").text.startsWith("1: old")).toBe(true);
    writer.appendCall({ callId: "x", tool: "t", output: "new" });
    expect(r.read("x").text.startsWith("1: new")).toBe(true);
  });

  it("repeated reads of a big output reuse the decoded text instead of reading the log again", () => {
    const big = grepOutput.repeat(200); // 106,000 lines, 6.4 MB
    writer.appendCall({ callId: "big", tool: "t", output: big });
    const r = new LogRetrieval({ path });
    const first = r.read("big", { offset: 50_000 });
    // With the log gone, only the decoded text kept from the first read can answer.
    rmSync(path);
    for (let i = 0; i < 100; i++) expect(r.read("big", { offset: 1 + i * 1000, limit: 1 }).totalLines).toBe(first.totalLines);
    expect(() => new LogRetrieval({ path }).read("big")).toThrow(expect.objectContaining({ code: "ABRIDGE_LOG_NOT_FOUND" }));
  });
});
