import { digestFile } from "../../assembly/digest/file";
import { DigestContext } from "../../assembly/digest/shared/types";
import { languageOf } from "../../assembly/outline/language";

// A Markdown document whose code blocks hold programs: its outline is its headings,
// not the functions of its examples (the shape of node_modules/undici/README.md).

/** `n` sections, each a heading, a line of prose and a fenced block of JavaScript and C. */
function readme(n: i32): string {
  const parts = new Array<string>();
  parts.push("# undici\n\nAn HTTP/1.1 client, written from scratch for Node.js.\n");
  for (let i = 0; i < n; i++) {
    parts.push("## Section " + i.toString() + "\n\nHow to call it:\n\n```js\nfunction request" + i.toString() + "(url) {\n  return fetch(url)\n}\n```\n");
    parts.push("```c\n#include <stdio.h>\nint main" + i.toString() + "(void) { return 0; }\n```\n");
  }
  return parts.join("\n");
}

describe("Markdown with code blocks is a document", () => {
  it("by its extension, or by a heading and a fence when the path says nothing", () => {
    expect(languageOf("README.md", "```js\nfunction f() {}\n```\n")).toBe("markdown");
    expect(languageOf("docs/guide.MARKDOWN", "")).toBe("markdown");
    expect(languageOf("README", readme(3))).toBe("markdown");
    expect(languageOf("notes", "# Notes\n\nplain text, no code\n")).toBe("");
    // A script's comments are no headings without a fence.
    expect(languageOf("tool", "# build helper\nimport os\ndef main():\n    pass\n")).toBe("python");
  });

  it("is outlined by its headings, not as a program", () => {
    const text = readme(40);
    const ctx = new DigestContext("Read", '{"file_path":"/srv/undici/README"}', 0);
    const d = digestFile(text, 4000, ctx, "");
    expect(d.llm.length).toBeLessThanOrEqual(4000);
    expect(d.llm.includes("Outline: 41 headings")).toBe(true);
    expect(d.llm.includes("## Section 39")).toBe(true);
    // The examples' functions are no symbols of the file (the first page shows only the first ones).
    expect(d.llm.includes("request39")).toBe(false);
    expect(d.llm.includes("main39")).toBe(false);
  });
});
