// Codex apply_patch envelopes: "*** Begin Patch", then per file
// "*** Update File: p" (optionally "*** Move to: q") with -/+ lines,
// "*** Add File: p" with + lines, "*** Delete File: p"; "*** End Patch".
import { CharCode } from "../../util/chars";
import { findNewline, unitAt } from "../../util/lines";
import { trim } from "../../util/trim";
import { startsWithAt } from "../shared/text";

export class PatchFile {
  /** 0 update, 1 add, 2 delete. */
  action: i32 = 0;
  path: string = "";
  moveTo: string = "";
  added: i32 = 0;
  removed: i32 = 0;
}

export function parsePatch(patch: string): Array<PatchFile> {
  const files = new Array<PatchFile>();
  const n = patch.length;
  let cur: PatchFile | null = null;
  let pos = 0;
  while (pos < n) {
    const nl = findNewline(patch, pos, n);
    let end = nl;
    if (end > pos && unitAt(patch, end - 1) == CharCode.CR) end--;
    const a = pos;
    pos = nl + 1;
    let action = -1;
    let skip = 0;
    if (startsWithAt(patch, a, end, "*** Update File: ")) {
      action = 0;
      skip = 17;
    } else if (startsWithAt(patch, a, end, "*** Add File: ")) {
      action = 1;
      skip = 14;
    } else if (startsWithAt(patch, a, end, "*** Delete File: ")) {
      action = 2;
      skip = 17;
    }
    if (action >= 0) {
      const f = new PatchFile();
      f.action = action;
      f.path = trim(patch.substring(a + skip, end));
      files.push(f);
      cur = f;
      continue;
    }
    if (cur === null) continue;
    if (startsWithAt(patch, a, end, "*** Move to: ")) {
      cur.moveTo = trim(patch.substring(a + 13, end));
      continue;
    }
    if (startsWithAt(patch, a, end, "***")) continue;
    if (end > a && unitAt(patch, a) == CharCode.PLUS) cur.added++;
    else if (end > a && unitAt(patch, a) == CharCode.MINUS) cur.removed++;
  }
  return files;
}
