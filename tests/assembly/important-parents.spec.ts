import { blockHeadOf, headerOf, itemAbove } from "../../assembly/important/parents";
import { Shapes } from "../../assembly/important/shapes";
import { countNewlines } from "../../assembly/util/lines";

/** headerOf for each line of `text` in turn (0-based; -1 for none), the first to the last. */
function headers(text: string): i32[] {
  const shapes = new Shapes(text, countNewlines(text, 0, text.length));
  const known = new StaticArray<i32>(shapes.count);
  const out = new Array<i32>();
  for (let i = 0; i < shapes.count; i++) out.push(headerOf(text, shapes, known, i));
  return out;
}

describe("headerOf: the group an indented line belongs to", () => {
  it("finds a linter's file over its findings, past a blank line", () => {
    // 0 "css/a.css"            no indentation: no header
    // 1 "    6:1  ✖  Expected"  under line 0
    // 2 "   12:3  ✖  Unexpected" under line 0 (one space less, still deeper)
    // 3 ""                     blank: no header
    // 4 "css/b.css"            no header
    // 5 "    2:1  ✖  Expected"  under line 4, not line 0
    const text = "css/a.css\n    6:1  ✖  Expected\n   12:3  ✖  Unexpected\n\ncss/b.css\n    2:1  ✖  Expected\n";
    const h = headers(text);
    expect(h[0]).toBe(-1);
    expect(h[1]).toBe(0);
    expect(h[2]).toBe(0);
    expect(h[3]).toBe(-1);
    expect(h[4]).toBe(-1);
    expect(h[5]).toBe(4);
  });

  it("takes the nearest line indented less, level by level", () => {
    // 0 "Failures (2):"            no header
    // 1 "  CartTest:labelForGuest()" under line 0
    // 2 "    => NullPointerException" under line 1
    // 3 "       shop.Cart.label(Cart.java:25)" under line 2
    // 4 "    MethodSource […]"     under line 1: line 3 is deeper, line 2 as deep
    const text = "Failures (2):\n  CartTest:labelForGuest()\n    => NullPointerException\n       shop.Cart.label(Cart.java:25)\n    MethodSource [...]\n";
    const h = headers(text);
    expect(h[1]).toBe(0);
    expect(h[2]).toBe(1);
    expect(h[3]).toBe(2);
    expect(h[4]).toBe(1);
  });

  it("jumps over a group already resolved, and gives the same answer looked up in any order", () => {
    // 0 "suite"; 1..300 "  test N": each under line 0. Resolved from the first on, line 300
    // is reached in one step from line 299 (whose header is known); resolved alone from
    // the last, it is further back than the look-back allows: none.
    let text = "suite\n";
    for (let i = 1; i <= 300; i++) text += "  test " + i.toString() + "\n";
    const h = headers(text);
    expect(h[300]).toBe(0);
    const shapes = new Shapes(text, countNewlines(text, 0, text.length));
    expect(headerOf(text, shapes, new StaticArray<i32>(shapes.count), 300)).toBe(-1);
    expect(headerOf(text, shapes, new StaticArray<i32>(shapes.count), 200)).toBe(0);
  });
});

/** blockHeadOf for line i of `text` (0-based; -1 for none). */
function blockHead(text: string, i: i32): i32 {
  return blockHeadOf(text, new Shapes(text, countNewlines(text, 0, text.length)), i);
}

describe("blockHeadOf: the head that says where a block's finding is", () => {
  it("finds a place named at the margin a few lines above, past indented lines", () => {
    // 0 "In deploy.sh line 25:"   at the margin, ends in ':', names a place ("line 25")
    // 1 "grep='${GREP}'"          head: line 0
    // 2 "     ^-- SC2016 (info)"  head: line 0 (line 1 is at the margin but ends in no colon)
    // 3 ""                        blank
    // 4 "Diff in src/cart.rs:1:"  names a place ("cart.rs:1")
    // 5 " use std::io;"           head: line 4
    // 6 "-pub struct Cart{}"      head: line 4, past the indented line 5
    const text = "In deploy.sh line 25:\ngrep='${GREP}'\n     ^-- SC2016 (info)\n\nDiff in src/cart.rs:1:\n use std::io;\n-pub struct Cart{}\n";
    expect(blockHead(text, 1)).toBe(0);
    expect(blockHead(text, 2)).toBe(0);
    expect(blockHead(text, 5)).toBe(4);
    expect(blockHead(text, 6)).toBe(4);
  });

  it("stops at a blank line, past MAX_HEAD_STEPS lines, and at a colon line naming no place", () => {
    // 0 "In a.sh line 3:"; 1 ""; 2 "x=1": the blank line 1 ends the block: none.
    expect(blockHead("In a.sh line 3:\n\nx=1\n", 2)).toBe(-1);
    // 0 "In a.sh line 3:"; 1..4 "  y": line 4 is four lines below: none; line 3 is three: line 0.
    const far = "In a.sh line 3:\n  y\n  y\n  y\n  y\n";
    expect(blockHead(far, 4)).toBe(-1);
    expect(blockHead(far, 3)).toBe(0);
    // 0 "Traceback (most recent call last):" names no place: none, and no looking further up.
    expect(blockHead("In a.sh line 3:\nTraceback (most recent call last):\n  y\n", 2)).toBe(-1);
  });
});

/** itemAbove for line i of `text` (0-based; -1 for none; a line before the last, which ends in '\n'). */
function itemOf(text: string, i: i32): i32 {
  return itemAbove(text, new Shapes(text, countNewlines(text, 0, text.length)), i);
}

describe("itemAbove: the item a failure that names none is about", () => {
  // 0 "check conf/a.json"
  // 1 "check conf/b.json"
  // 2 "Expecting value: line 5 column 35"   names no file, interrupts the run: item line 1
  // 3 "check conf/c.json"                   the run goes on
  // 4 "all done"                            ends it: a closing line, no run after it
  const text = "check conf/a.json\ncheck conf/b.json\nExpecting value: line 5 column 35\ncheck conf/c.json\nall done\n";

  it("is the last line of the run that the failure interrupts, when it names a file", () => {
    expect(itemOf(text, 2)).toBe(1);
  });

  it("is none for a line of the run, a line that ends the run, or a failure that names its own file", () => {
    expect(itemOf(text, 3)).toBe(-1);
    expect(itemOf(text, 4)).toBe(-1);
    // 2 "conf/b.json:5: expected value" names its file itself.
    expect(itemOf("check conf/a.json\ncheck conf/b.json\nconf/b.json:5: expected value\ncheck conf/c.json\n", 2)).toBe(-1);
    // 2 interrupts a run whose lines name no file ("step 1", "step 2"): nothing to name.
    expect(itemOf("step 1\nstep 2\nExpecting value\nstep 3\n", 2)).toBe(-1);
  });
});
