import { namesPlace } from "../../assembly/important/place";
import { rankedLines } from "./support/ranked";
import { scanImportant } from "../../assembly/important/scan";

function place(line: string): bool {
  return namesPlace(line, 0, line.length, false);
}

/** namesPlace in its `file` mode: the line names a file or a directory, its line or not. */
function file(line: string): bool {
  return namesPlace(line, 0, line.length, true);
}

/** novelFirst's order over every hit (support/ranked.ts). */
function ranked(text: string, keepFirst: i32, placeBelow: bool = false): string {
  return rankedLines(text, scanImportant(text), keepFirst, placeBelow, placeBelow);
}

describe("namesPlace: an error line that names where its failure is", () => {
  it("finds a file's name and a line number in the usual forms", () => {
    expect(place("src/hash.c:6:21: warning: comparison of integer expressions")).toBe(true);
    expect(place("[ERROR] /src/shop/Dunning.java:[8,43] cannot find symbol")).toBe(true);
    expect(place("src/index.ts(9,7): error TS2322: Type 'number' is not assignable")).toBe(true);
    expect(place("In zgrep line 25:")).toBe(true);
    expect(place("  File \"/app/settings.py\", line 5, in load")).toBe(true);
  });

  it("finds a test by its file and name", () => {
    expect(place("FAILED test_money.py::test_vat_rounding - AssertionError: assert 379 == 380")).toBe(true);
  });

  it("sees no place in a version, a URL's port, a bare word or advice", () => {
    // "plugin:3.11.0" has no file extension before its number.
    expect(place("[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.11.0:compile")).toBe(false);
    expect(place("see https://example.com:8080/help.html:12 for details")).toBe(false);
    expect(place("[ERROR] -> [Help 1]")).toBe(false);
    expect(place("[ERROR] Re-run Maven using the -X switch to enable full debug logging.")).toBe(false);
    expect(place("error: aborting due to 9 previous errors")).toBe(false);
    expect(place("Found one Java-level deadlock:")).toBe(false);
  });
});

describe("novelFirst: located first copies before unlocated ones of the same gravity", () => {
  it("offers an error naming its file and line before a rarer one that names nothing", () => {
    // Lines 1 and 3 share one message for two lines of a file (seen twice); lines 2 and
    // 4 are one-off help lines that name nothing. Rarity alone would put 2 and 4 first.
    const text =
      "error: src/a.c:3: cannot find symbol\n" + // line 1, located, message seen twice
      "error: re-run with the -X switch\n" + // line 2, names nothing
      "error: src/a.c:9: cannot find symbol\n" + // line 3, a repeat of line 1's message
      "error: for more information see the help\n"; // line 4, names nothing
    expect(ranked(text, 0)).toBe("1 2 4 | 3");
  });

  it("leaves the first `keepFirst` hits in front whatever they name", () => {
    const text =
      "error: re-run with the -X switch\n" + // line 1, names nothing, kept first
      "error: src/a.c:3: cannot find symbol\n" + // line 2, located
      "error: src/a.c:9: cannot find symbol\n" + // line 3, a repeat of line 2's message
      "error: for more information see the help\n"; // line 4, names nothing
    expect(ranked(text, 1)).toBe("1 2 4 | 3");
  });

  it("counts a short indented line under an error that names its place as the error's own place, when the errors do not all fit a small budget", () => {
    // Lines 2 and 5 state their place on the line below (3 and 6, not error lines);
    // line 4 names nothing. Line 5 comes before line 4 only when the errors overflow
    // the room of a small budget (placeBelow); else line order decides between them.
    const text =
      "error: the first failure\n" + // line 1, kept first
      "error: missing lifetime specifier\n" + // line 2, its place is line 3
      "  --> main.rs:13:34\n" + // line 3, a place only
      "error: some errors have detailed explanations\n" + // line 4, names nothing
      "error: mismatched types\n" + // line 5, its place is line 6
      "  --> main.rs:23:5\n"; // line 6, a place only
    expect(ranked(text, 1, true)).toBe("1 2 5 4 |");
    expect(ranked(text, 1)).toBe("1 2 4 5 |");
  });

  it("does not take a long indented line, or one at the margin, for a place only", () => {
    const text =
      "error: the first failure\n" + // line 1, kept first
      "error: missing lifetime specifier\n" + // line 2: line 3 is a whole message, not a place only
      "  in the struct defined at main.rs:13:34 the field by_zone needs a named lifetime\n" +
      "error: some errors have detailed explanations\n" + // line 4, names nothing
      "error: mismatched types\n" + // line 5: line 6 is another error, at the margin
      "main.rs:23:5: error: expected u32\n"; // line 6, located itself
    expect(ranked(text, 1, true)).toBe("1 6 2 4 5 |");
  });
});

describe("namesPlace(…, file): a line that names the file or directory it is about", () => {
  it("finds a path, a file's extension or a file's line", () => {
    expect(file("python3 -m json.tool --no-indent conf/admin-test.json")).toBe(true);
    expect(file("Listing 'shop/billing'...")).toBe(true);
    expect(file("Checking settings.yaml")).toBe(true);
    expect(file("    inventory_test.go:61: PriceWithVat(1999, 19) = 2378, want 2379")).toBe(true);
  });

  it("sees no file in a parser's complaint that names only a line, a version or a ratio", () => {
    // "line 5" is a place in namesPlace's own mode, but no file.
    expect(file("Expecting value: line 5 column 35 (char 91)")).toBe(false);
    expect(place("Expecting value: line 5 column 35 (char 91)")).toBe(true);
    expect(file("shop-ids v0.1.0 built in 3.5s")).toBe(false);
    expect(file("connections in use: 8/20")).toBe(false);
  });
});
