import { digestFileJson, digestFileSectionsJson } from "../../assembly/digest/file";

/** A Python module of n functions, 4 lines each (plus a blank line): 5n lines. */
function module(n: i32): string {
  const parts = new Array<string>();
  for (let i = 0; i < n; i++) {
    parts.push("def f" + i.toString() + "(x):");
    parts.push('    """Return x plus ' + i.toString() + '."""');
    parts.push("    y = x + " + i.toString());
    parts.push("    return y");
    parts.push("");
  }
  return parts.join("\n") + "\n";
}

/** The "llm" field of a digest's JSON, unescaped enough for these texts. */
function llm(json: string): string {
  const start = json.indexOf('"llm":"') + 7;
  const end = json.indexOf('","summary":');
  return json.substring(start, end).replaceAll("\\n", "\n").replaceAll('\\"', '"');
}

function has(s: string, part: string): bool {
  const ok = s.includes(part);
  if (!ok) log(s);
  return ok;
}

describe("digestFile", () => {
  it("shows a file that fits whole, numbered, with summary and facts", () => {
    const text = "import os\n\ndef main():\n    print(os.getcwd())\n";
    const j = digestFileJson(text, 4000, "Read", '{"file_path":"src/app.py"}', 0);
    const out = llm(j);
    expect(has(out, "Read src/app.py (4 lines, 46 bytes, python)\n1: import os\n2: \n3: def main():")).toBe(true);
    expect(has(out, "(showing lines 1-4 of 4 total; end of file)")).toBe(true);
    expect(has(j, '"summary":"Read src/app.py (4 lines)"')).toBe(true);
    expect(has(j, '"facts":{"path":"src/app.py","lines":4,"bytes":46,"language":"python","symbols":1,"imports":1,"firstLine":1}')).toBe(true);
    expect(has(j, '"keptLines":[[1,4]],"omittedChars":0,"truncated":false')).toBe(true);
  });

  it("gives the outline, the first chunk and the exact next offset when the file does not fit", () => {
    const text = module(200); // 1,000 lines
    const j = digestFileJson(text, 3000, "Read", '{"file_path":"m.py"}', 0);
    const out = llm(j);
    expect(out.length).toBeLessThanOrEqual(3000);
    expect(has(out, "Read m.py (1,000 lines, ")).toBe(true);
    expect(has(out, "Outline: 200 symbols\n")).toBe(true);
    // The symbols not shown whole are named with their first line, as many as fit.
    expect(has(out, " smaller symbols: function f")).toBe(true);
    expect(has(out, " not listed]\n")).toBe(true);
    expect(has(out, "\n1: def f0(x):\n")).toBe(true);
    // The footer's next offset is one past the last line shown.
    const at = out.indexOf("(showing lines 1-");
    expect(at).toBeGreaterThan(0);
    const last = I32.parseInt(out.substring(at + 17, out.indexOf(" of ", at)));
    expect(has(out, "\n" + last.toString() + ": ")).toBe(true);
    expect(has(out, "next: offset=" + (last + 1).toString() + ")")).toBe(true);
    expect(has(j, '"keptLines":[[1,' + last.toString() + "]]")).toBe(true);
    expect(has(j, '"truncated":true')).toBe(true);
  });

  it("names the symbols not shown whole, the larger first, in source order, counted exactly", () => {
    // 60 functions; every seventh (f3, f10, …) has 20 more lines than the others.
    const parts = new Array<string>();
    for (let i = 0; i < 60; i++) {
      parts.push("def f" + i.toString() + "(x):");
      const extra = i % 7 == 3 ? 20 : 0;
      for (let k = 0; k <= extra; k++) parts.push("    x += " + k.toString());
      parts.push("    return x");
      parts.push("");
    }
    const out = llm(digestFileJson(parts.join("\n") + "\n", 800, "Read", '{"file_path":"m.py"}', 0));
    expect(out.length).toBeLessThanOrEqual(800);
    const lines = out.split("\n");
    let whole = 0;
    let rest = "";
    for (let i = 0; i < lines.length; i++) {
      if (lines[i].startsWith("  function f")) whole++;
      if (lines[i].startsWith("  [+")) rest = lines[i];
    }
    expect(whole).toBeGreaterThan(0);
    // "  [+R smaller symbols: function fA L1, function fB L9, +N not listed]"
    expect(rest.startsWith("  [+" + (60 - whole).toString() + " smaller symbols: ")).toBe(true);
    const names = rest.substring(rest.indexOf(": ") + 2, rest.lastIndexOf(", +")).split(", ");
    const notListed = I32.parseInt(rest.substring(rest.lastIndexOf(", +") + 3, rest.indexOf(" not listed]")));
    expect(names.length + notListed).toBe(60 - whole);
    let previous = 0;
    let large = 0;
    for (let i = 0; i < names.length; i++) {
      const n = I32.parseInt(names[i].substring(names[i].indexOf(" f") + 2, names[i].indexOf(" L")));
      expect(n).toBeGreaterThan(previous - (i == 0 ? 1 : 0));
      previous = n;
      if (n % 7 == 3) large++;
    }
    // The large functions come first: all of them are shown, whole or by name.
    expect(whole + large).toBeGreaterThanOrEqual(9);
  });

  it("stops the first chunk at 100 lines when the budget allows more", () => {
    const out = llm(digestFileJson(module(1000), 40000, "Read", '{"file_path":"m.py"}', 0));
    expect(has(out, "(showing lines 1-100 of 5000 total; next: offset=101)")).toBe(true);
  });

  it("never exceeds the budget, down to 0 and 1", () => {
    const text = module(50);
    const budgets: i32[] = [0, 1, 5, 20, 60, 120, 300, 700, 1500];
    for (let k = 0; k < budgets.length; k++) {
      const out = llm(digestFileJson(text, budgets[k], "Read", '{"file_path":"m.py","offset":40,"limit":30}', 0));
      expect(out.length).toBeLessThanOrEqual(budgets[k]);
      const plain = llm(digestFileJson(text, budgets[k], "Read", '{"file_path":"m.py"}', 0));
      expect(plain.length).toBeLessThanOrEqual(budgets[k]);
    }
    expect(llm(digestFileJson(text, 0, "Read", "{}", 0))).toBe("");
  });

  it("reads a range from the whole file as sections with hashlines", () => {
    const text = module(40); // 200 lines
    const out = llm(digestFileJson(text, 4000, "Read", '{"file_path":"m.py","offset":51,"limit":5}', 0));
    expect(has(out, "Before lines 1–50: ")).toBe(true);
    expect(has(out, "function f9  L46–49")).toBe(true);
    // Line 51 is "def f10(x):"; its hash is the FNV-1a low byte of those bytes.
    expect(has(out, "\n51:")).toBe(true);
    expect(has(out, "|def f10(x):\n")).toBe(true);
    expect(has(out, "After lines 56–200: function f11  L56–59")).toBe(true);
  });

  it("numbers the output of a range from the range's first line (sed -n)", () => {
    const text = "    y = x + 3\n    return y\n\ndef f4(x):\n";
    const j = digestFileJson(text, 4000, "bash", '{"command":"sed -n 18,21p m.py"}', 0);
    const out = llm(j);
    expect(has(out, "Read m.py lines 18–21 (4 lines, ")).toBe(true);
    expect(has(out, "\n18:")).toBe(true);
    expect(has(out, "\n21:")).toBe(true);
    expect(has(out, "|def f4(x):")).toBe(true);
    expect(has(j, '"firstLine":18')).toBe(true);
  });

  it("reads cat -n and Read-tool numbering and keeps the file's numbers", () => {
    const catN = "   120\tdef g():\n   121\t    return 1\n";
    expect(has(llm(digestFileJson(catN, 4000, "bash", '{"command":"cat -n x.py"}', 0)), "Read x.py lines 120–121 (2 lines")).toBe(true);
    const read = "     7\u2192function h() {\n     8\u2192  return 2;\n     9\u2192}\n";
    const j = digestFileJson(read, 4000, "Read", '{"file_path":"h.js","offset":7,"limit":3}', 0);
    expect(has(llm(j), "\n7:")).toBe(true);
    expect(has(llm(j), "|function h() {")).toBe(true);
    expect(has(j, '"language":"javascript"')).toBe(true);
  });

  it("sections on demand: the middle third by default", () => {
    const out = llm(digestFileSectionsJson(module(30), 8000, 0, 0, "Read", '{"file_path":"m.py"}', 0));
    expect(has(out, "Before lines 1–50: ")).toBe(true);
    expect(has(out, "\n51:")).toBe(true);
    expect(has(out, "After lines 101–150: ")).toBe(true);
  });

  it("handles empty text, CRLF, no trailing newline, surrogates and identical lines", () => {
    expect(has(llm(digestFileJson("", 100, "Read", '{"file_path":"e.ts"}', 0)), "Read e.ts (0 lines, 0 bytes, typescript)\n(empty file)")).toBe(true);
    const crlf = llm(digestFileJson("fn a() {}\r\nfn b() {}", 400, "Read", '{"file_path":"a.rs"}', 0));
    expect(has(crlf, "1: fn a() {}\n2: fn b() {}\n")).toBe(true);
    // U+1F600 (d83d de00) in a line that is cut: never split the pair.
    const emoji = "x = '" + "\uD83D\uDE00".repeat(600) + "'\n";
    const e = llm(digestFileJson(emoji + emoji, 900, "Read", '{"file_path":"e.py"}', 0));
    expect(e.length).toBeLessThanOrEqual(900);
    expect(has(e, "chars omitted...]")).toBe(true);
    const lone = llm(digestFileJson("a = '\uD800'\n", 100, "Read", '{"file_path":"l.py"}', 0));
    expect(has(lone, "1: a = '")).toBe(true);
    const same = "x\n".repeat(5000);
    const s = digestFileJson(same, 500, "Read", '{"file_path":"same.txt"}', 0);
    expect(llm(s).length).toBeLessThanOrEqual(500);
    expect(has(s, '"language":""')).toBe(true);
  });

  it("leaves the summary to the pipeline when the tool failed", () => {
    expect(has(digestFileJson("cat: x: No such file\n", 400, "bash", '{"command":"cat x"}', 1), '"summary":""')).toBe(true);
  });
});

