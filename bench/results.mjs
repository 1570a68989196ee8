// Writes one section of bench/RESULTS.md, leaving the other sections as they are.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

const FILE = new URL("./RESULTS.md", import.meta.url);
const HEADER = "# Benchmark and evaluation results\n\nEach section is rewritten by the command named in it. Times on these shared 2-core machines are noise; the ratios, measured in the same run, are what to read.\n";

export function writeSection(title, body) {
  const text = existsSync(FILE) ? readFileSync(FILE, "utf8") : HEADER;
  const heading = `## ${title}\n`;
  const section = `${heading}\n${body.trim()}\n`;
  const start = text.indexOf(heading);
  let next;
  if (start === -1) {
    next = `${text.trimEnd()}\n\n${section}`;
  } else {
    const after = text.indexOf("\n## ", start + heading.length);
    next = text.slice(0, start) + section + (after === -1 ? "" : text.slice(after));
  }
  writeFileSync(FILE, next.endsWith("\n") ? next : next + "\n");
}
