// Bounded mode of stream(): past streamBufferBytes only a head, a tail window and the
// important lines of the middle are kept. The pieces must be true to the output (every
// count and line number exact) and an error in the middle must reach the model.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import stripAnsi from "strip-ansi";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAbridge, type Abridge } from "../../host/session.js";
import { BoundedText } from "../../host/stream/bounded.js";
import { readLogSync } from "../../host/log/reader.js";
// @ts-expect-error: a plain ES module shared with the benches
import { buildLog } from "../../bench/data/build-log.mjs";

const SMALL = { headChars: 200, tailChars: 300, maxImportantLines: 6, contextLines: 1, maxLineChars: 60 };

/** Lines split at "\n" (a final newline does not start another). */
function linesOf(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (text.endsWith("\n")) lines.pop();
  return lines;
}

function feed(text: string, cuts: number[], limits = SMALL): BoundedText {
  const b = new BoundedText(limits);
  const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((x, y) => x - y);
  let from = 0;
  for (const c of [...at, text.length]) {
    b.push(text.slice(from, c));
    from = c;
  }
  return b;
}

const lineArb = fc.oneof(
  fc.constantFrom("ok", "compiling unit", "", "  indented", "日本語 ünï 😀", "x".repeat(150), "y😀".repeat(150)),
  fc.constantFrom("ERROR: disk full", "Traceback (most recent call last):", "panic: nil map", "test failed"),
  fc.string({ maxLength: 30 }).map((s) => s.replaceAll("\n", " ")),
);

describe("BoundedText", () => {
  it("keeps true pieces: every kept line is the output's line of that number, every gap counts exactly what it leaves out", () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 0, maxLength: 400 }), fc.boolean(), fc.array(fc.nat(), { maxLength: 30 }), (lines, finalNewline, cuts) => {
        const text = lines.join("\n") + (finalNewline && lines.length > 0 ? "\n" : "");
        const b = feed(text, cuts);
        const built = b.build((first, last) => `; read offset=${first} to ${last}`);
        const truth = linesOf(text);
        expect(built.chars).toBe(text.length);
        expect(built.lines).toBe(truth.length);
        const builtLines = linesOf(built.text);
        // Where each true line starts in the text.
        const starts: number[] = [];
        for (let i = 0, at = 0; i < truth.length; i++) {
          starts.push(at);
          at += truth[i]!.length + 1;
        }
        let omitted = 0;
        let expectedFirst = 1;
        let afterPartial = false;
        for (const [k, p] of built.pieces.entries()) {
          // After a gap that ends inside a line, the next piece starts with the rest of that line.
          if (p.gap) {
            const marker = builtLines[p.builtFirst - 1]!;
            const partial = marker.includes(" (partial)");
            // A gap that starts inside a line (the head ended there) names that line first.
            expect(p.first).toBe(partial && !builtLines[p.builtFirst - 2]?.length ? p.first : partial ? p.first : expectedFirst);
            expect([expectedFirst, expectedFirst - 1]).toContain(p.first);
            expect(marker).toMatch(new RegExp(`^\\[\\.\\.\\.${p.gap.omitted.toLocaleString("en-US")} chars omitted\\.\\.\\.\\] line ${p.builtFirst.toLocaleString("en-US")} of ${truth.length.toLocaleString("en-US")}( \\(partial\\))?; read offset=${p.builtFirst} to ${p.builtFirst}$`));
            const next = built.pieces[k + 1];
            if (!partial) {
              const end = next ? starts[next.first - 1]! : text.length;
              expect(p.gap.omitted).toBe(end - starts[p.first - 1]!);
            }
            omitted += p.gap.omitted;
            expectedFirst = p.gap.last + 1;
            afterPartial = partial && next !== undefined && next.first === p.gap.last;
          } else {
            expect(p.first).toBe(afterPartial ? expectedFirst - 1 : expectedFirst);
            for (let n = p.builtFirst; n <= p.builtLast; n++) {
              const line = truth[p.first + (n - p.builtFirst) - 1]!;
              const shown = builtLines[n - 1]!;
              const cut = shown.lastIndexOf("… [+");
              if (cut >= 0 && !line.includes("… [+")) expect(shown).toBe(`${line.slice(0, cut)}… [+${(line.length - cut).toLocaleString("en-US")} chars]`);
              else if (n === p.builtFirst && afterPartial) expect(line.endsWith(shown)).toBe(true);
              else if (n === p.builtLast && k < built.pieces.length - 1 && built.pieces[k + 1]!.gap && builtLines[n]!.includes("(partial)")) expect(line.startsWith(shown)).toBe(true);
              else expect(shown).toBe(line);
            }
            expectedFirst = p.first + (p.builtLast - p.builtFirst) + 1;
            afterPartial = false;
          }
        }
        expect(built.omitted).toBe(omitted);
        if (truth.length > 0) expect(expectedFirst).toBe(truth.length + 1);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps every important line of the middle when they are fewer than the cap, whatever the chunking", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("ok line", "more output here", "日本語 😀"), { minLength: 200, maxLength: 400 }), fc.nat(), fc.nat(), fc.array(fc.nat(), { maxLength: 40 }), (lines, a, b, cuts) => {
        const at = [a % lines.length, b % lines.length];
        for (const i of at) lines[i] = `fatal error: unit ${i} failed`;
        const text = lines.join("\n") + "\n";
        const built = feed(text, cuts).build(() => "").text;
        for (const i of at) expect(built).toContain(`fatal error: unit ${i} failed`);
      }),
      { numRuns: 200 },
    );
  });
});

