import { digestEdit, utf8Length } from "../../assembly/digest/edit";
import { parsePatch } from "../../assembly/digest/edit/patch";
import { DigestContext } from "../../assembly/digest/shared/types";

function call(tool: string, args: string, exitCode: i32 = 0): DigestContext {
  return new DigestContext(tool, args, exitCode);
}

describe("digestEdit", () => {
  it("Claude Code Edit: one replacement, old→new lines", () => {
    const d = digestEdit(
      "The file /r/executor.go has been updated. Here's the result of running `cat -n` on a snippet of the edited file:",
      4000,
      call("Edit", '{"file_path":"/r/executor.go","old_string":"a\\nb\\nc","new_string":"a\\nb\\nc\\nd"}'),
    );
    expect(d.llm.startsWith("\u270e Modified /r/executor.go: 1 replacement(s), 3\u21924 lines\nThe file /r/executor.go has been updated.")).toBe(true);
    expect(d.summary).toBe("Updated /r/executor.go");
  });
  it("replace_all: the count the tool reports", () => {
    const d = digestEdit(
      "The file /r/a.ts has been updated. All occurrences of 'x' were successfully replaced with 'y'. 3 occurrences replaced.",
      4000,
      call("Edit", '{"file_path":"/r/a.ts","old_string":"x","new_string":"y","replace_all":true}'),
    );
    expect(d.llm.startsWith("\u270e Modified /r/a.ts: 3 replacement(s), 1\u21921 lines each")).toBe(true);
  });
  it("replace_all: a reported count too long for a count is not used", () => {
    const d = digestEdit(
      "The file /r/a.ts has been updated. 12345678901 occurrences replaced.",
      4000,
      call("Edit", '{"file_path":"/r/a.ts","old_string":"x","new_string":"y","replace_all":true}'),
    );
    expect(d.llm.startsWith("\u270e Modified /r/a.ts: ")).toBe(true);
    expect(d.llm.split("\n")[0].includes("-")).toBe(false, d.llm);
  });
  it("opencode edit and write use camelCase keys", () => {
    const e = digestEdit("Edit applied successfully.", 4000, call("edit", '{"filePath":"/r/b.py","oldString":"x","newString":"y\\nz"}'));
    expect(e.llm.startsWith("\u270e Modified /r/b.py: 1 replacement(s), 1\u21922 lines")).toBe(true);
    const w = digestEdit("Wrote file successfully.", 4000, call("write", '{"filePath":"/r/c.py","content":"print(1)\\n"}'));
    expect(w.llm.startsWith("\u2713 Created /r/c.py (1 line, 9 bytes)")).toBe(true);
    expect(w.summary).toBe("Wrote /r/c.py");
  });
  it("Write: bytes are UTF-8 bytes; an overwrite says Wrote", () => {
    // "é" c3 a9, "😀" f0 9f 98 80
    expect(utf8Length("a\u00e9\u{1F600}")).toBe(7);
    expect(utf8Length("\uD800")).toBe(3);
    const d = digestEdit("The file /r/v.go has been updated.", 4000, call("Write", '{"file_path":"/r/v.go","content":"package v\\n\\nfunc V() {}\\n"}'));
    expect(d.llm.startsWith("\u2713 Wrote /r/v.go (3 lines, 23 bytes)")).toBe(true);
  });
  it("search_replace (seed 000 shape)", () => {
    const d = digestEdit("Replaced 3 occurrence(s)", 4000, call("search_replace", '{"path":"docs/file.md","search":"# A\\nb","replace":"# B\\nc\\nd"}'));
    expect(d.llm.startsWith("\u270e Modified docs/file.md: 3 replacement(s), 2\u21923 lines")).toBe(true);
  });
  it("a failure is reported as one", () => {
    const d = digestEdit("Error: file not found", 4000, call("Edit", '{"file_path":"/r/x","old_string":"a","new_string":"b"}', 1));
    expect(d.summary).toBe("Error: file not found");
    expect(d.llm.startsWith("\u2717 Edit failed: /r/x")).toBe(true);
  });
  it("budgets 0/1/tiny, empty result, unknown arguments", () => {
    const args = '{"file_path":"/r/long/path/to/file.ts","content":"x"}';
    expect(digestEdit("", 0, call("Write", args)).llm).toBe("");
    expect(digestEdit("", 1, call("Write", args)).llm.length).toBeLessThanOrEqual(1);
    expect(digestEdit("ok", 20, call("Write", args)).llm.length).toBeLessThanOrEqual(20);
    const d = digestEdit("some output\n".repeat(100), 100, call("mystery", "{not json"));
    expect(d.llm.length).toBeLessThanOrEqual(100);
    expect(d.facts.includes('"parsed":false')).toBe(true);
  });
  it("a long result is cut with an exact marker", () => {
    const result = "line of the result\n".repeat(500);
    const d = digestEdit(result, 400, call("Write", '{"file_path":"/r/a","content":"x"}'));
    expect(d.llm.length).toBeLessThanOrEqual(400);
    expect(d.llm.includes(" chars omitted...]")).toBe(true);
    expect(d.truncated).toBe(true);
  });
});

describe("parsePatch", () => {
  it("reads the apply_patch envelope, CRLF included", () => {
    const patch = "*** Begin Patch\r\n*** Update File: a.py\r\n@@\r\n-x\r\n+y\r\n+z\r\n*** Add File: b.py\r\n+1\r\n*** Delete File: c.py\r\n*** End Patch";
    const files = parsePatch(patch);
    expect(files.length).toBe(3);
    expect(files[0].path).toBe("a.py");
    expect(files[0].added).toBe(2);
    expect(files[0].removed).toBe(1);
    expect(files[1].action).toBe(1);
    expect(files[2].action).toBe(2);
  });
  it("apply_patch via the input argument", () => {
    const args = '{"input":"*** Begin Patch\\n*** Update File: src/x.ts\\n*** Move to: src/y.ts\\n@@\\n-a\\n+b\\n*** End Patch"}';
    const d = digestEdit("Done!", 4000, call("apply_patch", args));
    expect(d.llm.startsWith("Patch: 1 file changed, +1/-1\n\u2192 src/x.ts \u2192 src/y.ts +1/-1 lines\nDone!")).toBe(true);
    expect(d.summary).toBe("Updated src/x.ts");
  });
});
