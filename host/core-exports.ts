// Every export of the core, declared once: the kind of each parameter and of the result.
// The binding (core.ts) checks each argument against this table before anything crosses,
// with the same limits as the component's glue (assembly/component.ts), so a number the
// component rejects is rejected here too instead of wrapping around inside the core.

/**
 * - `text`: a string (at most MAX_INPUT_CHARS units)
 * - `bytes`: a Uint8Array
 * - `utf8`: a Uint8Array of valid UTF-8, which the core decodes in place into its text
 * - `count`: an integer from 0 to 2,147,483,647 (a length, a budget, a line number)
 * - `int`: an integer from -2,147,483,648 to 2,147,483,647 (an exit code, a category id or -1)
 * - `ratio`: a finite number from 0 to 1
 * - `size`: a finite non-negative number (a byte total beyond i32)
 * - `flag`: a boolean
 * - `counts`: one `count` per category id, crossing as little-endian i32s
 */
/** Largest number a `count` or `int` parameter takes: the component's limit too. */
export const MAX_CORE_NUMBER = 0x7fffffff;

export type ParamKind = "text" | "bytes" | "utf8" | "count" | "int" | "ratio" | "size" | "flag" | "counts";

/**
 * `record`: a JSON text whose llm the core left apart (compactRecord): the binding lifts that
 * string too, or takes back its own `text` argument when the core says the llm is that text.
 * `fields`: compactFields' numbers and strings, read from where the core left them (CoreFields).
 */
export type ResultKind = "text" | "number" | "record" | "fields";

export interface ExportSignature {
  params: ReadonlyArray<readonly [name: string, kind: ParamKind]>;
  returns: ResultKind;
}

const digestParams = [["text", "text"], ["budget", "count"], ["tool", "text"], ["argsJson", "text"], ["exitCode", "int"]] as const;
const hinted = [...digestParams, ["hint", "text"]] as const;
const compactParams = [
  ["tool", "text"],
  ["argsJson", "text"],
  ["text", "text"],
  ["exitCode", "int"],
  ["budgets", "counts"],
  ["passthrough", "count"],
  ["hint", "text"],
  ["category", "int"],
  ["details", "flag"],
  ["encoding", "text"],
  ["encodedBytes", "size"],
] as const;
/** compactParams with the output as UTF-8 bytes (compactFieldsUtf8): the core decodes them. */
const compactUtf8Params = [compactParams[0], compactParams[1], ["text", "utf8"], ...compactParams.slice(3)] as const;
const cut = [["text", "text"], ["budget", "count"], ["headRatio", "ratio"], ["hint", "text"]] as const;

