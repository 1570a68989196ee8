// Which outline scanner reads a file: by its extension, else by its first
// lines (a shebang, a package clause, an include).
import { CharCode } from "../util/chars";
import { toLower } from "../util/chars";

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

function byExtension(ext: string): string {
  if (ext == "ts" || ext == "mts" || ext == "cts" || ext == "tsx") return "typescript";
  if (ext == "js" || ext == "mjs" || ext == "cjs" || ext == "jsx") return "javascript";
  if (ext == "py" || ext == "pyi" || ext == "pyw") return "python";
  if (ext == "go") return "go";
  if (ext == "rs") return "rust";
  if (ext == "java") return "java";
  if (ext == "c" || ext == "h") return "c";
  if (ext == "md" || ext == "markdown" || ext == "mdx") return "markdown";
  if (ext == "cc" || ext == "cpp" || ext == "cxx" || ext == "c++" || ext == "hpp" || ext == "hh" || ext == "hxx" || ext == "h++" || ext == "ipp" || ext == "tcc" || ext == "inl") return "cpp";
  return "";
}

/**
 * Markdown by its marks, a heading and a code fence at the start of lines: its code
 * blocks hold programs (`#include`, `def`, `function`), but it is a document.
 */
function looksLikeMarkdown(head: string): bool {
  const heading = head.startsWith("# ") || head.startsWith("## ") || head.includes("\n# ") || head.includes("\n## ") || head.includes("\n### ");
  return heading && (head.startsWith("```") || head.includes("\n```"));
}

/**
 * "typescript", "javascript", "python", "go", "rust", "java", "c", "cpp", "markdown", or
 * "" when neither the path nor the first lines tell.
 */
export function languageOf(path: string, text: string): string {
  const byExt = byExtension(extensionOf(path));
  if (byExt.length > 0) return byExt;
  if (path.includes("/c++/")) return "cpp"; // extensionless standard headers: <vector>, <map>
  const head = text.length > SNIFF_UNITS ? text.substring(0, SNIFF_UNITS) : text;
  if (looksLikeMarkdown(head)) return "markdown";
  if (head.startsWith("#!")) {
    const nl = head.indexOf("\n");
    const shebang = nl < 0 ? head : head.substring(0, nl);
    if (shebang.includes("python")) return "python";
    if (shebang.includes("node") || shebang.includes("deno") || shebang.includes("bun")) return "javascript";
    return "";
  }
  if (head.startsWith("package ") || head.includes("\npackage ")) {
    return head.includes("import java.") || head.includes(";\n") ? "java" : "go";
  }
  if (head.includes("#include <") || head.includes("#include \"")) return head.includes("namespace ") || head.includes("template <") || head.includes("std::") ? "cpp" : "c";
  if (head.includes("\nuse std::") || head.startsWith("use ") || head.includes("\nfn main(") || head.includes("\npub fn ")) return "rust";
  if (head.includes("\ndef ") || head.startsWith("def ") || head.startsWith("import ") && head.includes(":\n") || head.includes("\nclass ") && head.includes("):\n")) return "python";
  if (head.includes("require(") || head.includes("module.exports") || head.includes("\nexport ") || head.startsWith("export ") || head.includes("\nfunction ")) return "javascript";
  return "";
}
