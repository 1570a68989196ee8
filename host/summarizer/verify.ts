// Checks a summary against the text it summarizes. Pure.
//
// A summary may only state facts the source states. Checked claims:
//   - paths and URLs (`src/a.ts:12`, `/etc/hosts`, `u301.c`, `https://…`),
//   - code-like identifiers (snake_case, camelCase, dotted.names, a::b, name(), --flags, TS2307),
//   - numbers (`42`, `3.11`, `1,234`), matched as whole numbers, not as digits inside others,
//   - `backtick spans`, matched verbatim (whitespace collapsed).
// Any claim missing from the source rejects the summary, listing the offending tokens.
// Plain words are not checked: a summary must be free to say "failed" or "three files".
// Then every given error line the summary does not quote verbatim is appended to it.

export type Verification =
  | {
      ok: true;
      /** The summary, followed by the error lines it did not quote. */
      text: string;
      /** Error lines that were appended. */
      appended: string[];
    }
  | {
      ok: false;
      /** Claims the source does not contain, in order of appearance, without duplicates. */
      offending: string[];
    };

export type ClaimKind = "path" | "identifier" | "number" | "quote";

export interface Claim {
  kind: ClaimKind;
  token: string;
}

const URL_RE = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;
const ROOTED_PATH_RE = /^(?:~|\.{1,2})?\/[\w.@+-]/;
const EXTENSION_RE = /\.[A-Za-z][A-Za-z0-9]{0,7}(?::\d+)*$/;
const BARE_FILE_RE = /^[\w-]{2,}(?:\.[\w-]+)*\.[A-Za-z][A-Za-z0-9]{0,7}(?::\d+)*$/;
const SNAKE_RE = /[A-Za-z0-9]_[A-Za-z0-9]|^__?[A-Za-z]/;
const CAMEL_RE = /[a-z][A-Z]/;
const DOTTED_RE = /^[A-Za-z_$][\w$]+(?:\.[A-Za-z_$][\w$]+)+$/;
const SCOPED_RE = /::|->/;
const FLAG_RE = /^--[a-z][\w-]+$/;
const CODE_RE = /^[A-Z]{1,4}\d{3,}$/; // TS2307, E0308, CS1002
const NUMBER_RE = /\d{1,3}(?:,\d{3})+(?![\d,])|\d+(?:\.\d+)*/g;

/** Tokens are cut at whitespace and at punctuation that never belongs to a path or a name. */
const SPLIT_RE = /[\s;"'`()[\]{}<>|‘’“”]+|,(?!\d{3}(?!\d))/;

/** Extracts the checkable claims of `summary`. Exported for tests and for explaining rejections. */
export function extractClaims(summary: string): Claim[] {
  const claims: Claim[] = [];
  for (const m of summary.matchAll(/`([^`\n]+)`/g)) claims.push({ kind: "quote", token: m[1] });
  // name( — a call or definition, even when the name alone is a plain word; not "file(s)".
  for (const m of summary.matchAll(/(?<![\w.$])([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\((?!s\))/g)) claims.push({ kind: "identifier", token: m[1] });

  // List numbering ("1. ", "2) ") is layout, not a claim.
  const prose = summary.replace(/^(\s*)\d{1,2}[.)](?=\s)/gm, "$1");
  for (const raw of prose.split(SPLIT_RE)) {
    const token = raw.replace(/^(?:[:!?*,]|[.~](?![./]))+/, "").replace(/[.:!?*,]+$/, "");
    if (token === "" || token.startsWith("REDACTED:")) continue;
    if (URL_RE.test(token) || (token.includes("/") && /[A-Za-z]/.test(token) && (ROOTED_PATH_RE.test(token) || EXTENSION_RE.test(token) || slashCount(token) >= 2))) {
      claims.push({ kind: "path", token });
      continue;
    }
    if (BARE_FILE_RE.test(token)) {
      claims.push({ kind: "path", token });
      continue;
    }
    if (SCOPED_RE.test(token) || SNAKE_RE.test(token) || CAMEL_RE.test(token) || DOTTED_RE.test(token) || FLAG_RE.test(token) || CODE_RE.test(token)) {
      claims.push({ kind: "identifier", token });
      continue;
    }
    for (const n of token.matchAll(NUMBER_RE)) claims.push({ kind: "number", token: n[0] });
  }
  return claims;
}

function slashCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) === 47) n++;
  return n;
}

/** Looks claims up in a source; the whitespace-collapsed copy is made only if a quote needs it. */
class SourceIndex {
  private collapsed: string | null = null;

  constructor(private readonly source: string) {}

  has(claim: Claim): boolean {
    switch (claim.kind) {
      case "quote":
        this.collapsed ??= collapse(this.source);
        return this.collapsed.includes(collapse(claim.token));
      case "number":
        return hasNumber(this.source, claim.token) || (claim.token.includes(",") && hasNumber(this.source, claim.token.replace(/,/g, "")));
      case "identifier":
        return this.source.includes(claim.token);
      case "path":
        return this.hasPath(claim.token);
    }
  }

  /**
   * `a.c:12` is found as written (not as a prefix of `a.c:120`), or in tsc's form `a.c(12,`.
   */
  private hasPath(token: string): boolean {
    if (includesWhole(this.source, token)) return true;
    const m = /^(.*?):(\d+)(?::(\d+))?$/.exec(token);
    return m !== null && this.source.includes(`${m[1]}(${m[2]},${m[3] ?? ""}`);
  }
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/**
 * `number` occurs in `text` as a whole number: not preceded by a digit (or by `digit.`),
 * not followed by a digit. A dotted prefix counts (3.11 in 3.11.7), so does 1234 written 1,234.
 */
function hasNumber(text: string, number: string): boolean {
  for (let i = text.indexOf(number); i !== -1; i = text.indexOf(number, i + 1)) {
    const before = text.charCodeAt(i - 1);
    if (isDigit(before) || (before === 46 && isDigit(text.charCodeAt(i - 2)))) continue;
    if (!isDigit(text.charCodeAt(i + number.length))) return true;
  }
  if (/^\d{4,}$/.test(number)) return hasNumber(text, number.replace(/\B(?=(\d{3})+$)/g, ","));
  return false;
}

/** `token` occurs in `text`, and when it ends in a digit, not as the start of a longer number. */
function includesWhole(text: string, token: string): boolean {
  const endsInDigit = /\d$/.test(token);
  for (let i = text.indexOf(token); i !== -1; i = text.indexOf(token, i + 1)) {
    if (!endsInDigit) return true;
    const next = text.charCodeAt(i + token.length);
    if (!(next >= 48 && next <= 57)) return true;
  }
  return false;
}

function collapse(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

/**
 * Verifies `summary` against `source` (the text that was sent to the model) and appends the error
 * lines it does not quote. `errorLines` are compared verbatim after trimming and whitespace collapsing.
 */
export function verifySummary(summary: string, source: string, errorLines: readonly string[] = []): Verification {
  const index = new SourceIndex(source);
  const offending: string[] = [];
  for (const claim of extractClaims(summary)) {
    if (!index.has(claim) && !offending.includes(claim.token)) offending.push(claim.token);
  }
  if (offending.length > 0) return { ok: false, offending };

  const said = collapse(summary);
  const appended: string[] = [];
  for (const line of errorLines) {
    const wanted = line.trim();
    if (wanted === "" || said.includes(collapse(wanted)) || appended.includes(wanted)) continue;
    appended.push(wanted);
  }
  const text = appended.length === 0 ? summary : `${summary.trimEnd()}\n${appended.join("\n")}`;
  return { ok: true, text, appended };
}
