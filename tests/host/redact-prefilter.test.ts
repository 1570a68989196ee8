// A long text is prefiltered by the core (one pass says which rules' literals and
// hints occur): the redaction must be exactly what the searches in JS give.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { coreNeedleScans, findNeedles, findNeedlesInUtf8 } from "../../host/core.js";
import { CORE_PREFILTER_FROM, redactSecrets, utf8MayHoldSecrets } from "../../host/redact.js";
import { readLogSync } from "../../host/log/reader.js";
import { createAbridge } from "../../host/session.js";
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

  it("says the same of the text's UTF-8 bytes, read as they are (findNeedlesInUtf8, property)", () => {
    const unit = fc.oneof(fc.constantFrom(...needles, ...needles.map((n) => n.toUpperCase()), "\u007f", "\u017f", "\u212a", "é", "😀", "\u0000", " "), fc.string({ maxLength: 20 }));
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 60 }), fc.integer({ min: 0, max: 40 }), (pieces, pad) => {
        const text = "x".repeat(pad) + pieces.join("");
        expect(findNeedlesInUtf8(Buffer.from(text, "utf8"), needles)).toEqual(naive(text));
      }),
      { numRuns: 300 },
    );
    expect(findNeedlesInUtf8(Buffer.from("\u017fecret \u212aey _LIVE_"), ["secret", "key", "_live_"])).toEqual([false, false, true]);
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

describe("UTF-8 bytes ruled clean of secrets without a decode (utf8MayHoldSecrets)", () => {
  const bytesOf = (text: string) => Buffer.from(text, "utf8");

  it("rules out a long text without any secret shape in one scan of its bytes", () => {
    const before = coreNeedleScans();
    expect(utf8MayHoldSecrets(bytesOf(filler))).toBe(false);
    expect(utf8MayHoldSecrets(bytesOf("é✓ " + filler + " 😀"))).toBe(false);
    expect(coreNeedleScans() - before).toBe(2);
  });

  it("never rules out a text that holds a secret, wherever it sits and in any case", () => {
    for (const secret of SECRETS) {
      for (const text of [secret + "\n" + filler, filler + secret + "\n" + filler, filler + secret, "ü" + filler.slice(0, CORE_PREFILTER_FROM + 7) + secret.toUpperCase()]) {
        if (redactSecrets(text).count > 0) expect(utf8MayHoldSecrets(bytesOf(text)), secret).toBe(true);
      }
    }
  });

  it("rules out only texts the redaction leaves as they are (property)", () => {
    const piece = fc.oneof(
      fc.constantFrom(...SECRETS, "AKIA", "AKIAIOSFODNN7EXAMPL", "A", "ASIAY34FZKBOKMUTVV7A", "password", "Bearer", "é", "✓", "😀", "\n", " = ", "sk-"),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.integer({ min: 0, max: filler.length }), (pieces, at) => {
        const text = filler.slice(0, at) + pieces.join("") + filler.slice(at);
        if (!utf8MayHoldSecrets(bytesOf(text))) expect(redactSecrets(text).count).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  it("takes bytes with a great many capital As as possibly holding an AWS key (they are decoded and redacted)", () => {
    expect(utf8MayHoldSecrets(bytesOf(filler + " A".repeat(70_000)))).toBe(true);
  });

  it("leaves short bytes to the decode (a scan's crossing costs more)", () => {
    expect(utf8MayHoldSecrets(bytesOf("plain short output\n"))).toBe(true);
  });

  it("lets process() log clean bytes with the log redacted without decoding them, and still redacts bytes with a secret", async () => {
    const dir = mkdtempSync(join(tmpdir(), "abridge-bytes-clean-"));
    const decode = vi.spyOn(TextDecoder.prototype, "decode");
    const toString = vi.spyOn(Buffer.prototype, "toString");
    try {
      const path = join(dir, "s.jsonl");
      const session = createAbridge({ sessionId: "s", log: { path }, redaction: { log: true }, summarizer: { provider: "off" } });
      const clean = bytesOf(filler + "\nerror: boom ✗\n");
      const dirty = bytesOf(filler + "\nDB_PASSWORD=hunter2hunter2\nerror: boom ✗\n");
      // Any decode of the whole output, whichever view of its memory it is made from.
      const decodes = () => decode.mock.calls.filter(([input]) => (input as Uint8Array | undefined)?.byteLength === clean.length).length + toString.mock.contexts.filter((self) => (self as Buffer).length === clean.length).length;
      const result = await session.process({ tool: "bash", output: clean, exitCode: 1, callId: "clean" });
      expect(result.llmContent).toContain("error: boom ✗");
      expect(decodes()).toBe(0);
      await session.process({ tool: "bash", output: dirty, exitCode: 1, callId: "dirty" });
      await session.close();
      const calls = readLogSync(path).records.filter((r) => r.type === "call") as { callId: string; output: string }[];
      expect(calls.find((c) => c.callId === "clean")!.output).toBe(clean.toString("utf8"));
      const logged = calls.find((c) => c.callId === "dirty")!.output;
      expect(logged).not.toContain("hunter2hunter2");
      expect(logged).toContain("error: boom ✗");
    } finally {
      decode.mockRestore();
      toString.mockRestore();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
