// Which outline scanner reads a file: by its extension, else by its first
// lines (a shebang, a package clause, an include).
import { CharCode, isUnitOf } from "../util/chars";
import { toLower } from "../util/chars";
import { sniffDelimiter } from "./table";
import { isWordOf } from "../util/words";
import { includesOneOf, startsWithOneOf } from "../util/scan";
import { looksLikeAssignments } from "./assignments";

/** Lines looked at when the extension says nothing. */
const SNIFF_UNITS: i32 = 4096;

function extensionOf(path: string): string {
  let i = path.length - 1;
  while (i >= 0) {
    const c = path.charCodeAt(i);
    if (c == CharCode.DOT) break;
    if (c == CharCode.SLASH || c == CharCode.BACKSLASH) return "";
    i--;
  }
  if (i < 0) return "";
  const out = path.substring(i + 1);
  let lower = "";
  for (let k = 0; k < out.length && k < 8; k++) lower += String.fromCharCode(toLower(out.charCodeAt(k)));
  return lower;
}

/** The last path component, lowercased (at most 32 units looked at). */
function baseNameOf(path: string): string {
  let i = path.length;
  while (i > 0) {
    const c = path.charCodeAt(i - 1);
    if (c == CharCode.SLASH || c == CharCode.BACKSLASH) break;
    i--;
  }
  let lower = "";
  for (let k = i; k < path.length && k - i < 32; k++) lower += String.fromCharCode(toLower(path.charCodeAt(k)));
  return lower;
}

/** Config and data formats by extension: "yaml", "toml", "ini", "xml", "csv", "tsv", or "". */
function dataByExtension(ext: string, base: string): string {
  if (isWordOf(ext, "yaml yml")) return "yaml";
  if (ext == "toml" || isWordOf(base, "cargo.lock pipfile poetry.lock uv.lock")) return "toml";
  // "properti": .properties, cut at 8 units
  if (isWordOf(ext, "ini cfg cnf conf properti desktop service socket timer mount target network netdev")) return "ini";
  if (isWordOf(base, ".editorconfig .gitconfig .gitmodules .pylintrc pylintrc .coveragerc .npmrc .pypirc .flake8")) return "ini";
  if (isWordOf(ext, "xml xsd xsl xslt plist pom csproj fsproj vbproj vcxproj props targets nuspec resx wsdl svg xaml rss atom")) return "xml";
  if (isWordOf(ext, "csv psv")) return "csv";
  if (isWordOf(ext, "tsv tab")) return "tsv";
  return "";
}

/** Whether a language name is a config or data format (its outline is keys, sections, elements or a table). */
export function isDataLanguage(language: string): bool {
  return isWordOf(language, "yaml toml ini xml csv tsv");
}

function byExtension(ext: string): string {
  if (isWordOf(ext, "ts mts cts tsx")) return "typescript";
  if (isWordOf(ext, "js mjs cjs jsx")) return "javascript";
  if (isWordOf(ext, "py pyi pyw")) return "python";
  if (ext == "go") return "go";
  if (ext == "rs") return "rust";
  if (ext == "java") return "java";
  if (isWordOf(ext, "c h")) return "c";
  if (isWordOf(ext, "md markdown mdx")) return "markdown";
  if (isWordOf(ext, "cc cpp cxx c++ hpp hh hxx h++ ipp tcc inl")) return "cpp";
  return "";
}

/**
 * Markdown by its marks, a heading and a code fence at the start of lines: its code
 * blocks hold programs (`#include`, `def`, `function`), but it is a document.
 */
function looksLikeMarkdown(head: string): bool {
  const heading = head.startsWith("# ") || head.startsWith("## ") || (ASC_SHRINK_LEVEL >= 2 ? includesOneOf(head, "\n# |\n## |\n### ") : head.includes("\n# ") || head.includes("\n## ") || head.includes("\n### "));
  return heading && (head.startsWith("```") || head.includes("\n```"));
}

/**
 * "typescript", "javascript", "python", "go", "rust", "java", "c", "cpp", "markdown", a
 * config or data format ("yaml", "toml", "ini", "xml", "csv", "tsv"), or ""
 * when neither the path nor the first lines tell.
 */
