// The command lines of the processes above this one. A hook runs as a child (or grandchild,
// through a shell) of the agent; the agent's own flags (--allowedTools, --disallowedTools,
// --settings, --yolo, -a never) decide permissions too, and the hook input does not carry
// them. Only Linux exposes them (/proc); elsewhere the list is null and callers stay safe.
import { readFileSync } from "node:fs";

/** argv of each ancestor, nearest first (at most `depth`); null when they cannot be read. */
export function ancestorArgv(depth = 4): string[][] | null {
  const out: string[][] = [];
  let pid = process.ppid;
  for (let i = 0; i < depth && pid > 1; i++) {
    try {
      // NUL-separated and NUL-terminated; an empty argument ("") is a value too (--setting-sources "").
      const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").slice(0, -1);
      out.push(argv);
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // The parent pid is the 4th field, after the command name in parentheses (which may hold spaces).
      pid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    } catch {
      return out.length > 0 ? out : null;
    }
  }
  return out;
}

/** The values of a flag in an argv (`--flag v`, `--flag=v`, repeated), split on commas and spaces when asked. */
export function flagValues(argv: readonly string[], names: readonly string[], split = false): string[] {
  const values: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    for (const name of names) {
      if (a === name && i + 1 < argv.length) values.push(argv[i + 1]!);
      else if (a.startsWith(`${name}=`)) values.push(a.slice(name.length + 1));
    }
  }
  return split ? values.flatMap((v) => v.split(/[,\s]+(?![^(]*\))/).filter(Boolean)) : values;
}
