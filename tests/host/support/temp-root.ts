// Every test run gets one scratch directory as its TMPDIR, removed when the run ends, so the
// projects, logs and fake agent homes the tests create under os.tmpdir() (and the ones the
// agents and CLIs they spawn create) never pile up in the machine's /tmp.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function tempRoot(): () => void {
  const root = mkdtempSync(join(tmpdir(), "abridge-tests-"));
  // Workers are forked after global setup, so they inherit this and os.tmpdir() returns it.
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
