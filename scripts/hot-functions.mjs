// The functions on the hot path of compact(), by the source path asc names them with
// (`assembly/util/lines/unitAt`, `~lib/array/Array<i32>#__uget`): the build's outlining
// steps that trade a little speed for bytes leave them alone. The list is short and by
// folder, from profiles of the component on real build logs (bench/component.mjs):
/** Patterns of the source names of hot functions. */
export const HOT_FUNCTION_PATTERNS = [
  // the standard library's accessors (a string's length, an array's element, push),
  /^~lib\//,
  // units, lines, scans, buffers and hashes, called for each unit or each line (not the
  // sort of the chosen lines, the binary sniff, replacement and trimming, once per output,
  // nor the buffer the answer is written into, per line shown, nor the counts cleaning took
  // of a plain text, which the component's build never takes),
  /^assembly\/util\/(?!(sort-ints|magic|replace|trim|strbuf|plain-counts)\/)/,
  // cleaning and token estimates, over every unit of the output (truncation and hashlines,
  // colder, are left to the outlining: the module stays under its cap),
  /^assembly\/(clean|tokens)\//,
  // the per-line checks that find the important lines: the keyword scan and the lines' shapes
  // (the other files under important/ run once per output, per flagged line, or cheaply per
  // line: outlined, the component's compact() of the 1 MB build log of bench/component.mjs
  // takes no measurably longer),
  /^assembly\/important\/(scan|shapes)\//,
  // the command digest's readers, fed each line of every command output by its one pass,
  /^assembly\/digest\/command\/[\w-]+\/[\w]+#(line|lineOf|add)$/,
  // and the search for a report's status and crash words, tried at every position of a text
  // in the component's size-optimised build.
  /^assembly\/digest\/shared\/summary\/(firstNeedle|needleAt)$/,
];

/**
 * Functions under those patterns whose bodies run a few times per output, not per line or
 * unit: counted by an entry and loop-turn counter in each function of the component's core,
 * at most ~20 runs per call over the fixtures at budgets 600, 2000 and 8000 and at most 100
 * on the 1 MB build log of bench/component.mjs (whose per-line functions run over 13,000
 * times). The standard library's accessors stay hot even when rarely called: one may be merged
 * with an identical accessor per-line code calls. Off the hot path, the outlining and constant
 * steps save ~375 bytes in them.
 */
export const ONCE_PER_OUTPUT_FUNCTIONS = new Set([
  // setting up an output's tables and buffers: the arrays, maps and indexes sized once,
  "~lib/array/Array<~lib/array/Array<i32>>#constructor",
  "~lib/array/Array<~lib/string/String>#constructor",
  "~lib/array/Array<~lib/string/String|null>#constructor",
  "~lib/staticarray/StaticArray<bool>#constructor",
  "~lib/staticarray/StaticArray<f64>#constructor",
  "~lib/staticarray/StaticArray<i64>#constructor",
  "~lib/staticarray/StaticArray<u32>#constructor",
  "~lib/staticarray/StaticArray<u64>#constructor",
  "~lib/staticarray/StaticArray<u8>#constructor",
  "assembly/util/string-index/StringIndex#constructor",
  "assembly/util/u32-map/U32Map#constructor",
  "assembly/important/scan/Scan#constructor",
  "assembly/important/scan/grown",
  // the cleaned text's assembly and its runs of repeated lines, once per output or run,
  "assembly/clean/cleanText",
  "assembly/clean/Cleaner#closeRun",
  "assembly/clean/Cleaner#repeated",
  "assembly/clean/Cleaner#runEnd",
  "assembly/clean/isBlank",
  // escapes other than colours (the colours have a reader of their own),
  "assembly/util/ansi/csiEnd",
  "assembly/util/ansi/escapeEnd",
  // the checks of a line already flagged or chosen (a rare state),
  "assembly/important/shapes/Shapes#lastStateBreak",
  "assembly/important/shapes/Shapes#steady",
  // and the answer's writing: its counts, JSON, joins, cuts and a program's prefix.
  "~lib/array/Array<~lib/string/String>#join",
  "~lib/math/NativeMath.round",
  "~lib/string/String#includes",
  "~lib/string/String.fromCharCode",
  "~lib/util/string/isSpace",
  "assembly/util/chars/hexValue",
  "assembly/util/int-slice/sliceInts",
  "assembly/util/lines/lineCount",
  "assembly/util/lines/programPrefixLength",
  "assembly/util/lines/safeEnd",
  "assembly/util/scan/endsWithText",
]);

/**
 * Whether Binaryen's function `name` is hot: `names` maps a function's index in the module
 * asc wrote to its source name. Binaryen names a defined function by its place among the
 * defined ones ("0", "1", ...) and an imported one `fimport$N`, while the index counts the
 * `imports` (imported functions) first. A function the build made (an outlined call) has no
 * source name and counts as hot: hot code calls it too. One of `oncePerOutput` is not hot
 * whatever folder it is in.
 */
export function hotFunctions(names, patterns = HOT_FUNCTION_PATTERNS, imports = 0, oncePerOutput = ONCE_PER_OUTPUT_FUNCTIONS) {
  return (name) => {
    const source = /^\d+$/.test(name) ? names.get(Number(name) + imports) : undefined;
    return source === undefined || (patterns.some((p) => p.test(source)) && !oncePerOutput.has(source));
  };
}
