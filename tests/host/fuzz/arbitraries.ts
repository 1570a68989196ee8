// Generators for fuzzing: hostile text of every kind a tool can print, and
// structured-looking text that is almost, but not quite, what a parser expects.
import fc from "fast-check";

/** Code units that break naive string code: lone surrogates, NUL, controls, BOM, combining marks. */
const nasty = fc.constantFrom("\ud800", "\udfff", "\u0000", "\u001b", "\u001b[31m", "\u001b]8;;http://x\u0007", "\r", "\b", "\ufeff", "\u0301", "\u200d", "\u{1F600}", "\u{10FFFF}", "é", "\t", "\n", "\r\n");

/** Fragments of real-tool syntax: grep hits, diff headers, JSON, ls rows, tracebacks, HTML. */
const syntax = fc.constantFrom(
  "src/a.ts:12:  const x = 1;\n",
  "src/a.ts-13-context\n",
  "--\n",
  "diff --git a/x.c b/x.c\n",
  "--- a/x.c\n+++ b/x.c\n",
  "@@ -1,3 +1,4 @@ int main(void)\n",
  "+added line\n-removed line\n",
  "Binary files a/img.png and b/img.png differ\n",
  "rename from a.txt\nrename to b.txt\n",
  '{"a": [1, 2, {"b": "c"}], "d": null}',
  '{"unterminated": "str',
  "[1, 2, 3,",
  '{"k": 1}\n{"k": 2}\n{bad}\n',
  "-rw-r--r-- 1 user group 1234 Nov 23 09:00 file.txt\n",
  "drwxr-xr-x 2 user group 4096 Nov 23 09:00 dir\n",
  "total 48\n",
  "./a/b/c.py\n",
  "├── src\n│   └── main.rs\n",
  "Traceback (most recent call last):\n  File \"x.py\", line 3, in <module>\nValueError: bad\n",
  "error: expected ';' before '}' token\n",
  "FAILED tests/test_a.py::test_x - AssertionError\n",
  "Tests: 1 failed, 2 passed, 3 total\n",
  "<html><head><title>T</title></head><body><h1>H</h1><p>text</p><script>x()</script>",
  "# Heading\n\n## Sub\n\n- item\n",
  "def f(x):\n    return x\n",
  "class A {\n  m() {}\n}\n",
  "12:ab|code line\n",
  "name: ci\non:\n  push:\njobs:\n  build:\n    run: |\n      # a script line\n",
  "---\nkind: Service\n- item\n",
  "[section]\nkey = value ; note\n# comment\n",
  "[[bin]]\nname = \"x\"\nlist = [\n  1,\n]\n",
  "id,name,total\n1,\"a, \"\"b\"\"\nc\",2.50\n",
  "a\tb\tc\n",
  '<?xml version="1.0"?>\n<root a="x>y">\n  <!-- <c> -->\n  <e/>\n</root>\n',
  "Downloading 10%\rDownloading 99%\rDone\n",
  '{"orders":[1,2]}\r100  2848    0  2848    0     0   136k      0 --:--:-- --:--:-- --:--:--  139k\n',
);

const word = fc.string({ unit: "grapheme-ascii", maxLength: 12 });
const fullUnicode = fc.string({ unit: "binary", maxLength: 200 });
const utf16 = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength: 200 });

/** Text: a mix of syntax fragments, words, hostile code units and random Unicode. */
export const hostileText = fc
  .array(fc.oneof({ weight: 4, arbitrary: syntax }, { weight: 3, arbitrary: word }, { weight: 2, arbitrary: nasty }, { weight: 1, arbitrary: fullUnicode }, { weight: 1, arbitrary: utf16 }), { maxLength: 400, size: "medium" })
  .map((parts) => parts.join(""));

/** Many tiny lines, or one huge line (up to 300,000 units), or repeated lines. */
export const shapedText = fc.oneof(
  fc.integer({ min: 0, max: 20_000 }).map((n) => "x\n".repeat(n)),
  fc.tuple(fc.integer({ min: 1, max: 300_000 }), fc.constantFrom("a", "é", "\u{1F600}", "error ")).map(([n, c]) => c.repeat(Math.ceil(n / c.length))),
  fc.tuple(hostileText, fc.integer({ min: 1, max: 500 })).map(([t, n]) => `${t}\n`.repeat(n)),
);

/** Random bytes, sometimes behind a real magic number. */
export const hostileBytes = fc.tuple(fc.constantFrom("", "\x7fELF", "\x89PNG\r\n\x1a\n", "%PDF-1.7\n", "\x1f\x8b", "PK\x03\x04", "\0asm", "GIF89a", "\xff\xfe", "\xfe\xff"), fc.uint8Array({ maxLength: 4000 })).map(([magic, body]) => {
  const head = Buffer.from(magic, "latin1");
  return new Uint8Array(Buffer.concat([head, Buffer.from(body)]));
});

/** Text in an encoding other than UTF-8: Latin-1, UTF-16 (with or without a BOM), Shift_JIS. */
export const legacyBytes = fc
  .tuple(hostileText, fc.constantFrom("latin1", "utf16le", "utf16le-bom", "sjis"))
  .map(([text, encoding]) => {
    if (encoding === "latin1") return new Uint8Array(Buffer.from(text.replace(/[^\x00-\xff]/g, "\xe9"), "latin1"));
    if (encoding === "sjis") return new Uint8Array(Buffer.concat([Buffer.from(text.replace(/[^\x20-\x7e\n]/g, ""), "latin1"), Buffer.from([0x82, 0xdd, 0x82, 0xa9, 0x82, 0xf1, 0x82, 0xa0, 0x0a])]));
    const body = Buffer.from(text, "utf16le");
    return new Uint8Array(encoding === "utf16le-bom" ? Buffer.concat([Buffer.from([0xff, 0xfe]), body]) : body);
  });

/** Outputs around the sizes where a digest's header and line numbers could make it longer than the output. */
export const midSizeText = fc
  .tuple(fc.array(fc.oneof(syntax, word), { minLength: 1, maxLength: 12 }), fc.integer({ min: 5, max: 400 }))
  .map(([parts, n]) => {
    const line = parts.join(" ");
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(`${line} ${i}`);
    return out.join("\n");
  });

export const anyText = fc.oneof({ weight: 6, arbitrary: hostileText }, { weight: 1, arbitrary: shapedText });

export const toolName = fc.constantFrom("bash", "Bash", "shell", "exec_command", "Read", "read_file", "Grep", "grep", "Glob", "list", "ls", "find", "WebFetch", "web-fetch", "jq", "unknown_tool", "", "🙂");

export const toolArgs = fc.oneof(
  fc.constant(undefined),
  fc.record({ command: fc.constantFrom("git diff", "grep -rn x .", "ls -la", "find . -name '*.ts'", "cat a.json", "curl -s http://x", "make -k", "bash -lc 'cd x && rg foo'", "jq . f.json") }),
  fc.record({ file_path: fc.constantFrom("a.ts", "b.py", "c.go", "d.rs", "e.json", "f.md", "g", "", "h.yaml", "i.toml", "j.ini", "k.csv", "l.tsv", "m.xml", "n.conf", "o.txt") }),
  fc.record({ pattern: word, path: word }),
  fc.string({ maxLength: 40 }), // JSON text, usually malformed
  fc.dictionary(word, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }),
);

export const budget = fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: 20_000 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 300 }) });
