// Measures how well the core's outline scanners agree with a real parser
// (tree-sitter, from @vscode/tree-sitter-wasm) on real source files of this
// machine: per language, the files and top-level symbols read, precision and
// recall of the symbol names, and the share of matched symbols whose line
// range is exactly the parser's.
//
//   npm run build && node scripts/outline-agreement.mjs [--per-language N] [--json] [--misses]
//
// Conventions shared by both sides (docs/outline.md): a symbol's range starts
// at its decorators / attributes / annotations and `export`, and ends at its
// closing brace (or `;`); C and C++ namespaces, `extern "C"` blocks and
// preprocessor conditionals are looked through; variables are not symbols,
// except `const f = () => …` / `= function` in TypeScript and JavaScript.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { peerPath } from "./peers.mjs";

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const wasmDir = peerPath("@vscode/tree-sitter-wasm", "wasm/");

/** Languages measured, with the grammar that parses each (C is parsed with the C++ grammar: no C grammar ships). */
export const GRAMMARS = {
  typescript: "tree-sitter-typescript.wasm",
  javascript: "tree-sitter-javascript.wasm",
  python: "tree-sitter-python.wasm",
  go: "tree-sitter-go.wasm",
  rust: "tree-sitter-rust.wasm",
  java: "tree-sitter-java.wasm",
  c: "tree-sitter-cpp.wasm",
  cpp: "tree-sitter-cpp.wasm",
};

let parsers;

async function parserFor(language, tsx) {
  if (!parsers) {
    const { Parser } = require(join(wasmDir, "tree-sitter.js"));
    await Parser.init({ locateFile: (file) => join(wasmDir, file) });
    parsers = new Map();
  }
  const grammar = tsx ? "tree-sitter-tsx.wasm" : GRAMMARS[language];
  if (!parsers.has(grammar)) {
    const { Language, Parser } = require(join(wasmDir, "tree-sitter.js"));
    const parser = new Parser();
    parser.setLanguage(await Language.load(join(wasmDir, grammar)));
    parsers.set(grammar, parser);
  }
  return parsers.get(grammar);
}

const line = (p) => p.row + 1;
/** tree-sitter's end row for a node ending right after "\n" is the next row: use the last row with text. */
const lastLine = (n) => (n.endPosition.column === 0 && n.endPosition.row > n.startPosition.row ? n.endPosition.row : n.endPosition.row + 1);
const sym = (kind, name, from, to) => ({ kind, name, first: line(from.startPosition), last: lastLine(to ?? from) });

/** Top-level symbols and the imports count, as tree-sitter sees them. */
export async function treeSitterOutline(text, language, path = "") {
  const parser = await parserFor(language, path.endsWith(".tsx"));
  const tree = parser.parse(text);
  const out = { symbols: [], imports: 0, parseErrors: tree.rootNode.hasError };
  const walk = { typescript: tsTop, javascript: tsTop, python: pyTop, go: goTop, rust: rustTop, java: javaTop, c: cTop, cpp: cTop }[language];
  walk(tree.rootNode, out);
  tree.delete();
  return out;
}

function tsDecl(node, outer, out) {
  const t = node.type;
  const name = node.childForFieldName("name")?.text;
  if (t === "function_declaration" || t === "generator_function_declaration") out.symbols.push(sym("function", name ?? "default", outer));
  else if (t === "class_declaration" || t === "abstract_class_declaration" || t === "class") out.symbols.push(sym("class", name ?? "default", outer));
  else if (t === "interface_declaration") out.symbols.push(sym("interface", name, outer));
  else if (t === "enum_declaration") out.symbols.push(sym("enum", name, outer));
  else if (t === "type_alias_declaration") out.symbols.push(sym("type", name, outer));
  else if (t === "module" || t === "internal_module") out.symbols.push(sym("namespace", name, outer));
  else if (t === "function_expression" || t === "arrow_function") out.symbols.push(sym("function", "default", outer));
  else if (t === "lexical_declaration" || t === "variable_declaration") {
    const decls = node.namedChildren.filter((c) => c.type === "variable_declarator");
    if (decls.length !== 1) return;
    const value = decls[0].childForFieldName("value");
    const vt = value?.type;
    if (vt === "arrow_function" || vt === "function_expression" || vt === "function" || vt === "generator_function") out.symbols.push(sym("function", decls[0].childForFieldName("name")?.text, outer));
    else if (vt === "class") out.symbols.push(sym("class", decls[0].childForFieldName("name")?.text, outer));
  } else if (t === "ambient_declaration") {
    for (const c of node.namedChildren) tsDecl(c, outer, out);
  }
}

