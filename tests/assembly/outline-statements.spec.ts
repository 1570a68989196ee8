import { keyEnd, scanStatementLines, scanStatements, StatementScan } from "../../assembly/outline/statements";

/** `kind name [detail] first–last` per symbol, one per line. */
function symbols(scan: StatementScan): string {
  const parts = new Array<string>();
  const o = scan.outline;
  for (let i = 0; i < o.symbols.length; i++) {
    const s = o.symbols[i];
    parts.push(s.kind + " " + s.name + " [" + s.detail + "] " + s.first.toString() + "–" + s.last.toString());
  }
  return parts.join("\n");
}

function same(actual: string, expected: string): bool {
  if (actual != expected) log(actual);
  return actual == expected;
}

describe("outline: statements of a text of no known format", () => {
  it("reads settings among comment blocks; only the block that opens the text is a symbol", () => {
    const text = [
      "#", // 1: the comment block that opens the text …
      "# Providers, in order.",
      "", // 3: … goes on over a blank line
      "# more header",
      "security.provider.1=SUN", // 5: a key, its detail the rest of the line as written
      "security.provider.2=SunRsaSign",
      "  # a comment deeper than the setting before it is the setting's", // 7
      "", // 8
      "# Where random bytes come from", // 9: a block of its own, counted
      "securerandom.source=file:/dev/random",
      "package.access=sun.misc.,\\", // 11: `\` goes on …
      "sun.reflect.", // 12: … at the same indentation too
      "krb5.kdc.bad.policy = tryLast", // 13: spaces kept
      "securerandom.drbg.config=", // 14: an empty value
      "login.configuration.provider=sun.security.provider.ConfigFile", // 15: not the value of line 14
    ].join("\n");
    const scan = scanStatements(text);
    expect(
      same(
        symbols(scan),
        [
          "comment  [] 1–4",
          "key security.provider.1 [=SUN] 5–5",
          "key security.provider.2 [=SunRsaSign] 6–6",
          "key securerandom.source [=file:/dev/random] 10–10",
          "key package.access [=sun.misc.,\\] 11–12",
          "key krb5.kdc.bad.policy [ = tryLast] 13–13",
          "key securerandom.drbg.config [=] 14–14",
          "key login.configuration.provider [=sun.security.provider.ConfigFile] 15–15",
        ].join("\n"),
      ),
    ).toBe(true);
    expect(scan.keys).toBe(7);
    expect(scan.statements).toBe(7);
    expect(scan.entries).toBe(7);
    expect(scan.commentBlocks).toBe(2);
    // Lines 1-4, 7 and 9 are comments, 3 and 8 blank.
    const content = new Array<string>();
    for (let i = 0; i < scan.content.length; i++) content.push(scan.content[i] ? "1" : "0");
    expect(content.join("")).toBe("000011000111111");
  });

  it("reads statements that end with `;`, closes a block at a lone word, and names runs of alike ones", () => {
    const text = [
      "/*", // 1: a block comment runs to the line that ends with its close
      " * System functions",
      " */",
      "",
      "CREATE OR REPLACE FUNCTION lpad(text, integer)", // 5
      " RETURNS text", // 6: deeper
      "RETURN lpad($1, $2, ' ');", // 7: same indentation, before the `;` that ends it
      "",
      "CREATE OR REPLACE FUNCTION", // 9: its name on the next line
      "  pg_promote(wait boolean)",
      "BEGIN ATOMIC", // 11
      "select 1;", // 12: a `;` ends the statement …
      "END;", // 13: … and a lone word after it closes the block
      "",
      "-- legacy", // 15: a comment between alike statements does not end their run
      "CREATE OR REPLACE FUNCTION rpad(text, integer)",
      "RETURN rpad($1, $2, ' ');",
      "",
      "REVOKE EXECUTE ON FUNCTION pg_promote(boolean) FROM public;", // 19: another run …
      "REVOKE EXECUTE ON FUNCTION pg_stat_reset() FROM public;",
      "GRANT pg_read_all_stats TO pg_monitor;", // 21: … and a statement alone, named by its text
    ].join("\n");
    const scan = scanStatements(text);
    expect(
      same(
        symbols(scan),
        [
          "comment  [] 1–3",
          "statement CREATE OR REPLACE FUNCTION [lpad] 5–7",
          "statement CREATE OR REPLACE FUNCTION [pg_promote] 9–13",
          "statement CREATE OR REPLACE FUNCTION [rpad] 16–17",
          "statement REVOKE EXECUTE ON FUNCTION [pg_promote] 19–19",
          "statement REVOKE EXECUTE ON FUNCTION [pg_stat_reset] 20–20",
          "statement GRANT pg_read_all_stats TO pg_monitor; [] 21–21",
        ].join("\n"),
      ),
    ).toBe(true);
    expect(scan.statements).toBe(6);
    expect(scan.entries).toBe(3);
    expect(scan.commentBlocks).toBe(2);
  });

  it("keeps blocks of a script whole and gives a quoted title as what tells a run's members apart", () => {
    const text = [
      "#!/bin/sh", // 1
      "setup() {", // 2
      "  # set up", // 3: a comment deeper than the statement before it is the statement's
      "  export A=1", // 4: deeper lines belong to the block
      "}", // 5: a closing bracket too
      "test_expect_success 'split a tree' '", // 6
      "\tgit subtree split", // 7
      "'", // 8: no letter or digit after a block: it closes it
      "#***** not a block comment", // 9
      "test_expect_success 'split with --prefix' '", // 10
      "\tgit subtree split --prefix=sub",
      "'",
      "cat <<EOF >out", // 13: a line that opens something else
      "done", // 14: one word after a one-line statement opens a statement of its own
    ].join("\n");
    const scan = scanStatements(text);
    expect(
      same(
        symbols(scan),
        [
          "comment  [] 1–1",
          "statement setup() { [] 2–5",
          "statement test_expect_success [split a tree] 6–8",
          "statement test_expect_success [split with --prefix] 10–12",
          "statement cat <<EOF >out [] 13–13",
          "statement done [] 14–14",
        ].join("\n"),
      ),
    ).toBe(true);
    expect(scan.commentBlocks).toBe(2);
  });

  it("tells a key by its separator", () => {
    const keys = ["name=value", "name = value", "name: value", "target:", "CFLAGS = -O2", "a.b-c/d=1"];
    for (let i = 0; i < keys.length; i++) expect(keyEnd(keys[i], 0, keys[i].length)).toBeGreaterThan(0);
    const not = ["a == b", "http://host", "std::vector", "=x", "1=2", "if x = y"];
    for (let i = 0; i < not.length; i++) expect(keyEnd(not[i], 0, not[i].length)).toBe(-1);
  });
  it("stops listing at the first entry after those listed would cost more than it may list", () => {
    const text = [
      "alpha=1", // 1: costs 8 + 7 + 4 = 19 units as an outline line at the least
      "beta=2", // 2: 18: 37 listed
      "# a comment", // 3
      "gamma=3", // 4: 37 > 36 units: the listing stops before it
      "delta=4",
    ].join("\n");
    const starts = new StaticArray<i32>(5);
    const ends = new StaticArray<i32>(5);
    let at = 0;
    for (let i = 0; i < 5; i++) {
      starts[i] = at;
      ends[i] = text.indexOf("\n", at) < 0 ? text.length : text.indexOf("\n", at);
      at = ends[i] + 1;
    }
    const scan = scanStatementLines(text, starts, ends, 5, 36);
    expect(same(symbols(scan), ["key alpha [=1] 1–1", "key beta [=2] 2–2"].join("\n"))).toBe(true);
    expect(scan.lines).toBe(3);
    expect(scan.contentLines).toBe(2);
    expect(scan.entries).toBe(2);
    expect(scan.commentBlocks).toBe(1);
    // Which lines are content is known for every line given, read or not.
    expect(scan.content.length).toBe(5);
    expect(scan.content[4]).toBe(1);
    // Listing all of them: every line is read.
    expect(scanStatementLines(text, starts, ends, 5, i32.MAX_VALUE).lines).toBe(5);
  });

  it("learns whether statements end with `;` from the lines at the least indentation only", () => {
    const text = [
      "    a;", // 1: deeper than line 3: not counted
      "    b;", // 2
      "run c", // 3: the least indentation: none of its lines ends with `;`
      "stop d", // 4: so it opens a statement of its own
    ].join("\n");
    const scan = scanStatements(text);
    expect(same(symbols(scan), ["statement a; [] 1–2", "statement run c [] 3–3", "statement stop d [] 4–4"].join("\n"))).toBe(true);
  });

  it("takes a block comment no line closes for content, and the openers of its kind after it too", () => {
    const text = [
      "/* a closed block comment", // 1: a comment: line 2 closes it
      "*/",
      "case $1 in", // 3
      "  /*)", // 4: opens no comment (no `*/` follows): a deeper line of line 3's statement
      "    echo absolute ;;",
      "  /*x)", // 6: nor does this one, though it would open one were it first
      "esac", // 7: a lone word after a block closes it
      "peel () {", // 8: read, not taken for a comment's text
      "  echo 1", // 9
      "}", // 10
      "<!-- no close either", // 11: content too, a statement of its own
    ].join("\n");
    const scan = scanStatements(text);
    expect(same(symbols(scan), ["comment  [] 1–2", "statement case $1 in [] 3–7", "statement peel () { [] 8–10", "statement <!-- no close either [] 11–11"].join("\n"))).toBe(true);
    expect(scan.commentBlocks).toBe(1);
    const content = new Array<string>();
    for (let i = 0; i < scan.content.length; i++) content.push(scan.content[i] ? "1" : "0");
    expect(content.join("")).toBe("00111111111");
  });
});