/** A minified bundle: a license header, then long lines with a VERSION constant deep inside. */
function bundle(): string {
  const parts = new Array<string>();
  parts.push("/**\n * @license\n * Example <https://example.test/>\n */");
  for (let i = 0; i < 40; i++) {
    let line = "";
    for (let k = 0; k < 40; k++) line += "function f" + k.toString() + "(n,t){return n+t}";
    if (i == 25) line += 'var X,nn="4.17.21",ip="127.0.0.1",tn=200;';
    parts.push(line);
  }
  return parts.join("\n") + "\n";
}

describe("files of long lines", () => {
  it("says the lines are long and names the version literals", () => {
    const out = llm(digestFileJson(bundle(), 3000, "Read", '{"file_path":"vendor/lib.min.js"}', 0));
    expect(out.length).toBeLessThanOrEqual(3000);
    expect(has(out, "\nMinified: lines average 1,047 chars, longest 1,191; version string: 4.17.21\n1: /**\n")).toBe(true);
    expect(out.includes("127.0.0.1")).toBe(false);
    // Its outline (one-letter functions, forty to a line) would say nothing.
    expect(out.includes("Outline:")).toBe(false);
  });

  it("stays quiet for ordinary files and for files that fit", () => {
    expect(llm(digestFileJson(module(400), 3000, "Read", '{"file_path":"m.py"}', 0)).includes("Minified")).toBe(false);
    expect(llm(digestFileJson(bundle(), 100000, "Read", '{"file_path":"vendor/lib.min.js"}', 0)).includes("Minified")).toBe(false);
  });
  it("outlines a Markdown document by its headings, verbatim, when it does not fit", () => {
    const parts = new Array<string>();
    for (let i = 0; i < 12; i++) {
      parts.push("## Section " + i.toString());
      for (let k = 0; k < 30; k++) parts.push("Some prose line " + k.toString() + " of section " + i.toString() + ".");
    }
    const out = llm(digestFileJson(parts.join("\n") + "\n", 3000, "Read", '{"file_path":"docs/GUIDE.md"}', 0));
    expect(out.length).toBeLessThanOrEqual(3000);
    expect(has(out, "Outline: 12 headings in 372 lines")).toBe(true);
    expect(has(out, "  311: ## Section 10\n")).toBe(true);
    // The same text under another name gets no heading outline.
    expect(llm(digestFileJson(parts.join("\n") + "\n", 3000, "Read", '{"file_path":"notes.txt"}', 0)).includes("headings")).toBe(false);
  });
});
