// Splits a shell command line into simple commands (their words, unquoted)
// and the operators between them. Enough of POSIX sh and bash for reading
// what an agent ran: quotes, escapes, `$(…)`, `${…}` and backticks kept
// inside their word, redirections and their targets dropped (`2>&1`,
// `> out.txt`, `<<EOF` with its body), comments skipped, parentheses and
// braces of subshells and groups ignored. Never fails: unterminated quotes
// run to the end.
import { CharCode, isDigit, isUnitOf } from "../util/chars";
import { StrBuf } from "../util/strbuf";
import { findNewline } from "../util/lines";

/** How a simple command connects to the next one. */
export const enum Link {
  /** `;`, `&&`, `||`, `&`, a newline, or the end. */
  Sequence = 0,
  /** `|` or `|&`. */
  Pipe = 1,
}

export class SimpleCommand {
  words: string[] = [];
  next: Link = Link.Sequence;
  /** `> file`, `1>> file`: what the command prints goes elsewhere; only its stderr is seen. */
  stdoutAway: bool = false;
}

class Splitter {
  commands: SimpleCommand[] = [];
  current: SimpleCommand = new SimpleCommand();
  word: StrBuf = new StrBuf(64);
  inWord: bool = false;
  /** The next word is a redirection target, or a here-document delimiter. */
  dropNext: bool = false;
  heredocNext: bool = false;
  heredocs: string[] = [];

  constructor(readonly s: string) {}

  endWord(): void {
    if (!this.inWord) return;
    const w = this.word.toString();
    this.word = new StrBuf(64);
    this.inWord = false;
    if (this.heredocNext) {
      this.heredocs.push(w);
      this.heredocNext = false;
      this.dropNext = false;
    } else if (this.dropNext) this.dropNext = false;
    else this.current.words.push(w);
  }

  endCommand(link: Link): void {
    this.endWord();
    if (this.current.words.length > 0) {
      this.current.next = link;
      this.commands.push(this.current);
      this.current = new SimpleCommand();
    }
    // An empty command changes nothing: `a |` then a newline keeps the pipe.
  }

  /** The current word holds only digits: a file descriptor before a redirection. */
  wordIsFd(): bool {
    const n = this.word.length;
    if (!this.inWord || n == 0) return false;
    for (let k = 0; k < n; k++) if (!isDigit(this.word.charAt(k))) return false;
    return true;
  }
}

/** Index after the `close` matching an opener at s[i - 1]; nested quotes skipped. */
function skipBalanced(s: string, i: i32, open: i32, close: i32): i32 {
  let depth = 1;
  const n = s.length;
  while (i < n) {
    const c = <i32>s.charCodeAt(i);
    if (c == CharCode.BACKSLASH) i += 2;
    else if (c == CharCode.SQUOTE) {
      const q = s.indexOf("'", i + 1);
      i = q < 0 ? n : q + 1;
    } else if (c == CharCode.DQUOTE) {
      i = skipDoubleQuoted(s, i + 1);
    } else {
      if (c == open) depth++;
      else if (c == close && --depth == 0) return i + 1;
      i++;
    }
  }
  return n;
}

/** Index after the closing quote of a double-quoted string whose body starts at i. */
function skipDoubleQuoted(s: string, i: i32): i32 {
  const n = s.length;
  while (i < n) {
    const c = <i32>s.charCodeAt(i);
    if (c == CharCode.BACKSLASH) i += 2;
    else if (c == CharCode.DQUOTE) return i + 1;
    else i++;
  }
  return n;
}

/** Index of the first line after the here-document bodies that start at i. */
function skipHeredocs(s: string, i: i32, delimiters: string[]): i32 {
  const n = s.length;
  for (let d = 0; d < delimiters.length && i < n; d++) {
    const delimiter = unchecked(delimiters[d]);
    while (i < n) {
      const eol = findNewline(s, i, n);
      let start = i;
      while (start < eol && s.charCodeAt(start) == CharCode.TAB) start++; // `<<-` strips tabs
      let end = eol;
      if (end > start && s.charCodeAt(end - 1) == CharCode.CR) end--;
      i = eol + 1;
      if (end - start == delimiter.length && s.substring(start, end) == delimiter) break;
    }
  }
  return min(i, n);
}