export function languageOf(path: string, text: string): string {
  const ext = extensionOf(path);
  const byExt = byExtension(ext);
  if (byExt.length > 0) return byExt;
  const data = dataByExtension(ext, baseNameOf(path));
  // Many `.conf` files are XML (fontconfig, D-Bus): the first character says.
  if (data == "ini" && startsWithTag(text)) return "xml";
  if (data.length > 0) return data;
  // `export NAME=value` lines are no JavaScript: a file of assignments gets the outline of its keys.
  if (looksLikeAssignments(text, SNIFF_UNITS)) return "";
  const source = sourceByContent(path, text);
  if (source.length > 0) return source;
  return dataByContent(path, text);
}

/** Whether the first character that is not white space is '<'. */
function startsWithTag(text: string): bool {
  for (let i = 0, n = min(text.length, SNIFF_UNITS); i < n; i++) {
    const c = text.charCodeAt(i);
    if (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, " \t\n\r\ufeff") : c == CharCode.SPACE || c == CharCode.TAB || c == CharCode.LF || c == CharCode.CR || c == 0xfeff) continue;
    return c == CharCode.LT;
  }
  return false;
}

/** A config or data format by the first lines: an XML declaration, a YAML document marker, a delimited table. */
function dataByContent(path: string, text: string): string {
  if (text.startsWith("<?xml")) return "xml";
  if (ASC_SHRINK_LEVEL >= 2 ? startsWithOneOf(text, 0, text.length, "%YAML|---\n|---\r\n") : text.startsWith("%YAML") || text.startsWith("---\n") || text.startsWith("---\r\n")) return "yaml";
  // A log is read as a log, and a document as prose, whatever their lines hold.
  const ext = extensionOf(path);
  if (isWordOf(ext, "log md markdown mdx rst html htm json jsonl")) return "";
  const delimiter = sniffDelimiter(text);
  if (delimiter == CharCode.TAB) return "tsv";
  if (delimiter >= 0) return "csv";
  return "";
}

/** A source language by the first lines (a shebang, a package clause, an include …), or "". */
function sourceByContent(path: string, text: string): string {
  if (path.includes("/c++/")) return "cpp"; // extensionless standard headers: <vector>, <map>
  const head = text.length > SNIFF_UNITS ? text.substring(0, SNIFF_UNITS) : text;
  if (looksLikeMarkdown(head)) return "markdown";
  if (head.startsWith("#!")) {
    const nl = head.indexOf("\n");
    const shebang = nl < 0 ? head : head.substring(0, nl);
    if (shebang.includes("python")) return "python";
    if (ASC_SHRINK_LEVEL >= 2 ? includesOneOf(shebang, "node|deno|bun") : shebang.includes("node") || shebang.includes("deno") || shebang.includes("bun")) return "javascript";
    return "";
  }
  if (head.startsWith("package ") || head.includes("\npackage ")) {
    return (ASC_SHRINK_LEVEL >= 2 ? includesOneOf(head, "import java.|;\n") : head.includes("import java.") || head.includes(";\n")) ? "java" : "go";
  }
  if (ASC_SHRINK_LEVEL >= 2 ? includesOneOf(head, "#include <|#include \"") : head.includes("#include <") || head.includes("#include \"")) {
    return (ASC_SHRINK_LEVEL >= 2 ? includesOneOf(head, "namespace |template <|std::") : head.includes("namespace ") || head.includes("template <") || head.includes("std::")) ? "cpp" : "c";
  }
  if (head.startsWith("use ") || (ASC_SHRINK_LEVEL >= 2 ? includesOneOf(head, "\nuse std::|\nfn main(|\npub fn ") : head.includes("\nuse std::") || head.includes("\nfn main(") || head.includes("\npub fn "))) return "rust";
  if (head.includes("\ndef ") || head.startsWith("def ") || head.startsWith("import ") && head.includes(":\n") || head.includes("\nclass ") && head.includes("):\n")) return "python";
  if (head.startsWith("export ") || (ASC_SHRINK_LEVEL >= 2 ? includesOneOf(head, "require(|module.exports|\nexport |\nfunction ") : head.includes("require(") || head.includes("module.exports") || head.includes("\nexport ") || head.includes("\nfunction "))) return "javascript";
  return "";
}
