// Captures every corpus fixture (or those whose id contains an argument):
//   node scripts/capture/all.mjs                 # all of them
//   node scripts/capture/all.mjs make- git-diff  # a few
// Each fixture lands in tests/fixtures/corpus/<id>/ as `output` (exact bytes) and
// `meta.json` (command, exit code, category, tool versions, facts and the commands
// that computed them).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CORPUS, Facts, runTool, versions } from "./lib.mjs";
import build from "./build.mjs";
import python from "./python.mjs";
import git from "./git.mjs";
import listing from "./listing.mjs";
import npm from "./npm.mjs";
import files from "./files.mjs";
import runners from "./runners.mjs";
import memory from "./memory.mjs";
import runtimes from "./runtimes.mjs";
import linters from "./linters.mjs";
import system from "./system.mjs";
import data from "./data.mjs";
import archives from "./archives.mjs";
import text from "./text.mjs";
import documents from "./documents.mjs";
import structure from "./structure.mjs";
import pythonLint from "./python-lint.mjs";
import jsTools from "./js-tools.mjs";
import nativeBuild from "./native-build.mjs";
import profilers from "./profilers.mjs";
import systemViews from "./system-views.mjs";
import vcs from "./vcs.mjs";
import fileKinds from "./file-kinds.mjs";
import jdkTools from "./jdk-tools.mjs";
import partWay from "./part-way.mjs";
import nativeReports from "./native-reports.mjs";
import inventories from "./inventories.mjs";
import gitHistory from "./git-history.mjs";
import toolchainViews from "./toolchain-views.mjs";
import repoAndTextTools from "./repo-and-text-tools.mjs";
import buildAndTextTools from "./build-and-text-tools.mjs";
import opsAndDataTools from "./ops-and-data-tools.mjs";
import systemAndDataTools from "./system-and-data-tools.mjs";
import devAndLanguageTools from "./dev-and-language-tools.mjs";
import servicesAndClients from "./services-and-clients.mjs";
import toolchainsAndDocs from "./toolchains-and-docs.mjs";
import otherLanguages from "./other-languages.mjs";
import adminAndInfra from "./admin-and-infra.mjs";
import documentsAndScience from "./documents-and-science.mjs";
import moreLanguages from "./more-languages.mjs";
import moreRunners from "./more-runners.mjs";
import moreLinters from "./more-linters.mjs";
import moreSystems from "./more-systems.mjs";
import moreRuntimes from "./more-runtimes.mjs";
import moreTools from "./more-tools.mjs";
import morePrograms from "./more-programs.mjs";
import evenMorePrograms from "./even-more-programs.mjs";
import furtherPrograms from "./further-programs.mjs";
import yetMorePrograms from "./yet-more-programs.mjs";

/** Quotes a string for a POSIX shell. */
const shellQuote = (s) => `'${s.replaceAll("'", `'\\''`)}'`;

const ALL = [...build, ...python, ...git, ...listing, ...npm, ...files, ...runners, ...memory, ...runtimes, ...linters, ...system, ...data, ...archives, ...text, ...documents, ...structure, ...pythonLint, ...jsTools, ...nativeBuild, ...profilers, ...systemViews, ...vcs, ...fileKinds, ...jdkTools, ...partWay, ...nativeReports, ...inventories, ...gitHistory, ...toolchainViews, ...repoAndTextTools, ...buildAndTextTools, ...opsAndDataTools, ...systemAndDataTools, ...devAndLanguageTools, ...servicesAndClients, ...toolchainsAndDocs, ...otherLanguages, ...adminAndInfra, ...documentsAndScience, ...moreLanguages, ...moreRunners, ...moreLinters, ...moreSystems, ...moreRuntimes, ...moreTools, ...morePrograms, ...evenMorePrograms, ...furtherPrograms, ...yetMorePrograms];
const filters = process.argv.slice(2);
const chosen = filters.length ? ALL.filter((d) => filters.some((f) => d.id.includes(f))) : ALL;

const ids = new Set();
for (const d of ALL) {
  if (ids.has(d.id)) throw new Error(`duplicate fixture id ${d.id}`);
  ids.add(d.id);
}

for (const d of ALL) {
  // The program whose output format the fixture shows: what the held-out split groups by.
  if (typeof d.program !== "string" || d.program.length === 0) throw new Error(`${d.id}: no program`);
}

for (const def of chosen) {
  const cwd = def.setup ? def.setup() : def.cwd;
  let run;
  try {
    run = runTool(def.command, cwd, def.env, def.launch);
  } finally {
    // Servers and namespaces a setup started are stopped whatever the command did.
    def.teardown?.();
  }
  const { output, exitCode } = run;
  if (def.exitCode !== undefined && exitCode !== def.exitCode) {
    throw new Error(`${def.id}: expected exit ${def.exitCode}, got ${exitCode}\n${output.subarray(0, 2000)}`);
  }
  const dir = join(CORPUS, def.id);
  mkdirSync(dir, { recursive: true });
  const outFile = join(dir, "output");
  writeFileSync(outFile, output);

  const facts = new Facts(cwd, outFile);
  def.facts(facts);
  const envText = def.env ? Object.entries(def.env).map(([k, v]) => `${k}=${v} `).join("") : "";
  const meta = {
    tool: def.tool ?? "bash",
    program: def.program,
    args: { command: def.command },
    exitCode,
    category: def.category,
    captured: `cd ${cwd} && ${envText}${def.launch ? `${def.launch.join(" ")} ` : ""}bash -c ${shellQuote(`exec 2>&1; ${def.command}`)} > output (${versions(def.versions ?? [], cwd)})${def.note ? `; ${def.note}` : ""}`,
    facts: facts.facts,
    // Coloured outputs: the facts are verbatim in the output once ANSI escapes are removed.
    ...(def.ansi ? { factsIn: "ansi-stripped" } : {}),
    factSources: facts.sources,
  };
  writeFileSync(join(dir, "meta.json"), JSON.stringify(meta, null, 2) + "\n");
  const kb = (output.length / 1024).toFixed(1);
  console.log(`${def.id}: exit ${exitCode}, ${kb} KB, ${facts.facts.errorLines.length} error lines, ${facts.facts.mustKeep.length} strings, ${Object.keys(facts.facts.counts).length} counts`);
  if (output.length > 2 * 1024 * 1024) console.warn(`  warning: ${def.id} is over 2 MB`);
}