function tsTop(rootNode, out) {
  for (const node of rootNode.namedChildren) {
    if (node.type === "import_statement") out.imports++;
    else if (node.type === "export_statement") {
      const decl = node.childForFieldName("declaration") ?? node.namedChildren.find((c) => c.type !== "decorator" && c.type !== "comment");
      if (decl) tsDecl(decl, node, out);
    } else tsDecl(node, node, out);
  }
}

function pyTop(rootNode, out) {
  for (const node of rootNode.namedChildren) {
    if (node.type === "import_statement" || node.type === "import_from_statement" || node.type === "future_import_statement") out.imports++;
    const def = node.type === "decorated_definition" ? node.childForFieldName("definition") : node;
    if (def?.type === "function_definition") out.symbols.push(sym("function", def.childForFieldName("name").text, node));
    else if (def?.type === "class_definition") out.symbols.push(sym("class", def.childForFieldName("name").text, node));
  }
}

function goTop(rootNode, out) {
  for (const node of rootNode.namedChildren) {
    const t = node.type;
    if (t === "import_declaration") out.imports += node.descendantsOfType("import_spec").length;
    else if (t === "function_declaration") out.symbols.push(sym("function", node.childForFieldName("name").text, node));
    else if (t === "method_declaration") {
      const recv = node.childForFieldName("receiver");
      const type = recv?.descendantsOfType("type_identifier")[0]?.text ?? "";
      out.symbols.push(sym("method", `${type}.${node.childForFieldName("name").text}`, node));
    } else if (t === "type_declaration") {
      const specs = node.namedChildren.filter((c) => c.type === "type_spec" || c.type === "type_alias");
      const grouped = node.children.some((c) => c.type === "(");
      for (const spec of specs) {
        const tt = spec.childForFieldName("type")?.type;
        const kind = tt === "struct_type" ? "struct" : tt === "interface_type" ? "interface" : "type";
        out.symbols.push(sym(kind, spec.childForFieldName("name").text, grouped ? spec : node));
      }
    }
  }
}

function rustTop(rootNode, out) {
  let attrStart = null;
  for (const node of rootNode.namedChildren) {
    const t = node.type;
    if (t === "attribute_item") {
      attrStart ??= node;
      continue;
    }
    if (t === "line_comment" || t === "block_comment") continue;
    const from = attrStart ?? node;
    attrStart = null;
    const name = node.childForFieldName("name")?.text;
    const kinds = { function_item: "function", struct_item: "struct", enum_item: "enum", union_item: "union", trait_item: "trait", mod_item: "module", type_item: "type", macro_definition: "macro" };
    if (t === "use_declaration" || t === "extern_crate_declaration") out.imports++;
    else if (kinds[t]) out.symbols.push({ ...sym(kinds[t], name, from, node) });
    else if (t === "impl_item") {
      const trait = node.childForFieldName("trait");
      const type = node.childForFieldName("type");
      out.symbols.push(sym("impl", trait ? `${trait.text} for ${type.text}` : type.text, from, node));
    }
  }
}

const JAVA_KINDS = { class_declaration: "class", interface_declaration: "interface", enum_declaration: "enum", record_declaration: "record", annotation_type_declaration: "annotation" };

function javaTop(rootNode, out) {
  for (const node of rootNode.namedChildren) {
    if (node.type === "import_declaration") out.imports++;
    else if (JAVA_KINDS[node.type]) out.symbols.push(sym(JAVA_KINDS[node.type], node.childForFieldName("name").text, node));
  }
}

/** The name a C/C++ declarator declares: through pointers, references, arrays and function declarators. */
function declaratorName(d) {
  while (d) {
    const t = d.type;
    if (t === "identifier" || t === "field_identifier" || t === "type_identifier" || t === "qualified_identifier" || t === "destructor_name" || t === "operator_name") return d.text;
    const inner = d.childForFieldName("declarator");
    if (inner) {
      d = inner;
      continue;
    }
    d = d.namedChildren.find((c) => c.type.endsWith("declarator") || c.type === "identifier" || c.type === "type_identifier");
  }
  return undefined;
}

const C_TAGS = { struct_specifier: "struct", class_specifier: "class", union_specifier: "union", enum_specifier: "enum" };

