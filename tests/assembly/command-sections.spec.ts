import { digestCommand } from "../../assembly/digest/command";
import { sectionOutline } from "../../assembly/digest/command/outline";
import { DigestContext } from "../../assembly/digest/shared/types";

// `pydoc3 json.tool` (Python 3.11.7), as it printed it.
const PYDOC =
  "Help on module json.tool in json:\n" +
  "\n" +
  "NAME\n" +
  "    json.tool - Command-line tool to validate and pretty-print JSON\n" +
  "\n" +
  "MODULE REFERENCE\n" +
  "    https://docs.python.org/3.11/library/json.tool.html\n" +
  "    \n" +
  "    The following documentation is automatically generated from the Python\n" +
  "    source files.  It may be incomplete, incorrect or include features that\n" +
  "    are considered implementation detail and may vary between Python\n" +
  "    implementations.  When in doubt, consult the module reference at the\n" +
  "    location listed above.\n" +
  "\n" +
  "DESCRIPTION\n" +
  "    Usage::\n" +
  "    \n" +
  "        $ echo '{\"json\":\"obj\"}' | python -m json.tool\n" +
  "        {\n" +
  "            \"json\": \"obj\"\n" +
  "        }\n" +
  "        $ echo '{ 1.2:3.4}' | python -m json.tool\n" +
  "        Expecting property name enclosed in double quotes: line 1 column 3 (char 2)\n" +
  "\n" +
  "FUNCTIONS\n" +
  "    main()\n" +
  "\n" +
  "FILE\n" +
  "    /root/.pyenv/versions/3.11.7/lib/python3.11/json/tool.py\n" +
  "\n" +
  "\n";

/** Parts of `readelf -S -s app`, as in tests/fixtures/corpus/readelf-sections-symbols. */
const READELF =
  "There are 39 section headers, starting at offset 0x4360:\n\n" +
  "Section Headers:\n  [Nr] Name              Type             Address           Offset\n  [ 1] .interp           PROGBITS         0000000000000318  00000318\n" +
  "  [16] .text             PROGBITS         0000000000001090  00001090\n  [26] .bss              NOBITS           0000000000004038  00003038\n" +
  "Key to Flags:\n  W (write), A (alloc), X (execute), M (merge), S (strings), I (info)\n\n" +
  "Symbol table '.dynsym' contains 11 entries:\n   Num:    Value          Size Type    Bind   Vis      Ndx Name\n     0: 0000000000000000     0 NOTYPE  LOCAL  DEFAULT  UND \n" +
  "Symbol table '.symtab' contains 40 entries:\n   Num:    Value          Size Type    Bind   Vis      Ndx Name\n    35: 0000000000001090   371 FUNC    GLOBAL DEFAULT   15 main\n";

function repeat(line: string, n: i32): string {
  const parts = new Array<string>();
  for (let i = 0; i < n; i++) parts.push(line.replaceAll("#", i.toString()));
  return parts.join("\n") + "\n";
}

describe("sections of a document-shaped output", () => {
  it("headings in capitals or ending with ':', over indented bodies, with their lines", () => {
    expect(sectionOutline(PYDOC, 400)).toBe("sections (5): NAME L3, MODULE REFERENCE L6, DESCRIPTION L15, FUNCTIONS L25, FILE L28");
    expect(sectionOutline(READELF, 400)).toBe(
      "sections (4): Section Headers L3, Key to Flags L8, Symbol table '.dynsym' contains 11 entries L11, Symbol table '.symtab' contains 40 entries L14",
    );
  });

  it("as many as fit, then how many more; long headings cut", () => {
    // A disassembly's function labels.
    const asm = repeat("0000000000001#00 <function_number_#>:\n    1#00:\t55                   \tpush   %rbp\n    1#01:\tc3                   \tret", 300);
    const line = sectionOutline(asm, 200);
    expect(line.length).toBeLessThanOrEqual(200);
    expect(line.startsWith("sections (300): 0000000000001000 <function_number_0> L1, ")).toBe(true);
    expect(line.endsWith(" more")).toBe(true);
  });

  it("nothing for findings, test lines, logs or tables", () => {
    // Findings with indented detail: no heading form.
    expect(sectionOutline(repeat("src/a.ts(#,3): error TS2322: Type 'string' is not assignable.\n  Type 'x' is not 'y'.", 20), 400)).toBe("");
    // Findings that name a file's line and end in ':' over their indented explanation.
    expect(sectionOutline(repeat("src/auth.c:#:  [4] (buffer) strcpy:\n  Does not check for buffer overflows (CWE-120).\n  Consider using snprintf.", 20), 400)).toBe("");
    // TAP: `ok N - name` over indented YAML.
    expect(sectionOutline(repeat("ok # - slug keeps word #\n  ---\n  duration_ms: 0.1\n  ...", 20), 400)).toBe("");
    // Mostly at the left edge: not a document.
    expect(sectionOutline(repeat("Checking src/codec_#.c ...\nOPTIONS:\n  x\nplain\nplain", 10), 400)).toBe("");
    expect(sectionOutline("", 400)).toBe("");
  });

  it("under the status line of a cut output", () => {
    const ctx = new DigestContext("bash", '{"command":"pydoc3 json.tool"}', 0);
    const long = PYDOC + repeat("    filler line # of the module's long description", 300);
    const d = digestCommand(long, 800, ctx, "");
    expect(d.llm.length).toBeLessThanOrEqual(800);
    expect(d.llm.split("\n")[1]).toBe("sections (5): NAME L3, MODULE REFERENCE L6, DESCRIPTION L15, FUNCTIONS L25, FILE L28");
  });
});
