// Output that is not UTF-8, and binary output, as the host receives it: bytes decoded in the
// encoding they are in (and the model told so), binary described with its real size and cost,
// and the session log read back in the same encoding.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { createAbridge } from "../../host/session.js";

const fixture = (id: string) => new Uint8Array(readFileSync(new URL(`../fixtures/${id}/output`, import.meta.url)));
const meta = (id: string) => JSON.parse(readFileSync(new URL(`../fixtures/${id}/meta.json`, import.meta.url), "utf8"));

describe("text in another encoding", () => {
  it("decodes a Latin-1 file as Windows-1252 and tells the model before it writes it back", () => {
    const id = "corpus/cat-latin1-customer-notes";
    const r = compact({ tool: "bash", args: meta(id).args, output: fixture(id) });
    expect(r.metadata.encoding).toBe("windows-1252");
    expect(r.llmContent.split("\n")[0]).toBe("[not UTF-8: Windows-1252 (Latin-1) text, 76,695 bytes, shown decoded; keep Windows-1252 when writing it back]");
    expect(r.llmContent).toContain("1: Kundennr;Name;Straße;Ort;Umsatz EUR;Notiz");
    expect(r.llmContent).not.toContain("\uFFFD");
    expect(r.uiContent).toContain("Grüße an Frau Müller");
    expect(r.summary).toBe("Read kunden.txt (1,201 lines, Windows-1252)");
  });

  it("reads UTF-16 and Shift_JIS files as the text they are, not as binary", () => {
    const utf16 = compact({ tool: "bash", args: meta("corpus/cat-utf16-bom-export").args, output: fixture("corpus/cat-utf16-bom-export") });
    expect(utf16.category).toBe("FileContent");
    expect(utf16.metadata.encoding).toBe("utf-16le");
    expect(utf16.llmContent).toContain("[not UTF-8: UTF-16LE text, 32,216 bytes,");
    expect(utf16.llmContent).toContain("Read export.txt (401 lines, 31 KB, tsv)");
    const sjis = compact({ tool: "bash", args: meta("corpus/cat-shift-jis-inventory").args, output: fixture("corpus/cat-shift-jis-inventory") });
    expect(sjis.category).toBe("FileContent");
    expect(sjis.metadata.encoding).toBe("shift_jis");
    expect(sjis.llmContent).toContain("SKU-0001, みかん, 13個, 東京第2倉庫");
  });

  it("passes a short one through as it is: no result is longer than the output it replaces", () => {
    const output = new Uint8Array(Buffer.from("Name;Ort\nMüller;Köln\nGroß;Jena\n", "latin1"));
    const r = compact({ tool: "bash", args: { command: "cat kunden.txt" }, output });
    expect(r.llmContent).toBe("Name;Ort\nMüller;Köln\nGroß;Jena\n");
    expect(r.metadata.encoding).toBe("windows-1252");
  });

  it("reads the logged bytes back in the encoding they were compacted in", async () => {
    const dir = mkdtempSync(join(tmpdir(), "abridge-encodings-"));
    const abridge = createAbridge({ cwd: dir, env: {}, log: { dir: join(dir, "sessions") } });
    const id = "corpus/cat-latin1-customer-notes";
    const r = await abridge.process({ tool: "bash", args: meta(id).args, output: fixture(id), callId: "latin1" });
    expect(r.llmContent).toContain("next: offset=");
    const page = abridge.read("latin1", { offset: 1200, limit: 2 });
    expect(page.text).toContain("1200: K01199;");
    expect(page.text).not.toContain("\uFFFD");
    expect(page.text).not.toContain("not valid UTF-8");
    await abridge.close();
  });
});

describe("binary output", () => {
  it("counts bytes by what a harness would have sent, not by the one-line description", () => {
    const bytes = fixture("binary-elf-true-30k");
    const r = compact({ tool: "bash", args: { command: "cat /bin/true" }, output: bytes });
    expect(r.category).toBe("Binary");
    expect(r.llmContent).toBe("[binary output: 30,000 bytes, ELF executable, x86-64]");
    expect(r.metadata.rawChars).toBe(30_000);
    const exact = countTokens(new TextDecoder().decode(bytes));
    expect(Math.abs(r.metadata.rawTokens - exact)).toBeLessThanOrEqual(0.3 * exact);
    expect(r.metadata.savedTokens / r.metadata.rawTokens).toBeGreaterThan(0.99);
  });

  it("describes a binary passed as a string with the size of the bytes it came from", () => {
    const bytes = Buffer.from(fixture("binary-elf-true-30k"));
    expect(compact({ tool: "bash", output: bytes.toString("latin1") }).llmContent).toBe("[binary output: 30,000 bytes, ELF executable, x86-64]");
    const lenient = compact({ tool: "bash", output: new TextDecoder().decode(bytes) }).llmContent;
    const size = Number(/([\d,]+) bytes/.exec(lenient)![1]!.replaceAll(",", ""));
    expect(Math.abs(size - 30_000)).toBeLessThanOrEqual(300);
  });
});

describe("carriage returns", () => {
  it("keeps a response body that shares its line with curl's progress meter, for the model and the UI", () => {
    const body = JSON.stringify({ orders: Array.from({ length: 30 }, (_, i) => ({ id: 9000 + i, status: i % 4 ? "paid" : "failed" })), count: 30 });
    const meter = "100  2848    0  2848    0     0   136k      0 --:--:-- --:--:-- --:--:--  139k";
    const output = `* Connected to 127.0.0.1 port 18431\n< HTTP/1.1 200 OK\n< content-type: application/json\n<\n${body}\r${meter}\n* Connection #0 to host 127.0.0.1 left intact\n`;
    const r = compact({ tool: "bash", args: { command: "curl -v http://127.0.0.1:18431/api/orders" }, output });
    expect(r.uiContent).toContain(`${body}\n${meter}\n`);
    expect(r.llmContent).toContain('{"orders":[{"id":9000,"status":"failed"}');
  });
});
