// process() copies a long output into the core once: the log's redaction prefilter, its JSON
// escape and the digest read the same resident copy, and a held record's output is escaped by
// the core. What reaches the log and the model is exactly what it was before: each record is
// the line JSON.stringify gives, a secret is redacted through the regular path, and bad input
// (lone surrogates, NUL, invalid UTF-8) is logged as it came.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { compact } from "../../host/pipeline.js";
import { coreGeneration, coreLogEscapes, coreMemoryBytes, coreResidentReuses, coreUnitsLowered, findNeedles, RETAIN_MEMORY_BYTES, withJsonEscaped, withResidentText } from "../../host/core.js";
import { redactSecrets } from "../../host/redact.js";
import { createAbridge } from "../../host/session.js";

const ESC = "\u001b";

/** A coloured failing build of about `chars` units, with curly quotes and its error line near the end. */
function buildLog(chars: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const line = `${ESC}[1msrc/unit${i}.c:${i + 1}:5:${ESC}[0m ${ESC}[35mwarning:${ESC}[0m unused variable ‘tmp${i}’ [-Wunused-variable]`;
    lines.push(line);
    length += line.length + 1;
  }
  lines.push(`${ESC}[1msrc/app.c:121:5:${ESC}[0m ${ESC}[31merror:${ESC}[0m ‘count’ undeclared (first use in this function)`);
  return lines.join("\n");
}

function session(redact: boolean) {
  const dir = mkdtempSync(join(tmpdir(), "abridge-one-copy-"));
  return createAbridge({ cwd: dir, env: {}, log: { dir }, redaction: { log: redact } });
}

/** The log's lines as written (the last one is the empty string after the final newline). */
function logLines(path: string): string[] {
  const lines = readFileSync(path, "utf8").split("\n");
  expect(lines.at(-1)).toBe("");
  return lines.slice(0, -1);
}

/** The record's line is exactly what JSON.stringify gives for what it holds, field order included. */
function expectCanonical(line: string): Record<string, unknown> {
  const record = JSON.parse(line) as Record<string, unknown>;
  expect(line).toBe(JSON.stringify(record));
  return record;
}

describe("process() of a long string output", () => {
  const LOG = buildLog(400 * 1024);

  it("copies it into the core once for the log's prefilter and escape and the digest", async () => {
    const abridge = session(true);
    const lowered = coreUnitsLowered();
    const reused = coreResidentReuses();
    const r = await abridge.process({ tool: "bash", args: { command: "make -k" }, output: LOG, exitCode: 2, callId: "big" });
    const crossed = coreUnitsLowered() - lowered;
    // The output once, plus the small arguments (tool, args, hint, the prefilter's needles) and
    // what the model saw, prefiltered for its redaction and escaped for the completion record.
    expect(crossed).toBeGreaterThanOrEqual(LOG.length + 2 * r.llmContent.length);
    expect(crossed).toBeLessThan(LOG.length + 2 * r.llmContent.length + 4096);
    // Read again by the escape and by the digest.
    expect(coreResidentReuses() - reused).toBeGreaterThanOrEqual(2);
    expect(r.llmContent).toContain("‘count’ undeclared");
    // The full output is in the file when process() resolves, as JSON.stringify writes it.
    const [call, completion] = logLines(abridge.logPath!).map(expectCanonical);
    expect(call).toMatchObject({ type: "call", callId: "big", output: LOG, size: { bytes: Buffer.byteLength(LOG, "utf8"), chars: LOG.length } });
    expect(completion).toMatchObject({ type: "completion", callId: "big", llmContent: r.llmContent });
    await abridge.close();
  });

  it("digests it exactly as from copies of its own", async () => {
    const abridge = session(true);
    const one = await abridge.process({ tool: "bash", output: LOG, exitCode: 2, callId: "run1" });
    // Inside another text's scope the output is not resident: every step copies it, as before.
    const lowered = coreUnitsLowered();
    const own = await withResidentText("another text", () => abridge.process({ tool: "bash", output: LOG, exitCode: 2, callId: "run2" }));
    expect(coreUnitsLowered() - lowered).toBeGreaterThanOrEqual(3 * LOG.length);
    expect(own.llmContent.replaceAll("run2", "run1")).toBe(one.llmContent);
    expect(own.metadata).toEqual(one.metadata);
    const [call1, , call2] = logLines(abridge.logPath!);
    expect(call2!.replace(/"time":"[^"]*"/, "").replace("run2", "run1")).toBe(call1!.replace(/"time":"[^"]*"/, ""));
    await abridge.close();
  });

  it("redacts a secret through the regular path: its own copy, the same text as redactSecrets", async () => {
    const token = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
    const output = `${LOG}\nexport GITHUB_TOKEN=${token}\n${LOG.slice(0, 1000)}`;
    const abridge = session(true);
    const lowered = coreUnitsLowered();
    const r = await abridge.process({ tool: "bash", output, exitCode: 2, callId: "sec" });
    // The redacted text differs from the output: it is escaped from a copy of its own.
    expect(coreUnitsLowered() - lowered).toBeGreaterThanOrEqual(2 * output.length - 100);
    const text = readFileSync(abridge.logPath!, "utf8");
    expect(text).not.toContain(token);
    const [call] = logLines(abridge.logPath!).map(expectCanonical);
    expect(call!.output).toBe(redactSecrets(output).text);
    expect(r.llmContent).not.toContain(token);
    await abridge.close();
  });

  it("logs lone surrogates, NUL and every escape class as JSON.stringify does", async () => {
    const odd = `${LOG.slice(0, 200 * 1024)}\n\u0000nul \ud800lone high \udfffl lone low 😀 pair "quoted" back\\slash \u2028 \u007f tab\tcr\r\n${"x".repeat(70 * 1024)}`;
    for (const redact of [false, true]) {
      const abridge = session(redact);
      const r = await abridge.process({ tool: "bash", output: odd, callId: "odd" });
      const [call] = logLines(abridge.logPath!).map(expectCanonical);
      expect(call).toMatchObject({ output: odd, size: { bytes: Buffer.byteLength(odd, "utf8"), chars: odd.length } });
      expect(typeof r.llmContent).toBe("string");
      await abridge.close();
    }
  });

  it("logs bytes that are not UTF-8 as they came, as before", async () => {
    const bytes = Buffer.concat([Buffer.from(LOG.slice(0, 300 * 1024), "utf8"), Buffer.from([0xff, 0xfe, 0x00, 0xc3, 0x28]), Buffer.from("\ntail\n")]);
    const abridge = session(true);
    await abridge.process({ tool: "bash", output: new Uint8Array(bytes), callId: "raw" });
    const [call] = logLines(abridge.logPath!).map(expectCanonical);
    expect(call).toMatchObject({ output: { bytes: bytes.toString("base64") }, size: { bytes: bytes.length } });
    await abridge.close();
  });
});

