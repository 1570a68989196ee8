import { digestFileJson } from "../../assembly/digest/file";

/**
 * A shell library of no known format (no extension, no shebang a scanner knows): n functions
 * `step_i () {` of six lines each and a blank line, 8n lines in all.
 */
function library(n: i32): string {
  const parts = new Array<string>();
  for (let i = 0; i < n; i++) {
    const k = i.toString();
    parts.push("step_" + k + " () {"); // line 8i + 1: what the outline names
    parts.push('\tlog "step ' + k + ' starts"');
    parts.push('\trun_task "task-' + k + '" --retries 3');
    parts.push('\tcheck_result "task-' + k + '"');
    parts.push('\tlog "step ' + k + ' done"');
    parts.push("}");
    parts.push("");
  }
  return parts.join("\n") + "\n";
}

/** The "llm" field of a digest's JSON, unescaped enough for these texts. */
function llm(json: string): string {
  const start = json.indexOf('"llm":"') + 7;
  const end = json.indexOf('","summary":');
  return json.substring(start, end).replaceAll("\\n", "\n").replaceAll("\\t", "\t").replaceAll('\\"', '"');
}

/** Outline entries naming a function ("  step_3 () {  L22–27"). */
function named(out: string): i32 {
  const lines = out.split("\n");
  let n = 0;
  for (let i = 0; i < lines.length; i++) if (lines[i].startsWith("  step_") && lines[i].includes(" () {  L")) n++;
  return n;
}

describe("a text of no known format under a small budget", () => {
  it("gives its statements the share a program's outline gets: most of the 20 functions named in 800 units", () => {
    const out = llm(digestFileJson(library(20), 800, "Read", '{"file_path":"lib/steps"}', 0));
    expect(out.length <= 800).toBe(true);
    const n = named(out);
    if (n < 15) log(out);
    expect(n >= 15).toBe(true);
  });

  it("keeps the share it had under a larger budget, where the first page shows more", () => {
    const out = llm(digestFileJson(library(200), 4000, "Read", '{"file_path":"lib/steps"}', 0));
    expect(out.length <= 4000).toBe(true);
    expect(out.includes("\n1: step_0 () {\n")).toBe(true);
  });

  it("names the settings not shown whole, the page's own left to the page", () => {
    // Lines 1-2 a comment, 3 blank; then keys `key_i=vi`, one line each, but for i = 20, 40
    // and 60 a `long_i` of three lines (23-25, 45-47, 67-69): 60 keys, 61 entries, 69 lines.
    const lines = ["# Settings of the service", "# one per line", ""];
    for (let i = 1; i <= 60; i++) {
      const k = i.toString();
      if (i % 20 == 0) {
        lines.push("long_" + k + "=first,");
        lines.push("    second,");
        lines.push("    third");
      } else lines.push("key_" + k + "=v" + k);
    }
    const out = llm(digestFileJson(lines.join("\n") + "\n", 800, "Read", '{"file_path":"conf/app.settings"}', 0));
    expect(out.length <= 800).toBe(true);
    const expected = [
      "Read conf/app.settings (69 lines, 762 bytes)",
      "Outline: 60 keys; 1 comment block",
      "  (comment)  L1\u20132",
      // Whole, the longest first: key_1..key_10 (lines 4-13) are surely the page's (the room
      // left once the outline took its share), so key_11 on.
      "  key_11=v11  L14",
      "  key_12=v12  L15",
      "  key_13=v13  L16",
      "  key_14=v14  L17",
      "  key_15=v15  L18",
      "  key_16=v16  L19",
      "  key_17=v17  L20",
      "  long_20=first,  L23\u201325",
      "  long_40=first,  L45\u201347",
      "  long_60=first,  L67\u201369",
      // 61 - 11 = 50 not whole: the 10 of the page, 14 named (the shortest labels first, alike
      // ones in source order), 36 = 50 - 14 counted as not listed.
      "  [+50 more entries: key_18=v18 L21, key_19=v19 L22, key_21=v21 L26, key_22=v22 L27, key_23=v23 L28, key_24=v24 L29, key_25=v25 L30, key_26=v26 L31, key_27=v27 L32, key_28=v28 L33, key_29=v29 L34, key_30=v30 L35, key_31=v31 L36, key_32=v32 L37, +36 not listed]",
      "4: key_1=v1",
    ].join("\n");
    if (!out.startsWith(expected)) log(out);
    expect(out.startsWith(expected)).toBe(true);
    // The page has the room the outline left: one line more than it was sure of.
    expect(out.endsWith("13: key_10=v10\n14: key_11=v11\n(showing lines 1-14 of 69 total without comments and blank lines; next: offset=15)")).toBe(true);
  });
});
