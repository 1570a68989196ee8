// One tool result is derived once: the numbering its markers use is the numbering read()
// pages, budgets cross as numbers with the component's limits, and a marker offers a read
// only when the output is in the log to be read.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { truncate } from "../../host/core-api.js";
import { createAbridge, type Abridge } from "../../host/session.js";
import { AbridgeError } from "../../host/errors.js";
import { runCli } from "./support/run-cli.js";

const corpus = (id: string) => readFileSync(new URL(`../fixtures/corpus/${id}/output`, import.meta.url), "utf8");

const MARKER = /^\[\.\.\.[\d,]+ chars omitted\.\.\.\] lines ([\d,]+)–([\d,]+) of ([\d,]+); read more: abridge_read id=(\S+) offset=(\d+)\]?$/;
const num = (s: string) => Number(s.replaceAll(",", ""));

function session(): { abridge: Abridge; dir: string; log: string } {
  const dir = mkdtempSync(join(tmpdir(), "abridge-derive-"));
  const log = join(dir, "session.jsonl");
  return { abridge: createAbridge({ cwd: dir, log: { path: log }, env: {} }), dir, log };
}

/** Every marker of `llm` checked against read(): same total, and the line before it is read()'s line A-1. */
function expectMarkersAgreeWithRead(abridge: Abridge, llm: string): number {
  const lines = llm.split("\n");
  let checked = 0;
  lines.forEach((line, i) => {
    const m = MARKER.exec(line);
    if (!m) return;
    const [first, , total, id, offset] = [num(m[1]!), num(m[2]!), num(m[3]!), m[4]!, num(m[5]!)];
    expect(offset).toBe(first);
    const page = abridge.read(id, { offset: first, limit: 1 });
    expect(page.totalLines).toBe(total);
    if (first > 1 && i > 0) {
      const before = abridge.read(id, { offset: first - 1, limit: 1 });
      expect(before.text.split("\n")[0]).toBe(`${first - 1}: ${lines[i - 1]}`);
    }
    checked++;
  });
  return checked;
}

describe("the marker and read() count the same lines", () => {
  it("cat of an NDJSON file whose first half repeats one record", async () => {
    const { abridge } = session();
    const same = '{"level":"info","msg":"tick"}';
    const records = [...Array<string>(1000).fill(same), ...Array.from({ length: 1000 }, (_, i) => `{"level":"info","msg":"record ${i + 1}"}`)];
    const r = await abridge.process({ tool: "Bash", args: { command: "cat events.ndjson" }, output: `${records.join("\n")}\n`, callId: "nd" });
    expect(r.truncated).toBe(true);
    expect(expectMarkersAgreeWithRead(abridge, r.llmContent)).toBeGreaterThan(0);
    expect(abridge.read("nd", { offset: 1500, limit: 1 }).text.split("\n")[0]).toBe(`1500: {"level":"info","msg":"record 500"}`);
    await abridge.close();
  });

  it("cat of a real unified diff", async () => {
    const { abridge } = session();
    const r = await abridge.process({ tool: "Bash", args: { command: "cat email.diff" }, output: corpus("diff-ru-email-package"), callId: "df" });
    expect(r.category).toBe("Diff");
    expect(abridge.read("df", { limit: 1 }).totalLines).toBe(r.metadata.totalLines);
    await abridge.close();
  });

  it("a build log with repeated lines, paged by `abridge log show` in another process", async () => {
    const { abridge, log } = session();
    const output = [...Array<string>(300).fill("warning: deprecated flag -fno-foo"), ...Array.from({ length: 3000 }, (_, i) => `[${i + 1}/3000] CC src/unit_${i + 1}.o`), "error: linker failed"].join("\n");
    const r = await abridge.process({ tool: "Bash", args: { command: "make" }, output, exitCode: 2, callId: "mk" });
    expect(r.metadata.paging).toBe("collapsed");
    const m = r.llmContent.split("\n").map((l) => MARKER.exec(l)).find(Boolean)!;
    expect(m).toBeTruthy();
    await abridge.close();
    const shown = runCli(["log", "show", log, "--id", "mk", "--offset", m[5]!, "--limit", "1"]);
    expect(shown.status).toBe(0);
    const inSession = createAbridge({ log: { path: log }, env: {} });
    expect(shown.stdout).toContain(inSession.read("mk", { offset: num(m[5]!), limit: 1 }).text.split("\n")[0]);
    expect(shown.stdout).toContain(`of ${m[3]!.replaceAll(",", "")} total`);
    await inSession.close();
  });
});

