// A flat list indented under the line before it, counted from the whole output so that
// the model does not count it from a cut one:
//
//   540 libs found in cache `/etc/ld.so.cache'        540 lines indented under "540 libs found in cache …"
//   	libz3.so.4 (libc6,x86-64) => /lib/…
//   	…
//     dist/server.js                 814.2kb         153 lines indented under "dist/server.js …"
//      ├ ../node_modules/mime-db/db.json  146.5kb
//      └ ../node_modules/mime-db/index.js     37b
//
// Only a command that succeeded has its list counted: a failed one's room goes to its errors.
// A run is the lines at one indentation, deeper than the line that heads it, up to a blank
// line, the end or a line less indented; a line more indented details an entry, so a run
// that holds one is a tree and not counted (a part of it would read as all of it), nor is
// a run under a tree's branch (one subtree of many).
import { CharCode, isDigit } from "../../util/chars";
import { gapEnd } from "../../util/lines";
import { StrBuf } from "../../util/strbuf";
import { statesCount } from "./leads";

/** Lines of a run at least for a count (a short list is counted at a glance, and a block of detail is short). */
const MIN_RUN: i32 = 20;
/** Longest head quoted. */
const MAX_QUOTED: i32 = 40;

export class IndentedRuns {
  /** The text the lines are read from. */
  text: string = "";
  /** The longest run counted, and its head line; 0 and -1 when none. */
  count: i32 = 0;
  headStart: i32 = -1;
  headEnd: i32 = -1;
  /** The line read before (its start, end and indentation); -1 after a blank line. */
  private prevStart: i32 = -1;
  private prevEnd: i32 = -1;
  private prevIndent: i32 = -1;
  /**
   * The line before is a tree's branch (├ └ │ + ` |): it heads a subtree, one of many, which
   * the tree's top level names (tree.ts).
   */
  private prevBranch: bool = false;
  /** The open run: its indentation, its lines and its head; -1 when none. */
  private indent: i32 = -1;
  private lines: i32 = 0;
  private runHead: i32 = -1;
  private runHeadEnd: i32 = -1;

  /** Line [a, b) of text, without its '\r' and '\n'. */
  line(text: string, a: i32, b: i32): void {
    this.lineAt(text, a, gapEnd(text, a, b), b);
  }

  /** Line [a, b) of text, `t` its first unit after spaces and tabs (b when it has none). */
  lineAt(text: string, a: i32, t: i32, b: i32): void {
    this.text = text;
    if (t >= b) {
      this.close();
      this.prevIndent = -1;
      return;
    }
    const indent = t - a;
    // A number opens a row of right-aligned columns, whose padding is no indentation.
    const numbered = isDigit(text.charCodeAt(t));
    if (this.indent >= 0) {
      if (indent == this.indent && !numbered) {
        this.lines++;
        this.prevStart = a;
        this.prevEnd = b;
        return;
      }
      // An entry's detail under it: the run is a tree, not a flat list.
      if (indent > this.indent) this.indent = -1;
      else this.close();
    }
    if (this.prevIndent >= 0 && indent > this.prevIndent && !numbered && !this.prevBranch) {
      this.indent = indent;
      this.lines = 1;
      this.runHead = this.prevStart;
      this.runHeadEnd = this.prevEnd;
    }
    this.prevStart = a;
    this.prevEnd = b;
    this.prevIndent = indent;
    const c = text.charCodeAt(t);
    this.prevBranch = c == 0x251c || c == 0x2514 || c == 0x2502 || c == CharCode.PLUS || c == 0x60 || c == CharCode.PIPE;
  }

  finish(): IndentedRuns {
    this.close();
    return this;
  }

  private close(): void {
    if (this.indent >= 0 && this.lines >= MIN_RUN && this.lines > this.count) {
      this.count = this.lines;
      this.headStart = this.runHead;
      this.headEnd = this.runHeadEnd;
    }
    this.indent = -1;
  }
}

/**
 * `541 lines indented under "540 libs found in cache …"`: the longest run, or "" when none
 * or when `stated` (the other totals) states its count already.
 */
export function indentedLine(r: IndentedRuns, stated: string): string {
  if (r.count == 0 || statesCount(stated, r.count)) return "";
  const text = r.text;
  let a = r.headStart;
  while (a < r.headEnd && (text.charCodeAt(a) == CharCode.SPACE || text.charCodeAt(a) == CharCode.TAB)) a++;
  // The head up to its first gap of padding (a column's value follows), a quote (it would
  // close the totals' own) or the longest quoted, then back to a word's end.
  let e = a;
  while (e < r.headEnd && e - a < MAX_QUOTED) {
    const c = text.charCodeAt(e);
    if (c == CharCode.DQUOTE || c == CharCode.TAB || (c == CharCode.SPACE && e + 1 < r.headEnd && text.charCodeAt(e + 1) == CharCode.SPACE)) break;
    e++;
  }
  const cut = e < r.headEnd;
  if (cut && e - a >= MAX_QUOTED) while (e > a && text.charCodeAt(e - 1) != CharCode.SPACE) e--;
  while (e > a && text.charCodeAt(e - 1) == CharCode.SPACE) e--;
  const out = new StrBuf(e - a + 40).addCount(r.count).add(" lines indented under \"").addRange(text, a, e);
  if (cut) out.add(" \u2026");
  return out.addChar(CharCode.DQUOTE).toString();
}
