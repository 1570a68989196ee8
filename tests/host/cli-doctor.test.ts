// `abridge doctor` on real settings files: an agent abridge is installed in reads "active", one
// installed from another copy of abridge reads "other copy", and agents on PATH are found.
import { spawnSync } from "node:child_process";
import { chmodSync, cpSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "./support/run-cli.js";

describe("abridge doctor", () => {
  it("tells active, other-copy and absent installs apart, per project and globally", () => {
    const root = mkdtempSync(join(tmpdir(), "abridge-doctor-"));
    const project = join(root, "project");
    const home = join(root, "home");
    const bin = join(root, "bin");
    mkdirSync(project);
    mkdirSync(home);
    mkdirSync(bin);
    writeFileSync(join(bin, "claude"), "#!/bin/sh\n");
    chmodSync(join(bin, "claude"), 0o755);
    const env = { HOME: home, PATH: `${bin}:/usr/bin:/bin`, CODEX_HOME: join(home, ".codex") };
    expect(runCli(["install", "claude", "--project", project], undefined, { env }).status).toBe(0);
    // Gemini, installed globally by an abridge that lives somewhere else.
    mkdirSync(join(home, ".gemini"));
    const elsewhere = "/opt/old/node_modules/abridge-agent/dist/cli.bundle.js";
    writeFileSync(join(home, ".gemini", "settings.json"), JSON.stringify({ hooks: { BeforeTool: [{ matcher: "run_shell_command", hooks: [{ type: "command", command: `/usr/bin/node ${elsewhere} hook gemini` }] }] } }));
    const r = runCli(["doctor", "--project", project, "--json"], undefined, { env });
    expect(r.status, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.core).toBe("ok");
    const byAgent = Object.fromEntries(report.agents.map((a: { agent: string }) => [a.agent, a]));
    expect(byAgent.claude).toMatchObject({ onPath: join(bin, "claude"), project: "active", global: "–" });
    expect(byAgent.gemini).toMatchObject({ onPath: null, project: "–", global: "other copy" });
    expect(byAgent.codex).toMatchObject({ project: "–", global: "–" });
    const text = runCli(["doctor", "--project", project], undefined, { env }).stdout;
    expect(text).toMatch(/^claude\s+\S+\/bin\/claude\s+active\s+–$/m);
    expect(text).toContain("gemini: installed from another copy of abridge");
  });

  it("says when settings cannot be read instead of failing", () => {
    const project = mkdtempSync(join(tmpdir(), "abridge-doctor-"));
    mkdirSync(join(project, ".claude"));
    writeFileSync(join(project, ".claude", "settings.json"), "{ not json");
    const r = runCli(["doctor", "--project", project, "--json"]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).agents.find((a: { agent: string }) => a.agent === "claude").project).toBe("unreadable settings");
  });

  it("says when the fast build of the core cannot serve, though the small one digests", () => {
    // A copy of the package whose fast build is cut short, as a broken install would leave it.
    const root = fileURLToPath(new URL("../../", import.meta.url));
    const copy = mkdtempSync(join(tmpdir(), "abridge-doctor-package-"));
    cpSync(join(root, "package.json"), join(copy, "package.json"));
    cpSync(join(root, "dist"), join(copy, "dist"), { recursive: true });
    mkdirSync(join(copy, "build"));
    cpSync(join(root, "build", "abridge.small.wasm"), join(copy, "build", "abridge.small.wasm"));
    writeFileSync(join(copy, "build", "abridge.wasm"), Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00]));
    symlinkSync(join(root, "node_modules"), join(copy, "node_modules"));
    const r = spawnSync(process.execPath, [join(copy, "dist", "cli.bundle.cjs"), "doctor", "--json", "--project", copy], { encoding: "utf8", env: { ...process.env, HOME: copy } });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).core).toMatch(/^ok, but the fast build cannot serve: .+/);
  });
});
