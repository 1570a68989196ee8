import { Kind } from "../../assembly/important/kinds";
import { flaggedAs } from "./support/refined";
import { statusWordEnd } from "../../assembly/important/status";

/** The 1-based lines the refined scan of `text` flags as failures, joined by spaces. */
function marked(text: string, exitCode: i32): string {
  return flaggedAs(text, exitCode, Kind.Failure);
}

function opens(line: string): bool {
  return statusWordEnd(line, 0, line.length) >= 0;
}

// A merge that stopped: two of its six lines open with a status word in capitals.
const MERGE =
  "Auto-merging a.py\n" + // line 1
  "CONFLICT (content): Merge conflict in a.py\n" + // line 2, a failure
  "Auto-merging b.py\n" + // line 3
  "Auto-merging c.py\n" + // line 4
  "CONFLICT (modify/delete): d.py deleted in topic\n" + // line 5, a failure
  "Automatic merge failed; fix conflicts and then commit the result.\n"; // line 6, a failure by its word "failed"

describe("statusWordEnd: a word of capitals at the margin, then the kind of trouble in parentheses", () => {
  it("finds the status word", () => {
    expect(opens("CONFLICT (content): Merge conflict in a.py")).toBe(true);
    expect(opens("DENIED (policy) write to /etc/hosts")).toBe(true);
  });

  it("takes no short word, no indented one, none without parentheses and no parenthesised number", () => {
    expect(opens("OK (3 tests)")).toBe(false); // two capitals
    expect(opens("  CONFLICT (content): x")).toBe(false); // not at the margin
    expect(opens("NOTE: run again")).toBe(false); // a colon only
    expect(opens("PASS (12 ms)")).toBe(false); // a number in parentheses
    expect(opens("Auto-merging a.py")).toBe(false);
  });
});

describe("refineScan: status words that open a minority of a failed run's lines", () => {
  it("marks them as failures in a run that failed", () => {
    expect(marked(MERGE, 1)).toBe("2 5 6");
  });

  it("marks nothing in a run that succeeded or whose exit is unknown", () => {
    expect(marked(MERGE, 0)).toBe("6");
    expect(marked(MERGE, -1)).toBe("6");
  });

  it("marks nothing when the word opens half the lines or more: it is the output's rhythm", () => {
    const text = "DONE (fast) a\nDONE (slow) b\nother line\nDONE (fast) c\n";
    expect(marked(text, 1)).toBe("");
  });
});

describe("statusWordEnd: an alarm sign alone, then the kind of trouble in brackets or parentheses", () => {
  it("finds the sign at the margin or one space in", () => {
    expect(opens(" ! [rejected]        main -> main (fetch first)")).toBe(true);
    expect(opens("! (denied) write to /etc/hosts")).toBe(true);
  });

  it("takes no sign glued to a word, none two spaces in and none before a number or a word", () => {
    expect(opens(" !! [ignored] a.log")).toBe(false); // two signs
    expect(opens("  ! [rejected] main")).toBe(false); // two spaces in
    expect(opens(" ! [1] see the notes")).toBe(false); // a number in brackets
    expect(opens("! not an alarm")).toBe(false); // no brackets
  });

  it("finds the sign before a capital that opens a complaint", () => {
    expect(opens("! Undefined control sequence.")).toBe(true);
    expect(opens("! LaTeX Error: File `a.sty' not found.")).toBe(true);
    expect(opens("!Undefined")).toBe(false); // glued to the word
    expect(opens("! A")).toBe(false); // a letter alone
    expect(opens("! I can't find file `chapters/c.tex'.")).toBe(true); // a one-letter word
    expect(opens("! A 1")).toBe(false); // a letter before a number
  });
});

// A typesetter's run: pages and files read, two complaints under an alarm sign among them.
const TYPESET =
  "(./report.tex\n" + // line 1
  "(./chapters/a.tex [1] [2]\n" + // line 2
  "! Undefined control sequence.\n" + // line 3, a failure
  "l.12 The correction is $\\lapse\n" + // line 4
  ") (./chapters/b.tex [3]\n" + // line 5
  "! Missing $ inserted.\n" + // line 6, a failure
  "l.7 x_\n" + // line 7
  ") [4] )\n" + // line 8
  "Output written on report.pdf (4 pages, 9120 bytes).\n"; // line 9

describe("refineScan: alarm signs before a complaint in a failed run", () => {
  it("marks them as failures in a run that failed", () => {
    expect(marked(TYPESET, 1)).toBe("3 6");
  });

  it("marks nothing in a run that succeeded", () => {
    expect(marked(TYPESET, 0)).toBe("");
  });
});

// A push that was partly refused: each ref's line opens with the sign of its outcome.
const PUSH =
  "To /srv/git/shop.git\n" + // line 1
  " * [new branch]      coupons -> coupons\n" + // line 2, pushed
  " ! [rejected]        main -> main (fetch first)\n" + // line 3, a failure
  " ! [remote rejected] release -> release (hook declined)\n" + // line 4, a failure
  " = [up to date]      docs -> docs\n" + // line 5
  " + 1a2b3c4...5d6e7f8 topic -> topic (forced update)\n" + // line 6
  "done\n"; // line 7

describe("refineScan: alarm signs that open a minority of a failed run's lines", () => {
  it("marks them as failures in a run that failed", () => {
    expect(marked(PUSH, 1)).toBe("3 4");
  });

  it("marks nothing in a run that succeeded", () => {
    expect(marked(PUSH, 0)).toBe("");
  });
});
