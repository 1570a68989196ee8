import { outline } from "../../assembly/outline/outline";
import { languageOf } from "../../assembly/outline/language";

/** `{"kind":k,"name":n,"first":a,"last":b` — the start of one outline entry. */
function entry(kind: string, name: string, first: i32, last: i32): string {
  return '{"kind":"' + kind + '","name":"' + name + '","first":' + first.toString() + ',"last":' + last.toString();
}

function has(json: string, part: string): bool {
  const ok = json.includes(part);
  if (!ok) log(json);
  return ok;
}

/** Number of entries in an outline's JSON. */
function count(json: string): i32 {
  let n = 0;
  let at = json.indexOf('{"kind"');
  while (at >= 0) {
    n++;
    at = json.indexOf('{"kind"', at + 1);
  }
  return n;
}

describe("outline: TypeScript and JavaScript", () => {
  it("lists functions, classes with methods, interfaces, types, enums and arrow consts", () => {
    const src = [
      'import { a } from "./a";', // 1
      'import b from "b";',
      "export function one(x: number): string {", // 3
      "  return `${x}`;",
      "}",
      "export default class Lock<T extends { id: string }> extends Base {", // 6
      "  private held = false;",
      "  async acquire(): Promise<void> {", // 8
      "    const s = '}'; // }",
      "  }",
      "  get name(): string { return \"x\"; }", // 11
      "}",
      "interface Shape {", // 13
      "  area(): number;",
      "}",
      "type Id = string | number;", // 16
      "export const enum Color { Red, Green }", // 17
      "export const add = async (a: number, b: number): Promise<number> => {", // 18
      "  return a + b;",
      "};",
      "const data = { a: 1 };", // 21
      "function* gen() { yield 1; }", // 22
    ].join("\n");
    const o = outline(src, "typescript");
    expect(has(o, '{"kind":"imports","name":"","first":1,"last":2,"count":2}')).toBe(true);
    expect(has(o, entry("function", "one", 3, 5))).toBe(true);
    expect(has(o, entry("class", "Lock", 6, 12) + ',"members":2}')).toBe(true);
    expect(has(o, entry("method", "acquire", 8, 10) + ',"depth":1,"parent":"Lock"}')).toBe(true);
    expect(has(o, entry("method", "name", 11, 11))).toBe(true);
    expect(has(o, entry("interface", "Shape", 13, 15))).toBe(true);
    expect(has(o, entry("type", "Id", 16, 16))).toBe(true);
    expect(has(o, entry("enum", "Color", 17, 17))).toBe(true);
    expect(has(o, entry("function", "add", 18, 20))).toBe(true);
    expect(has(o, entry("function", "gen", 22, 22))).toBe(true);
    expect(o.includes('"data"')).toBe(false);
  });

  it("is not confused by braces in strings, comments, template literals and regexes", () => {
    const src = [
      "const re = /[{}]+/g;", // 1
      "/* { */ const s = \"{\" + '}' + `${ { a: '}' }.a }`;",
      "// function fake() {",
      "function real() {", // 4
      "  return s.replace(/\\}/, '') / 2;",
      "}",
      "const t = `", // 7
      "function inTemplate() {",
      "`;",
      "function after() {}", // 10
    ].join("\n");
    const o = outline(src, "javascript");
    expect(has(o, entry("function", "real", 4, 6))).toBe(true);
    expect(has(o, entry("function", "after", 10, 10))).toBe(true);
    expect(o.includes("fake")).toBe(false);
    expect(o.includes("inTemplate")).toBe(false);
  });

  it("ends statements at line breaks in code without semicolons", () => {
    const src = [
      "const a = require('a')", // 1
      "const f = (x) =>", // 2
      "  x * 2",
      "module.exports = {", // 4
      "  f",
      "}",
      "function g () {", // 7
      "}",
      "@decorate({ x: 1 })", // 9
      "export class Decorated {}",
    ].join("\n");
    const o = outline(src, "typescript");
    expect(has(o, entry("function", "f", 2, 3))).toBe(true);
    expect(has(o, entry("function", "g", 7, 8))).toBe(true);
    expect(has(o, entry("class", "Decorated", 9, 10))).toBe(true);
    expect(count(o)).toBe(3);
  });
});

describe("outline: Go", () => {
  it("lists functions, methods with receivers, structs, interfaces and grouped types", () => {
    const src = [
      "package main", // 1
      "",
      "import (",
      '\t"fmt"',
      '\tstr "strings"',
      ")",
      "",
      "type Client struct {", // 8
      "\tname string `json:\"{name}\"`",
      "}",
      "",
      "type (", // 12
      "\tID int",
      "\tReader interface {", // 14
      "\t\tRead() error",
      "\t}",
      ")",
      "",
      "func (c *Client) Close() error {", // 19
      "\ts := '}'",
      "\treturn nil",
      "}",
      "",
      "func main() { fmt.Println(`}`) }", // 24
    ].join("\n");
    const o = outline(src, "go");
    expect(has(o, '{"kind":"imports","name":"","first":3,"last":6,"count":2}')).toBe(true);
    expect(has(o, entry("struct", "Client", 8, 10))).toBe(true);
    expect(has(o, entry("type", "ID", 13, 13))).toBe(true);
    expect(has(o, entry("interface", "Reader", 14, 16))).toBe(true);
    expect(has(o, entry("method", "Client.Close", 19, 22))).toBe(true);
    expect(has(o, entry("function", "main", 24, 24))).toBe(true);
  });
});