describe("a held (short) call record", () => {
  const SHORT = buildLog(4096);

  it("has its output escaped by the core, the line byte for byte JSON.stringify's", async () => {
    const odd = `${SHORT}\n\u0000 \ud800 \udc00x 😀 "q" \\ \u2028 \u001b[0m`;
    const abridge = session(false);
    const escapes = coreLogEscapes();
    await abridge.process({ tool: "bash", args: { command: "make" }, output: odd, exitCode: 2, callId: "h1" });
    // The output, and what the model saw (the completion record's llmContent).
    expect(coreLogEscapes() - escapes).toBe(2);
    const [call, completion] = logLines(abridge.logPath!).map(expectCanonical);
    expect(call).toMatchObject({ type: "call", callId: "h1", output: odd, size: { bytes: Buffer.byteLength(odd, "utf8"), chars: odd.length } });
    expect(completion).toMatchObject({ type: "completion", callId: "h1" });
    await abridge.close();
  });

  it("has its output copied into the core once, for the escape and the digest, digested as compact() does", async () => {
    const abridge = session(false);
    const input = { tool: "bash", args: { command: "make" }, output: SHORT, exitCode: 2, callId: "h2" };
    const lowered = coreUnitsLowered();
    const reused = coreResidentReuses();
    const r = await abridge.process(input);
    // The output once, what the model saw (escaped for the completion record: the output
    // cleaned of its colours) and the small arguments (tool, args, hint).
    expect(r.llmContent).not.toBe(SHORT);
    expect(coreUnitsLowered() - lowered).toBeGreaterThanOrEqual(SHORT.length + r.llmContent.length);
    expect(coreUnitsLowered() - lowered).toBeLessThan(SHORT.length + r.llmContent.length + 1024);
    expect(coreResidentReuses() - reused).toBe(1);
    expect(r.llmContent).toBe(compact(input, {}, { hint: "; read more: abridge_read id=h2 offset={first}" }).llmContent);
    const [call] = logLines(abridge.logPath!).map(expectCanonical);
    expect(call).toMatchObject({ type: "call", callId: "h2", output: SHORT });
    await abridge.close();
  });

  it("is serialised in JS when very short", async () => {
    const abridge = session(false);
    const escapes = coreLogEscapes();
    await abridge.process({ tool: "bash", output: "ok\n", callId: "tiny" });
    expect(coreLogEscapes()).toBe(escapes);
    const [call] = logLines(abridge.logPath!).map(expectCanonical);
    expect(call).toMatchObject({ output: "ok\n" });
    await abridge.close();
  });
});

