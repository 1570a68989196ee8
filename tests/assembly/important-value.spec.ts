import { countLines, isCountLine } from "../../assembly/important/counts";
import { messageKey } from "../../assembly/important/novel";

function key(line: string): u32 {
  return messageKey(line, 0, line.length);
}

function isCount(line: string): bool {
  return isCountLine(line, 0, line.length);
}

describe("messageKey: a line's words, every number a class", () => {
  it("takes lines that differ in their numbers and spacing as one message (eslint)", () => {
    expect(key("  8:39  error  'next' is defined but never used  no-unused-vars")).toBe(key("   8:40  error  'next' is defined but never used            no-unused-vars"));
    expect(key("✖ slug strips accents (5.09617ms)")).toBe(key("✖ slug strips accents (0.2ms)"));
  });

  it("keeps words with numbers in them apart (tcltest names)", () => {
    expect(key("==== vat-1 FAILED")).not.toBe(key("==== parse-1 FAILED"));
    expect(key("  12:5  error  Duplicate case label  no-duplicate-case")).not.toBe(key("  9:7  error  Use the isNaN function to compare with NaN  use-isnan"));
  });

  it("is 0 for a line without a letter", () => {
    expect(key("  12:5 -- 3")).toBe(0);
    expect(key("")).toBe(0);
    expect(key("---------------- ================ 42")).toBe(0);
  });

  it("reads long words whole, wherever the line puts them", () => {
    const words = "implicit-function-declaration unused-but-set-variable";
    expect(key(words)).toBe(key("\t  " + words + "   "));
    expect(key("7 " + words)).toBe(key("1234 " + words));
    expect(key(words)).not.toBe(key("implicit-function-declaration unused-but-set-variabl"));
    expect(key(words)).not.toBe(key("implicit-function-declaration unused-but-set-variablf"));
    expect(key(words)).not.toBe(key("implicit-function-declarationunused-but-set-variable"));
    expect(key("abcdefghijklmnop")).not.toBe(key("abcdefgh ijklmnop"));
    // A '#' is in the number class: "#a" and "12a" read alike.
    expect(key("case #a failed")).toBe(key("case 12a failed"));
    expect(key("case #a failed")).not.toBe(key("case a failed"));
  });
});

describe("isCountLine: a short line of words and whole numbers", () => {
  it("takes runners' and queries' totals", () => {
    expect(isCount("# tests 113")).toBe(true);
    expect(isCount("ℹ pass 110")).toBe(true);
    expect(isCount("(48 rows)")).toBe(true);
    expect(isCount("Tests:       3 failed, 80 passed, 83 total")).toBe(true);
    expect(isCount("Ran 123 tests in 0.007s")).toBe(true);
  });

  it("takes a word whose name holds digits and a share of a whole", () => {
    expect(isCount("Non-2xx responses:      40")).toBe(true);
    expect(isCount("number of transactions actually processed: 64/600")).toBe(true);
    expect(isCount("IPv4 sockets: 12")).toBe(true);
    // A number first is no word, and a share needs a whole after its slash.
    expect(isCount("2xx responses")).toBe(false);
    expect(isCount("processed: 64/")).toBe(false);
    expect(isCount("processed: 64/6.5")).toBe(false);
    // A code or a test's name holds digits too, but names an item: a listed one is no total.
    expect(isCount("42    E221 multiple spaces before operator")).toBe(false);
    expect(isCount("\t 17 - price_17_standard (Failed)")).toBe(false);
    // A share before other words is a step or a row's state; a hash or a pod's name is an item.
    expect(isCount("[12/12] Linking CXX executable app")).toBe(false);
    expect(isCount("Step 4/7 : RUN npm ci")).toBe(false);
    expect(isCount("web-7d4b9cf-x2kfq   1/1     Running   0          45s")).toBe(false);
    expect(isCount("[main a1b2c3d] Fix 2 flaky tests")).toBe(false);
  });

  it("leaves records, durations alone and prose out", () => {
    expect(isCount(" 2024-01-01 | failed   |    127 | 6318859")).toBe(false);
    expect(isCount("ok  \texample.test/shop/pkg1\t0.079s")).toBe(false);
    expect(isCount("# duration_ms 2460.011171")).toBe(false);
    expect(isCount("exit $res")).toBe(false);
    expect(isCount("TEXTDOMAINDIR=/usr/share/locale")).toBe(false);
    expect(isCount("the build took a while but 3 of the steps were cached after all")).toBe(false);
  });
});

describe("countLines: totals near the end, not a series", () => {
  it("finds TAP's totals and leaves a repeated line shape out", () => {
    const text = "category 1 depth 0\ncategory 2 depth 1\ncategory 3 depth 2\n1..113\n# tests 113\n# pass 110\n# fail 3\n";
    const starts = countLines(text);
    const found = new Array<string>();
    for (let i = 0; i < starts.length; i++) found.push(text.substring(starts[i], text.indexOf("\n", starts[i])));
    expect(found.join("|")).toBe("# tests 113|# pass 110|# fail 3");
  });

  it("keeps two totals with the same words", () => {
    const text = "(48 rows)\n\nERROR: column does not exist\n\n(6 rows)\n";
    expect(countLines(text).length).toBe(2);
  });
});