describe("outline: Rust", () => {
  it("lists items with their attributes, impls with methods, and skips lifetimes and char literals", () => {
    const src = [
      "#![allow(dead_code)]", // 1
      "use std::fmt;",
      "/* outer /* nested { */ still comment { */",
      "#[derive(Debug)]", // 4
      "pub struct Point<'a> { name: &'a str }",
      "pub(crate) enum Shape { Circle, Square }", // 6
      "impl<'a> fmt::Display for Point<'a> {", // 7
      "    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {",
      "        let c = '{';",
      "        write!(f, r#\"{ raw }\"#)",
      "    }",
      "}",
      "pub trait Area { fn area(&self) -> f64; }", // 13
      "mod tests {", // 14
      "    fn helper() {}",
      "}",
      "pub async fn run() {}", // 17
      "macro_rules! square { ($x:expr) => { $x * $x }; }", // 18
    ].join("\n");
    const o = outline(src, "rust");
    expect(has(o, '{"kind":"imports","name":"","first":2,"last":2,"count":1}')).toBe(true);
    expect(has(o, entry("struct", "Point", 4, 5))).toBe(true);
    expect(has(o, entry("enum", "Shape", 6, 6))).toBe(true);
    expect(has(o, entry("impl", "fmt::Display for Point<'a>", 7, 12) + ',"members":1}')).toBe(true);
    expect(has(o, entry("method", "fmt", 8, 11))).toBe(true);
    expect(has(o, entry("trait", "Area", 13, 13) + ',"members":1}')).toBe(true);
    expect(has(o, entry("module", "tests", 14, 16))).toBe(true);
    expect(has(o, entry("function", "helper", 15, 15) + ',"depth":1,"parent":"tests"}')).toBe(true);
    expect(has(o, entry("function", "run", 17, 17))).toBe(true);
    expect(has(o, entry("macro", "square", 18, 18))).toBe(true);
  });
});

describe("outline: C and C++", () => {
  it("lists definitions, skips prototypes, macros and the second branch's duplicate brace", () => {
    const src = [
      "#include <stdio.h>", // 1
      '#include "local.h"',
      "#define BRACE {",
      "#define MULTI(x) \\",
      "    do { x; } while (0)",
      "int proto(int a);", // 6
      "typedef struct {", // 7
      "    int x;",
      "} Point;",
      "enum color { RED, GREEN };", // 10
      "static const char *name(void) {", // 11
      "    char c = '}';",
      '    return "}";',
      "}",
      "#ifdef WIDE", // 15
      "int pick(long a) {",
      "#else",
      "int pick(int a) {",
      "#endif",
      "    return a;",
      "}", // 21
      "typedef void (*handler)(int);", // 22
    ].join("\n");
    const o = outline(src, "c");
    expect(has(o, '{"kind":"imports","name":"","first":1,"last":2,"count":2}')).toBe(true);
    expect(o.includes("proto")).toBe(false);
    expect(o.includes("MULTI")).toBe(false);
    expect(has(o, entry("struct", "Point", 7, 9))).toBe(true);
    expect(has(o, entry("enum", "color", 10, 10))).toBe(true);
    expect(has(o, entry("function", "name", 11, 14))).toBe(true);
    expect(has(o, entry("function", "pick", 18, 21))).toBe(true);
    expect(has(o, entry("type", "handler", 22, 22))).toBe(true);
  });

  it("reads namespaces, classes with methods, templates, operators and constructors", () => {
    const src = [
      'extern "C" {', // 1
      "int c_api(void) { return 0; }",
      "}",
      "namespace app {", // 4
      "template <typename T>",
      "class Box : public Base<T> {", // 6
      "public:",
      "    Box(int v) : v_(v), w_(0) {}", // 8
      "    ~Box();",
      "    bool operator==(const Box& o) const { return v_ == o.v_; }", // 10
      "private:",
      "    int v_;",
      "};", // 13
      "int Box<int>::size() const { return 1; }", // 14
      "}",
    ].join("\n");
    const o = outline(src, "cpp");
    expect(has(o, entry("function", "c_api", 2, 2))).toBe(true);
    expect(has(o, entry("namespace", "app", 4, 15))).toBe(true);
    expect(has(o, entry("class", "Box", 5, 13) + ',"members":3}')).toBe(true);
    expect(has(o, entry("method", "Box", 8, 8))).toBe(true);
    expect(has(o, entry("method", "~Box", 9, 9))).toBe(true);
    expect(has(o, entry("method", "operator==", 10, 10))).toBe(true);
    expect(has(o, entry("function", "Box<int>::size", 14, 14))).toBe(true);
  });
});

