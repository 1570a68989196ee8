import { kindName } from "../../assembly/important/kinds";
import { scanImportant } from "../../assembly/important/scan";

/** Kind names of the flagged lines of `text`, joined with ",". */
function kinds(text: string): string {
  const scan = scanImportant(text);
  const names = new Array<string>();
  for (let i = 0; i < scan.count; i++) names.push(kindName(scan.kinds[i]));
  return names.join(",");
}

describe("a code joined to a severity word", () => {
  it("reads a severity followed by '-' and a capital code as that severity", () => {
    expect(kinds("%Warning-WIDTH: rtl/timer.v:11:19: Operator ADD expects 16 bits on the RHS, but RHS's VARREF 'a' generates 8 bits.\n")).toBe("warning");
    expect(kinds("%Warning-UNUSEDSIGNAL: rtl/adder.v:3:14: Signal is not used: 'clk'\n")).toBe("warning");
    expect(kinds("%Error-PINNOTFOUND: rtl/top.v:29:47: Pin not found: 'q'\n")).toBe("error");
  });

  it("reads a severity followed by '/' and its level as that severity", () => {
    expect(kinds('docs/guide.rst:83: (ERROR/3) Unknown target name: "the correction rules".\n')).toBe("error");
    expect(kinds("docs/guide.rst:40: (WARNING/2) Title underline too short.\n")).toBe("warning");
  });

  it("leaves a name whose next part opens in lower case", () => {
    expect(kinds("loaded error-handler from plugins\n")).toBe("");
    expect(kinds("cp errors/log.c build/\n")).toBe("");
    expect(kinds("see warnings-policy for details\n")).toBe("");
  });

  it("leaves a title-case part, a path, a level list and a code not closed by ':' or ')'", () => {
    expect(kinds("Error-Prone found 3 issues\n")).toBe("");
    expect(kinds("log.level = ERROR/WARN\n")).toBe("");
    expect(kinds("WARN/ERROR levels are kept\n")).toBe("");
    expect(kinds("Fixed ERROR-1234 in parser\n")).toBe("");
    expect(kinds("## Error-Handling\n")).toBe("");
    expect(kinds("see Error-Codes.md\n")).toBe("");
    expect(kinds("the Error/Exception hierarchy\n")).toBe("");
    expect(kinds("Warning-Level: 4\n")).toBe("");
    expect(kinds("\tmodified:   Errors/NotFound.cs\n")).toBe("");
    expect(kinds(" Errors/ApiError.cs | 3 +\n")).toBe("");
  });

  it("leaves a zero count joined to another", () => {
    expect(kinds("Errors/Warnings: 0/0\n")).toBe("");
    expect(kinds("ERRORS/WARNINGS: 0/3\n")).toBe("");
  });
});
