// `npm run bench`: runs every benchmark and records each in bench/RESULTS.md.
import { writeSection } from "./results.mjs";

// Each name is a module bench/<name>.mjs exporting { section, body }.
const ALL = ["core", "core-kinds", "clean", "summarizer", "component", "limits", "pi", "per-call", "stream"];
const benches = process.argv.slice(2).length ? process.argv.slice(2) : ALL;
for (const name of benches) {
  console.log(`\n## ${name}\n`);
  const { default: result } = await import(`./${name}.mjs`);
  const date = new Date().toISOString().slice(0, 10);
  writeSection(result.section, `Measured ${date} with \`npm run bench -- ${name}\` (Node ${process.version}).\n\n${result.body}`);
}