describe("stream() past streamBufferBytes", () => {
  let dir: string;
  let abridge: Abridge;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "abridge-bounded-"));
    abridge = createAbridge({ sessionId: "s", log: { path: join(dir, "s.jsonl") }, summarizer: { provider: "off" }, streamBufferBytes: 1024 * 1024 });
  });
  afterEach(async () => {
    await abridge.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps the error at 40 % of a 5 MB build log, with true totals, line numbers that read() finds, and the whole output logged", async () => {
    const text: string = buildLog(5_000_000, 0.4);
    const bytes = Buffer.from(text, "utf8");
    const sink = abridge.stream({ tool: "bash", args: { command: "make -k" }, callId: "big" });
    // 64 KB byte chunks: the quotes ‘ ’ (3 bytes each) are cut across chunks.
    for (let i = 0; i < bytes.length; i += 65_536) sink.write(bytes.subarray(i, i + 65_536));
    expect(sink.isBounded).toBe(true);
    const result = await sink.end({ exitCode: 2 });
    const total = linesOf(text).length;

    expect(result.llmContent).toContain("broken.c:5:10: error: ‘totl’ undeclared");
    expect(result.stream).toEqual({ bounded: true, bytes: bytes.length, chars: text.length, lines: total, omittedChars: expect.any(Number) });
    expect(result.metadata.totalLines).toBe(total);
    expect(result.metadata.rawChars).toBe(text.length);
    expect(result.metadata.rawTokens).toBeGreaterThan(text.length / 10);
    expect(result.metadata.savedTokens).toBe(result.metadata.rawTokens - result.metadata.llmTokens);
    expect(result.llmContent.split("\n")[0]).toContain(`${total.toLocaleString("en-US")} lines`);

    // Every marker names the whole output's lines: the lines around it are the ones read() pages there.
    // The first carries the read hint, whose offset is its first line; the others state no hint.
    const shown = result.llmContent.split("\n");
    const markers = [...result.llmContent.matchAll(/^\[\.\.\.([\d,]+) chars omitted\.\.\.\] lines ([\d,]+)–([\d,]+) of ([\d,]+)(?:.*offset=(\d+))?$/gm)];
    expect(markers.length).toBeGreaterThanOrEqual(2);
    expect(markers.map((m) => m[5] !== undefined)).toEqual(markers.map((_m, i) => i === 0));
    const lineAt = (n: number) => abridge.read("big", { offset: n, limit: 1 }).text.split("\n")[0]!.replace(/^\d+: /, "");
    for (const m of markers) {
      const [first, last, of] = [m[2], m[3], m[4]].map((s) => Number(s!.replaceAll(",", "")));
      expect(of).toBe(total);
      if (m[5] !== undefined) expect(Number(m[5])).toBe(first);
      const k = shown.indexOf(m[0]);
      const before = shown[k - 1]!;
      const after = shown[k + 1];
      if (k > 1 && !before.startsWith("[...")) expect(before).toBe(lineAt(first! - 1));
      if (after !== undefined && !after.startsWith("[...")) expect(after).toBe(lineAt(last! + 1));
    }
    for (const [a, b] of result.metadata.keptLines) {
      expect(shown).toContain(lineAt(a));
      expect(shown).toContain(lineAt(b));
    }

    // The log holds the whole output, and the completion record the true counts.
    const records = readLogSync(join(dir, "s.jsonl")).records;
    const call = records.find((r) => r.type === "call");
    expect(call?.type === "call" && call.output === text).toBe(true);
    const completion = records.find((r) => r.type === "completion");
    expect(completion).toMatchObject({ metadata: { totalLines: total, paging: "cleaned", stream: result.stream } });
  });

  it("states no count of lines that open alike: the core counted them in the pieces it saw", async () => {
    const lines = Array.from({ length: 60_000 }, (_, i) => `patching file src/module_${i}.c`);
    const text = lines.join("\n") + "\n";
    const sink = abridge.stream({ tool: "bash", args: { command: "patch -p1 < all.diff" }, callId: "alike" });
    sink.write(text);
    expect(sink.isBounded).toBe(true);
    const result = await sink.end({ exitCode: 0 });
    const status = result.llmContent.split("\n")[0]!;
    expect(status).toContain("60,000 lines");
    expect(status).not.toMatch(/ lines "/);
  });

  it("numbers a small budget's kept lines with the whole output's line numbers", async () => {
    const small = createAbridge({ sessionId: "m", level: "minimal", log: { path: join(dir, "m.jsonl") }, summarizer: { provider: "off" }, streamBufferBytes: 1024 * 1024 });
    const text: string = buildLog(3_000_000, 0.4);
    const sink = small.stream({ tool: "bash", args: { command: "make -k" }, callId: "min" });
    for (let i = 0; i < text.length; i += 65_536) sink.write(text.slice(i, i + 65_536));
    expect(sink.isBounded).toBe(true);
    const result = await sink.end({ exitCode: 2 });
    const total = linesOf(stripAnsi(text));
    expect(result.llmContent).toContain("broken.c:5:10: error: ‘totl’ undeclared");
    expect(result.llmContent).toMatch(new RegExp(`^\\[\\.\\.\\.[\\d,]+ chars omitted\\.\\.\\.\\] \\d+ of ${total.length.toLocaleString("en-US")} lines shown, numbered`, "m"));
    const numbered = [...result.llmContent.matchAll(/^(\d+): (.*)$/gm)];
    expect(numbered.length).toBeGreaterThan(3);
    // Each kept line is the output's line of that number (a gap of the stream's own shows as its marker).
    for (const [, n, line] of numbered) if (!line!.startsWith("[...")) expect(line).toBe(total[Number(n) - 1]);
    await small.close();
  });

  it("decodes UTF-8 split across byte chunks and keeps invalid bytes as bytes in the log", async () => {
    const head = "résumé 日本語 😀\n";
    const body = "ok line\n".repeat(200_000);
    // The invalid byte comes after the first 64 KB, from which the encoding is decided (as process() decides it).
    const bytes = Buffer.concat([Buffer.from(head), Buffer.from(body), Buffer.from([0xff, 0x0a]), Buffer.from("Exception in thread main\n"), Buffer.from(body)]);
    const sink = abridge.stream({ tool: "bash", callId: "u8" });
    for (let i = 0; i < bytes.length; i += 7) sink.write(bytes.subarray(i, Math.min(bytes.length, i + 7) + (i === 0 ? 0 : 0)));
    const result = await sink.end({ exitCode: 1 });
    expect(result.stream?.bounded).toBe(true);
    expect(result.llmContent).toContain("résumé 日本語 😀");
    expect(result.llmContent).toContain("Exception in thread main");
    const call = readLogSync(join(dir, "s.jsonl")).records.find((r) => r.type === "call");
    expect(call?.type === "call" && typeof call.output === "object" && Buffer.from(call.output.bytes, "base64").equals(bytes)).toBe(true);
  });
});
