// A session's redaction memo answers as redactSecrets does, for the text it kept and any other.
import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../host/redact.js";
import { RedactionMemo } from "../../host/redaction-memo.js";

describe("RedactionMemo", () => {
  it("gives redactSecrets' text for repeated, changed and long texts", () => {
    const memo = new RedactionMemo();
    const secret = "DB_PASSWORD=hunter2hunter2\nghp_R8x2Lq9VbN4mT7cK1sW6yZ3hJ0fD5gPaE2uQ\n";
    const long = `${"x".repeat(70_000)}\n${secret}`;
    const texts = [secret, secret, `${secret} `, secret, "plain text", "plain text", long, long, secret, "", ""];
    // Equal texts that are not the same string object too.
    texts.push([...secret].join(""), long.slice(0));
    for (const text of texts) expect(memo.redact(text)).toBe(redactSecrets(text).text);
  });
});
