// Under a small budget the room goes to lines that say something, on real captures of the
// tuning part of the corpus: a line's start is shown only when it reaches past the line's
// first word (a path alone states no message), a run that succeeded with warnings on a good
// part of its lines shows its warnings before the banner and steps around them, and a blank
// line is not written as a number over nothing.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { minimalOf, tuningFixture } from "./support/tuning-fixture.js";

/** What the model sees of fixture `id` within `budget` chars. */
function within(id: string, budget: number): string {
  const { input, hint } = tuningFixture(id);
  const text = compact(input, { budget }, { hint }).llmContent;
  expect(text.length).toBeLessThanOrEqual(budget);
  return text;
}

/** The numbered lines shown by their start only: "N: start [...M chars omitted...]". */
function cutShort(text: string): string[] {
  return [...text.matchAll(/^\d+: (.*) \[\.\.\.[\d,]+ chars omitted\.\.\.\]$/gm)].map((m) => m[1]!);
}

describe("small budget: a line's start shows its message or the line is left out", () => {
  it("gives no room to an error line's path alone (clang-tidy at 600 chars)", () => {
    const text = within("clang-tidy-cpp-service", 600);
    // Its error lines open with a path of 60 units or more; whatever start is shown goes past it.
    for (const start of cutShort(text)) expect(start, start).toMatch(/\s/);
    expect(text).toMatch(/^\d+: \S+:\d+:\d+: error: /m);
  });

  it("still shows the start of a long line that has no blank (curl's JSON body at 800 chars)", () => {
    const text = within("curl-v-json-progress", 800);
    expect(cutShort(text).some((s) => s.startsWith('{"orders":['))).toBe(true);
  });
});

describe("small budget: a run that succeeded and warns on a good part of its lines", () => {
  it("shows its rarest warnings, not only its banner and steps (doxygen, 134 warnings)", () => {
    const text = minimalOf("doxygen-undocumented-library");
    const warnings = text.match(/^\d+: \S+:\d+: warning: .*$/gm) ?? [];
    expect(warnings.length).toBeGreaterThanOrEqual(2);
    // The messages said once or twice come before the 85 "… is not documented".
    expect(warnings.some((w) => / warning: (unable to resolve reference|explicit link request|argument '\w+' of command @param)/.test(w))).toBe(true);
  });
});

describe("small budget: no number over a blank line", () => {
  it("writes none of the blank lines a certificate listing's head and tail hold (keytool)", () => {
    const text = minimalOf("keytool-list-truststore");
    expect(text).not.toMatch(/^\d+: *$/m);
    expect(text).toMatch(/^1: Keystore type: PKCS12\n2: Keystore provider: SUN\n4: Your keystore contains 60 entries$/m);
  });

  it("gives the room the blank lines took to an error line (e2fsck)", () => {
    const text = minimalOf("e2fsck-fn-damaged-image");
    expect(text).not.toMatch(/^\d+: *$/m);
    // One "Unattached inode N" stands for its template: the room left goes to messages said once
    // (the block bitmap's differences) before a second of them.
    for (const line of ["Unattached inode 32", "shopdata: ********** WARNING: Filesystem still has errors **********", "Block bitmap differences:  +(300--339) +(900--911) -1141 -1144 -1147 -1150 -1153 -1156 -1159 -1162 -1165 -1168 -1171 -1174 -1177 -1180 -1183 -1186"]) {
      expect(text, line).toMatch(new RegExp(`^\\d+: ${line.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`, "m"));
    }
  });
});
