// The transcript readers' edge cases, and the progress bar's rules, without spawning.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { unwrapExecOutput } from "../../host/replay/codex.js";
import { resultText } from "../../host/replay/claude-code.js";
import { Progress } from "../../host/replay/progress.js";
import { readTranscripts } from "../../host/replay/transcript.js";
import { logSessionId } from "../../host/replay/run.js";

const dir = mkdtempSync(join(tmpdir(), "abridge-readers-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("Codex output framing", () => {
  it("unwraps the structured JSON framing", () => {
    expect(unwrapExecOutput(JSON.stringify({ output: "a\nb\n", metadata: { exit_code: 3, duration_seconds: 0.5 } }))).toEqual({ output: "a\nb\n", exitCode: 3 });
  });

  it("unwraps the freeform header, with or without a line count", () => {
    expect(unwrapExecOutput("Exit code: 1\nWall time: 0.2 seconds\nOutput:\nboom\n")).toEqual({ output: "boom\n", exitCode: 1 });
    expect(unwrapExecOutput("Exit code: 0\nWall time: 3 seconds\nTotal output lines: 900\nOutput:\nx")).toEqual({ output: "x", exitCode: 0 });
    expect(unwrapExecOutput("Chunk ID: 4f2a\nWall time: 1.0 seconds\nProcess exited with code 2\nOriginal token count: 12\nOutput:\nerr\n")).toEqual({ output: "err\n", exitCode: 2 });
  });

  it("leaves other text alone", () => {
    for (const text of ['{"output": 1}', "{\"output\":\"x\"", "Status: ok\nOutput:\nx", "plain"]) {
      expect(unwrapExecOutput(text)).toEqual({ output: text, exitCode: undefined });
    }
  });
});

describe("transcript readers", () => {
  it("pairs custom_tool_call (apply_patch) with its output, and content items", async () => {
    const file = join(dir, "custom.jsonl");
    const wrap = (payload: unknown) => JSON.stringify({ timestamp: "2025-09-01T00:00:00Z", type: "response_item", payload });
    writeFileSync(
      file,
      [
        wrap({ type: "custom_tool_call", status: "completed", call_id: "c1", name: "apply_patch", input: "*** Begin Patch\n*** Update File: a.rs\n@@\n-x\n+y\n*** End Patch\n" }),
        wrap({ type: "custom_tool_call_output", call_id: "c1", output: JSON.stringify({ output: "Success. Updated the following files:\nM a.rs\n", metadata: { exit_code: 0, duration_seconds: 0 } }) }),
        wrap({ type: "function_call", name: "view_image", arguments: '{"path":"a.png"}', call_id: "c2" }),
        wrap({ type: "function_call_output", call_id: "c2", output: [{ type: "input_image", image_url: "data:image/png;base64,iVBORw0KGgo=" }] }),
      ].join("\n"),
    );
    const t = await readTranscripts([file]);
    expect(t.calls).toHaveLength(1);
    expect(t.calls[0]).toMatchObject({ tool: "apply_patch", exitCode: 0, output: "Success. Updated the following files:\nM a.rs\n" });
    expect((t.calls[0]!.args as { input: string }).input).toContain("*** Begin Patch");
    expect(t.stats).toMatchObject({ calls: 2, results: 1, nonText: 1 });
  });

  it("joins the text items of a Claude Code tool_result and ignores images", () => {
    expect(resultText([{ type: "text", text: "a" }, { type: "image", source: {} }, { type: "text", text: "b" }])).toBe("a\nb");
    expect(resultText([{ type: "image", source: {} }])).toBeNull();
    expect(resultText("plain")).toBe("plain");
  });

  it("makes session ids the log accepts", () => {
    expect(logSessionId("5f0c2a9e-1b7d-4e36-a8c4-92d1f03e6b57")).toBe("5f0c2a9e-1b7d-4e36-a8c4-92d1f03e6b57");
    expect(logSessionId("my session/2")).toBe("my-session-2");
    expect(logSessionId("../..")).toBe("session");
    expect(logSessionId("x".repeat(300))).toHaveLength(128);
  });
});

describe("progress bar", () => {
  function fake(isTTY: boolean) {
    const writes: string[] = [];
    return { stream: { isTTY, columns: 60, write: (s: string) => writes.push(s) }, writes };
  }

  it("draws on a terminal only once the work has taken a while, then erases itself", () => {
    let now = 0;
    const { stream, writes } = fake(true);
    const p = new Progress(stream, "replay", { now: () => now, delayMs: 500, intervalMs: 100, env: { TERM: "xterm-256color" } });
    p.update(1, 100);
    expect(writes).toEqual([]);
    now = 600;
    p.update(50, 100);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^\rreplay █{12}░{12} {2}50% 50\/100\x1b\[K$/);
    now = 650;
    p.update(51, 100); // too soon after the last redraw
    expect(writes).toHaveLength(1);
    p.update(100, 100); // the last step always draws
    expect(writes[1]).toContain("100% 100/100");
    p.done();
    expect(writes.at(-1)).toBe("\r\x1b[K");
  });

  it("never writes to a stream that is not a terminal, nor erases what it never drew", () => {
    let now = 0;
    const { stream, writes } = fake(false);
    const p = new Progress(stream, "replay", { now: () => now });
    now = 10_000;
    p.update(5, 10);
    p.done();
    expect(writes).toEqual([]);
    const quick = fake(true);
    const q = new Progress(quick.stream, "replay", { now: () => 0, env: {} });
    const dumb = fake(true);
    const d = new Progress(dumb.stream, "replay", { now: () => now, env: { TERM: "dumb" } });
    d.update(5, 10);
    expect(dumb.writes).toEqual([]);
    q.update(10, 10);
    q.done();
    expect(quick.writes).toEqual([]);
  });
});