describe("outline: Java", () => {
  it("lists types with annotations, and methods one level in", () => {
    const src = [
      "package a.b;", // 1
      "import java.util.List;",
      "import java.util.Map;",
      "@Deprecated(since = \"9\")", // 4
      "public final class Cache<K, V> {",
      '    private final String s = "}";',
      "    @Override", // 7
      "    public <T> List<T> get(K key) throws Exception {",
      "        char c = '{';",
      '        String block = """',
      "            { not a brace",
      '            """;',
      "        return null;",
      "    }", // 14
      "    Cache() { }", // 15
      "    enum Mode { A, B }", // 16
      "}",
      "record Pair(int a, int b) {}", // 18
      "interface Shape { double area(); }", // 19
    ].join("\n");
    const o = outline(src, "java");
    expect(has(o, '{"kind":"imports","name":"","first":2,"last":3,"count":2}')).toBe(true);
    expect(has(o, entry("class", "Cache", 4, 17) + ',"members":3}')).toBe(true);
    expect(has(o, entry("method", "get", 7, 14))).toBe(true);
    expect(has(o, entry("method", "Cache", 15, 15))).toBe(true);
    expect(has(o, entry("enum", "Mode", 16, 16))).toBe(true);
    expect(has(o, entry("record", "Pair", 18, 18))).toBe(true);
    expect(has(o, entry("interface", "Shape", 19, 19) + ',"members":1}')).toBe(true);
  });
});

describe("outline: edges", () => {
  it("gives [] for empty text and unknown languages", () => {
    expect(outline("", "typescript")).toBe("[]");
    expect(outline("", "c")).toBe("[]");
    expect(outline("function f() {}", "cobol")).toBe("[]");
  });

  it("handles no trailing newline, CRLF, and a last symbol left open", () => {
    expect(has(outline("function f() {\r\n  return 1;\r\n}", "typescript"), entry("function", "f", 1, 3))).toBe(true);
    expect(has(outline("fn open() {\n  let x = 1;\n", "rust"), entry("function", "open", 1, 2))).toBe(true);
  });

  it("never traps on unterminated strings, comments and stray brackets", () => {
    const inputs = ["/* never closed {", '"open string\nfunction g() {}', "}}}) ] function h() {}", "`${`${", "'", "r#\"", "#if\n#else\n}", "R\"x(", "'\\"];
    const langs = ["typescript", "c", "cpp", "go", "rust", "java"];
    for (let i = 0; i < inputs.length; i++) {
      for (let k = 0; k < langs.length; k++) {
        const o = outline(inputs[i], langs[k]);
        expect(o.startsWith("[")).toBe(true);
      }
    }
    expect(has(outline("}}}) ] function h() {}", "typescript"), entry("function", "h", 1, 1))).toBe(true);
  });

  it("keeps surrogate pairs in names and survives lone surrogates", () => {
    // U+1D4B3 (d835 dcb3) in an identifier; a lone d800 in a string.
    const o = outline("function caf\uD835\uDCB3() {\n  return '\uD800';\n}\n", "javascript");
    expect(has(o, entry("function", "caf\uD835\uDCB3", 1, 3))).toBe(true);
    expect(outline("\uDC00\uD800 {", "c").startsWith("[")).toBe(true);
  });

  it("reads one huge line and many identical lines in one pass", () => {
    const parts = new Array<string>();
    for (let i = 0; i < 20000; i++) parts.push("function f" + i.toString() + "() { return '}'; }");
    const o = outline(parts.join(" "), "javascript");
    expect(count(o)).toBe(20000);
    expect(has(o, entry("function", "f19999", 1, 1))).toBe(true);
    const same = new Array<string>();
    for (let i = 0; i < 5000; i++) same.push("int x;");
    expect(outline(same.join("\n"), "c")).toBe("[]");
  });
});

describe("languageOf", () => {
  it("reads the extension, then the first lines", () => {
    expect(languageOf("src/a.ts", "")).toBe("typescript");
    expect(languageOf("A.JAVA", "")).toBe("java");
    expect(languageOf("lib/x.cc", "")).toBe("cpp");
    expect(languageOf("/usr/include/c++/12/vector", "")).toBe("cpp");
    expect(languageOf("script", "#!/usr/bin/env python3\nprint(1)\n")).toBe("python");
    expect(languageOf("main", "package main\n\nfunc main() {}\n")).toBe("go");
    expect(languageOf("notes.txt", "hello\n")).toBe("");
    expect(languageOf("", "")).toBe("");
  });
});
