// The functions on the hot path of compact(), by the source path asc names them with
// (`assembly/util/lines/unitAt`, `~lib/array/Array<i32>#__uget`): the build's outlining
// steps that trade a little speed for bytes leave them alone. The list is short and by
// folder, from profiles of the component on real build logs (bench/component.mjs):
/** Patterns of the source names of hot functions. */
export const HOT_FUNCTION_PATTERNS = [
  // the standard library's accessors (a string's length, an array's element, push),
  /^~lib\//,
  // units, lines, scans, buffers and hashes, called for each unit or each line (not the
  // sort of the chosen lines, the binary sniff, replacement and trimming, once per output),
  /^assembly\/util\/(?!(sort-ints|magic|replace|trim)\/)/,
  // cleaning and token estimates, over every unit of the output (truncation and hashlines,
  // colder, are left to the outlining: the module stays under its cap),
  /^assembly\/(clean|tokens)\//,
  // the per-line checks that find the important lines (the files under important/, not
  // the choice among them in important.ts, which runs once per output, nor the steps run
  // once per output after the pass over the lines, or during it for a flagged line only: the
  // refinement of the flagged lines and the marks it adds, their blocks, groups and frames,
  // the numbered cut and its fill, the order among the flagged lines: which say something new
  // and how rare, which name a place or the user's files, titles, status words, a ranked
  // table's rows, rows like many others; in the size-optimised build a message's key is read
  // unit by unit, in message-key-by-units.ts),
  /^assembly\/important\/(?!(refine|blocks|parents|frames|fill|numbered|encoded|records|last-words|located-lines|sibling-complaints|warnings-fail|failure-list|templates|novel|user-places|ranked-rows|template-rows|place|titles|status)\/)[\w-]+\//,
  // the command digest's readers, fed each line of every command output by its one pass,
  /^assembly\/digest\/command\/[\w-]+\/[\w]+#(line|lineOf|add)$/,
  // and the search for a report's status and crash words, tried at every position of a text
  // in the component's size-optimised build.
  /^assembly\/digest\/shared\/summary\/(firstNeedle|needleAt)$/,
];

/**
 * Whether Binaryen's function `name` is hot: `names` maps a function's index in the module
 * asc wrote to its source name. Binaryen names a defined function by its place among the
 * defined ones ("0", "1", ...) and an imported one `fimport$N`, while the index counts the
 * `imports` (imported functions) first. A function the build made (an outlined call) has no
 * source name and counts as hot: hot code calls it too.
 */
export function hotFunctions(names, patterns = HOT_FUNCTION_PATTERNS, imports = 0) {
  return (name) => {
    const source = /^\d+$/.test(name) ? names.get(Number(name) + imports) : undefined;
    return source === undefined || patterns.some((p) => p.test(source));
  };
}
