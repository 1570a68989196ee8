import { estimateTokens, tokenFeatures } from "../../assembly/tokens";

describe("estimateTokens", () => {
  it("is 0 for empty input and at least 1 otherwise", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("a")).toBe(1);
    expect(estimateTokens("\n")).toBe(1);
  });
  it("is near the exact o200k count on ordinary text", () => {
    // o200k_base: 10 tokens ("The"," quick"," brown"," fox"," jumps"," over"," the"," lazy"," dog",".")
    const n = estimateTokens("The quick brown fox jumps over the lazy dog.");
    expect(n >= 8 && n <= 12).toBe(true);
  });
  it("does not depend on where 64-unit blocks fall", () => {
    const word = "hello world, ";
    const a = estimateTokens(word.repeat(100));
    const b = estimateTokens("x" + word.repeat(100));
    expect(b - a >= 0 && b - a <= 2).toBe(true);
  });
  it("counts CRLF, one huge line, surrogate pairs and lone surrogates", () => {
    expect(estimateTokens("a\r\nb\r\n") > 0).toBe(true);
    expect(estimateTokens("x".repeat(1 << 20)) > 1000).toBe(true);
    // utf16: d83d de00
    expect(estimateTokens("\u{1F600}") >= 1).toBe(true);
    expect(estimateTokens("\ud800\udc00\ud800") >= 1).toBe(true);
  });
});

describe("tokenFeatures", () => {
  it("finds word starts and camel humps across a block boundary", () => {
    // 63 spaces then "fooBar": the word starts at unit 63, its hump at 66 (next block).
    const f = tokenFeatures(" ".repeat(63) + "fooBar");
    expect(f.startsWith("[1,1,")).toBe(true);
  });
});