describe("the core's memory across calls", () => {
  it("collects after each call: memory stays bounded and a large call after small ones keeps the instance", () => {
    const small = buildLog(4096);
    compact({ tool: "bash", output: small });
    let generation = coreGeneration();
    for (let i = 0; i < 500; i++) compact({ tool: "bash", output: `${small}\n${i}` });
    expect(coreMemoryBytes()).toBeLessThan(16 * 1024 * 1024);
    expect(coreGeneration()).toBe(generation);
    const big = buildLog(4 * 1024 * 1024);
    expect(compact({ tool: "bash", output: big, exitCode: 2 }).llmContent).toContain("‘count’ undeclared");
    expect(coreMemoryBytes()).toBeLessThanOrEqual(RETAIN_MEMORY_BYTES);
    // An input this long may be the fast build's, a new instance (host/core.ts): the one it ran in is kept.
    generation = coreGeneration();
    compact({ tool: "bash", output: small });
    expect(coreGeneration()).toBe(generation);
  });

  it("a resident text is read by every call in its scope, and freed after it", () => {
    const text = buildLog(300 * 1024);
    const reused = coreResidentReuses();
    const lowered = coreUnitsLowered();
    withResidentText(text, () => {
      expect(findNeedles(text, ["token", "key"])).toBeDefined();
      expect(findNeedles(text, ["pass"])).toBeDefined();
      compact({ tool: "bash", output: text });
    });
    expect(coreResidentReuses() - reused).toBe(2);
    expect(coreUnitsLowered() - lowered).toBeLessThan(text.length + 1024);
    // Outside the scope every call copies its own.
    const after = coreUnitsLowered();
    findNeedles(text, ["token"]);
    expect(coreUnitsLowered() - after).toBeGreaterThanOrEqual(text.length);
  });
});

describe("the core's escape of ASCII blocks with escapes in them", () => {
  const classes = ["a", "Z", " ", "~", "\u007f", "\u001b", "\u0000", "\u001f", "\b", "\t", "\n", "\f", "\r", '"', "\\", "[", "m"];

  it("is JSON.stringify's for dense escapes at every lane, across window ends", () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 8) / (1 << 24);
    for (let n = 0; n < 300; n++) {
      const length = 1 + Math.floor(random() * 300);
      let text = "";
      for (let i = 0; i < length; i++) text += classes[Math.floor(random() * classes.length)];
      const escaped = withJsonEscaped(text, (e) => Buffer.concat(e.parts).toString("utf8"));
      expect(escaped).toBe(JSON.stringify(text).slice(1, -1));
    }
    // Every unit escaped to six bytes: the output fills several windows, each ending mid-block.
    for (const text of ["\u0001".repeat(40_000), `${"\u001b[0m".repeat(9_000)}‘x’`, `${"ab\u0000".repeat(7_000)}\ud800`]) {
      const escaped = withJsonEscaped(text, (e) => ({ body: Buffer.concat(e.parts).toString("utf8"), bytes: e.bytes, chars: e.chars }));
      expect(escaped).toEqual({ body: JSON.stringify(text).slice(1, -1), bytes: Buffer.byteLength(text, "utf8"), chars: text.length });
    }
  });
});

describe("a core that cannot load", () => {
  it("still has the long output logged whole before process() fails as it did", async () => {
    vi.resetModules();
    const previous = process.env.ABRIDGE_CORE_WASM;
    process.env.ABRIDGE_CORE_WASM = join(tmpdir(), "abridge-no-such-core.wasm");
    try {
      const fresh = (await import("../../host/session.js")) as typeof import("../../host/session.js");
      const dir = mkdtempSync(join(tmpdir(), "abridge-one-copy-broken-"));
      const abridge = fresh.createAbridge({ cwd: dir, env: {}, log: { dir }, redaction: { log: true } });
      const output = buildLog(300 * 1024);
      await expect(abridge.process({ tool: "bash", output, exitCode: 2, callId: "broken" })).rejects.toMatchObject({ code: "ABRIDGE_CORE_LOAD" });
      const [call] = logLines(abridge.logPath!).map(expectCanonical);
      expect(call).toMatchObject({ type: "call", callId: "broken", output });
      await abridge.close();
    } finally {
      if (previous === undefined) delete process.env.ABRIDGE_CORE_WASM;
      else process.env.ABRIDGE_CORE_WASM = previous;
      vi.resetModules();
    }
  });
});
