// diff and params on real inputs: a git diff checked against git's own
// numstat, and tool-call arguments in the shapes agents write them.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fixture, runCli } from "./support/run-cli.js";

describe("abridge diff", () => {
  const diff = readFileSync(fixture("diff-git-multi-language/output"));
  // `git diff --numstat` of the same commit: added, removed, path (renames as {old => new}).
  const numstat = readFileSync(fixture("diff-git-multi-language/numstat"), "utf8")
    .trim()
    .split("\n")
    .map((l) => l.split("\t"))
    .filter(([a]) => a !== "-")
    .map(([a, r, path]) => ({ added: Number(a), removed: Number(r), path: path! }));

  it("digests a git diff from stdin with git's own counts", () => {
    const r = runCli(["diff", "--json"], diff);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    const added = numstat.reduce((s, f) => s + f.added, 0);
    const removed = numstat.reduce((s, f) => s + f.removed, 0);
    expect(out.summary).toBe(`15 files changed, +${added}/-${removed}`);
    expect(out.facts.files).toBe(15);
    for (const f of numstat.filter((x) => !x.path.includes("=>"))) {
      const got = out.facts.perFile.find((p: { path: string }) => p.path === f.path);
      expect(got, f.path).toMatchObject({ added: f.added, removed: f.removed });
    }
  });

  it("keeps to the level's budget from a file", () => {
    const r = runCli(["diff", fixture("diff-git-multi-language/output"), "--level", "minimal"]);
    expect(r.status).toBe(0);
    expect(r.stdout.length).toBeLessThanOrEqual(801);
    expect(r.stdout).toMatch(/^15 files changed, \+\d+\/-\d+\n/);
    expect(r.stdout).toContain("✗ py/quoprimime.py (deleted, 300 lines)");
  });

  it("refuses text that is not a diff, and bad options", () => {
    const notDiff = runCli(["diff", fixture("listing-ls-la/output")]);
    expect(notDiff.status).toBe(1);
    expect(notDiff.stderr).toMatch(/^abridge: ABRIDGE_INVALID_INPUT: .* holds no unified diff/);
    for (const args of [["diff", "--level", "tiny"], ["diff", "--budget", "-5"], ["diff", "a", "b"]]) {
      const r = runCli(args, diff);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(/^abridge: ABRIDGE_USAGE: /);
    }
  });
});

describe("abridge params", () => {
  const patch = readFileSync(fixture("diff-git-multi-language/output"), "utf8");

  it("abridges a Claude Code tool_use: a long multi-line value becomes [N lines]", () => {
    const lines = patch.split("\n").length - (patch.endsWith("\n") ? 1 : 0);
    const call = { type: "tool_use", id: "toolu_01", name: "Write", input: { file_path: "changes.patch", content: patch } };
    const r = runCli(["params", JSON.stringify(call)]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`Write (file_path: "changes.patch", content: "[${lines.toLocaleString("en-US")} lines]")\n`);
  });

  it("reads {tool,args} from stdin; a long single line is cut at --max", () => {
    const command = `grep -rn "${"x".repeat(200)}" .`;
    const r = runCli(["params", "--max", "20"], JSON.stringify({ tool: "bash", args: { command } }));
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`bash (command: ${JSON.stringify(`${command.slice(0, 20)}...`)})\n`);
  });

  it("keeps a Codex function_call's JSON arguments valid with --json", () => {
    const args = JSON.stringify({ command: ["bash", "-lc", patch] });
    const r = runCli(["params", "--json", JSON.stringify({ type: "function_call", name: "shell", arguments: args, call_id: "call_1" })]);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.tool).toBe("shell");
    expect(out.args.command[0]).toBe("bash");
    expect(out.args.command[2]).toMatch(/^\[[\d,]+ lines\]$/);
  });

  it("takes a bare arguments object, and rejects what is not JSON", () => {
    const bare = runCli(["params", "--tool", "Read", '{"file_path":"a.ts","offset":10}']);
    expect(bare.stdout).toBe('Read (file_path: "a.ts", offset: 10)\n');
    for (const args of [["params", "{nope"], ["params", "42"], ["params", "{}", "{}"], ["params", "{}", "--max", "0"]]) {
      const r = runCli(args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(/^abridge: ABRIDGE_USAGE: /);
    }
  });
});