function cTop(rootNode, out, outer = null) {
  for (const node of rootNode.namedChildren) {
    const t = node.type;
    const from = outer ?? node;
    if (t === "preproc_include") out.imports++;
    else if (t === "preproc_ifdef" || t === "preproc_if" || t === "preproc_else" || t === "preproc_elif" || t === "preproc_elifdef") cTop(node, out);
    else if (t === "linkage_specification") {
      const body = node.childForFieldName("body");
      if (body?.type === "declaration_list") cTop(body, out);
      else if (body) cTop({ namedChildren: [body] }, out, node);
    } else if (t === "namespace_definition") {
      out.symbols.push(sym("namespace", node.childForFieldName("name")?.text ?? "(anonymous)", node));
      const body = node.childForFieldName("body");
      if (body) cTop(body, out);
    } else if (t === "template_declaration") {
      const inner = node.namedChildren.filter((c) => c.type !== "template_parameter_list");
      cTop({ namedChildren: inner }, out, node);
    } else if (t === "function_definition") {
      const name = declaratorName(node.childForFieldName("declarator"));
      if (name) out.symbols.push(sym("function", name, from, node));
    } else if (t === "type_definition") {
      const type = node.childForFieldName("type");
      const kind = C_TAGS[type?.type] && type.childForFieldName("body") ? C_TAGS[type.type] : "type";
      const name = declaratorName(node.childForFieldName("declarator"));
      if (name) out.symbols.push(sym(kind, name, from, node));
    } else if (t === "alias_declaration") {
      out.symbols.push(sym("type", node.childForFieldName("name").text, from, node));
    } else if (C_TAGS[t] || t === "declaration") {
      // `struct x { … };` (a declaration without declarators when it has a body).
      const spec = C_TAGS[t] ? node : node.childForFieldName("type");
      if (!spec || !C_TAGS[spec.type] || !spec.childForFieldName("body") || !spec.childForFieldName("name")) continue;
      if (t === "declaration" && node.childForFieldName("declarator")) continue;
      out.symbols.push(sym(C_TAGS[spec.type], spec.childForFieldName("name").text, from, node));
    }
  }
}

/** Names compared without whitespace, C++ template arguments and a Go method's `*`. */
function normalize(name, language) {
  let n = (name ?? "").replace(/\s+/g, "");
  if (language === "cpp" || language === "c") n = n.replace(/<[^<>]*(<[^<>]*>[^<>]*)*>/g, "");
  return n;
}

/** Matches top-level symbols by name (each at most once, the nearest first line first). */
export function compareOutlines(ours, theirs, language) {
  const mine = ours.filter((s) => s.kind !== "imports" && !s.depth);
  const used = new Set();
  let matched = 0;
  let exact = 0;
  const misses = [];
  for (const t of theirs.symbols) {
    const name = normalize(t.name, language);
    let best = -1;
    for (let i = 0; i < mine.length; i++) {
      if (used.has(i) || normalize(mine[i].name, language) !== name) continue;
      if (best < 0 || Math.abs(mine[i].first - t.first) < Math.abs(mine[best].first - t.first)) best = i;
    }
    if (best < 0) {
      misses.push({ missing: t });
      continue;
    }
    used.add(best);
    matched++;
    if (mine[best].first === t.first && mine[best].last === t.last) exact++;
    else misses.push({ range: t, ours: mine[best] });
  }
  mine.forEach((s, i) => used.has(i) || misses.push({ extra: s }));
  const ourImports = ours.find((s) => s.kind === "imports")?.count ?? 0;
  return { ours: mine.length, theirs: theirs.symbols.length, matched, exact, importsEqual: ourImports === theirs.imports, misses };
}

/** Runs both outlines over `files` ([{path, language}]) and sums per language. */
export async function agreement(files, outlineFn) {
  const rows = {};
  for (const { path, language } of files) {
    const text = readFileSync(path, "utf8");
    const theirs = await treeSitterOutline(text, language, path);
    const r = (rows[language] ??= { files: 0, skipped: 0, theirs: 0, ours: 0, matched: 0, exact: 0, importsEqual: 0, misses: [] });
    // Where the parser itself failed (macros it cannot expand, newer syntax) it is no reference.
    if (theirs.parseErrors) {
      r.skipped++;
      continue;
    }
    const ours = outlineFn(text, language);
    const c = compareOutlines(ours, theirs, language);
    r.files++;
    r.theirs += c.theirs;
    r.ours += c.ours;
    r.matched += c.matched;
    r.exact += c.exact;
    r.importsEqual += c.importsEqual ? 1 : 0;
    for (const m of c.misses) r.misses.push({ path, ...m });
  }
  for (const r of Object.values(rows)) {
    r.precision = r.ours ? r.matched / r.ours : 1;
    r.recall = r.theirs ? r.matched / r.theirs : 1;
    r.exactShare = r.matched ? r.exact / r.matched : 1;
  }
  return rows;
}

function listFiles(dir, test, limit, out = []) {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (out.length >= limit) break;
    const p = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(p, test, limit, out);
    else if (test(entry.name) && statSync(p).size < 400_000) out.push(p);
  }
  return out;
}

