import { digestFileJson } from "../../assembly/digest/file";
import { languageOf } from "../../assembly/outline/language";
import { outline } from "../../assembly/outline/outline";

/** The "llm" field of a digest's JSON, unescaped enough for these texts. */
function llm(json: string): string {
  const start = json.indexOf('"llm":"') + 7;
  const end = json.indexOf('","summary":');
  return json.substring(start, end).replaceAll("\\n", "\n").replaceAll('\\"', '"').replaceAll("\\t", "\t");
}

function has(s: string, part: string): bool {
  const ok = s.includes(part);
  if (!ok) log(s);
  return ok;
}

function lacks(s: string, part: string): bool {
  const ok = !s.includes(part);
  if (!ok) log(s);
  return ok;
}

function read(path: string, text: string, budget: i32): string {
  const out = llm(digestFileJson(text, budget, "Read", '{"file_path":"' + path + '"}', 0));
  expect(out.length).toBeLessThanOrEqual(budget);
  return out;
}

/** A GitHub workflow with `jobs` jobs of 12 steps each; a `run: |` script holds a '#' line. */
function workflow(jobs: i32): string {
  const parts = new Array<string>();
  parts.push("# CI for the shop");
  parts.push("name: ci");
  parts.push("on:");
  parts.push("  push:");
  parts.push("    branches: [main]");
  parts.push("  pull_request:");
  parts.push("jobs:");
  for (let j = 0; j < jobs; j++) {
    parts.push("  job_" + j.toString() + ":");
    parts.push("    runs-on: ubuntu-latest");
    parts.push("    steps:");
    for (let s = 0; s < 12; s++) {
      parts.push("      # step " + s.toString());
      parts.push("      - name: step " + s.toString());
      parts.push("        run: |");
      parts.push("          # not a YAML comment: the script's own");
      parts.push("          make target-" + s.toString());
    }
  }
  return parts.join("\n") + "\n";
}

describe("config files: YAML", () => {
  it("outlines the top-level keys with their ranges, values and the keys inside", () => {
    const out = read("ci.yml", workflow(3), 4000);
    expect(has(out, "Read ci.yml (")).toBe(true);
    expect(has(out, ", yaml)\nOutline: 3 top-level keys\n  name: ci  L2\n  on  L3–6 (2 keys: push, pull_request)\n  jobs  L7–196 (3 keys)\n")).toBe(true);
    // Jobs are blocks: each gets its own line and range.
    expect(has(out, "\n    job_0  L8–70\n    job_1  L71–133\n    job_2  L134–196\n")).toBe(true);
  });

  it("leaves YAML comments out of the page but keeps a script's '#' lines", () => {
    const out = read("ci.yml", workflow(3), 4000);
    expect(lacks(out, "\n1: # CI for the shop")).toBe(true);
    expect(lacks(out, ":      # step 0")).toBe(true);
    expect(has(out, ":           # not a YAML comment: the script's own\n")).toBe(true);
    expect(has(out, " total without comments and blank lines; next: offset=")).toBe(true);
  });

  it("lists documents, and the items of a top-level sequence", () => {
    const parts = new Array<string>();
    for (let d = 0; d < 3; d++) {
      parts.push("---");
      parts.push("apiVersion: v1");
      parts.push("kind: Service");
      parts.push("metadata:");
      parts.push("  name: svc-" + d.toString());
      for (let k = 0; k < 40; k++) parts.push("  label" + k.toString() + ": value " + k.toString());
    }
    const out = read("k8s.yaml", parts.join("\n") + "\n", 2000);
    expect(has(out, "Outline: 3 documents\n  ---  L1–")).toBe(true);
    expect(has(out, "(3 keys: apiVersion: v1, kind: Service, metadata)")).toBe(true);
    const items = new Array<string>();
    for (let i = 0; i < 60; i++) {
      items.push("- name: install package " + i.toString());
      items.push("  apt: pkg" + i.toString());
    }
    const play = read("play.yml", items.join("\n") + "\n", 2000);
    // Items 0-20 (lines 1-42) are surely on the page: the outline shows the next ones whole,
    // then names the others, the page's own counted with those not listed.
    expect(has(play, "Outline: 60 items\n  - name: install package 21  L43–44 (1 key)\n")).toBe(true);
    expect(has(play, "  [+52 more items: - name: install package 29 L59, - name: install package 30 L61, ")).toBe(true);
    expect(has(play, ", +39 not listed]\n1: - name: install package 0\n")).toBe(true);
  });

  it("gives outline entries as JSON with their values", () => {
    expect(outline("name: ci\njobs:\n  build:\n    x: 1\n", "yaml")).toBe(
      '[{"kind":"key","name":"name","first":1,"last":1,"detail":"ci"},{"kind":"key","name":"jobs","first":2,"last":4,"members":1},{"kind":"key","name":"build","first":3,"last":4,"depth":1,"parent":"jobs"}]',
    );
  });
});

