// createAbridge().process() with a summarizer against a real loopback provider:
// the summary replaces the digest only when it verifies, the summarizing gate is
// held while it is in flight and always released, and both records reach the log.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { readLogSync } from "../../host/log/index.js";
import { createAbridge, type Abridge } from "../../host/session.js";
import { coreCrossings } from "../../host/core.js";
import { startProviderServer, type ProviderServer } from "./support/provider-server.js";

const KEY = "test-key-session";
const make = readFileSync(new URL("../fixtures/make-k-c-syntax-error/output", import.meta.url), "utf8");
const SUMMARY = "make -k failed: u301.c:4:3: error: expected ‘,’ or ‘;’ before ‘return’; make: *** [Makefile:8: u301.o] Error 1.";

let server: ProviderServer;
beforeAll(async () => {
  server = await startProviderServer({ apiKey: KEY });
});
afterAll(() => server.close());

/**
 * A session summarizing through the loopback server. Its deadline is far beyond what a loopback
 * answer takes on a machine loaded to its limit: only a test about the deadline sets a short one.
 */
function session(timeoutMs = 600_000): Abridge {
  const dir = mkdtempSync(join(tmpdir(), "abridge-session-"));
  return createAbridge({
    cwd: dir,
    env: {},
    log: { dir },
    summarizer: { provider: "anthropic", baseURL: server.url, apiKey: KEY, timeoutMs, maxRetries: 0 },
  });
}

describe("process() with a summarizer", () => {
  it("crosses into the core once per call: the digest, error lines, sections and outline come back together", async () => {
    const abridge = session();
    const source = readFileSync(new URL("../../host/session.ts", import.meta.url), "utf8").repeat(8);
    server.reply({ kind: "success", text: "Reads host/session.ts." });
    const before = coreCrossings();
    await abridge.process({ tool: "Read", args: { file_path: "host/session.ts" }, output: source, callId: "file" });
    expect(coreCrossings() - before).toBe(1);
    const sent = JSON.stringify(server.requests.at(-1)!.body);
    // The sectioned request: the outline names the file's functions, the relevant lines are hashlines.
    expect(sent).toContain("function fileSections");
    expect(sent).toMatch(/\d+:[0-9a-f]{2}\|/);
    server.reply({ kind: "success", text: SUMMARY });
    const mid = coreCrossings();
    await abridge.process({ tool: "bash", args: { command: "make -k" }, output: make, exitCode: 2, callId: "mk" });
    expect(coreCrossings() - mid).toBe(1);
    expect(JSON.stringify(server.requests.at(-1)!.body)).toContain("u301.c:4:3: error: expected");
    // The first read of a call pages its text in one crossing more.
    const reads = coreCrossings();
    abridge.read("mk", { offset: 2, limit: 5 });
    expect(coreCrossings() - reads).toBe(1);
    await abridge.close();
  });

  it("uses a verified summary, holds the gate while it is in flight, and logs it", async () => {
    server.reply({ kind: "success", text: SUMMARY, delayMs: 100 });
    const abridge = session();
    const gate: boolean[] = [];
    abridge.lock.on("gate", (e) => gate.push(e.held));
    const r = await abridge.process({ tool: "bash", args: { command: "make -k" }, output: make, exitCode: 2, callId: "m1" });
    expect(r.llmContent.startsWith(SUMMARY)).toBe(true);
    expect(r.llmContent).toContain("abridge_read id=m1");
    expect(r.metadata.summarized).toBe(true);
    expect(r.summarizer).toMatchObject({ provider: "anthropic", fallbackReason: null });
    expect(gate).toEqual([true, false]);
    expect(abridge.lock.gateHeld).toBe(false);
    const { records } = readLogSync(abridge.logPath!);
    expect(records.map((x) => x.type)).toEqual(["call", "completion"]);
    expect(records[1]).toMatchObject({ llmContent: r.llmContent, summarizer: { provider: "anthropic", fallbackReason: null } });
    await abridge.close();
  });

  it("falls back to the digest on an invented fact, a 500 or a hang, and always releases the gate", async () => {
    const abridge = session(1_500);
    server.reply({ kind: "success", text: "The build failed in /etc/evil.c at line 999." });
    server.reply({ kind: "error", status: 500 });
    server.reply({ kind: "hang" });
    for (const reason of ["unverified", "http-5xx", "timeout"]) {
      const r = await abridge.process({ tool: "bash", output: make, exitCode: 2, callId: `f-${reason}` });
      expect(r.summarizer?.fallbackReason).toBe(reason);
      expect(r.llmContent).toContain("u301.c:4:3: error:");
      const hint = `; read more: abridge_read id=f-${reason} offset={first}`;
      expect(r.llmContent).toBe(compact({ tool: "bash", output: make, exitCode: 2 }, {}, { hint }).llmContent);
      expect(abridge.lock.gateHeld).toBe(false);
    }
    const { records } = readLogSync(abridge.logPath!);
    expect(records.filter((x) => x.type === "call")).toHaveLength(3);
    expect(records.filter((x) => x.type === "completion")).toHaveLength(3);
    await abridge.close();
  });

  it("does not summarize short outputs or without configuration", async () => {
    const before = server.requests.length;
    const abridge = session();
    await abridge.process({ tool: "bash", output: "short output\n" });
    const off = createAbridge({ log: false, env: {} });
    const r = await off.process({ tool: "bash", output: make, exitCode: 2 });
    expect(r.summarizer).toBeNull();
    expect(server.requests.length).toBe(before);
    await abridge.close();
  });

  it("checks the summarizer's options when the session is made, though the summarizer loads on the first long output", async () => {
    const bad = () => createAbridge({ log: false, env: {}, summarizer: { provider: "anthropic", apiKey: KEY, timeoutMs: -1 } });
    expect(bad).toThrow(expect.objectContaining({ code: "ABRIDGE_INVALID_OPTION", message: expect.stringContaining("timeoutMs") }));
    // Never asked for a summary: nothing was made, and closing is still clean.
    const unused = session();
    await unused.process({ tool: "bash", output: "short output\n" });
    await expect(unused.close()).resolves.toBeUndefined();
  });

  it("settles 64 concurrent results with summaries, gate released, 128 records logged", async () => {
    server.setDefault({ kind: "success", text: SUMMARY, delayMs: 20 });
    const abridge = session();
    const outputs = Array.from({ length: 64 }, (_, i) => `${make}\n# run ${i}\n`);
    const results = await Promise.all(outputs.map((output, i) => abridge.process({ tool: "bash", output, exitCode: 2, callId: `c${i}` })));
    expect(results.map((r) => (r.summarizer ? r.summarizer.fallbackReason : "not summarized"))).toEqual(results.map(() => null));
    expect(abridge.lock.gateHeld).toBe(false);
    expect(readLogSync(abridge.logPath!).records).toHaveLength(128);
    server.setDefault({ kind: "success", text: "ok" });
    await abridge.close();
  });
});
