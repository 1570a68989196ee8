// A long text is prefiltered by the core (one pass says which rules' literals and
// hints occur): the redaction must be exactly what the searches in JS give.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { coreNeedleScans, findNeedles } from "../../host/core.js";
import { CORE_PREFILTER_FROM, redactSecrets } from "../../host/redact.js";
import { redactAllInJs } from "./support/redact-in-js.js";

// A real coloured build log (gcc's warnings), repeated past the prefilter's threshold: no secret in it.
const warnings = readFileSync(new URL("../../bench/data/gcc-warnings.ansi.txt", import.meta.url), "utf8");
const filler = warnings.repeat(Math.ceil(CORE_PREFILTER_FROM / warnings.length) + 1);

// One of each shape the rules know, in the case the rule is written for and in others.
const SECRETS = [
  "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
  "export AWS_ACCESS_KEY_ID=ASIAY34FZKBOKMUTVV7A",
  "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  "token ghp_R8x2Lq9VbN4mT7cK1sW6yZ3hJ0fD5gPaE2uQ used",
  "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWX",
  "x sk-ant-api03-Xk9_Qw2Er4Ty6Ui8Op0As2Df4Gh6Jk8Lz0Xc2Vb4Nm6Qw8E-AbCdEfAA x",
  "OPENAI_API_KEY=sk-proj-Abc123Def456Ghi789Jkl012Mno345",
  "SLACK=xoxb-2402322116-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
  "curl -X POST https://hooks.slack.com/services/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",
  'const key = "AIzaSyD4k9Xq2Lm7Nv5Bc8Rt1Hs3Jf6Gp0YaWzE";',
  "Stripe.api_key = 'sk_live_51HqLyjWDarjtT1zdp7dcXyZ0AbCdEf'",
  "cookie: session=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U; Path=/",
  "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\nQyNTUxOQAAACBvZ2bm9uZQAAAAtzc2gtZW\n-----END OPENSSH PRIVATE KEY-----\n",
  "> Authorization: Bearer opaqueTokenValue_7d9f2b1c8e",
  "> AUTHORIZATION: Basic dXNlcjpwYXNzd29yZA==",
  "X-Api-Key: 9f8e7d6c5b4a39281706f5e4d3c2b1a0",
  "use Bearer abcDEF123456ghi to call",
  "DB_PASSWORD=hunter2hunter2",
  "Db_PaSsWoRd=hunter2hunter2",
  '{"password": "hunter2hunter2", "user": "bob"}',
  "database:\n  password: Yaml!Pass#7788\n  user: app",
  "mysql --password=S3cr3tPw -u root",
  "git clone https://deploy:s3cr3tPassw0rd@github.com/org/repo.git",
  "CLIENT_SECRET='Zm9vYmFyYmF6cXV4'",
  "CREDENTIALS=abcdef0123456789",
  "_auth=dXNlcjpwYXNzd29yZA==",
];

/** The redaction with the core out of the way (support/redact-in-js.ts). */
function redactInJs(text: string): ReturnType<typeof redactSecrets> {
  return redactAllInJs([text])[0]!;
}

function redactWithCore(text: string): ReturnType<typeof redactSecrets> {
  const before = coreNeedleScans();
  const result = redactSecrets(text);
  expect(coreNeedleScans() - before).toBe(1);
  return result;
}

describe("the core's prefilter of long texts", () => {
  it("leaves a long text without any secret shape untouched", () => {
    expect(redactWithCore(filler)).toEqual({ text: filler, count: 0, kinds: {} });
  });

  it("redacts every shape exactly as the searches in JS do, at the start, the middle and the end", () => {
    for (const secret of SECRETS) {
      for (const text of [secret + "\n" + filler, filler + secret + "\n" + filler, filler + secret, filler.slice(0, CORE_PREFILTER_FROM + 7) + secret.toUpperCase()]) {
        const core = redactWithCore(text);
        expect(core).toEqual(redactInJs(text));
      }
      // And it was found at all: the secret's value is gone from the middle of the long text.
      expect(redactWithCore(filler + secret + "\n" + filler).count).toBeGreaterThan(0);
    }
  });

  it("keeps redacting after a first replacement changed the text (markers name secret words)", () => {
    const text = `${filler}A=AKIAIOSFODNN7EXAMPLE\nB=ghp_R8x2Lq9VbN4mT7cK1sW6yZ3hJ0fD5gPaE2uQ\npassword: "hunter2hunter2"\n${filler}`;
    expect(redactWithCore(text)).toEqual(redactInJs(text));
  });
});

describe("findNeedles", () => {
  const needles = ["key", "://", "akia", "secret", "_live_", "sk-", "github_pat_", "eyj", "pass", "auth"];
  const naive = (text: string) => {
    // ASCII case folding only, as the regular expressions' `i` flag does for these needles.
    const folded = text.replace(/[A-Z]/g, (c) => c.toLowerCase());
    return needles.map((n) => folded.includes(n));
  };

  it("says which needles occur, ASCII case ignored, at any position (property)", () => {
    const unit = fc.oneof(
      fc.constantFrom(...needles, ...needles.map((n) => n.toUpperCase()), "Ke", "y", "_", "\u007f", "\u017f", "\u212a", "é", "😀", "\ud800", "\u0000", " "),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 60 }), fc.integer({ min: 0, max: 40 }), (pieces, pad) => {
        const text = "x".repeat(pad) + pieces.join("");
        expect(findNeedles(text, needles)).toEqual(naive(text));
      }),
      { numRuns: 300 },
    );
  });

  it("does not take `_` for DEL nor a non-ASCII letter for its ASCII fold", () => {
    expect(findNeedles("\u007flive_ ſecret \u212aey".repeat(10), ["_live_", "secret", "key"])).toEqual([false, false, false]);
    expect(findNeedles("x".repeat(100) + "_LIVE_", ["_live_"])).toEqual([true]);
  });

  it("refuses needles it cannot search for (the caller then searches in JS)", () => {
    expect(findNeedles("abc", ["ab"])).toBeUndefined();
    expect(findNeedles("abc", ["x".repeat(65)])).toBeUndefined();
  });
});