describe("config files: TOML and INI", () => {
  it("outlines TOML tables, counts arrays of tables, and reads arrays that span lines", () => {
    const parts = new Array<string>();
    parts.push('title = "shop"');
    parts.push("");
    parts.push("[package]");
    parts.push('name = "shop"');
    parts.push('version = "1.2.0"');
    parts.push("matrix = [");
    parts.push("  [1, 2],"); // inside an array: no header
    parts.push("]");
    for (let b = 0; b < 3; b++) {
      parts.push("");
      parts.push("[[bin]]");
      parts.push('name = "tool' + b.toString() + '"');
    }
    parts.push("");
    parts.push("[dependencies]");
    for (let d = 0; d < 150; d++) parts.push("dep" + d.toString() + ' = "0.' + d.toString() + '"');
    const out = read("Cargo.toml", parts.join("\n") + "\n", 2500);
    expect(has(out, ", toml)\nOutline: 5 tables; 1 key before the first L1\n  title = \"shop\"  L1\n  [package]  L3–8 (3 keys: ")).toBe(true);
    expect(has(out, "\n  [[bin]] \u00d73  L10–17\n  [dependencies]  L19–169 (150 keys")).toBe(true);
    expect(lacks(out, "[1, 2],]")).toBe(true);
  });

  it("outlines INI sections and shows the settings of a file that is mostly comments", () => {
    const parts = new Array<string>();
    for (let s = 0; s < 6; s++) {
      parts.push("[section" + s.toString() + "]");
      for (let c = 0; c < 30; c++) parts.push("; a long explanation of the settings below, line " + c.toString());
      parts.push("setting_" + s.toString() + " = " + (s * 64).toString() + "M   ; inline note");
      parts.push("");
    }
    const out = read("php.ini", parts.join("\n") + "\n", 2000);
    expect(has(out, ", ini)\nOutline: 6 sections\n  [section0]  L1–32 (1 key: setting_0 = 0M)")).toBe(true);
    // Every setting is on the page, comments are not.
    for (let s = 0; s < 6; s++) expect(has(out, ": setting_" + s.toString() + " = ")).toBe(true);
    expect(lacks(out, "a long explanation of the settings below, line 29")).toBe(true);
  });

  it("fills the room left after the settings with the comments from the top", () => {
    const text = "; header comment\n; second\n[a]\nx = 1\n; note on y\ny = 2\n" + "; tail comment line that is long enough to need the cut\n".repeat(60);
    const out = read("small.ini", text, 1000);
    expect(has(out, "\n1: ; header comment\n2: ; second\n3: [a]\n4: x = 1\n5: ; note on y\n6: y = 2\n")).toBe(true);
  });
});

