import { readFileSync } from "node:fs";

const read = (name) => readFileSync(new URL(name, import.meta.url), "utf8");

/** A coloured build log of about `size` chars with the real error block at `at` (0–1). */
export function buildLog(size, at) {
  const chunk = read("gcc-warnings.ansi.txt");
  const error = read("gcc-error.ansi.txt");
  const parts = [];
  let length = 0;
  let inserted = false;
  for (let n = 0; length < size; n++) {
    if (!inserted && length >= size * at) {
      parts.push(error);
      length += error.length;
      inserted = true;
    }
    const piece = chunk.replace(/unit(\d)/g, (_, d) => `unit${n}_${d}`);
    parts.push(piece);
    length += piece.length;
  }
  return parts.join("");
}
