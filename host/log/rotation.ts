// Size-based rotation: the live file is `<path>`, older ones `<path>.1`
// (newest) … `<path>.<keep>` (oldest). Renames keep inodes, which is how
// the call index follows a record into a rotated file.
import { existsSync, renameSync, unlinkSync } from "../node-fs.js";

export function rotatedName(path: string, n: number): string {
  return n === 0 ? path : `${path}.${n}`;
}

/** Existing log files, oldest first, ending with the live file when it exists. */
export function logFiles(path: string): string[] {
  const files: string[] = [];
  for (let n = 1; existsSync(rotatedName(path, n)); n++) files.unshift(rotatedName(path, n));
  if (existsSync(path)) files.push(path);
  return files;
}

/**
 * Shifts `<path>` to `<path>.1`, `<path>.1` to `<path>.2` …, dropping what would pass `keep`.
 * With keep = 0 the live file is deleted. Throws the file system's error.
 */
export function rotateFiles(path: string, keep: number): void {
  // Files past `keep` (left by an earlier, larger keep) are dropped too.
  let last = keep;
  while (existsSync(rotatedName(path, last + 1))) last++;
  for (let n = last; n >= Math.max(keep, 1); n--) ignoreMissing(() => unlinkSync(rotatedName(path, n)));
  if (keep === 0) {
    ignoreMissing(() => unlinkSync(path));
    return;
  }
  for (let n = keep - 1; n >= 0; n--) {
    ignoreMissing(() => renameSync(rotatedName(path, n), rotatedName(path, n + 1)));
  }
}

/** A file that is already gone (never made, or rotated by another process) is not an error. */
function ignoreMissing(op: () => void): void {
  try {
    op();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
}