describe("data files: XML", () => {
  it("outlines the root's elements, merges runs of one name, and shows the root's closing line", () => {
    const parts = new Array<string>();
    parts.push('<?xml version="1.0"?>');
    parts.push("<!-- <ignored> elements in a comment are not elements -->");
    parts.push("<entries>");
    for (let i = 0; i < 300; i++) parts.push('  <entry code="' + i.toString() + '" name="country ' + i.toString() + '" />');
    parts.push("  <extra>");
    parts.push("    <inner/>");
    parts.push("  </extra>");
    parts.push("</entries>");
    const out = read("codes.xml", parts.join("\n") + "\n", 1500);
    expect(has(out, ", xml)\nOutline: <entries>  L3–307 (301 elements)\n  <entry> \u00d7300  L4–303 (0, 1, 2, 3, ")).toBe(true);
    expect(has(out, ", …+")).toBe(true);
    expect(has(out, ")\n  <extra>  L304–306\n")).toBe(true);
    expect(lacks(out, "<ignored>  L")).toBe(true);
    expect(has(out, "\n307: </entries>\n(showing lines 1-")).toBe(true);
    expect(has(out, " and 307 of 307 total without comments and blank lines; next: offset=")).toBe(true);
  });

  it("reads a .conf file that starts with a tag as XML", () => {
    expect(languageOf("/etc/fonts/conf.d/10-hinting.conf", '<?xml version="1.0"?>\n<fontconfig>\n</fontconfig>\n')).toBe("xml");
    expect(languageOf("/etc/ssl/openssl.cnf", "[ ca ]\ndefault_ca = CA_default\n")).toBe("ini");
  });
});

describe("data files: CSV and TSV", () => {
  it("states header, rows, columns and delimiter, with quoted line breaks counted as one row", () => {
    const parts = new Array<string>();
    parts.push("order_id,customer,total_eur,note");
    for (let i = 1; i <= 500; i++) {
      const note = i % 50 == 0 ? '"gift wrap, ""fragile""\nleave at door"' : "";
      parts.push("A" + i.toString() + ",customer " + i.toString() + "," + (i * 3).toString() + ".50," + note);
    }
    const out = read("orders.csv", parts.join("\n") + "\n", 2000);
    expect(has(out, ", csv)\nTable: header + 500 rows \u00d7 4 columns, comma-separated; 10 rows span several lines\n1: order_id,customer,total_eur,note\n2: A1,")).toBe(true);
    // The file's last lines, and where to read on.
    expect(has(out, "\n511: leave at door\"\n(showing lines 1-")).toBe(true);
    expect(has(out, " and 509-511 of 511 total; next: offset=")).toBe(true);
  });

  it("recognises a tab-separated file without a header, and a ';' table in a .txt file", () => {
    const tsv = new Array<string>();
    for (let i = 0; i < 200; i++) tsv.push("github.com/x/mod" + i.toString() + "\tgit\tabc" + i.toString() + "def\t2016-07-20T05:16:58Z");
    expect(has(read("deps.tsv", tsv.join("\n") + "\n", 1500), "Table: 200 rows \u00d7 4 columns, tab-separated, no header\n")).toBe(true);
    const txt = new Array<string>();
    txt.push("Kundennr;Name;Ort;Umsatz EUR");
    for (let i = 0; i < 300; i++) txt.push("K" + i.toString() + ";Kunde " + i.toString() + ";Köln;" + (i * 7).toString() + ".25");
    expect(languageOf("kunden.txt", txt.join("\n"))).toBe("csv");
    expect(has(read("kunden.txt", txt.join("\n") + "\n", 1500), "Table: header + 300 rows \u00d7 4 columns, semicolon-separated\n")).toBe(true);
    // A log is not sniffed as a table.
    expect(languageOf("app.log", txt.join("\n"))).toBe("");
  });
});

/** A SQL file: a header comment, `n` functions of five lines, grants, a comment before them. */
function sqlFile(n: i32): string {
  const parts = new Array<string>();
  parts.push("/*");
  for (let c = 0; c < 10; c++) parts.push(" * Functions redefined here, note " + c.toString());
  parts.push(" */");
  for (let f = 0; f < n; f++) {
    parts.push("");
    parts.push("CREATE OR REPLACE FUNCTION fn_" + f.toString() + "(text, integer)");
    parts.push(" RETURNS text");
    parts.push(" LANGUAGE sql");
    parts.push("RETURN fn_" + f.toString() + "($1, $2);");
  }
  parts.push("");
  parts.push("-- Who may call them");
  for (let f = 0; f < n; f++) parts.push("REVOKE EXECUTE ON FUNCTION fn_" + f.toString() + "(text, integer) FROM public;");
  return parts.join("\n") + "\n";
}

