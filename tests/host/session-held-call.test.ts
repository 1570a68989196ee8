// A short output's call record is built before the core runs and written with its completion
// in one write(2). The ordering that matters still holds: both records are in the file when
// process() resolves, the call record is there before a summary is awaited or when the call
// fails, and a marker never offers to read a record that did not land.
import { mkdtempSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readLogSync } from "../../host/log/index.js";
import { createAbridge } from "../../host/session.js";
import type { AbridgeError } from "../../host/errors.js";
import { coreCrossings } from "../../host/core.js";
import { startProviderServer, type ProviderServer } from "./support/provider-server.js";

/** A failing build's output: under the size whose record is escaped by the core, over the passthrough. */
const BUILD = Array.from({ length: 180 }, (_, i) => (i === 120 ? "src/app.c:121:5: error: 'count' undeclared (first use in this function)" : `cc -c src/unit${i}.c -o build/unit${i}.o`)).join("\n");

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "abridge-held-"));
}

describe("a short output's records", () => {
  it("are both in the file, call first, the moment process() resolves", async () => {
    expect(BUILD.length).toBeLessThan(16 * 1024);
    const dir = tempDir();
    const abridge = createAbridge({ cwd: dir, env: {}, log: { dir } });
    for (let i = 0; i < 3; i++) {
      const r = await abridge.process({ tool: "bash", args: { command: "make" }, output: BUILD, exitCode: 2, callId: `b${i}` });
      // Read straight from the file, not through the session: what another process would see now.
      const lines = readFileSync(abridge.logPath!, "utf8").split("\n");
      expect(lines.at(-1)).toBe("");
      const [call, completion] = lines.slice(-3, -1).map((l) => JSON.parse(l));
      expect(call).toMatchObject({ type: "call", callId: `b${i}`, output: BUILD, exitCode: 2, size: { bytes: BUILD.length, chars: BUILD.length } });
      expect(completion).toMatchObject({ type: "completion", callId: `b${i}`, llmContent: r.llmContent });
      expect(r.llmContent).toContain(`abridge_read id=b${i}`);
    }
    expect(readLogSync(abridge.logPath!).records.map((x) => `${x.type} ${x.callId}`)).toEqual(["call b0", "completion b0", "call b1", "completion b1", "call b2", "completion b2"]);
    // Retrieval learnt both locations from the one write: the output pages back at once.
    expect(abridge.read("b1", { offset: 121, limit: 1 }).text).toContain("src/app.c:121:5: error");
    await abridge.close();
  });

  it("with redaction of the log: the secret is in neither record nor in what the model sees", async () => {
    const dir = tempDir();
    const abridge = createAbridge({ cwd: dir, env: {}, log: { dir }, redaction: { log: true } });
    const token = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
    const output = `${BUILD}\nexport GITHUB_TOKEN=${token}\nmake: *** [Makefile:8: all] Error 1`;
    const r = await abridge.process({ tool: "bash", output, exitCode: 2, callId: "sec" });
    expect(r.llmContent).toContain("[REDACTED:github-token]");
    const text = readFileSync(abridge.logPath!, "utf8");
    expect(text).not.toContain(token);
    const { records } = readLogSync(abridge.logPath!);
    expect(records.map((x) => x.type)).toEqual(["call", "completion"]);
    expect(records[1]).toMatchObject({ llmContent: r.llmContent });
    await abridge.close();
  });

  it("a call that fails after its record was built still logs its output, and no completion", async () => {
    const dir = tempDir();
    const abridge = createAbridge({ cwd: dir, env: {}, log: { dir } });
    await expect(abridge.process({ tool: "bash", output: BUILD, exitCode: 1.5, callId: "badexit" })).rejects.toMatchObject({ code: "ABRIDGE_INVALID_INPUT" });
    await expect(abridge.process({ tool: "bash", output: BUILD, callId: "badbudget" }, { remainingContextTokens: -1 })).rejects.toMatchObject({ code: "ABRIDGE_INVALID_OPTION" });
    const { records } = readLogSync(abridge.logPath!);
    expect(records.map((x) => `${x.type} ${x.callId}`)).toEqual(["call badexit", "call badbudget"]);
    expect(records.every((x) => x.type === "call" && x.output === BUILD)).toBe(true);
    await abridge.close();
  });

  it("a log that takes no writes: no read offered, no completion, the failure reported once per call", async () => {
    const dir = tempDir();
    const path = join(dir, "full.jsonl");
    symlinkSync("/dev/full", path);
    const abridge = createAbridge({ cwd: dir, env: {}, log: { path } });
    const errors: AbridgeError[] = [];
    abridge.on("error", (e) => errors.push(e));
    const seen: string[] = [];
    abridge.on("processed", (r) => seen.push(r.callId));
    const crossings: number[] = [];
    for (let i = 1; i <= 2; i++) {
      const before = coreCrossings();
      const r = await abridge.process({ tool: "bash", output: BUILD, exitCode: 2, callId: `full${i}` });
      crossings.push(coreCrossings() - before);
      expect(r.truncated).toBe(true);
      expect(r.llmContent).toContain("src/app.c:121:5: error");
      expect(r.llmContent).not.toContain("abridge_read");
      expect(errors).toHaveLength(i);
      expect(errors[i - 1]!.code).toBe("ABRIDGE_LOG_WRITE");
      expect(errors[i - 1]!.message).toContain("ENOSPC");
    }
    // The first call was digested for a record that then did not land, and again without the
    // hint; after a failed write the next call is written before it is digested, once.
    expect(crossings).toEqual([2, 1]);
    // Each call is reported to the harness once, and counted once.
    expect(seen).toEqual(["full1", "full2"]);
    expect(abridge.stats().total.calls).toBe(2);
    await abridge.close();
  });
});

describe("a short output summarized", () => {
  let server: ProviderServer;
  beforeAll(async () => {
    server = await startProviderServer({ apiKey: "test-key-held" });
  });
  afterAll(() => server.close());

  it("has its call record in the file before the summary is awaited, and its completion after", async () => {
    const dir = tempDir();
    const abridge = createAbridge({
      cwd: dir,
      env: {},
      log: { dir },
      summarizer: { provider: "anthropic", baseURL: server.url, apiKey: "test-key-held", timeoutMs: 600_000, maxRetries: 0, trigger: 1000 },
    });
    const atGate: string[][] = [];
    abridge.lock.on("gate", (e) => {
      if (e.held) atGate.push(readLogSync(abridge.logPath!).records.map((x) => `${x.type} ${x.callId}`));
    });
    server.reply({ kind: "success", text: "make failed: src/app.c:121:5: error: 'count' undeclared.", delayMs: 50 });
    const r = await abridge.process({ tool: "bash", args: { command: "make" }, output: BUILD, exitCode: 2, callId: "sum1" });
    expect(server.requests).toHaveLength(1);
    expect(atGate).toEqual([["call sum1"]]);
    expect(r.llmContent).toContain("abridge_read id=sum1");
    const { records } = readLogSync(abridge.logPath!);
    expect(records.map((x) => `${x.type} ${x.callId}`)).toEqual(["call sum1", "completion sum1"]);
    expect(records[1]).toMatchObject({ llmContent: r.llmContent });
    await abridge.close();
  });
});