export const CORE_EXPORTS = {
  compact: { params: compactParams, returns: "text" },
  /** compact() with its llm apart: cores without it (useCoreWasm) are called through compact. */
  compactRecord: { params: compactParams, returns: "record" },
  /** compact() as numbers and strings, no JSON: cores without it are called through compactRecord. */
  compactFields: { params: compactParams, returns: "fields" },
  /** compactFields() of valid UTF-8 bytes, decoded in the core: no JS string of the output is made. */
  compactFieldsUtf8: { params: compactUtf8Params, returns: "fields" },
  pagedText: { params: [["text", "text"], ["paging", "count"]], returns: "text" },
  oneLine: { params: [["text", "text"], ["max", "count"]], returns: "text" },
  truncateWithHint: { params: cut, returns: "text" },
  truncatePlan: { params: cut, returns: "text" },
  keepImportant: { params: cut, returns: "text" },
  keepImportantPlan: { params: cut, returns: "text" },
  importantLines: { params: [["text", "text"]], returns: "text" },
  lineHash: { params: [["line", "text"]], returns: "number" },
  hashlines: { params: [["text", "text"], ["firstLine", "count"]], returns: "text" },
  verifyAnchors: { params: [["anchors", "text"], ["text", "text"]], returns: "text" },
  sections: { params: [["text", "text"], ["start", "count"], ["end", "count"]], returns: "text" },
  view: { params: [["text", "text"], ["offset", "count"], ["limit", "count"], ["hashlines", "flag"]], returns: "text" },
  abridgeParam: { params: [["value", "text"], ["max", "count"]], returns: "text" },
  abridgeArgs: { params: [["argsJson", "text"], ["max", "count"]], returns: "text" },
  estimateTokens: { params: [["text", "text"]], returns: "number" },
  cleanWith: { params: [["text", "text"], ["collapseRepeats", "flag"]], returns: "text" },
  describeBinary: { params: [["text", "text"]], returns: "text" },
  describeBinaryTextSample: { params: [["sample", "text"], ["totalBytes", "size"]], returns: "text" },
  describeBinaryBytesSample: { params: [["sample", "bytes"], ["totalBytes", "size"]], returns: "text" },
  textEncodingBytes: { params: [["sample", "bytes"]], returns: "text" },
  classifyName: { params: [["tool", "text"], ["argsJson", "text"], ["text", "text"]], returns: "text" },
  outline: { params: [["text", "text"], ["language", "text"]], returns: "text" },
  languageOf: { params: [["path", "text"], ["text", "text"]], returns: "text" },
  digestSearchJson: { params: digestParams, returns: "text" },
  digestListingJson: { params: digestParams, returns: "text" },
  digestDiffJson: { params: digestParams, returns: "text" },
  digestEditJson: { params: digestParams, returns: "text" },
  digestFileJson: { params: digestParams, returns: "text" },
  digestFileSectionsJson: {
    params: [["text", "text"], ["budget", "count"], ["start", "int"], ["end", "int"], ["tool", "text"], ["argsJson", "text"], ["exitCode", "int"]],
    returns: "text",
  },
  digestStructuredJson: { params: hinted, returns: "text" },
  digestWebJson: { params: hinted, returns: "text" },
  digestCommandJson: { params: hinted, returns: "text" },
  /** Only in the token-estimate fitting build (`node bench/tokens.mjs --fit`). */
  tokenFeatures: { params: [["text", "text"]], returns: "text" },
} as const satisfies Record<string, ExportSignature>;

export type CoreExportName = keyof typeof CORE_EXPORTS;

type ArgOf<K extends ParamKind> = K extends "text" ? string : K extends "bytes" | "utf8" ? Uint8Array : K extends "flag" ? boolean : K extends "counts" ? readonly number[] : number;
type ArgsOf<P> = { -readonly [I in keyof P]: P[I] extends readonly [string, infer K extends ParamKind] ? ArgOf<K> : never };

/** The arguments of one export, as TypeScript types. */
export type CoreArgs<N extends CoreExportName> = ArgsOf<(typeof CORE_EXPORTS)[N]["params"]>;
/** The result of one export, as a TypeScript type. */
export type CoreResult<N extends CoreExportName> = (typeof CORE_EXPORTS)[N]["returns"] extends "number"
  ? number
  : (typeof CORE_EXPORTS)[N]["returns"] extends "record"
    ? CoreRecord
    : (typeof CORE_EXPORTS)[N]["returns"] extends "fields"
      ? CoreFields
      : string;

/** A `record` result: the JSON, and the llm it left apart. */
export interface CoreRecord {
  json: string;
  llm: string;
}

/** A `fields` result (assembly/compact.ts compactFields): ids and counts as numbers, JSON bodies as text. */
export interface CoreFields {
  category: number;
  llm: string;
  summary: string;
  truncated: boolean;
  cleanChars: number;
  totalLines: number;
  omittedChars: number;
  /** Kept line ranges as [first, last] pairs. */
  keptLines: [number, number][];
  /** The facts' JSON object body, without its braces. */
  facts: string;
  cleanChanged: boolean;
  rawTokens: number;
  llmTokens: number;
  paging: number;
  budget: number;
  /** The details' JSON, "" for none. */
  details: string;
  /** The text's length in units: what compactFieldsUtf8 decoded (older cores, which lack that export, leave it unwritten). */
  rawChars: number;
}
