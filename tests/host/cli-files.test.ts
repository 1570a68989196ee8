// view, sections and outline on real source files, from a path and from stdin.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fixture, runCli } from "./support/run-cli.js";

const colorsys = fixture("outline/colorsys.py");
const colorsysLines = readFileSync(colorsys, "utf8").split("\n");
const session = fixture("outline/Session.ts");
const sessionLines = readFileSync(session, "utf8").split("\n");

describe("abridge view", () => {
  it("prints a numbered window and the next offset", () => {
    const r = runCli(["view", colorsys, "--offset", "40", "--limit", "5"]);
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines.slice(0, 5)).toEqual([40, 41, 42, 43, 44].map((n) => `${n}: ${colorsysLines[n - 1]}`));
    expect(lines[5]).toBe(`(showing lines 40-44 of ${colorsysLines.length - 1} total; next: offset=45)`);
  });

  it("reads stdin and prints hashline anchors", () => {
    const r = runCli(["view", "--limit", "2", "--hashlines"], readFileSync(colorsys));
    expect(r.status).toBe(0);
    const [first, second] = r.stdout.split("\n");
    expect(first).toMatch(/^1:[0-9a-f]{2}\|"""Conversion functions between RGB and other color systems\.$/);
    expect(second).toMatch(/^2:[0-9a-f]{2}\|$/);
  });

  it("refuses binary input and bad options", () => {
    const binary = runCli(["view", fixture("binary-png/output")]);
    expect(binary.status).toBe(1);
    expect(binary.stderr).toMatch(/^abridge: ABRIDGE_INVALID_INPUT: .* is not text: \[binary output: [\d,]+ bytes, PNG image/);
    for (const args of [["view", colorsys, "--offset", "0"], ["view", colorsys, "--limit", "x"], ["view", colorsys, colorsys], ["view", "/no/such/file"], ["view", colorsys, "--nope"]]) {
      const r = runCli(args);
      expect(r.status, args.join(" ")).toBe(2);
      expect(r.stderr).toMatch(/^abridge: ABRIDGE_USAGE: /);
    }
  });
});

describe("abridge outline", () => {
  it("lists a class and its methods with line ranges that match the file", () => {
    const r = runCli(["outline", session]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^.*Session\.ts: typescript, 162 lines, \d+ symbols\n/);
    const cls = /^class Session {2}lines (\d+)–(\d+), (\d+) members$/m.exec(r.stdout)!;
    expect(sessionLines[Number(cls[1]) - 1]).toMatch(/class Session\b/);
    const send = /^ {2}method send {2}lines (\d+)–(\d+)$/m.exec(r.stdout)!;
    expect(sessionLines[Number(send[1]) - 1]).toMatch(/\bsend\b/);
    expect(Number(send[1])).toBeGreaterThan(Number(cls[1]));
    expect(Number(send[2])).toBeLessThanOrEqual(Number(cls[2]));
  });

  it("tells the language of stdin from the text, or takes --language, and answers JSON", () => {
    const python = runCli(["outline"], readFileSync(colorsys));
    expect(python.status).toBe(0);
    expect(python.stdout).toMatch(/^stdin: python, 166 lines, \d+ symbols\n/);
    const hsv = /^function rgb_to_hsv {2}lines (\d+)–\d+$/m.exec(python.stdout)!;
    expect(colorsysLines[Number(hsv[1]) - 1]).toMatch(/^def rgb_to_hsv\(/);

    const goSource = readFileSync(fixture("outline/client.go"));
    const json = runCli(["outline", "-", "--language", "go", "--json"], goSource);
    expect(json.status).toBe(0);
    const symbols = JSON.parse(json.stdout) as Array<{ kind: string; name: string; first: number }>;
    const goLines = goSource.toString("utf8").split("\n");
    const methods = symbols.filter((x) => x.kind === "method");
    expect(methods.length).toBeGreaterThan(2);
    for (const m of methods) expect(goLines[m.first - 1]).toContain(`) ${m.name.split(".").pop()}(`);

    const unknown = runCli(["outline", "--language", "cobol"], "x");
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/^abridge: ABRIDGE_USAGE: --language must be one of/);
    const plain = runCli(["outline"], "just some words\n");
    expect(plain.status).toBe(2);
    expect(plain.stderr).toMatch(/^abridge: ABRIDGE_USAGE: cannot tell the language of stdin/);
  });
});

describe("abridge sections", () => {
  it("gives the relevant range as hashlines and names the symbols around it", () => {
    const r = runCli(["sections", colorsys, "--start", "40", "--end", "44"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("before: lines 1–39");
    expect(r.stdout).toContain("relevant: lines 40–44");
    expect(r.stdout).toMatch(/^40:[0-9a-f]{2}\|def rgb_to_yiq\(r, g, b\):$/m);
    expect(r.stdout).toMatch(/^44:[0-9a-f]{2}\|    return \(y, i, q\)$/m);
    expect(r.stdout).toMatch(/^after: lines 45–166, \d+ symbols$/m);
    const hls = /^ {2}function rgb_to_hls \(lines (\d+)–\d+\)$/m.exec(r.stdout)!;
    expect(colorsysLines[Number(hls[1]) - 1]).toMatch(/^def rgb_to_hls\(/);
  });

  it("defaults to the middle third, reads stdin, and checks the range", () => {
    const r = runCli(["sections", "--json"], readFileSync(colorsys));
    expect(r.status).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.totalLines).toBe(166);
    expect(s.relevant.first).toBeGreaterThan(40);
    expect(s.relevant.last).toBeLessThan(130);
    for (const args of [["sections", colorsys, "--start", "50", "--end", "10"], ["sections", colorsys, "--start", "999"], ["sections", colorsys, "--start", "999", "--json"]]) {
      const bad = runCli(args);
      expect(bad.status, args.join(" ")).toBe(2);
      expect(bad.stderr).toMatch(/^abridge: ABRIDGE_USAGE: /);
    }
  });
});
