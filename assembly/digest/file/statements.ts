// A text of a format no other outline knows, when it does not fit: the
// statements that open its blocks (outline/statements.ts) as a config
// file's outline lists its keys, then its lines without comments.
//
//   Read system_functions.sql (736 lines, 22 KB)
//   Outline: 139 statements; 3 comment blocks
//     (comment)  L1–30
//     CREATE OR REPLACE FUNCTION ×75  L33–595 (lpad, rpad, "substring", …+72)
//     REVOKE EXECUTE ON FUNCTION ×53  L606–710 (pg_backup_start, …+52)
//     GRANT ×11  L716–736 (EXECUTE, …)
//   33: CREATE OR REPLACE FUNCTION lpad(text, integer)
//   …
//   (showing lines 33-140 of 736 total without comments and blank lines; next: offset=141)
import { scanStatementLines } from "../../outline/statements";
import { StrBuf } from "../../util/strbuf";
import { pluralS, Writer } from "../shared/text";
import { contentPage, pageReach, rangesFooterMax, writeConfigOutline } from "./data";
import { FileText, Shown, shiftOutline } from "./text";

/**
 * How many times the outline's share the entries listed may cost: the outline shows the
 * longest of them when they do not all fit, and those are seldom the first ones.
 */
const LIST_FACTOR: i32 = 8;

/**
 * Lines the outline reads at most, whatever the file's size: what it costs stays bounded, and
 * a longer file is read on by offset (its outline says which lines it is of).
 */
const MAX_OUTLINE_LINES: i32 = 4096;

/**
 * The outline and page of a text of no known format, when the outline says more than the
 * lines it stands for (it has settings, or half as many entries as lines with content or fewer);
 * false, with nothing written, when it does not.
 */
export function statementDigest(f: FileText, w: Writer, shown: Shown, share: i32, footerMax: i32): bool {
  const lines = f.lines;
  const scan = scanStatementLines(f.text, lines.starts, lines.ends, min(lines.count, MAX_OUTLINE_LINES), share * LIST_FACTOR);
  if (scan.entries == 0 || (scan.entries * 2 > scan.contentLines && scan.keys * 2 < scan.statements)) return false;
  shiftOutline(scan.outline, f.first - 1);
  const head = new StrBuf(64);
  head.add("Outline");
  // A listing that stopped says which lines its counts are of.
  if (scan.lines < lines.count) head.addLabelCount(" of lines ", f.first).addLabelCount("\u2013", f.first + scan.lines - 1);
  head.add(": ");
  if (scan.keys == scan.statements) head.add(pluralS(scan.keys, "key"));
  else {
    head.add(pluralS(scan.statements, "statement"));
    if (scan.keys > 0) head.add(" (").add(pluralS(scan.keys, "key")).addChar(0x29);
  }
  if (scan.commentBlocks > 0) head.add("; ").add(pluralS(scan.commentBlocks, "comment block"));
  writeConfigOutline(w, scan.outline, "", share, head.toString(), pageReach(f, scan.content, w.room - share - rangesFooterMax(f, footerMax)));
  contentPage(f, w, shown, scan.content, -1, rangesFooterMax(f, footerMax));
  return true;
}
