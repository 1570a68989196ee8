// A small C project whose `make -k` build prints a long, real gcc log: every module
// has unused parameters and variables (warnings under -Wall -Wextra), and one module
// in the middle has a real error. The log is what gcc and make print, nothing invented.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface CProject {
  dir: string;
  /** The module that fails to compile. */
  broken: string;
  /** The identifier gcc reports as undeclared. */
  undeclared: string;
}

function moduleSource(n: number, functions: number, broken: boolean): string {
  const out = [`/* module ${n} */`, "#include <stdio.h>", ""];
  for (let f = 0; f < functions; f++) {
    out.push(`int mod${n}_step${f}(int count, int scale, const char *label)`, "{", "    int unused_total = 0;", "    double ratio = 1.5;");
    if (broken && f === Math.floor(functions / 2)) out.push("    return undeclared_total + count;");
    else out.push("    return count * 2;");
    out.push("}", "");
  }
  return out.join("\n");
}

export function writeCProject(root: string, modules = 40, functions = 12, brokenAt = 16): CProject {
  const dir = join(root, "cproj");
  mkdirSync(dir, { recursive: true });
  const objects: string[] = [];
  for (let n = 1; n <= modules; n++) {
    const name = `mod${String(n).padStart(2, "0")}`;
    writeFileSync(join(dir, `${name}.c`), moduleSource(n, functions, n === brokenAt));
    objects.push(`${name}.o`);
  }
  writeFileSync(
    join(dir, "Makefile"),
    [`CFLAGS = -Wall -Wextra -fno-diagnostics-color`, `OBJS = ${objects.join(" ")}`, "", "all: $(OBJS)", "", "%.o: %.c", "\t$(CC) $(CFLAGS) -c $< -o $@", ""].join("\n"),
  );
  return { dir, broken: `mod${String(brokenAt).padStart(2, "0")}.c`, undeclared: "undeclared_total" };
}
