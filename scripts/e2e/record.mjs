// Writes the "Agents end to end" section of bench/RESULTS.md from bench/e2e-results.json: what
// each real agent sent its model of the failing build (and of an MCP server's copy of it), alone
// and with abridge, and how many checks passed. `npm run e2e` calls it after a run.
import { readFileSync } from "node:fs";
import { writeSection } from "../../bench/results.mjs";
import { AGENTS } from "./agents.mjs";
import { buildLogText } from "./build-log.mjs";

const NAMES = { claude: "Claude Code", codex: "Codex", opencode: "opencode", gemini: "Gemini CLI" };
const chars = (f) => (f?.chars === undefined ? "–" : f.chars.toLocaleString("en-US"));
const kept = (b) => (b === undefined ? "–" : b ? "kept" : "lost");
const row = (label, f) => `| ${label} | ${chars(f)} | ${kept(f?.hasError)} | ${kept(f?.hasLastLine)} |`;

export function recordE2e(file = "bench/e2e-results.json") {
  const { node, results } = JSON.parse(readFileSync(file, "utf8"));
  const measured = results.filter((r) => !r.skipped && r.with);
  const build = Buffer.byteLength(buildLogText());
  const lines = [
    `The real agents, each in non-interactive mode against a scripted model on 127.0.0.1 speaking its wire format, with its home and config isolated and every outside connection refused (\`npm run e2e\`, Node ${node}). The model's first turn runs a failing build (\`sh build.sh\`: 20,001 lines, ${build.toLocaleString("en-US")} bytes, the one error at line 9,000, exit 2); the table gives the tool result in the model's next request.`,
    ``,
    `| agent | what the model got | chars | error line | last line |`,
    `|---|---|---:|:---:|:---:|`,
  ];
  for (const r of measured) {
    const name = `${NAMES[r.agent] ?? r.agent} ${AGENTS[r.agent]?.version ?? ""}`.trim();
    lines.push(row(`${name} | alone`, r.without), row(`${name} | with abridge`, r.with));
  }
  const mcp = measured.filter((r) => r.mcpWith);
  if (mcp.length > 0) {
    lines.push(``, `The same build read through an MCP server (the published \`@modelcontextprotocol/server-filesystem\`, its \`read_text_file\` tool), alone and behind \`abridge mcp-proxy\`:`, ``, `| agent | what the model got | chars | error line | last line |`, `|---|---|---:|:---:|:---:|`);
    for (const r of mcp) lines.push(row(`${NAMES[r.agent]} | server alone`, r.mcpWithout), row(`${NAMES[r.agent]} | behind abridge mcp-proxy`, r.mcpWith));
  }
  lines.push(``, `Checks (permissions unchanged with abridge, the read hint followed to the omitted lines, abridge broken on purpose and failing open), per agent:`, ``);
  for (const r of results) {
    if (r.skipped) lines.push(`- ${NAMES[r.agent] ?? r.agent}: not run (${r.skipped})`);
    else lines.push(`- ${NAMES[r.agent] ?? r.agent}: ${r.checks.filter((c) => c.ok).length} of ${r.checks.length} passed${r.measured ? ` (${r.measured})` : ""}`);
  }
  writeSection("Agents end to end", lines.join("\n"));
}

if (import.meta.url === `file://${process.argv[1]}`) recordE2e();
