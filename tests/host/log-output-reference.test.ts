// A short output the model sees whole is written once: its completion, written with its call
// record in one write, says `"llmContent":"","llmContentIsOutput":true` instead of repeating it. Every reader
// (readLog, readLogSync, retrieval's call index, the log report) gives llmContent back as text,
// and logs whose completions repeat the output read as before.
import { appendFileSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CallIndex } from "../../host/log/call-index.js";
import { LogWriter } from "../../host/log/writer.js";
import { readLog, readLogSync } from "../../host/log/reader.js";
import type { CallRecord, CompletionRecord, LogRecord } from "../../host/log/schema.js";
import { reportLog } from "../../host/report/aggregate.js";
import { createAbridge } from "../../host/session.js";
import { tuningOutputs } from "./support/tuning-outputs.js";

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "abridge-output-reference-"));
}

/** Real outputs of a few KB: shown to the model whole under the default budget, most of them. */
const outputs = tuningOutputs().filter((o) => o.text.length >= 1500 && o.text.length < 16 * 1024);

const completions = (records: LogRecord[]) => records.filter((r): r is CompletionRecord => r.type === "completion");

/** How many times `needle` occurs in `text`. */
function occurrences(text: string, needle: string): number {
  let n = 0;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) n++;
  return n;
}