describe("budgets cross as numbers, with the component's limits", () => {
  const output = Array.from({ length: 5000 }, (_, i) => `step ${i + 1}`).join("\n");

  it("rejects a budget past 2,147,483,647 with a clear error instead of an empty result", () => {
    for (const budget of [2 ** 31, 1e12]) {
      let err: unknown;
      try {
        compact({ tool: "Bash", args: { command: "make" }, output }, { budget });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(AbridgeError);
      expect((err as AbridgeError).code).toBe("ABRIDGE_INVALID_OPTION");
      expect((err as AbridgeError).message).toContain("2,147,483,647");
    }
    expect(() => truncate(output, 1e12, 0.5)).toThrow(/2,147,483,647/);
  });

  it("takes the largest budget whole", () => {
    const r = compact({ tool: "Bash", args: { command: "make" }, output }, { budget: 2 ** 31 - 1, passthrough: 2 ** 31 - 1 });
    expect(r.llmContent).toBe(output);
    expect(r.truncated).toBe(false);
    expect(truncate(output, 2 ** 31 - 1, 0.5)).toBe(output);
  });

  it("takes the remaining context per call", async () => {
    const { abridge } = session();
    const r = await abridge.process({ tool: "Bash", args: { command: "make" }, output: readFileSync(new URL("../fixtures/make-k-c-syntax-error/output", import.meta.url), "utf8") }, { remainingContextTokens: 2000 });
    expect(r.metadata.budget).toBe(2000);
    await abridge.close();
  });
});

describe("a hint is offered only for output that is in the log", () => {
  const output = Array.from({ length: 4000 }, (_, i) => `line ${i + 1} of the build`).join("\n");

  it("says nothing about reading when the log cannot be written, and reports the failure once", async () => {
    // A regular file where the log's directory should be: unwritable even for root.
    const dir = mkdtempSync(join(tmpdir(), "abridge-ro-"));
    const notADir = join(dir, "file");
    writeFileSync(notADir, "");
    const abridge = createAbridge({ log: { path: join(notADir, "s.jsonl") }, env: {} });
    const errors: AbridgeError[] = [];
    abridge.on("error", (e) => errors.push(e));
    const r = await abridge.process({ tool: "Bash", args: { command: "make" }, output, callId: "ro1" });
    expect(r.truncated).toBe(true);
    expect(r.llmContent).not.toContain("read more");
    expect(errors).toHaveLength(1);
    expect(errors[0]!.code).toBe("ABRIDGE_LOG_WRITE");
    expect(errors[0]!.message).not.toMatch(/(E[A-Z]+): \1:/);
    await abridge.close();
  });

  it("refuses process() after close()", async () => {
    const { abridge } = session();
    await abridge.close();
    await expect(abridge.process({ tool: "Bash", output })).rejects.toMatchObject({ code: "ABRIDGE_CLOSED" });
  });
});

describe("the wasm bytes can be injected", () => {
  it("runs the core from bytes the caller read, and rejects bytes that are not the core", async () => {
    const { useCoreWasm, resetCore, coreGeneration } = await import("../../host/core.js");
    const bytes = readFileSync(new URL("../../build/abridge.wasm", import.meta.url));
    const before = coreGeneration();
    useCoreWasm(new Uint8Array(bytes));
    expect(compact({ tool: "Bash", output: "ok\n" }).llmContent).toBe("ok\n");
    expect(coreGeneration()).toBe(before + 1);
    expect(() => useCoreWasm(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]))).toThrow(expect.objectContaining({ code: "ABRIDGE_CORE_LOAD" }));
    expect(() => useCoreWasm(new Uint8Array([1, 2, 3]))).toThrow(expect.objectContaining({ code: "ABRIDGE_CORE_LOAD" }));
    resetCore();
  });
});

