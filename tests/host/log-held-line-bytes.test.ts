// A held call record and its completion are written around escaped bodies (the core's escape of
// the output): every line must be byte for byte what JSON.stringify of the whole record gives,
// over every tuning fixture; a completion whose llmContent is the output written with it refers
// to it (an empty llmContent and `"llmContentIsOutput":true`) and reads back with that text.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LogWriter } from "../../host/log/writer.js";
import { coreLogEscapes, withJsonEscaped } from "../../host/core.js";
import { compact } from "../../host/pipeline.js";
import { redactSecrets } from "../../host/redact.js";
import { createAbridge } from "../../host/session.js";
import { readLogSync } from "../../host/log/reader.js";
import type { CallRecord, CompletionRecord } from "../../host/log/schema.js";
import { tuningOutputs } from "./support/tuning-outputs.js";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "abridge-held-bytes-"));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const TIME = "2025-01-02T03:04:05.678Z";
const clock = () => new Date(TIME);
const outputs = tuningOutputs();
const redact = (text: string) => redactSecrets(text).text;

/**
 * The two lines JSON.stringify of each whole record gives (what the writer wrote before escaping);
 * `together`: written in one write, where a completion showing the output refers to it.
 */
function expectedLines(id: string, output: string, args: unknown, exitCode: number, llmContent: string, metadata: Record<string, unknown>, together = true): string {
  const call: CallRecord = { v: 1, type: "call", time: TIME, session: "s1", callId: id, tool: "bash", args, exitCode, output, size: { bytes: Buffer.byteLength(output, "utf8"), chars: output.length } };
  const head = { v: 1, type: "completion", time: TIME, session: "s1", callId: id, category: "CommandOutput" };
  const rest = { summary: "done", metadata, summarizer: null };
  const completion = together && llmContent === output ? { ...head, llmContent: "", llmContentIsOutput: true, ...rest } : { ...head, llmContent, ...rest };
  return `${JSON.stringify(call)}\n${JSON.stringify(completion)}\n`;
}

/** Each completion read back from `path` has the llmContent given, in order. */
function expectReadBack(path: string, llmContents: string[]): void {
  const { records, warnings } = readLogSync(path);
  expect(warnings).toEqual([]);
  const completions = records.filter((r): r is CompletionRecord => r.type === "completion");
  expect(completions.map((c) => c.llmContent)).toEqual(llmContents);
}

describe("a held call record written with its completion", () => {
  for (const [name, withRedaction] of [
    ["as given", false],
    ["redacted", true],
  ] as const) {
    it(`is the serialised records for every tuning fixture, the model seeing it whole or digested (${name})`, () => {
      expect(outputs.length).toBeGreaterThan(50);
      const path = join(dir, `writer-${name}.jsonl`);
      const w = new LogWriter({ path, sessionId: "s1", now: clock, escape: withJsonEscaped, redact: withRedaction ? redact : undefined });
      let expected = "";
      let referring = 0;
      const shown: string[] = [];
      for (const [i, fixture] of outputs.entries()) {
        if (fixture.text.length >= 16 * 1024) continue; // written at once, never held
        const logged = withRedaction ? redact(fixture.text) : fixture.text;
        const digest = compact({ tool: fixture.tool, args: fixture.args as Record<string, unknown>, output: fixture.text, exitCode: fixture.exitCode }).llmContent;
        const metadata = { keptLines: [[1, 2]], facts: { id: fixture.id }, tool: fixture.tool };
        for (const [kind, llmContent] of [
          ["whole", logged],
          ["digest", withRedaction ? redact(digest) : digest],
        ] as const) {
          const id = `${i}-${kind}`;
          const before = coreLogEscapes();
          const held = w.holdCall({ callId: id, tool: "bash", args: fixture.args, exitCode: fixture.exitCode, output: fixture.text });
          if (!held || !("line" in held)) throw new Error(`${fixture.id}: the call was not held`);
          expect(w.appendCompletion({ callId: id, category: "CommandOutput", llmContent, summary: "done", metadata, summarizer: null, llmContentRedacted: withRedaction }, held).ok).toBe(true);
          // The model seeing the logged text whole: it is escaped once, for the call record, and
          // the completion refers to it.
          if (kind === "whole") {
            if (logged.length >= 512) expect(coreLogEscapes() - before, fixture.id).toBe(1);
            referring++;
          }
          expected += expectedLines(id, logged, fixture.args, fixture.exitCode, llmContent, metadata);
          shown.push(llmContent);
        }
      }
      w.close();
      expect(referring).toBeGreaterThan(20);
      const file = readFileSync(path, "utf8");
      // Compared line by line first, for a readable failure.
      const got = file.split("\n");
      const want = expected.split("\n");
      for (let i = 0; i < want.length; i++) expect(got[i], `line ${i + 1}`).toBe(want[i]);
      expect(file).toBe(expected);
      expectReadBack(path, shown);
    });
  }

  it("keeps each line while several held calls wait for their completions, in any order", () => {
    const path = join(dir, "overlap.jsonl");
    const w = new LogWriter({ path, sessionId: "s1", now: clock, escape: withJsonEscaped });
    const texts = outputs.filter((o) => o.text.length >= 512 && o.text.length < 16 * 1024).slice(0, 4).map((o) => o.text);
    expect(texts).toHaveLength(4);
    const metadata = { tool: "bash" };
    let expected = "";
    // Two held at once, settled in reverse order; then one alone; then one written before its completion.
    const held = texts.map((text, i) => {
      const h = w.holdCall({ callId: `h${i}`, tool: "bash", args: {}, exitCode: 0, output: text });
      if (!h || !("line" in h)) throw new Error("the call was not held");
      return h;
    });
    for (const i of [1, 0, 2]) {
      expect(w.appendCompletion({ callId: `h${i}`, category: "CommandOutput", llmContent: texts[i]!, summary: "done", metadata, summarizer: null }, held[i]).ok).toBe(true);
      expected += expectedLines(`h${i}`, texts[i]!, {}, 0, texts[i]!, metadata);
    }
    expect(w.writeHeldCall(held[3]!).ok).toBe(true);
    expect(w.appendCompletion({ callId: "h3", category: "CommandOutput", llmContent: texts[3]!, summary: "done", metadata, summarizer: null }, held[3]).ok).toBe(true);
    // Written apart from its call record: the completion repeats the output.
    expected += expectedLines("h3", texts[3]!, {}, 0, texts[3]!, metadata, false);
    w.close();
    expect(readFileSync(path, "utf8")).toBe(expected);
    expectReadBack(path, [1, 0, 2, 3].map((i) => texts[i]!));
  });

  it("is what JSON.stringify gives of every record a session logs for the tuning fixtures", async () => {
    for (const redaction of [false, true]) {
      const path = join(dir, `session-${redaction}.jsonl`);
      const session = createAbridge({ cwd: dir, env: {}, log: { dir, path }, redaction: { log: redaction } });
      for (const [i, fixture] of outputs.entries()) {
        await session.process({ tool: fixture.tool, args: fixture.args as Record<string, unknown>, output: fixture.text, exitCode: fixture.exitCode, callId: `c${i}` });
      }
      await session.close();
      const lines = readFileSync(path, "utf8").split("\n");
      expect(lines.pop()).toBe("");
      expect(lines.length).toBe(outputs.length * 2);
      // A line JSON.stringify wrote reads back and serialises to itself, byte for byte.
      for (const line of lines) expect(JSON.stringify(JSON.parse(line))).toBe(line);
    }
  });
});
