// Size-based rotation: the live file is `<path>`, older ones `<path>.1`
// (newest) … `<path>.<keep>` (oldest). Renames keep inodes, which is how
// the call index follows a record into a rotated file.
import { close, existsSync, openSync, renameSync, unlinkSync } from "../node-fs.js";

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
  for (let n = last; n >= Math.max(keep, 1); n--) ignoreMissing(() => unlinkFreedLater(rotatedName(path, n)));
  if (keep === 0) {
    ignoreMissing(() => unlinkFreedLater(path));
    return;
  }
  for (let n = keep - 1; n >= 0; n--) {
    ignoreMissing(() => renameSync(rotatedName(path, n), rotatedName(path, n + 1)));
  }
}

/**
 * Deletes a file as unlinkSync does (its name is gone on return), with its blocks freed by the
 * thread pool: the kernel frees a file's pages when its last descriptor closes, so the file is
 * held open across the unlink and closed asynchronously. Freeing a 64 MiB log's pages took the
 * unlink several milliseconds, in the write of the record that rotated the log.
 */
function unlinkFreedLater(file: string): void {
  let fd: number | undefined;
  // On Windows an open file's name may stay taken until it is closed, and the rename onto it fail.
  if (process.platform !== "win32") {
    try {
      fd = openSync(file, "r");
    } catch {
      // Not there (the unlink says so) or not readable: deleted as it is.
    }
  }
  try {
    unlinkSync(file);
  } finally {
    if (fd !== undefined) close(fd, () => {});
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
