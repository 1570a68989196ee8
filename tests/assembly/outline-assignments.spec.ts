// A file of `NAME=value` lines and comments is read as settings, not as the program
// its `export` lines would make it look like.
import { looksLikeAssignments } from "../../assembly/outline/assignments";
import { languageOf } from "../../assembly/outline/language";

describe("looksLikeAssignments", () => {
  it("holds for assignments, `export` ones, comments and blank lines", () => {
    // line 1: a comment; 2: blank; 3–4: assignments; 5: an exported one; 6: an empty value
    expect(looksLikeAssignments("# shop\n\nA_URL=http://a:1\nA_POOL=4\nexport A_REGION='oslo'\nEMPTY=\n", 4096)).toBe(true);
    // Dotted and dashed names (properties), indented lines and CRLF line ends.
    expect(looksLikeAssignments("server.port=8080\r\n\r\n  log-level=info\r\n# c\r\nx=1\r\n", 4096)).toBe(true);
  });

  it("fails on a program's lines and on too few assignments", () => {
    // line 2: a declaration, `=` after a space
    expect(looksLikeAssignments("A=1\nexport const b = 2;\nC=3\nD=4\n", 4096)).toBe(false);
    // line 3: a call
    expect(looksLikeAssignments("A=1\nB=2\nrun()\nC=3\n", 4096)).toBe(false);
    // line 2: `=` with a space before it
    expect(looksLikeAssignments("A=1\nB = 2\nC=3\n", 4096)).toBe(false);
    // line 1: `=` with no name
    expect(looksLikeAssignments("=1\nA=1\nB=2\nC=3\n", 4096)).toBe(false);
    // two assignments say too little
    expect(looksLikeAssignments("# two\nA=1\nB=2\n", 4096)).toBe(false);
  });

  it("does not judge the line cut at the limit", () => {
    // the limit (13 units) ends inside line 4 (`D_LONG…`), whose `=` it does not reach
    expect(looksLikeAssignments("A=1\nB=2\nC=3\nD_LONG_NAME=4\n", 13)).toBe(true);
  });
});

describe("languageOf a file of assignments", () => {
  const env = "# service\nexport API_URL=http://api:8080\nAPI_POOL=4\nAPI_LOG=debug\n";

  it("is no JavaScript whatever its name", () => {
    expect(languageOf(".env", env)).toBe("");
    expect(languageOf("deploy/.env.local", env)).toBe("");
    expect(languageOf("settings", env)).toBe("");
  });

  it("leaves an extension's word and a program's lines as they were", () => {
    expect(languageOf("app.properties", env)).toBe("ini");
    expect(languageOf("env.js", env)).toBe("javascript");
    expect(languageOf("setup", "export function f() {}\nA=1\nB=2\n")).toBe("javascript");
  });
});
