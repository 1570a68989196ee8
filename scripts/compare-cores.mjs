// Checks that two builds of the core answer alike: every fixture (its real output, as its
// tool and command gave it) at several budgets, with and without the summarizer's details,
// then hostile generated text and large synthetic logs, grep output and JSON. Any field of
// any result that differs is printed. For changes to the core that must not change what it
// answers (speed work): build the old core once, change, rebuild, compare.
//   cp build/abridge.wasm /tmp/base.wasm   # before the change
//   node scripts/compare-cores.mjs /tmp/base.wasm [build/abridge.wasm] [--quick]
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";

const [basePath, nextPath = "build/abridge.wasm"] = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const quick = process.argv.includes("--quick");
if (!basePath) {
  console.error("usage: node scripts/compare-cores.mjs BASE.wasm [NEXT.wasm] [--quick]");
  process.exit(2);
}
const { useCoreWasm } = await import("../dist/core.js");
const { coreCompact, keepImportant, importantLines, clean, pagedText } = await import("../dist/core-api.js");
const { CATEGORIES } = await import("../dist/categories.js");

const cores = [basePath, nextPath].map((p) => new WebAssembly.Module(readFileSync(p)));
const FIXTURES = new URL("../tests/fixtures/", import.meta.url).pathname;
const BUDGETS = quick ? [800, 4_000] : [300, 800, 1_999, 2_000, 4_000, 16_000];

/** Every fixture folder that holds an `output` (corpus ones with their meta.json call). */
function fixtures() {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (!statSync(path).isDirectory()) continue;
      if (existsSync(join(path, "output"))) {
        const meta = existsSync(join(path, "meta.json")) ? JSON.parse(readFileSync(join(path, "meta.json"), "utf8")) : {};
        found.push({ id: path.slice(FIXTURES.length), text: readFileSync(join(path, "output"), "latin1") === "" ? "" : readFileSync(join(path, "output"), "utf8"), meta });
      } else walk(path);
    }
  };
  walk(FIXTURES);
  return found;
}

/** The answers of the live core to one input, every entry point a host uses. */
function answers(input, budget, withDetails) {
  const budgets = CATEGORIES.map(() => budget);
  const out = {};
  const guard = (name, f) => {
    try {
      out[name] = f();
    } catch (err) {
      out[name] = `threw ${err?.code ?? ""} ${err?.message ?? err}`;
    }
  };
  guard("compact", () =>
    coreCompact({
      tool: input.tool ?? "bash",
      argsJson: JSON.stringify(input.args ?? {}),
      text: input.text,
      exitCode: input.exitCode ?? -1,
      budgets,
      passthrough: 1_500,
      hint: "abridge_read id=x",
      category: "",
      details: withDetails,
    }),
  );
  if (!withDetails) {
    guard("keepImportant", () => keepImportant(input.text, budget, 0.6, "read more"));
    if (budget === 4_000) {
      guard("importantLines", () => importantLines(input.text));
      guard("clean", () => clean(input.text));
      const paging = out.compact?.paging;
      if (typeof paging === "string") guard("pagedText", () => pagedText(input.text, paging));
    }
  }
  return out;
}

let compared = 0;
let differing = 0;
function compare(label, input) {
  for (const budget of BUDGETS) {
    for (const withDetails of quick ? [false] : [false, true]) {
      const got = cores.map((core) => {
        useCoreWasm(core);
        return answers(input, budget, withDetails);
      });
      compared++;
      for (const key of Object.keys(got[0])) {
        const [a, b] = [JSON.stringify(got[0][key]), JSON.stringify(got[1][key])];
        if (a === b) continue;
        differing++;
        let at = 0;
        while (a[at] === b[at]) at++;
        console.log(`DIFF ${label} budget=${budget}${withDetails ? " details" : ""} ${key} at ${at}:\n  base: …${a.slice(Math.max(0, at - 80), at + 120)}\n  next: …${b.slice(Math.max(0, at - 80), at + 120)}`);
      }
    }
  }
}

const all = fixtures();
for (const f of all) compare(f.id, { tool: f.meta.tool, args: f.meta.args, exitCode: f.meta.exitCode, text: f.text });
const fixtureCases = compared;

// Generated text: real lines of the fixtures, shuffled and spliced with code units that break
// naive string code, so that every reader meets lines it knows in places it does not expect.
const realLines = all.flatMap((f) => f.text.split("\n").slice(0, 400)).filter((l) => l.length < 2_000);
const nasty = ["\ud800", "\udfff", "\u0000", "\u001b[31m", "\u001b]8;;http://x\u0007", "\r", "\b", "\ufeff", "\u{1F600}", "é", "\t", "\r\n", "error: ", "FAILED ", "not ok 3 - ", "==1== "];
const piece = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: realLines.length - 1 }).map((i) => realLines[i] + "\n") },
  { weight: 2, arbitrary: fc.constantFrom(...nasty) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 80 }) },
);
const generated = fc.record({
  text: fc.array(piece, { maxLength: 300 }).map((parts) => parts.join("")),
  exitCode: fc.constantFrom(-1, 0, 1, 2),
  command: fc.constantFrom("make -k", "pytest -q", "grep -rn x .", "cat notes.txt", "ls -la", "git diff", "npm test", "curl -s http://x/api"),
});
for (const [i, g] of fc.sample(generated, { numRuns: quick ? 150 : 800, seed: 42 }).entries()) {
  compare(`generated#${i}`, { tool: "bash", args: { command: g.command }, exitCode: g.exitCode, text: g.text });
}

const { buildLog } = await import("../bench/data/build-log.mjs");
const large = [
  ["build log 1 MB", { tool: "bash", args: { command: "make -k" }, exitCode: 2, text: buildLog(1 << 20, 0.4) }],
  ["build log 4 MB, plain", { tool: "bash", args: { command: "make -k" }, exitCode: 2, text: buildLog(4 << 20, 0.7).replace(/\x1b\[[0-9;]*[mK]/g, "") }],
];
for (const [label, input] of large) compare(label, input);

console.log(`${compared} cases (${fixtureCases} from fixtures): ${differing === 0 ? "every answer the same" : `${differing} answers differ`}`);
process.exit(differing === 0 ? 0 : 1);
