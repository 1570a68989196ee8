// A linter's or a type checker's located findings are candidates for the budget with or
// without an error word, grouped by their code and offered by rounds: each code's first
// finding before any code's second, the graver first, the rarer code first. Real captures
// of the corpus's tuning part.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

function balanced(id: string) {
  const { meta, input, hint } = tuningFixture(id);
  const text = compact(input, { level: "balanced" }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(4000);
  return { meta, text };
}

describe("findings grouped by code, offered by rounds", () => {
  it("reaches the two one-off codes among 356 style findings without an error word (flake8)", () => {
    const { text } = balanced("flake8-count-statistics-logging");
    expect(text).toContain("logging/__init__.py:2202:9: E722 do not use bare 'except'");
    expect(text).toContain("logging/handlers.py:639:13: F841 local variable 'dummy' is assigned to but never used");
  });

  it("offers the rare family's code before the one-off codes of the common family under a small budget (flake8)", () => {
    // 327 E findings (15 codes seen once) and three F821, the only F code: the first F821
    // is offered before any lone E code.
    const { input, hint } = tuningFixture("flake8-stdlib-json-http");
    const text = compact(input, { level: "minimal" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(800);
    expect(text).toContain("http/client.py:319:26: F821 undefined name 'CONTINUE'");
  });

  it("offers every finding of a rare family in the first round under a small budget (flake8)", () => {
    // The three F821 are the only F findings of 330: three names that are not defined,
    // each a bug of its own. All three are offered before the lone E codes.
    const { input, hint } = tuningFixture("flake8-stdlib-json-http");
    const text = compact(input, { level: "minimal" }, { hint }).llmContent;
    expect(text.length).toBeLessThanOrEqual(800);
    for (const name of ["319:26: F821 undefined name 'CONTINUE'", "370:23: F821 undefined name 'NO_CONTENT'", "370:47: F821 undefined name 'NOT_MODIFIED'"]) {
      expect(text).toContain(`http/client.py:${name}`);
    }
  });

  it("shows a line of every error code before a second of the commonest (mypy --strict)", () => {
    const { meta, text } = balanced("mypy-strict-untyped-module");
    const codeOf = (line: string) => /\[([a-z-]+)\]$/.exec(line)?.[1];
    const codes = new Set(meta.facts.errorLines.map(codeOf).filter((c): c is string => c !== undefined));
    expect(codes.size).toBeGreaterThan(5);
    for (const code of codes) {
      expect(meta.facts.errorLines.some((line) => codeOf(line) === code && text.includes(line)), code).toBe(true);
    }
  });

  it("takes no row of hex bytes for a finding: a certificate's extensions keep their room (openssl x509 -text)", () => {
    const { text } = balanced("openssl-x509-text");
    // The status counts no findings (its one total is the names the certificate lists on one line).
    expect(text.split("\n")[0]).toMatch(/^exit 0 · 72 lines( · line \d+ lists \d+ items: [^·]*)?$/);
    expect(text).toContain("X509v3 Key Usage: critical");
    expect(text).toContain("URI:http://pki.shop.internal/crl/platform-ca.crl");
  });

  it("counts a severity's initial apart: the warnings among a linter's conventions (rubocop)", () => {
    const { text } = balanced("rubocop-ruby-gem");
    const output = tuningFixture("rubocop-ruby-gem").input.output.toString("utf8");
    // W warnings, E and F errors; C and R state no grade: counted as findings.
    const located = (letters: string) => (output.match(new RegExp(`^\\S+:\\d+:\\d+: [${letters}]: `, "gm")) ?? []).length;
    const warnings = located("W");
    expect(warnings).toBeGreaterThan(1);
    expect(located("EF")).toBe(0);
    expect(text.split("\n")[0]).toContain(`· ${warnings} warnings, ${located("CRI")} findings;`);
  });

  it("offers a linter's warnings among its conventions before the conventions' repeats, by their department's rule (rubocop)", () => {
    const { meta, text } = balanced("rubocop-ruby-gem");
    // The rules are counted by name ("Lint/UnusedBlockArgument"), not by a bracket that closes the message ("[12/10]").
    expect(text.split("\n")[0]).toMatch(/· 27 warnings, 172 findings; 22 codes: Style\/\w+ 16, /);
    // Every warning is offered in the first round: more of them are shown than one per rule.
    const shown = meta.facts.errorLines.filter((line) => text.includes(line));
    expect(shown.length).toBeGreaterThan(new Set(meta.facts.errorLines.map((line) => line.split(": ")[2])).size * 3);
  });

  it("shows no pointer apart from the line it points into (rubocop)", () => {
    const { input, hint } = tuningFixture("rubocop-ruby-gem");
    for (const budget of [800, 1200, 2000]) {
      const text = compact(input, { budget }, { hint }).llmContent;
      const numbered = new Map(text.split("\n").flatMap((line) => (/^(\d+): (.*)$/.exec(line) ? [[Number(/^(\d+)/.exec(line)![1]), line.replace(/^\d+: /, "")] as const] : [])));
      expect(numbered.size, `${budget}: numbered lines`).toBeGreaterThan(0);
      for (const [n, line] of numbered) if (/^[\s^~]+$/.test(line) && /[\^~]/.test(line)) expect(numbered.has(n - 1), `${budget}: line ${n}`).toBe(true);
    }
  });

  it("leaves located lines that name no code to their words when every line is one (pyflakes)", () => {
    const { text } = balanced("pyflakes-stdlib-email");
    // No code to count them by; the files that hold them, as they hold several each.
    expect(text.split("\n")[0]).toMatch(/^exit 1 \(failed\) · 122 lines · 122 findings; 26 files: asyncio\/__init__\.py 35, [^;·]*\+16 more$/);
    // The cuts count only the lines whose words flag them, not every finding they hold.
    expect(text).not.toMatch(/incl\. \d{2,} warning lines/);
  });

  it("reads a log level in brackets before the place as the severity, the bracketed name closing the line as the code (checkstyle)", () => {
    // 216 "[ERROR] path:line:col: message [Code]" lines of 15 codes over 8 files: each code's
    // first finding comes before a code's second in another file.
    const { text } = balanced("checkstyle-java-library");
    expect(text).toMatch(/216 errors; 15 codes: MagicNumber 31, /);
    const codes = new Set([...text.matchAll(/^\d+: \[ERROR\] \S+ .*\[(\w+)\]$/gm)].map((m) => m[1]));
    expect(codes.size).toBeGreaterThanOrEqual(14);
    expect(text).toContain("shop/Shipping.java:4:8: Unused import - java.io.IOException. [UnusedImports]");
  });
});