describe("a completion whose llmContent is the output written with it", () => {
  it("refers to it: the output is in the file once, and every reader gives it back as llmContent", async () => {
    const dir = tempDir();
    const session = createAbridge({ cwd: dir, env: {}, log: { dir } });
    const whole: { callId: string; text: string; bytes: number }[] = [];
    const digested: string[] = [];
    for (const [i, o] of outputs.entries()) {
      const callId = `c${i}`;
      const before = existsSize(session.logPath!);
      const r = await session.process({ tool: o.tool, args: o.args as Record<string, unknown>, output: o.text, exitCode: o.exitCode, callId });
      const written = statSync(session.logPath!).size - before;
      if (r.llmContent === o.text) whole.push({ callId, text: o.text, bytes: written });
      else digested.push(callId);
    }
    expect(whole.length).toBeGreaterThan(5);
    expect(digested.length).toBeGreaterThan(5);
    const file = readFileSync(session.logPath!, "utf8");
    const lines = file.split("\n").slice(0, -1);
    for (const { callId, text, bytes } of whole) {
      const at = lines.findIndex((l) => l.startsWith('{"v":1,"type":"call"') && JSON.parse(l).callId === callId);
      const completion = lines[at + 1]!;
      expect(completion).toContain(',"llmContent":"","llmContentIsOutput":true,"summary":');
      // The output's bytes are written once for the call: the two lines are its record and a few hundred bytes.
      const outputJson = JSON.stringify(text);
      expect(occurrences(file, outputJson.slice(1, -1))).toBe(1);
      expect(bytes).toBeLessThan(Buffer.byteLength(outputJson) + 2000);
    }
    // A digest is not the output: its completion holds it.
    for (const callId of digested) expect(lines.find((l) => l.includes('"type":"completion"') && JSON.parse(l).callId === callId)).toContain('"llmContent":"');

    const wanted = new Map(whole.map((w) => [w.callId, w.text]));
    const sync = readLogSync(session.logPath!);
    expect(sync.warnings).toEqual([]);
    for (const c of completions(sync.records)) if (wanted.has(c.callId)) expect(c.llmContent).toBe(wanted.get(c.callId));
    const streamed: LogRecord[] = [];
    for await (const r of readLog(session.logPath!)) streamed.push(r);
    expect(streamed).toEqual(sync.records);
    const index = new CallIndex(session.logPath!);
    for (const { callId, text } of whole) expect(index.findCompletion(callId)?.llmContent).toBe(text);
    const report = reportLog(session.logPath!);
    expect(report.skippedLines).toBe(0);
    for (const c of report.calls) if (wanted.has(c.callId)) expect(c.llmContent).toBe(wanted.get(c.callId));
    // Retrieval pages the call record, as before.
    const first = whole[0]!;
    expect(session.read(first.callId, { offset: 1, limit: 1 }).text).toContain(`1: ${first.text.split("\n")[0]!.replace(/\r$/, "").slice(0, 80)}`);
    await session.close();
  });

  it("reads a log whose completions repeat the output as before", () => {
    const dir = tempDir();
    const path = join(dir, "old.jsonl");
    const o = outputs[0]!;
    // The lines a writer without references wrote: JSON.stringify of each whole record.
    const call: CallRecord = { v: 1, type: "call", time: "2025-01-02T03:04:05.678Z", session: "s", callId: "c1", tool: "bash", args: {}, exitCode: 0, output: o.text, size: { bytes: Buffer.byteLength(o.text), chars: o.text.length } };
    const completion: CompletionRecord = { v: 1, type: "completion", time: "2025-01-02T03:04:05.679Z", session: "s", callId: "c1", category: "CommandOutput", llmContent: o.text, summary: "done", metadata: {}, summarizer: null };
    writeFileSync(path, `${JSON.stringify(call)}\n${JSON.stringify(completion)}\n`);
    const { records, warnings } = readLogSync(path);
    expect(warnings).toEqual([]);
    expect(records).toEqual([call, completion]);
    expect(new CallIndex(path).findCompletion("c1")).toEqual(completion);
    expect(reportLog(path).calls[0]!.llmContent).toBe(o.text);
  });

  it("warns, and leaves llmContent empty, when the line before a referring completion is not its call record", () => {
    const dir = tempDir();
    const path = join(dir, "moved.jsonl");
    const o = outputs[0]!;
    const call: CallRecord = { v: 1, type: "call", time: "2025-01-02T03:04:05.678Z", session: "s", callId: "c1", tool: "bash", args: {}, exitCode: 0, output: o.text, size: { bytes: Buffer.byteLength(o.text), chars: o.text.length } };
    const referring = '{"v":1,"type":"completion","time":"2025-01-02T03:04:05.679Z","session":"s","callId":"c1","category":"CommandOutput","llmContent":"","llmContentIsOutput":true,"summary":"done","metadata":{},"summarizer":null}';
    // Its call record right before it reads; after another line, or alone, it cannot.
    writeFileSync(path, `${JSON.stringify(call)}\n${referring}\n`);
    expect(completions(readLogSync(path).records)[0]!.llmContent).toBe(o.text);
    appendFileSync(path, `not a record\n${referring}\n`);
    const { records, warnings } = readLogSync(path);
    expect(completions(records).map((c) => c.llmContent)).toEqual([o.text, ""]);
    expect(warnings.map((w) => w.line)).toEqual([3, 4]);
    expect(warnings[1]!.reason).toContain("refers to its call record's output");
    // A flag other than true is no record.
    writeFileSync(path, `${JSON.stringify(call)}\n${referring.replace('"llmContentIsOutput":true', '"llmContentIsOutput":1')}\n`);
    expect(readLogSync(path).warnings.map((w) => w.reason)).toEqual(["llmContentIsOutput is not true"]);
  });
  it("keeps the text of a referring completion read back and written again on a line of its own", () => {
    const dir = tempDir();
    const source = join(dir, "source.jsonl");
    const o = outputs[0]!;
    const call: CallRecord = { v: 1, type: "call", time: "2025-01-02T03:04:05.678Z", session: "s", callId: "c1", tool: "bash", args: {}, exitCode: 0, output: o.text, size: { bytes: Buffer.byteLength(o.text), chars: o.text.length } };
    writeFileSync(source, `${JSON.stringify(call)}\n{"v":1,"type":"completion","time":"2025-01-02T03:04:05.679Z","session":"s","callId":"c1","category":"CommandOutput","llmContent":"","llmContentIsOutput":true,"summary":"done","metadata":{},"summarizer":null}\n`);
    const read = completions(readLogSync(source).records)[0]!;
    expect(read.llmContent).toBe(o.text);
    // Copied alone into another log: the line holds the text, not the flag, and reads back whole.
    const copy = join(dir, "copy.jsonl");
    const writer = new LogWriter({ path: copy, sessionId: "s" });
    expect(writer.append(read).ok).toBe(true);
    writer.close();
    expect(readFileSync(copy, "utf8")).not.toContain("llmContentIsOutput");
    const again = readLogSync(copy);
    expect(again.warnings).toEqual([]);
    expect(completions(again.records)[0]!.llmContent).toBe(o.text);
    // A line that holds a text and the flag keeps its text.
    writeFileSync(copy, `{"v":1,"type":"completion","time":"2025-01-02T03:04:05.679Z","session":"s","callId":"c1","category":"CommandOutput","llmContent":"seen","llmContentIsOutput":true,"summary":"done","metadata":{},"summarizer":null}\n`);
    expect(readLogSync(copy)).toMatchObject({ warnings: [], records: [{ llmContent: "seen" }] });
  });

  it("does not give a referring completion an older call's output when its own call record was torn", () => {
    const dir = tempDir();
    const path = join(dir, "torn.jsonl");
    const record = (callId: string, output: string): CallRecord => ({ v: 1, type: "call", time: "2025-01-02T03:04:05.678Z", session: "s", callId, tool: "bash", args: {}, exitCode: 0, output, size: { bytes: Buffer.byteLength(output), chars: output.length } });
    const referring = '{"v":1,"type":"completion","time":"2025-01-02T03:04:05.679Z","session":"s","callId":"c1","category":"CommandOutput","llmContent":"","llmContentIsOutput":true,"summary":"done","metadata":{},"summarizer":null}';
    // An older call of the id, then another writer's line torn before its newline swallows the newer call record.
    writeFileSync(path, `${JSON.stringify(record("c1", "OLD OUTPUT\n"))}\n${referring}\n{"v":1,"type":"call","ti${JSON.stringify(record("c1", "NEW OUTPUT\n"))}\n${referring}\n`);
    expect(new CallIndex(path).findCompletion("c1")?.llmContent).toBe("");
    expect(completions(readLogSync(path).records).map((c) => c.llmContent)).toEqual(["OLD OUTPUT\n", ""]);
  });
});

function existsSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
