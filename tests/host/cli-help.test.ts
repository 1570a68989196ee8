// Every command listed by `abridge --help` answers --help on stdout with exit 0.
import { describe, expect, it } from "vitest";
import { runCli } from "./support/run-cli.js";

describe("abridge --help", () => {
  const top = runCli(["--help"]);
  const listed = [...top.stdout.matchAll(/^ {2}([a-z-]+) {2,}\S/gm)].map((m) => m[1]!);

  it("lists every command with a line about it", () => {
    expect(top.status).toBe(0);
    expect(listed).toEqual(["compact", "demo", "view", "sections", "outline", "diff", "params", "log", "report", "replay", "install", "uninstall", "hook", "mcp-proxy", "doctor", "run"]);
  });

  it("answers --help and -h on each command", () => {
    for (const command of listed) {
      for (const flag of ["--help", "-h"]) {
        const r = runCli([command, flag]);
        expect(r.status, `${command} ${flag}`).toBe(0);
        expect(r.stdout).toMatch(new RegExp(`^usage: abridge ${command} `));
        expect(r.stderr).toBe("");
      }
    }
  });
});