describe("files of no known format: statements", () => {
  it("outlines runs of alike statements by the words they share, and shows the page without comments", () => {
    // Lines 1-12: the comment; function f at 14 + 5f; the comment at 14 + 5n; REVOKEs from 15 + 5n.
    const out = read("system_functions.sql", sqlFile(30), 1500);
    expect(has(out, "Read system_functions.sql (194 lines, ")).toBe(true);
    expect(has(out, " KB)\nOutline: 60 statements; 2 comment blocks\n  (comment)  L1–12\n  CREATE OR REPLACE FUNCTION \u00d730  L14–162 (fn_0, fn_1, ")).toBe(true);
    expect(has(out, "\n  REVOKE EXECUTE ON FUNCTION \u00d730  L165–194 (fn_0, ")).toBe(true);
    expect(has(out, "\n14: CREATE OR REPLACE FUNCTION fn_0(text, integer)\n15:  RETURNS text\n")).toBe(true);
    expect(lacks(out, "note 0")).toBe(true);
    expect(has(out, " total without comments and blank lines; next: offset=")).toBe(true);
  });

  it("lists the keys of a settings file with their values as written", () => {
    const parts = new Array<string>();
    for (let k = 0; k < 40; k++) {
      for (let c = 0; c < 8; c++) parts.push("# what setting " + k.toString() + " does: line " + c.toString());
      parts.push("setting." + k.toString() + "=value " + k.toString());
      parts.push("");
    }
    const out = read("java.security", parts.join("\n") + "\n", 2000);
    // Every setting is on the page, so the outline leaves them to it and says so; the room left
    // goes to the comments from the top.
    expect(has(out, " KB)\nOutline: 40 keys; 40 comment blocks\n  (comment)  L1–8\n  [+40 entries in the lines below]\n1: # what setting 0 does: line 0\n")).toBe(true);
    for (let k = 0; k < 40; k++) expect(has(out, "\n" + (k * 10 + 9).toString() + ": setting." + k.toString() + "=value ")).toBe(true);
  });

  it("leaves prose as it is: its lines are not statements worth an outline", () => {
    const words = ["The", "A", "Each", "Some", "Every", "Their", "Our", "No", "This", "Many", "Its", "One"];
    const parts = new Array<string>();
    for (let p = 0; p < 60; p++) parts.push(words[p % 12] + " sentence " + p.toString() + " says something the one before it did not.");
    const out = read("notes.txt", parts.join("\n") + "\n", 1200);
    expect(lacks(out, "Outline:")).toBe(true);
    expect(has(out, "\n1: The sentence 0 says")).toBe(true);
  });
});

describe("config and data files: small budgets", () => {
  it("stays within the budget with an outline that ranks the longest entries", () => {
    const parts = new Array<string>();
    for (let s = 0; s < 40; s++) {
      parts.push("[s" + s.toString() + "]");
      for (let k = 0; k < (s % 7) + 1; k++) parts.push("k" + k.toString() + " = v");
    }
    const out = read("many.ini", parts.join("\n") + "\n", 400);
    expect(has(out, "Outline: 40 sections\n")).toBe(true);
    // The longest sections whole, then others by name: the shortest first, listed in file order.
    expect(has(out, "  [s6]  L28–35 (7 keys)\n")).toBe(true);
    expect(has(out, "  [+37 more sections: [s2] L6, [s3] L10, ")).toBe(true);
    expect(has(out, " not listed]\n")).toBe(true);
    for (let b = 120; b < 700; b += 97) {
      read("ci.yml", workflow(4), b);
      read("many.ini", parts.join("\n") + "\n", b);
      read("system_functions.sql", sqlFile(30), b);
    }
  });
});
