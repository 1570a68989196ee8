// Lines to build an input from, and what a numbered cut of it shows, as the specs of
// small-budget cuts read them.

/** Pushes lines "compiling unit N of the build" for N in [from, to]. */
export function compiling(lines: string[], from: i32, to: i32): void {
  for (let i = from; i <= to; i++) lines.push("compiling unit " + i.toString() + " of the build");
}

/** What a numbered cut shows after line number `number` ("61: …"), or "" when it does not show that line. */
export function shownLine(out: string, number: i32): string {
  const tag = number.toString() + ": ";
  const at = out.startsWith(tag) ? 0 : out.indexOf("\n" + tag);
  if (at < 0) return "";
  const from = at == 0 ? tag.length : at + 1 + tag.length;
  const end = out.indexOf("\n", from);
  return out.substring(from, end < 0 ? out.length : end);
}
