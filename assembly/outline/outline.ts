// The outline of a source file: its top-level symbols (and the methods of its
// classes) with their line ranges, and its imports count. One scanner per
// family: braces (C, C++, Java, Go, Rust, TypeScript, JavaScript) and
// indentation (Python). Config files outline their structure the same way:
// YAML keys, INI and TOML sections, XML elements. A text of no known format
// has its statements (statements.ts), which the file digest asks for itself.
import { scanBraces } from "./braces";
import { Dialect } from "./lexer";
import { scanPython } from "./python";
import { scanSections } from "./sections";
import { scanXml } from "./xml";
import { scanYaml } from "./yaml";
import { Outline } from "./symbols";
import { isWordOf } from "../util/words";

/** The brace dialect of a language name, or -1 (Python, or unknown). */
function dialectOf(language: string): i32 {
  if (isWordOf(language, "typescript javascript tsx")) return Dialect.TS;
  if (isWordOf(language, "c cpp")) return Dialect.C;
  if (language == "go") return Dialect.Go;
  if (language == "rust") return Dialect.Rust;
  if (language == "java") return Dialect.Java;
  return -1;
}

export function hasOutline(language: string): bool {
  return language == "python" || dialectOf(language) >= 0 || isWordOf(language, "yaml toml ini xml");
}

/** The outline of `text` read as `language`; empty for a language without a scanner. */
export function outlineOf(text: string, language: string): Outline {
  if (language == "python") return scanPython(text);
  if (language == "yaml") return scanYaml(text);
  if (isWordOf(language, "toml ini")) return scanSections(text, language == "toml");
  if (language == "xml") return scanXml(text);
  const dialect = dialectOf(language);
  if (dialect < 0) return new Outline();
  return scanBraces(text, dialect);
}

/**
 * JSON `[{"kind":"function","name":"foo","first":12,"last":40}, …]` (see
 * Outline.toJson). `language` is a name languageOf returns; others give `[]`.
 */
export function outline(text: string, language: string): string {
  return outlineOf(text, language).toJson();
}