/** Real files of this machine, up to `n` per language (sorted, so the sample is stable). */
export function machineSample(n) {
  const nm = join(root, "node_modules");
  const notDts = (f) => /\.(ts|mts|cts)$/.test(f) && !/\.d\.[mc]?ts$/.test(f);
  const sample = [];
  const add = (language, paths) => paths.slice(0, n).forEach((path) => sample.push({ path, language }));
  const ts = [...listFiles(join(nm, "zod/src"), notDts, n), ...listFiles(join(nm, "openai/src"), notDts, n), ...listFiles(join(nm, "puppeteer-core/src"), notDts, n)];
  add("typescript", spread(ts, n));
  add("javascript", spread(listFiles(join(nm, "undici/lib"), (f) => f.endsWith(".js"), 4 * n), n));
  add("python", spread(listFiles("/root/.pyenv/versions/3.11.7/lib/python3.11", (f) => f.endsWith(".py"), 3 * n).filter((p) => dirname(p) === "/root/.pyenv/versions/3.11.7/lib/python3.11"), n));
  const goroot = process.env.GOROOT || "/usr/local/go";
  add("go", [...listFiles(join(goroot, "src/net/http"), (f) => f.endsWith(".go") && !f.endsWith("_test.go"), n), ...listFiles("/usr/share/doc/git/contrib", (f) => f.endsWith(".go"), n)]);
  add("rust", [...listFiles(join(nm, "@mariozechner/clipboard/src"), (f) => f.endsWith(".rs"), n), ...listFiles("/root/.rustup/toolchains/stable-x86_64-unknown-linux-gnu/share/doc/rust/html", (f) => f.endsWith(".rs"), 2)]);
  add("java", spread(javaSources(4 * n), n));
  add("c", spread([...listFiles("/usr/share/doc/zlib1g-dev/examples", (f) => f.endsWith(".c"), n), ...listFiles("/root/.pyenv/versions/3.11.7/lib/python3.11/site-packages", (f) => f.endsWith(".c"), n), ...listFiles("/usr/include", (f) => f.endsWith(".h"), n).filter((p) => dirname(p) === "/usr/include")], n));
  const cpp = (f) => /\.(cc|cpp|hh|hpp|h)$/.test(f);
  add("cpp", spread([...listFiles(join(nm, "node-pty/deps/winpty/src"), cpp, 2 * n), ...listFiles(join(nm, "koffi/src/koffi/src"), cpp, n), ...listFiles("/usr/include/c++/12/bits", cpp, n)], n));
  return sample;
}

/** Every k-th element so that n of them span the whole list. */
function spread(list, n) {
  if (list.length <= n) return list;
  const out = [];
  for (let i = 0; i < n; i++) out.push(list[Math.floor((i * list.length) / n)]);
  return out;
}

/** java.util sources from a JDK's src.zip, unpacked once under /tmp. */
function javaSources(limit) {
  const zip = ["/usr/lib/jvm/temurin-25-jdk-amd64/lib/src.zip", "/usr/lib/jvm/openjdk-17/lib/src.zip"].find((p) => existsSync(p));
  if (!zip) return [];
  const dir = "/tmp/abridge-outline-java";
  if (!existsSync(join(dir, "java.base/java/util"))) {
    mkdirSync(dir, { recursive: true });
    try {
      execFileSync("unzip", ["-q", "-o", zip, "java.base/java/util/*", "-d", dir]);
    } catch {
      return [];
    }
  }
  return listFiles(join(dir, "java.base/java/util"), (f) => f.endsWith(".java"), limit).filter((p) => dirname(p).endsWith("java/util"));
}

export function formatTable(rows) {
  const pct = (x) => `${(100 * x).toFixed(1)} %`;
  const lines = ["| language | files (skipped: parse errors) | parser symbols | outline symbols | name precision | name recall | exact line range | imports count equal |", "|---|---:|---:|---:|---:|---:|---:|---:|"];
  for (const [lang, r] of Object.entries(rows)) {
    lines.push(`| ${lang} | ${r.files} (${r.skipped}) | ${r.theirs} | ${r.ours} | ${pct(r.precision)} | ${pct(r.recall)} | ${pct(r.exactShare)} | ${r.importsEqual}/${r.files} |`);
  }
  return lines.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const n = Number(args[args.indexOf("--per-language") + 1]) || 25;
  const { outline } = await import(join(root, "dist/core-api.js"));
  const sample = machineSample(args.includes("--per-language") ? n : 25);
  const rows = await agreement(sample, outline);
  if (args.includes("--json")) console.log(JSON.stringify(rows, (k, v) => (k === "misses" ? v.length : v), 2));
  else console.log(formatTable(rows));
  if (args.includes("--misses")) {
    for (const [lang, r] of Object.entries(rows)) for (const m of r.misses.slice(0, 40)) console.log(lang, JSON.stringify(m));
  }
}