/** The simple commands of command line `s`, in order. */
export function splitCommandLine(s: string): SimpleCommand[] {
  const p = new Splitter(s);
  const n = s.length;
  let i = 0;
  while (i < n) {
    const c = <i32>s.charCodeAt(i);
    const next = i + 1 < n ? <i32>s.charCodeAt(i + 1) : 0;
    if (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(c, " \t\r") : c == CharCode.SPACE || c == CharCode.TAB || c == CharCode.CR) {
      p.endWord();
      i++;
    } else if (c == CharCode.LF) {
      p.endCommand(Link.Sequence);
      i++;
      if (p.heredocs.length > 0) {
        i = skipHeredocs(s, i, p.heredocs);
        p.heredocs = [];
      }
    } else if (c == CharCode.HASH && !p.inWord) {
      while (i < n && s.charCodeAt(i) != CharCode.LF) i++;
    } else if (c == CharCode.BACKSLASH) {
      if (next == CharCode.LF) i += 2; // line continuation
      else {
        if (i + 1 < n) p.word.addChar(next);
        p.inWord = true;
        i += 2;
      }
    } else if (c == CharCode.SQUOTE) {
      const q = s.indexOf("'", i + 1);
      const end = q < 0 ? n : q;
      p.word.addRange(s, i + 1, end);
      p.inWord = true;
      i = end + 1;
    } else if (c == CharCode.DQUOTE) {
      i++;
      while (i < n) {
        const d = <i32>s.charCodeAt(i);
        if (d == CharCode.DQUOTE) break;
        if (d == CharCode.BACKSLASH && i + 1 < n) {
          const e = <i32>s.charCodeAt(i + 1);
          if (ASC_SHRINK_LEVEL >= 2 ? isUnitOf(e, "\"\\$`") : e == CharCode.DQUOTE || e == CharCode.BACKSLASH || e == 0x24 || e == 0x60) {
            p.word.addChar(e);
            i += 2;
            continue;
          }
          if (e == CharCode.LF) {
            i += 2;
            continue;
          }
        }
        p.word.addChar(d);
        i++;
      }
      p.inWord = true;
      i++;
    } else if (c == 0x24 && (next == 0x28 || next == CharCode.LBRACE)) {
      // $(…) and ${…}: kept whole inside the word.
      const end = skipBalanced(s, i + 2, next, next == 0x28 ? 0x29 : CharCode.RBRACE);
      p.word.addRange(s, i, end);
      p.inWord = true;
      i = end;
    } else if (c == 0x24 && next == CharCode.SQUOTE) {
      // $'…': ANSI-C quoting; escapes kept as written.
      let j = i + 2;
      while (j < n && s.charCodeAt(j) != CharCode.SQUOTE) j += s.charCodeAt(j) == CharCode.BACKSLASH ? 2 : 1;
      p.word.addRange(s, i + 2, min(j, n));
      p.inWord = true;
      i = j + 1;
    } else if (c == 0x60) {
      const q = s.indexOf("`", i + 1);
      const end = q < 0 ? n : q + 1;
      p.word.addRange(s, i, end);
      p.inWord = true;
      i = end;
    } else if (c == CharCode.PIPE) {
      if (next == CharCode.PIPE) {
        p.endCommand(Link.Sequence);
        i += 2;
      } else {
        p.endCommand(Link.Pipe);
        i += next == 0x26 ? 2 : 1;
      }
    } else if (c == 0x26) {
      if (next == CharCode.GT) {
        // &> and &>> redirect both streams to a file.
        p.endWord();
        i += 2;
        if (i < n && s.charCodeAt(i) == CharCode.GT) i++;
        p.dropNext = true;
      } else {
        p.endCommand(Link.Sequence);
        i += next == 0x26 ? 2 : 1;
      }
    } else if (c == CharCode.SEMICOLON) {
      p.endCommand(Link.Sequence);
      i++;
    } else if (c == 0x28 || c == 0x29) {
      // Subshells and `$(` handled above: the parentheses themselves say nothing.
      p.endWord();
      i++;
    } else if (c == CharCode.GT || c == CharCode.LT) {
      if (next == 0x28) {
        // Process substitution <(…) / >(…): one operand.
        const end = skipBalanced(s, i + 2, 0x28, 0x29);
        p.word.addRange(s, i, end);
        p.inWord = true;
        i = end;
        continue;
      }
      let fd = 1;
      if (p.wordIsFd()) {
        fd = p.word.length == 1 ? p.word.charAt(0) - 0x30 : -1;
        p.word = new StrBuf(64);
        p.inWord = false;
      } else p.endWord();
      i = redirection(p, s, i);
      // `>&2` joins the streams, and `> /dev/stderr` or the terminal is a stream too: still seen.
      if (c == CharCode.GT && fd == 1 && next != 0x26 && !namesStream(s, i)) p.current.stdoutAway = true;
    } else {
      p.word.addChar(c);
      p.inWord = true;
      i++;
    }
  }
  p.endCommand(Link.Sequence);
  return p.commands;
}

/** Targets a redirection still shows: the standard streams by name (a harness captures the pipes, not the terminal). */
const STREAMS: string[] = ["/dev/stdout", "/dev/stderr", "/dev/fd/1", "/dev/fd/2"];

/** The redirection target after s[i] (and any blanks) is one of STREAMS, the whole word. */
function namesStream(s: string, i: i32): bool {
  const n = s.length;
  while (i < n && (s.charCodeAt(i) == CharCode.SPACE || s.charCodeAt(i) == CharCode.TAB)) i++;
  for (let k = 0; k < STREAMS.length; k++) {
    const t = unchecked(STREAMS[k]);
    const e = i + t.length;
    if (e <= n && s.substring(i, e) == t && (e == n || isUnitOf(s.charCodeAt(e), " \t\n;|&)<>"))) return true;
  }
  return false;
}

/** Reads the redirection operator at s[i] and marks what its target is. */
function redirection(p: Splitter, s: string, i: i32): i32 {
  const n = s.length;
  const c = <i32>s.charCodeAt(i);
  if (c == CharCode.LT && i + 1 < n && s.charCodeAt(i + 1) == CharCode.LT) {
    if (i + 2 < n && s.charCodeAt(i + 2) == CharCode.LT) {
      p.dropNext = true; // <<< here-string
      return i + 3;
    }
    p.heredocNext = true;
    i += 2;
    if (i < n && s.charCodeAt(i) == CharCode.MINUS) i++;
    return i;
  }
  i++;
  if (i < n) {
    const d = <i32>s.charCodeAt(i);
    if (d == CharCode.GT || d == CharCode.PIPE) i++; // >> and >|
    else if (d == 0x26) {
      // >&2, 2>&1, <&0, >&- duplicate a descriptor; `>& file` names one.
      i++;
      let j = i;
      while (j < n && isDigit(s.charCodeAt(j))) j++;
      if (j < n && s.charCodeAt(j) == CharCode.MINUS) j++;
      if (j > i) return j;
    } else if (c == CharCode.LT && d == CharCode.GT) i++; // <>
  }
  p.dropNext = true;
  return i;
}
