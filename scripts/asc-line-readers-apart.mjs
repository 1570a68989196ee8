// An asc transform for the Node build of the core (`npm run build:core` passes it to the release
// target). It keeps the per-line readers (`assembly/digest/command/leads/LineLeads#lineAt`,
// `assembly/important/runners/RunnerReader#line`, …) out of the one method that feeds them each
// line, CommandLines#line: Binaryen inlines a function with one caller whatever its size, and
// with the readers that were `@inline` in it that method was one ~9 KB function.
//
// Why it matters: V8 runs wasm with Liftoff's code first and recompiles a function with TurboFan
// on a background thread once it has spent its tiering budget, charged at each return with the
// size of its code up to that return, whatever part of it ran. A 9 KB function called once per
// line spends it within a few dozen lines, so even a first 4 KB output started a TurboFan
// compile of all of it, and Node waits for every background compile before a process exits:
// ~35 ms after the result, in a one-shot process.
// Apart, each reader is charged its own size and a short output tiers none of them up; a long
// one tiers up the ones that run hot, each a quick compile. A call per reader and line is
// nothing beside the reading.
//
// Binaryen's `no-full-inline` pass marks the functions its argument names (a wildcard, here an
// exact name), run once per reader before asc optimizes the module.

/** The readers fed each line: a method `line`, `lineAt`, `lineOf` or `endingAt` of a class under digest/command/ or important/. */
const LINE_READER = /^assembly\/(digest\/command|important)\/[\w-]+\/\w+#(line|lineAt|lineOf|endingAt)$/;

export default class LineReadersApart {
  afterCompile(module) {
    const binaryen = this.binaryen;
    const readers = [];
    for (let i = 0, n = module.getNumFunctions(); i < n; i++) {
      const name = binaryen.Function.getName(module.getFunctionByIndex(i));
      if (LINE_READER.test(name)) readers.push(name);
    }
    if (readers.length === 0) throw new Error("asc-line-readers-apart: no per-line reader found (were the methods renamed?)");
    for (const name of readers) {
      binaryen.setPassArgument("no-full-inline", name);
      module.runPasses(["no-full-inline"]);
    }
    binaryen.clearPassArguments();
  }
}
