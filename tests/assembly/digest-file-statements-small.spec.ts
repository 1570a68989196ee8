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
});
