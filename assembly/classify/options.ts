// getopt-style reading of a command's words: which flags it was given and
// which words are operands (files, patterns), knowing which options take a
// value so that `head -n 50 a.txt` has one operand, not two.

export class ParsedArgs {
  /** Flags as written: `-n` (one per letter of a cluster) or `--lines` (without `=value`). */
  names: string[] = [];
  /** The value of each flag, "" when it takes none. */
  values: string[] = [];
  operands: string[] = [];

  has(name: string): bool {
    return this.names.includes(name);
  }

  hasAny(names: string[]): bool {
    for (let k = 0; k < names.length; k++) if (this.names.includes(unchecked(names[k]))) return true;
    return false;
  }

  /** Whether a long flag starts with `prefix` (`--stat` matches `--stat=120`). */
  hasPrefix(prefix: string): bool {
    for (let k = 0; k < this.names.length; k++) if (unchecked(this.names[k]).startsWith(prefix)) return true;
    return false;
  }

  /** The value of the last `name` flag, or null when absent. */
  value(name: string): string | null {
    for (let k = this.names.length - 1; k >= 0; k--) if (unchecked(this.names[k]) == name) return unchecked(this.values[k]);
    return null;
  }
}

/**
 * Reads words[from, …). `valueShorts` holds the letters of the short options
 * that take a value (attached, `-n50`, or in the next word); `valueLongs`
 * the long ones, space-separated with spaces around (" --lines --bytes ").
 */
export function parseArgs(words: string[], from: i32, valueShorts: string, valueLongs: string): ParsedArgs {
  const out = new ParsedArgs();
  let onlyOperands = false;
  for (let k = from, n = words.length; k < n; k++) {
    const w = unchecked(words[k]);
    if (onlyOperands || w.length < 2 || w.charCodeAt(0) != 0x2d) {
      out.operands.push(w);
      continue;
    }
    if (w == "--") {
      onlyOperands = true;
      continue;
    }
    if (w.charCodeAt(1) == 0x2d) {
      const eq = w.indexOf("=");
      const name = eq < 0 ? w : w.substring(0, eq);
      let value = eq < 0 ? "" : w.substring(eq + 1);
      if (eq < 0 && k + 1 < n && valueLongs.includes(" " + name + " ")) value = unchecked(words[++k]);
      out.names.push(name);
      out.values.push(value);
      continue;
    }
    for (let j = 1, m = w.length; j < m; j++) {
      const letter = w.substring(j, j + 1);
      out.names.push("-" + letter);
      if (!valueShorts.includes(letter)) {
        out.values.push("");
        continue;
      }
      if (j + 1 < m) out.values.push(w.substring(j + 1));
      else out.values.push(k + 1 < n ? unchecked(words[++k]) : "");
      break;
    }
  }
  return out;
}

/**
 * Index of the first word at or after `from` that is not an option (or an
 * option's value); after `--`, the word that follows it.
 */
export function skipOptions(words: string[], from: i32, valueShorts: string, valueLongs: string): i32 {
  let k = from;
  const n = words.length;
  while (k < n) {
    const w = unchecked(words[k]);
    if (w == "--") return k + 1;
    if (w.length < 2 || w.charCodeAt(0) != 0x2d) return k;
    if (w.charCodeAt(1) == 0x2d) {
      k += w.indexOf("=") < 0 && valueLongs.includes(" " + w + " ") ? 2 : 1;
      continue;
    }
    // A cluster ending in a value-taking letter takes the next word.
    let takesNext = false;
    for (let j = 1, m = w.length; j < m; j++) {
      if (valueShorts.includes(w.substring(j, j + 1))) {
        takesNext = j == m - 1;
        break;
      }
    }
    k += takesNext ? 2 : 1;
  }
  return k;
}
