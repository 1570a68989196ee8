// A long text's line-local rules search only the lines that hold one of their hints
// (host/redact-lines.ts): the redaction must be exactly the one a search of the whole text gives.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { hintLines } from "../../host/redact-lines.js";
import { HINT_LINES_FROM, redactSecrets, redactText } from "../../host/redact.js";
import { tuningOutputs } from "./support/tuning-outputs.js";

const SECRETS = [
  "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  "x sk-ant-api03-Xk9_Qw2Er4Ty6Ui8Op0As2Df4Gh6Jk8Lz0Xc2Vb4Nm6Qw8E-AbCdEfAA x",
  "Stripe.api_key = 'sk_live_51HqLyjWDarjtT1zdp7dcXyZ0AbCdEf'",
  "X-Api-Key: 9f8e7d6c5b4a39281706f5e4d3c2b1a0",
  "private-token: glpat-abcdefghij0123456789",
  '{"password": "hunter2hunter2", "user": "bob"}',
  "DB_PASSWORD=hunter2hunter2",
  "database:\n  password: Yaml!Pass#7788\n  user: app",
  "  - api_key: abc123def456 # comment",
  "git clone https://deploy:s3cr3tPassw0rd@github.com/org/repo.git",
  "_auth=dXNlcjpwYXNzd29yZA==",
  "mysql --password\n  S3cr3tPw -u root",
  "Authorization:\n  Bearer abcdefghijklmnop",
];

describe("line-local rules on the lines that hold a hint", () => {
  it("redact every fixture output, with secrets written in at its start, middle and end, as the whole text does", () => {
    let redacted = 0;
    tuningOutputs().forEach(({ text }, i) => {
      const secret = SECRETS[i % SECRETS.length]!;
      const middle = text.indexOf("\n", text.length >> 1) + 1;
      for (const t of [text, `${secret}\n${text}`, `${text.slice(0, middle)}${secret}\n${text.slice(middle)}`, `${text}${secret.toUpperCase()}`]) {
        const byLines = redactText(t, true);
        expect(byLines).toEqual(redactText(t, false));
        if (byLines.count > 0) redacted++;
      }
    });
    expect(redacted).toBeGreaterThan(300);
  });

  it("redact any text of hint words, secrets and line ends as the whole text does", () => {
    const piece = fc.constantFrom(
      "\n", "\r\n", "\r", "\u2028", " ", "\t", "=", ":", ": ", "'", '"', "-", "--", "_", ".", "#", "@", "://", "x", "abc123DEF456ghi",
      "password", "PassWord", "token", "TOKEN", "secret", "key", "api-key", "private-token", "credentials", "auth", "_auth", "AUTH",
      "sk-ant-", "sk_live_", "_test_", "aws_secret_access_key", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "https://u:", "p4ssw0rd@",
      ...SECRETS,
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join("");
        expect(redactText(text, true)).toEqual(redactText(text, false));
      }),
      { numRuns: 3000 },
    );
  });

  it("are searched by lines in a long text, by the whole text in a short one", () => {
    const long = `${"cc -c unit.c\n".repeat(Math.ceil(HINT_LINES_FROM / 13))}DB_PASSWORD=hunter2hunter2\n`;
    expect(redactSecrets(long)).toEqual(redactText(long, true));
    expect(redactSecrets(long).text.endsWith("DB_PASSWORD=[REDACTED:assignment]\n")).toBe(true);
    expect(redactSecrets("DB_PASSWORD=hunter2hunter2")).toEqual(redactText("DB_PASSWORD=hunter2hunter2", false));
  });
});

describe("hintLines", () => {
  it("gives the stretches of whole lines that hold a hint, in order, lines next to each other joined", () => {
    const text = "a token\nplain\nKEY one\nsecret two\nplain\nlast key";
    const lines = hintLines(text, ["token", "key", "secret"]);
    const stretches = [];
    for (let i = 0; i < lines.length; i += 2) stretches.push(text.slice(lines[i], lines[i + 1]));
    expect(stretches).toEqual(["a token", "KEY one\nsecret two", "last key"]);
  });

  it("finds a line once however many hints it holds, and nothing in a text without them", () => {
    expect(hintLines("token key token\n", ["token", "key"])).toEqual([0, 15]);
    expect(hintLines("nothing here\n", ["token"])).toEqual([]);
    expect(hintLines("", ["token"])).toEqual([]);
  });
});
