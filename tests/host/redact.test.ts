// Secret redaction: each kind found in context, non-secrets left alone, and the
// false-positive rate measured on every real fixture in tests/fixtures.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { redactSecrets, type SecretKind } from "../../host/redact.js";

const found: Array<[string, string, SecretKind, string]> = [
  // [case, input, kind, what must be gone]
  ["AWS access key id", "aws_access_key_id = AKIAIOSFODNN7EXAMPLE", "aws-access-key-id", "AKIAIOSFODNN7EXAMPLE"],
  ["AWS temporary key id", "export AWS_ACCESS_KEY_ID=ASIAY34FZKBOKMUTVV7A", "aws-access-key-id", "ASIAY34FZKBOKMUTVV7A"],
  ["AWS secret key (ini)", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "aws-secret-access-key", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"],
  ["AWS secret key (json)", '{"SecretAccessKey": "je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY"}', "aws-secret-access-key", "je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY"],
  ["GitHub classic token", "token ghp_R8x2Lq9VbN4mT7cK1sW6yZ3hJ0fD5gPaE2uQ used", "github-token", "ghp_R8x2Lq9VbN4mT7cK1sW6yZ3hJ0fD5gPaE2uQ"],
  ["GitHub OAuth token", "gho_16C7e42F292c6912E7710c838347Ae178B4a", "github-token", "gho_16C7e42F292c6912E7710c838347Ae178B4a"],
  ["GitHub user-to-server", "ghu_16C7e42F292c6912E7710c838347Ae178B4a", "github-token", "ghu_16C7e42F292c6912E7710c838347Ae178B4a"],
  ["GitHub refresh token", "ghr_1B4a2e77838347a7E420ce178F2E7c6912E169246c34E1ccbF66C46812d16D5B1A9Dc86A1498", "github-token", "ghr_1B4a2e77838347a7E420ce178F2E7c6912E169246c34E1ccbF66C46812d16D5B1A9Dc86A1498"],
  ["GitHub fine-grained PAT", "github_pat_11ABCDEFG0aBcDeFgHiJkL_mNoPqRsTuVwXyZ0123456789aBcDeFgHiJkLmNoPqRsTuVwX", "github-token", "github_pat_11ABCDEFG0aBcDeFgHiJkL"],
  ["OpenAI project key", "key: sk-proj-Zq4Wd8Lm2Nx7Kc5Vb9Rt3Hs6Jf1Gp0Ya-TeUi_OoPl", "openai-key", "sk-proj-Zq4Wd8Lm2Nx7"],
  ["OpenAI legacy key", "openai.api_key = sk-Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz9Bc1Df3Gh5Jk7Ln9Qr1T", "openai-key", "sk-Ab3De5Gh7Jk9Mn1Pq3"],
  ["Anthropic key", "x sk-ant-api03-Xk9_Qw2Er4Ty6Ui8Op0As2Df4Gh6Jk8Lz0Xc2Vb4Nm6Qw8E-AbCdEfAA x", "anthropic-key", "Xk9_Qw2Er4Ty6Ui8Op0"],
  ["Slack bot token", "SLACK=xoxb-2402322116-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx", "slack-token", "xoxb-2402322116"],
  ["Slack user token", "xoxp-2402322116-2402322117-1234567890123-0123456789abcdef0123456789abcdef", "slack-token", "xoxp-2402322116"],
  ["Slack webhook", "curl -X POST https://hooks.slack.com/services/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", "slack-webhook", "T024BE7LD/B08SKQ0KA"],
  ["Google API key", 'const key = "AIzaSyD4k9Xq2Lm7Nv5Bc8Rt1Hs3Jf6Gp0YaWzE";', "google-api-key", "AIzaSyD4k9Xq2Lm7Nv5Bc8Rt1Hs3Jf6Gp0YaWzE"],
  ["Stripe live secret", "Stripe.api_key = 'sk_live_51HqLyjWDarjtT1zdp7dcXyZ0AbCdEf'", "stripe-key", "sk_live_51HqLyjWDarjtT1zdp7dc"],
  ["Stripe restricted test", "rk_test_4eC39HqLyjWDarjtT1zdp7dc", "stripe-key", "rk_test_4eC39HqLyjWDarjtT1zdp7dc"],
  ["Stripe publishable live", "pk_live_51HqLyjWDarjtT1zdp7dcXyZ0", "stripe-key", "pk_live_51HqLyjWDarjtT1zdp7dc"],
  ["JWT", "cookie: session=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U; Path=/", "jwt", "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"],
  ["PEM private key", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\nQyNTUxOQAAACBvZ2bm9uZQAAAAtzc2gtZW\n-----END OPENSSH PRIVATE KEY-----\n", "private-key", "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ"],
  ["PEM cut short (no END line)", "key:\n-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n", "private-key", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7"],
  ["PEM whose BEGIN was cut away", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\nAoIBAQC7MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSj\n-----END PRIVATE KEY-----\n", "private-key", "AoIBAQC7MIIEvQIBADANBgkqhkiG9w0BAQEF"],
  ["URL credentials", "remote: https://deploy:Zx8%40pQ2rT@git.example.com/acme/app.git", "url-credentials", "Zx8%40pQ2rT"],
  ["database URL", "DATABASE_URL=postgres://app:Pg_s3cret_2024@db.internal:5432/app", "url-credentials", "Pg_s3cret_2024"],
  ["Authorization header", "> Authorization: Bearer opaqueTokenValue_7d9f2b1c8e", "authorization", "opaqueTokenValue_7d9f2b1c8e"],
  ["Basic auth header", "Authorization: Basic YWxhZGRpbjpvcGVuc2VzYW1l", "authorization", "YWxhZGRpbjpvcGVuc2VzYW1l"],
  ["x-api-key header", "-H 'x-api-key: 3f9c2a7e1b8d4c6f'", "authorization", "3f9c2a7e1b8d4c6f"],
  ["bare bearer token", "use Bearer abcDEF123456ghi to call", "bearer-token", "abcDEF123456ghi"],
  ["env password", "DB_PASSWORD=hunter2hunter2", "assignment", "hunter2hunter2"],
  ["env token", "NPM_TOKEN=npm_Q2w3E4r5T6y7U8i9O0p1A2s3D4f5G6h7J8k9", "assignment", "npm_Q2w3E4r5T6y7U8i9O0p1A2s3D4f5G6h7J8k9"],
  ["quoted env secret", "SESSION_SECRET='kT9mW2vL8qZ4xR7'", "assignment", "kT9mW2vL8qZ4xR7"],
  ["YAML password", "database:\n  password: Yaml!Pass#7788\n  user: app", "assignment", "Yaml!Pass#7788"],
  ["YAML quoted", '  client_secret: "c1i3nt-s3cr3t-5566"', "assignment", "c1i3nt-s3cr3t-5566"],
  ["JSON api_key", '{"api_key": "abc123def456ghi", "name": "x"}', "assignment", "abc123def456ghi"],
  ["TOML token", 'token = "tok_8c1f0e2d9b7a"', "assignment", "tok_8c1f0e2d9b7a"],
  ["api_key: style", "api_key: 9f8e7d6c5b4a", "assignment", "9f8e7d6c5b4a"],
  ["CLI flag", "mysql --password=S3cr3tPw -u root", "assignment", "S3cr3tPw"],
  ["CLI flag with space", "vault login --token s.Xy12Ab34Cd56", "assignment", "s.Xy12Ab34Cd56"],
  ["query-string token", "GET /badge.svg?token=yHlm2LTQ0G&branch=main", "assignment", "yHlm2LTQ0G"],
];

describe("redactSecrets finds each kind", () => {
  it.each(found)("%s", (_name, input, kind, secret) => {
    const r = redactSecrets(input);
    expect(r.text).not.toContain(secret);
    expect(r.text).toContain(`[REDACTED:${kind}]`);
    expect(r.kinds[kind]).toBeGreaterThanOrEqual(1);
    expect(r.count).toBe(Object.values(r.kinds).reduce((a, b) => a + (b ?? 0), 0));
  });

  it("keeps the name of the setting and the rest of the line", () => {
    expect(redactSecrets("DB_PASSWORD=hunter2hunter2 # prod").text).toBe("DB_PASSWORD=[REDACTED:assignment] # prod");
    expect(redactSecrets("git clone https://alice:s3cr3tPass@github.com/org/repo.git").text).toBe("git clone https://alice:[REDACTED:url-credentials]@github.com/org/repo.git");
    expect(redactSecrets('{"password": "hunter2hunter2", "user": "bob"}').text).toBe('{"password": "[REDACTED:assignment]", "user": "bob"}');
    expect(redactSecrets("Authorization: Bearer abcDEF123456ghi").text).toBe("Authorization: Bearer [REDACTED:authorization]");
  });

  it("finds a key name in any case in text that is not Latin-1 (the hint search does not lower the text)", () => {
    const text = "warning: unused variable ‘x’ [-Wunused-variable]\nexport DB_PassWord=hunter2hunter2\n";
    expect(redactSecrets(text).text).toBe("warning: unused variable ‘x’ [-Wunused-variable]\nexport DB_PassWord=[REDACTED:assignment]\n");
    // A second secret of the same hint list after the text changed is still searched for.
    expect(redactSecrets("PASSWORD=hunter2hunter2 TOKEN=abcdefgh12345678").count).toBe(2);
  });

  it("counts several secrets in one text, each once", () => {
    const r = redactSecrets("A=AKIAIOSFODNN7EXAMPLE\nB=ghp_R8x2Lq9VbN4mT7cK1sW6yZ3hJ0fD5gPaE2uQ\nC=AKIAIOSFODNN7EXAMPLF\n");
    expect(r.count).toBe(3);
    expect(r.kinds).toEqual({ "aws-access-key-id": 2, "github-token": 1 });
  });

  it("is idempotent: a redacted text has nothing left to redact", () => {
    for (const [, input] of found) {
      const once = redactSecrets(input).text;
      expect(redactSecrets(once)).toEqual({ text: once, count: 0, kinds: {} });
    }
  });
});

describe("redactSecrets leaves non-secrets alone", () => {
  it.each([
    ["code reading a token", "token = next_token()\nauthorization = self.headers.get(\"authorization\")"],
    ["code comparing", "if password == confirm_password:\n    return True"],
    ["placeholders", 'password: "${DB_PASSWORD}"\napi_key: <your-api-key>\ntoken: "{{ secrets.TOKEN }}"\nsecret: changeme\npassword=\ntoken: null'],
    ["a path to a secret file", "PASSWORD_FILE=/run/secrets/db_password"],
    ["short values", "token=EOF\nsecret: no"],
    ["versions", '"gtoken": "^7.0.0",\n"jsonwebtoken": "9.0.2"'],
    ["counts and limits", "max_tokens=4096\ntoken_count: 12\nTOKENS_PER_MINUTE=90000"],
    ["git SHAs and UUIDs", "commit 9fceb02d0ae598e95dc970b74767f19372d61af8\nid 123e4567-e89b-12d3-a456-426614174000"],
    ["npm integrity hashes", '"integrity": "sha512-F4bPYMxo0hNTyM2gWqJbq5hS4B7pQK+y/fLKy+Lu5U3VbQxF5R7sVQ3MFkWCvhHQlFa0ZcM6E3zG4Uq/5YrB5w=="'],
    ["words containing sk-", "task-runner-abcdefghijklmnopqrstuvwxyz disk-usage-abcdefghijklmnopqrstuv"],
    ["environment without secrets", "PWD=/work/main\nOLDPWD=/tmp\nHOME=/home/dev\nSHELL=/bin/bash"],
    ["format strings", "credentials = '{0}:{1}'.format(user, passwd)\nauth = \"Basic \" + encoded"],
    ["constants named *_AUTH", "SERVER_AUTH = '1.3.6.1.5.5.7.3.1'"],
    ["a certificate (public)", "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ\n-----END CERTIFICATE-----"],
  ])("%s", (_name, input) => {
    expect(redactSecrets(input)).toEqual({ text: input, count: 0, kinds: {} });
  });

  it("redacts a secret planted in 1 MB of real output, and nothing else (its speed is in npm run bench)", () => {
    const output = readFileSync("tests/fixtures/grep-def-python-email/output", "utf8").repeat(33);
    const key = "sk-ant-api03-" + "A1b2C3d4E5f6G7h8".repeat(5);
    const planted = `${output.slice(0, 500_000)}\nANTHROPIC_API_KEY=${key}\n${output.slice(500_000)}`;
    const r = redactSecrets(planted);
    expect(r.count).toBe(1);
    expect(r.text).not.toContain(key);
    expect(r.text.length).toBeLessThan(planted.length);
    expect(redactSecrets(output).count).toBe(0);
  });
});

function outputs(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...outputs(path));
    else if (name === "output") files.push(path);
  }
  return files;
}

describe("false positives on real tool output", () => {
  it("are at most 1 per MB over every fixture in tests/fixtures", () => {
    const files = outputs("tests/fixtures");
    let bytes = 0;
    const hits: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      bytes += Buffer.byteLength(text);
      const r = redactSecrets(text);
      if (r.count > 0) hits.push(`${file}: ${r.count} (${Object.keys(r.kinds).join(", ")})`);
    }
    const count = hits.reduce((n, h) => n + Number(/: (\d+) \(/.exec(h)![1]), 0);
    console.log(`redaction on fixtures: ${count} replacement(s) in ${files.length} outputs, ${(bytes / 1e6).toFixed(2)} MB${hits.length ? `\n  ${hits.join("\n  ")}` : ""}`);
    expect(files.length).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(Math.max(1, bytes / 1e6));
  });
});
