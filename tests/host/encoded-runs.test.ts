// Runs of encoded bytes inside text (a key's modulus, a certificate in base64) do
// not eat the head's room, on real captures of the tuning part of the corpus: the
// head keeps a run's first line, folds the rest into a marker that counts it
// exactly, and reaches the lines after it; a run that ends the output (a
// certificate's signature) gives its tail's room to the head.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { minimalOf, tuningFixture } from "./support/tuning-fixture.js";

const BALANCED = 4000;

function balanced(id: string) {
  const { input, hint } = tuningFixture(id);
  const text = compact(input, { level: "balanced" }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(BALANCED);
  return { text, lines: input.output.toString("utf8").split("\n") };
}

/** The markers of a cut: code points and first–last lines left out. */
function markers(text: string): { chars: number; first: number; last: number }[] {
  return [...text.matchAll(/^\[\.\.\.([\d,]+) chars omitted\.\.\.\] lines? (\d+)(?:–(\d+))?/gm)].map((m) => ({
    chars: Number(m[1].replaceAll(",", "")),
    first: Number(m[2]),
    last: Number(m[3] ?? m[2]),
  }));
}

describe("encoded runs fold in the head", () => {
  it("shows the modulus's first line and reaches the Subject Alternative Name line (openssl x509 -text)", () => {
    const { text, lines } = balanced("openssl-x509-text");
    const san = lines.find((l) => l.includes("DNS:pay3.shop.internal"))!;
    expect(text).toContain(san);
    expect(text).toContain("IP Address:0:0:0:0:0:0:0:1");
    const modulus = lines.findIndex((l) => l.trim() === "Modulus:");
    expect(text).toContain(`${lines[modulus + 1]}\n[...`);
    // The marker after the first line counts exactly the lines it folds.
    const fold = markers(text).find((m) => m.first === modulus + 3)!;
    expect(fold).toBeDefined();
    const folded = lines.slice(fold.first - 1, fold.last);
    expect(fold.chars).toBe([...folded.join("\n")].length + 1);
    expect(lines[fold.last]).not.toMatch(/^\s+([0-9a-f]{2}:){4}/);
  });

  it("folds each certificate's base64 block and keeps the text between and after them (openssl s_client)", () => {
    const { text } = balanced("openssl-s-client-unverified");
    expect(text).toContain("-----END CERTIFICATE-----\n 1 s:C = DE, O = Shop Example GmbH, CN = Shop Platform CA");
    expect(text).toContain("Server certificate");
    expect(text).toContain("New, TLSv1.3, Cipher is TLS_AES_256_GCM_SHA384");
    expect(markers(text).length).toBeGreaterThanOrEqual(2);
  });
});

describe("an encoded run that ends the output", () => {
  it("is left out of the tail, whose room takes the head on to the validity and subject (openssl x509 -text, minimal)", () => {
    const text = minimalOf("openssl-x509-text");
    const { input } = tuningFixture("openssl-x509-text");
    const lines = input.output.toString("utf8").split("\n");
    for (const fact of ["Not Before: Nov 28 18:05:00 2026 GMT", "Not After : Dec 30 18:05:00 2027 GMT", "Subject: C = DE, ST = Berlin"]) {
      expect(text, fact).toContain(fact);
    }
    // None of the signature's lines after "Signature Value:" is shown.
    const signature = lines.findIndex((l) => l.trim() === "Signature Value:");
    for (const line of lines.slice(signature + 1).filter((l) => l.trim().length > 0)) expect(text).not.toContain(line.trim());
  });

  it("is left to its marker at a larger budget too, the head ending on the last line of text (openssl x509 -text, balanced)", () => {
    const { text, lines } = balanced("openssl-x509-text");
    const signature = lines.findIndex((l) => l.trim() === "Signature Value:");
    expect(text).toContain(`${lines[signature]}\n[...`);
    for (const line of lines.slice(signature + 1).filter((l) => l.trim().length > 0)) expect(text).not.toContain(line.trim());
    // The marker counts exactly the signature's lines, up to the end.
    const last = markers(text).at(-1)!;
    expect(last.first).toBe(signature + 2);
    const folded = lines.slice(signature + 1);
    expect(last.last).toBe(lines.at(-1) === "" ? lines.length - 1 : lines.length);
    expect(last.chars).toBe([...folded.join("\n")].length);
  });
});
