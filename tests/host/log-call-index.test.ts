// The call index learns where the writer put each record. A session writes two records per call
// and reads few back, so the locations are filed by the next read, not by every write: what a
// read finds must be what filing them at once finds — the latest record of a reused id, and no
// completion that belongs to an older call of that id.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CallIndex } from "../../host/log/call-index.js";
import { LogWriter } from "../../host/log/writer.js";

/** The size of the index's table of ids, read through its private field. */
function idsFiled(index: CallIndex): number {
  return (index as unknown as { records: { rows: { size: number } } }).records.rows.size;
}

describe("the call index of a session's log", () => {
  it("files nothing while records are written, and finds each call's latest records on a read", () => {
    const dir = mkdtempSync(join(tmpdir(), "abridge-index-"));
    const path = join(dir, "s.jsonl");
    const writer = new LogWriter({ path, sessionId: "s" });
    const index = new CallIndex(path);
    writer.on("written", (w) => index.note(w.callId, w));
    const calls = 3000;
    for (let i = 0; i < calls; i++) {
      writer.appendCall({ callId: `c${i}`, tool: "bash", output: `output ${i}\n` });
      writer.appendCompletion({ callId: `c${i}`, category: "CommandOutput", llmContent: `seen ${i}`, summary: "Completed" });
    }
    // c7 is called again and has no completion yet; c9 is called again and completes again.
    writer.appendCall({ callId: "c7", tool: "bash", output: "second run of c7\n" });
    writer.appendCall({ callId: "c9", tool: "bash", output: "second run of c9\n" });
    writer.appendCompletion({ callId: "c9", category: "CommandOutput", llmContent: "seen again", summary: "Completed" });
    expect(idsFiled(index)).toBe(0);
    expect(index.find("c7")?.output).toBe("second run of c7\n");
    expect(idsFiled(index)).toBe(calls);
    expect(index.findCompletion("c7")).toBeUndefined();
    expect(index.findCompletion("c9")?.llmContent).toBe("seen again");
    for (let i = 0; i < calls; i += 97) {
      if (i === 7 || i === 9) continue;
      expect(index.find(`c${i}`)?.output).toBe(`output ${i}\n`);
      expect(index.findCompletion(`c${i}`)?.llmContent).toBe(`seen ${i}`);
    }
    writer.close();
  });
});