describe("every position of a one-line output can be read back", () => {
  it("an 80 KB one-line JSON response: the digest names the read, and read() pages the line by char", async () => {
    const { abridge } = session();
    // npm's JSON (after its warning lines), minified onto one line as an API would send it.
    const captured = readFileSync(new URL("../fixtures/corpus/npm-ls-all-json/output", import.meta.url), "utf8");
    const body = JSON.stringify(JSON.parse(captured.slice(captured.indexOf("\n{") + 1, captured.lastIndexOf("\n}") + 2)));
    expect(body.length).toBeGreaterThan(80_000);
    const r = await abridge.process({ tool: "Bash", args: { command: "curl -s https://registry.npmjs.org/typescript" }, output: body, callId: "one" });
    expect(r.truncated).toBe(true);
    expect(r.llmContent.length).toBeLessThanOrEqual(r.metadata.budget);
    expect(r.llmContent).toContain("read more: abridge_read id=one offset=1");
    let rebuilt = "";
    let char = 1;
    for (let pages = 0; pages < 1000; pages++) {
      const page = abridge.read("one", { offset: 1, char, limit: 1 });
      const text = page.text.slice(page.text.indexOf(": ") + 2, page.text.lastIndexOf("\n["));
      rebuilt += text.replace(/… \[\+\d+ chars\]$/, "");
      if (page.nextOffset === null) break;
      expect(page.nextOffset).toBe(1);
      char = page.nextChar;
    }
    expect(rebuilt).toBe(body);
    await abridge.close();
  });

  it("a minified file read whole says where to read on, and `log show --char` continues the line", async () => {
    const { abridge, log } = session();
    // lodash.min.js as captured: its body is one line of about 73 KB.
    const minified = readFileSync(new URL("../fixtures/corpus/cat-minified-lodash/output", import.meta.url), "utf8").split("\n").reduce((a, b) => (b.length > a.length ? b : a));
    expect(minified.length).toBeGreaterThan(4_100);
    const r = await abridge.process({ tool: "Read", args: { file_path: "lodash.min.js" }, output: minified, callId: "min" });
    expect(r.category).toBe("FileContent");
    expect(r.llmContent).toContain("[read more: abridge_read id=min offset=1]");
    await abridge.close();
    const shown = runCli(["log", "show", log, "--id", "min", "--char", "2001", "--limit", "1"]);
    expect(shown.status).toBe(0);
    expect(shown.stdout.startsWith(`1: ${minified.slice(2000, 2100)}`)).toBe(true);
    expect(shown.stdout).toContain("next: offset=1 char=4001");
  });
});

describe("one parsed call: argv commands read like command lines", () => {
  const build = readFileSync(new URL("../fixtures/python-etl-traceback-middle/output", import.meta.url), "utf8")
    .split("\n")
    .filter((l) => !/error|traceback|exception/i.test(l))
    .slice(0, 300)
    .join("\n");

  it("a Codex-style argv build says what ran, as the string form does", () => {
    const line = compact({ tool: "shell", args: { command: "npm run build" }, output: build, exitCode: 0 });
    const argv = compact({ tool: "shell", args: { command: ["bash", "-lc", "npm run build"] }, output: build, exitCode: 0 });
    expect(line.summary).toBe("Ran npm run build (300 lines)");
    expect(argv.summary).toBe(line.summary);
  });

  it("cat of a file in argv form, wrapped or not, is read as that file", () => {
    const source = readFileSync(new URL("../../scripts/peers.mjs", import.meta.url), "utf8");
    const line = compact({ tool: "shell", args: { command: "cat scripts/peers.mjs" }, output: source });
    for (const command of [["cat", "scripts/peers.mjs"], ["bash", "-lc", "cat scripts/peers.mjs"]]) {
      const argv = compact({ tool: "shell", args: { command }, output: source });
      expect(argv.category).toBe("FileContent");
      expect(argv.summary).toBe(line.summary);
      expect(argv.summary).toContain("scripts/peers.mjs");
    }
  });
});

describe("a web page's marker names lines of the text read() pages", () => {
  it("a fetched HTML page: its marker's lines are lines of its readable text", async () => {
    const { abridge } = session();
    const html = readFileSync(new URL("../fixtures/corpus/cat-html-python-policy/output", import.meta.url), "utf8");
    const r = await abridge.process({ tool: "WebFetch", args: { url: "https://www.debian.org/doc/packaging-manuals/python-policy/" }, output: html, callId: "web" });
    expect(r.category).toBe("WebContent");
    expect(r.metadata.paging).toBe("html-text-collapsed");
    expect(expectMarkersAgreeWithRead(abridge, r.llmContent)).toBeGreaterThan(0);
    await abridge.close();
  });
});
