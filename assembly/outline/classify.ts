// Per-language rules the brace scanner asks for: what a head declares, and
// when a line break or a closing brace ends a statement.
import { classifyC } from "./heads-c";
import { classifyGo, goNewlineEnds } from "./heads-go";
import { classifyJava } from "./heads-java";
import { classifyRust } from "./heads-rust";
import { classifyTs, tsNewlineEnds } from "./heads-ts";
import { Dialect, Lexer } from "./lexer";
import { Decl, Stmt } from "./stmt";

export function classifyHead(dialect: i32, st: Stmt, d: Decl, atBrace: bool, member: bool, inTypeGroup: bool, parentKind: string): void {
  if (dialect == Dialect.TS) classifyTs(st, d, atBrace, member);
  else if (dialect == Dialect.C) classifyC(st, d, atBrace, member);
  else if (dialect == Dialect.Go) classifyGo(st, d, atBrace, inTypeGroup);
  else if (dialect == Dialect.Rust) classifyRust(st, d, atBrace, member, parentKind);
  else classifyJava(st, d, atBrace, member);
}

/** A line break before the current token ends the statement (languages without mandatory `;`). */
export function newlineEnds(dialect: i32, st: Stmt, lx: Lexer): bool {
  if (dialect == Dialect.TS) return tsNewlineEnds(st, lx);
  if (dialect == Dialect.Go) return goNewlineEnds(st, lx);
  return false;
}

/** The `}` that just closed at the watched level ends the statement. */
export function closesAtBrace(dialect: i32, st: Stmt): bool {
  if (dialect == Dialect.Go || dialect == Dialect.Rust || dialect == Dialect.Java) return true;
  return st.bodyEnds;
}
