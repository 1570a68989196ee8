// The redaction of every fixture output, and of each with real-shaped secrets written into it,
// is the same whether the core prefilters it (texts from CORE_PREFILTER_LOADED_FROM once the
// core is loaded, from CORE_PREFILTER_FROM always) or the rules' searches run in JS alone (a
// module without the scan export); and a session that redacts its log writes those texts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { coreLoaded, coreNeedleScans, resetCore } from "../../host/core.js";
import { CORE_PREFILTER_LOADED_FROM, redactSecrets } from "../../host/redact.js";
import { compact } from "../../host/pipeline.js";
import { createAbridge } from "../../host/session.js";
import { readLogSync } from "../../host/log/reader.js";
import { redactAllInJs } from "./support/redact-in-js.js";
import { tuningOutputs } from "./support/tuning-outputs.js";

const SECRETS = [
  "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
  "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
  "token ghp_R8x2Lq9VbN4mT7cK1sW6yZ3hJ0fD5gPaE2uQ used",
  "x sk-ant-api03-Xk9_Qw2Er4Ty6Ui8Op0As2Df4Gh6Jk8Lz0Xc2Vb4Nm6Qw8E-AbCdEfAA x",
  "OPENAI_API_KEY=sk-proj-Abc123Def456Ghi789Jkl012Mno345",
  "SLACK=xoxb-2402322116-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
  'const key = "AIzaSyD4k9Xq2Lm7Nv5Bc8Rt1Hs3Jf6Gp0YaWzE";',
  "cookie: session=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U; Path=/",
  "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\nQyNTUxOQAAACBvZ2bm9uZQAAAAtzc2gtZW\n-----END OPENSSH PRIVATE KEY-----\n",
  "> AUTHORIZATION: Basic dXNlcjpwYXNzd29yZA==",
  "X-Api-Key: 9f8e7d6c5b4a39281706f5e4d3c2b1a0",
  "DB_PASSWORD=hunter2hunter2",
  '{"password": "hunter2hunter2", "user": "bob"}',
  "database:\n  password: Yaml!Pass#7788\n  user: app",
  "mysql --password=S3cr3tPw -u root",
  "git clone https://deploy:s3cr3tPassw0rd@github.com/org/repo.git",
  "_auth=dXNlcjpwYXNzd29yZA==",
];

const OUTPUTS = tuningOutputs().map((f) => f.text);

/** Each output as it is, and with one secret (in turn) written at its start, its middle and its end. */
function texts(): string[] {
  const all: string[] = [];
  OUTPUTS.forEach((output, i) => {
    all.push(output);
    const secret = SECRETS[i % SECRETS.length]!;
    const middle = output.indexOf("\n", output.length >> 1) + 1;
    all.push(`${secret}\n${output}`, `${output.slice(0, middle)}${secret}\n${output.slice(middle)}`, `${output}${secret.toUpperCase()}`);
  });
  return all;
}


afterAll(() => resetCore());

describe("the core's prefilter over the fixtures", () => {
  it("redacts every fixture output, with and without secrets, exactly as the searches in JS do", () => {
    const all = texts();
    expect(OUTPUTS.length).toBeGreaterThan(150);
    const reference = redactAllInJs(all);
    compact({ tool: "bash", output: "load the core" });
    expect(coreLoaded()).toBe(true);
    const before = coreNeedleScans();
    const withCore = all.map((t) => redactSecrets(t));
    // The core prefiltered every text from the threshold.
    expect(coreNeedleScans() - before).toBe(all.filter((t) => t.length >= CORE_PREFILTER_LOADED_FROM).length);
    for (let i = 0; i < all.length; i++) expect(withCore[i]).toEqual(reference[i]);
    // And secrets were found: the texts with one redact something.
    expect(reference.filter((r) => r.count > 0).length).toBeGreaterThan(OUTPUTS.length * 2);
  });

  it("logs each output and what the model saw as the searches in JS redact them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "abridge-redact-fixtures-"));
    try {
      const path = join(dir, "s.jsonl");
      const session = createAbridge({ sessionId: "s", log: { path }, redaction: { log: true }, summarizer: { provider: "off" } });
      const all = texts().filter((_, i) => i % 2 === 0);
      const results = [];
      for (let i = 0; i < all.length; i++) results.push(await session.process({ tool: "bash", output: all[i]!, exitCode: 1, callId: `c${i}` }));
      await session.close();
      const records = readLogSync(path).records;
      const calls = records.filter((r) => r.type === "call");
      const completions = records.filter((r) => r.type === "completion");
      expect(calls.length).toBe(all.length);
      const digests = all.map((t, i) => compact({ tool: "bash", output: t, exitCode: 1 }, {}, { hint: `; ${(session as unknown as { readHint(id: string): string }).readHint(`c${i}`)}` }).llmContent);
      const reference = redactAllInJs([...all, ...digests]);
      for (let i = 0; i < all.length; i++) {
        const call = calls[i] as { callId: string; output: string };
        expect(call.callId).toBe(`c${i}`);
        expect(call.output).toBe(reference[i]!.text);
        const completion = completions[i] as { llmContent: string };
        expect(completion.llmContent).toBe(reference[all.length + i]!.text);
        expect(results[i]!.llmContent).toBe(reference[all.length + i]!.text);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
