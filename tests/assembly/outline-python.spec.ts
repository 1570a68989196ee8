import { outline } from "../../assembly/outline/outline";

function entry(kind: string, name: string, first: i32, last: i32): string {
  return '{"kind":"' + kind + '","name":"' + name + '","first":' + first.toString() + ',"last":' + last.toString();
}

function has(json: string, part: string): bool {
  const ok = json.includes(part);
  if (!ok) log(json);
  return ok;
}

describe("outline: Python", () => {
  it("lists defs and classes with decorators, methods one level in, and imports", () => {
    const src = [
      '"""Module docstring.', // 1
      "def not_real():",
      '"""',
      "import os", // 4
      "from a import (b,",
      "    c)",
      "",
      "@decorator", // 8
      "@other(x=1)",
      "async def fetch(url,", // 10
      "                timeout=3):",
      "    s = '''",
      "def inside_string():",
      "'''",
      "    return s  # trailing", // 15
      "",
      "class Store(Base):", // 17
      "    \"\"\"Doc.\"\"\"",
      "    @property",
      "    def size(self):", // 20
      "        if True:",
      "            def nested(): pass",
      "        return 1",
      "",
      "    class Meta:", // 25
      "        pass",
      "    # a comment inside the class", // 27
      "",
      "# a comment at column 0",
      "x = [", // 30
      "def in_brackets():",
      "]",
      "def last(): return \\",
      "    1", // 34
    ].join("\n");
    const o = outline(src, "python");
    expect(has(o, '{"kind":"imports","name":"","first":4,"last":6,"count":2}')).toBe(true);
    expect(has(o, entry("function", "fetch", 8, 15))).toBe(true);
    expect(has(o, entry("class", "Store", 17, 27) + ',"members":2}')).toBe(true);
    expect(has(o, entry("method", "size", 19, 23) + ',"depth":1,"parent":"Store"}')).toBe(true);
    expect(has(o, entry("class", "Meta", 25, 26))).toBe(true);
    expect(has(o, entry("function", "last", 33, 34))).toBe(true);
    expect(o.includes("not_real")).toBe(false);
    expect(o.includes("inside_string")).toBe(false);
    expect(o.includes("nested")).toBe(false);
    expect(o.includes("in_brackets")).toBe(false);
  });

  it("handles CRLF, tabs, no trailing newline and empty text", () => {
    expect(has(outline("def f():\r\n\treturn 1\r\n\r\ndef g():\r\n\tpass", "python"), entry("function", "g", 4, 5))).toBe(true);
    expect(has(outline("def f():\r\n\treturn 1\r\n", "python"), entry("function", "f", 1, 2))).toBe(true);
    expect(outline("", "python")).toBe("[]");
    expect(outline("\n\n\n", "python")).toBe("[]");
  });

  it("never traps on unterminated strings and brackets", () => {
    expect(outline("def f(:\n  '''never closed\ndef g(): pass", "python")).toBe('[{"kind":"function","name":"f","first":1,"last":3}]');
    expect(outline("x = (\n", "python")).toBe("[]");
    expect(outline("'\\", "python")).toBe("[]");
  });

  it("keeps surrogate pairs in names and reads many identical lines", () => {
    // U+1D4B3 (d835 dcb3) is a letter: a valid identifier character.
    expect(has(outline("def caf\uD835\uDCB3():\n    pass\n", "python"), entry("function", "caf\uD835\uDCB3", 1, 2))).toBe(true);
    const same = new Array<string>();
    for (let i = 0; i < 3000; i++) same.push("def f(): pass");
    const o = outline(same.join("\n"), "python");
    expect(has(o, entry("function", "f", 3000, 3000))).toBe(true);
  });
});
