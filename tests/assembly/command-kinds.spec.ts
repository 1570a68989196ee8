import { ColumnKinds } from "../../assembly/digest/command/kinds";
import { readEachLine } from "../../assembly/util/lines";

// Rows as the tools print them (cut from real runs in tests/fixtures/corpus: ctags-x-c-project,
// git-fsck-missing-blobs, npm-install-offline-not-cached, configure-missing-library).

function rows(pattern: string, kinds: string[], counts: i32[]): string {
  const parts = new Array<string>();
  for (let k = 0; k < kinds.length; k++) {
    for (let i = 0; i < counts[k]; i++) parts.push(pattern.replaceAll("KIND", kinds[k]).replaceAll("#", (k * 100 + i).toString()));
  }
  return parts.join("\n") + "\n";
}

function kinds(text: string, shown: i32 = 5, stated: string = ""): string {
  return readEachLine(text, new ColumnKinds()).totalsLine(shown, stated);
}

const CTAGS = "tag_#            KIND     14 src/billing.c    int billing_process(billing_ctx_t *ctx) {";

describe("the kinds a column of rows takes", () => {
  it("tallies the second field's words, the commonest first, the first seen first among equals", () => {
    const t = rows(CTAGS, ["enumerator", "function", "macro", "struct"], [18, 24, 18, 6]);
    expect(kinds(t)).toBe("column 2: 24 function, 18 enumerator, 18 macro, 6 struct");
    expect(kinds(t, 3)).toBe("column 2: 24 function, 18 enumerator, 18 macro, \u2026");
  });

  it("names no kind of one row: a word seen once is a name or prose", () => {
    const t = rows("dangling KIND #f2fd85079ea4732509bf557bb91eae47c85978b4", ["blob", "commit", "link"], [49, 10, 1]);
    expect(kinds(t)).toBe("column 2: 49 blob, 10 commit, \u2026");
  });

  it("counts words only: a number, a path or a quoted name in the field is no kind", () => {
    expect(kinds(rows("user 'svc#': directory /var/lib/svc# does not exist", ["x"], [30]))).toBe("");
    expect(kinds(rows("build #KIND 12 kB", ["a", "b"], [10, 10]))).toBe("");
    expect(kinds(rows("dist/assets/chunk-#.js   KIND   1.2 kB", ["js", "css"], [10, 10]))).toBe("column 2: 10 js, 10 css");
  });

  it("takes a word of up to 23 units, with '-' and '_' after its first, and no longer one", () => {
    const word23 = "abcdefghij-klmnopqrst_u";
    expect(kinds(rows("item_# KIND rest", [word23, "other"], [12, 12]))).toBe(`column 2: 12 ${word23}, 12 other`);
    expect(kinds(rows("item_# KIND rest", [word23 + "v", "other"], [12, 12]))).toBe("");
    expect(kinds(rows("item_# KIND rest", ["-lead", "other"], [12, 12]))).toBe("");
    expect(kinds(rows("item_# KIND rest", ["dot.ted", "other"], [12, 12]))).toBe("");
  });

  it("tallies no column of more than eight words, of fewer than 16 rows, or under a quarter of the lines", () => {
    expect(kinds(rows(CTAGS, ["a", "b", "c", "d", "e", "f", "g", "h", "i"], [4, 4, 4, 4, 4, 4, 4, 4, 4]))).toBe("");
    expect(kinds(rows(CTAGS, ["function", "macro"], [8, 7]))).toBe("");
    const prose = rows("  an indented line # of detail", ["x"], [40]);
    expect(kinds(rows(CTAGS, ["function", "macro"], [10, 10]) + prose)).toBe("");
    // Indented lines are no rows: a row's detail.
    expect(kinds(rows("  KIND #", ["function", "macro"], [10, 10]))).toBe("");
  });

  it("tallies no column one word fills nearly all of (a log's level on every line but a few)", () => {
    expect(kinds(rows("2024-05-01T10:00:0# INFO request #", ["x"], [1]) + rows("ts KIND request #", ["INFO", "WARN"], [95, 5]))).toBe("");
  });

  it("states no kinds another total counts in another way (the commonest kind's rows)", () => {
    const t = rows(CTAGS, ["function", "macro"], [24, 18]);
    expect(kinds(t, 5, '24 lines "\u2026 function \u2026"')).toBe("");
    expect(kinds(t, 5, "table: 42 rows")).toBe("column 2: 24 function, 18 macro");
  });
});
