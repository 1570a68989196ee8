// Secret redaction for text that leaves the machine (summarizer requests) and,
// optionally, for the log and the LLM content. Pure: a string in, a string out.
//
//   redactSecrets(text) → { text, count, kinds }
//
// Each secret is replaced by `[REDACTED:<kind>]`. For `key = value` style
// assignments, headers and URLs only the secret part is replaced, so the reader
// still sees which setting held a secret. Rules run from the most specific
// (a token with a vendor prefix) to the most general (a `password=` assignment);
// a value that is already a marker is left alone, so the rules compose.
//
// What is NOT recognised (docs/SECURITY.md): secrets without a recognisable
// prefix or key name (a bare random string on its own line), passwords passed as
// positional arguments, secrets split across lines other than PEM blocks, and
// custom token formats of other vendors.

import { coreLoaded, findNeedles, findNeedlesInUtf8 } from "./core.js";
import { hintLines, replaceInLines } from "./redact-lines.js";

/** The kinds of secret recognised; each names its marker `[REDACTED:<kind>]`. */
export type SecretKind =
  | "private-key"
  | "aws-access-key-id"
  | "aws-secret-access-key"
  | "github-token"
  | "anthropic-key"
  | "openai-key"
  | "slack-token"
  | "slack-webhook"
  | "google-api-key"
  | "stripe-key"
  | "jwt"
  | "url-credentials"
  | "authorization"
  | "bearer-token"
  | "assignment";

export interface RedactionResult {
  /** The text with every secret replaced by `[REDACTED:<kind>]`. */
  text: string;
  /** How many secrets were replaced. */
  count: number;
  /** Replacements per kind (only kinds that occurred). */
  kinds: Partial<Record<SecretKind, number>>;
}

export const REDACTION_MARKER_PREFIX = "[REDACTED:";

const marker = (kind: SecretKind): string => `${REDACTION_MARKER_PREFIX}${kind}]`;

interface Rule {
  kind: SecretKind;
  pattern: RegExp;
  /** Lower-case substrings one of which any match contains: the rule is skipped when none occurs. */
  hints?: readonly string[];
  /**
   * Substrings, case as written, one of which any match contains: the rule is skipped when none
   * occurs. A literal search runs at memory speed; a pattern that opens with a lookbehind is
   * tried at every position of the text.
   */
  literals?: readonly string[];
  /**
   * The character every match starts with, for a rule with no literal or hint worth searching
   * for (AWS's eleven key prefixes all open with `A`: the core's prefilter would check every `a`
   * of the text against each). The pattern is tried from its first occurrence, found at memory
   * speed, where the pattern's own scan would read every unit before it.
   */
  first?: string;
  /** With `first`: the strings, case as written, every match starts with (one of). */
  starts?: readonly string[];
  /**
   * Returns the replacement for one match, or null to keep the match as it is (a
   * placeholder, an already redacted value). Default: the whole match becomes the marker.
   */
  replace?: (match: string, groups: string[]) => string | null;
  /**
   * No match spans a "\n", and the pattern's `^`, `$` and lookarounds read a "\n" as they read
   * the text's edges: in a long text the rule searches only the lines that hold one of its hints.
   */
  lineLocal?: true;
}

// Characters that may surround a token without being part of it.
const B = "(?<![A-Za-z0-9_+/-])";
const E = "(?![A-Za-z0-9_-])";

// Key names whose value is a secret: the name ends in one of these words.
// The end of a key name whose value is a secret (DB_PASSWORD, api_key, clientSecret).
// Only the end is matched: the rest of the name is kept as it is, and matching from a
// rare word rather than from every identifier start keeps the scan linear. `auth`
// counts only as the whole name (`_auth=` in .npmrc, `"auth":` in docker config): as a
// suffix it names constants such as SERVER_AUTH.
const SECRET_WORD =
  "(?:password|passwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credentials?|(?<![A-Za-z0-9_.-])_?auth)";
// A whole key name ending in a secret word, for rules anchored at a line start.
const SECRET_KEY_NAME = `[A-Za-z0-9_.-]*?${SECRET_WORD}`;
/** Lower-case words at least one of which occurs in any text an assignment rule matches. */
const ASSIGNMENT_HINTS = ["pass", "secret", "token", "key", "credential", "auth"];

/** The four-letter prefixes of AWS access key ids (AKIA for a user's key, ASIA for a session's, …). */
const AWS_KEY_PREFIXES: readonly string[] = ["AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AROA", "AIPA", "ANPA", "ANVA", "APKA"];

/** Values that are obviously not secrets: empty, references, placeholders, literals. */
function isPlaceholder(value: string): boolean {
  const v = value.trim();
  if (v.length < 4) return true;
  if (v.startsWith(REDACTION_MARKER_PREFIX)) return true;
  if (/^(?:null|none|nil|true|false|undefined|empty|required|optional|string|changeme|redacted|xxx+|\*+|\.\.\.|…)$/i.test(v)) return true;
  if (/^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$/.test(v)) return true; // $VAR, ${VAR}
  if (/^(?:[\^~]|[<>]=?)?v?\d+(?:\.\d+)+(?:[-+][\w.]+)?$/.test(v) || /^[\^~]\d+$/.test(v)) return true; // a version: "gtoken": "^7.0.0"
  if (/^(?:basic|bearer|token|digest)$/i.test(v)) return true; // an auth scheme without its credential
  if (/\{\d*\}|%[sd]/.test(v)) return true; // a format string, e.g. '{0}:{1}'
  if (/^\{\{.*\}\}$/.test(v) || /^<[^>]*>$/.test(v) || /^%\(?[A-Za-z_]+\)?s?$/.test(v)) return true; // templates
  return false;
}

/** Keeps `prefix`, replaces `value` with the marker unless it is a placeholder. */
function keepPrefix(kind: SecretKind) {
  return (match: string, groups: string[]): string | null => {
    const [prefix, value] = groups;
    if (value === undefined || isPlaceholder(value)) return null;
    return prefix + marker(kind) + match.slice(prefix.length + value.length);
  };
}

const RULES: readonly Rule[] = [
  // A PEM private key block, also one cut short by a truncation (no END line) or one
  // whose BEGIN line was cut away (base64 lines up to the END line).
  {
    kind: "private-key",
    pattern: /-----BEGIN ([A-Z0-9 ]*)PRIVATE KEY( BLOCK)?-----[\s\S]*?(?:-----END \1PRIVATE KEY\2-----|$(?![\s\S]))/g,
    hints: ["private key-----"],
  },
  {
    kind: "private-key",
    pattern: /(?:^[A-Za-z0-9+/=]{16,}\r?\n)+-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----/gm,
    hints: ["private key-----"],
  },
  // A URL with user:password@ — only the password is replaced.
  {
    kind: "url-credentials",
    pattern: /(:\/\/[^\s/:@'"`<>]+:)([^\s/@'"`<>]+)@/g,
    hints: ["://"],
    lineLocal: true,
    replace: (match, [prefix, value]) =>
      value.startsWith(REDACTION_MARKER_PREFIX) ? null : prefix + marker("url-credentials") + match.slice(prefix.length + value.length),
  },
  { kind: "slack-webhook", pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows)\/[A-Za-z0-9/_-]{20,}/g, literals: ["hooks.slack.com/"] },
  {
    kind: "aws-access-key-id",
    pattern: new RegExp(`${B}(?:${AWS_KEY_PREFIXES.join("|")})[A-Z0-9]{16}${E}`, "g"),
    first: "A",
    starts: AWS_KEY_PREFIXES,
  },
  {
    kind: "aws-secret-access-key",
    pattern: /((?:aws_?)?secret_?(?:access_?)?key(?:_id)?["']?[ \t]*[:=][ \t]*["']?)([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi,
    hints: ["secret"],
    replace: keepPrefix("aws-secret-access-key"),
    lineLocal: true,
  },
  {
    kind: "github-token",
    pattern: new RegExp(`${B}(?:gh[pousr]_[A-Za-z0-9]{30,255}|github_pat_[A-Za-z0-9_]{22,255})${E}`, "g"),
    literals: ["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"],
  },
  { kind: "anthropic-key", pattern: new RegExp(`${B}sk-ant-[A-Za-z0-9_-]{20,}`, "g"), hints: ["sk-ant-"], lineLocal: true },
  { kind: "openai-key", pattern: new RegExp(`${B}sk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}`, "g"), literals: ["sk-"] },
  { kind: "slack-token", pattern: new RegExp(`${B}xox[abposr]-[A-Za-z0-9-]{10,}`, "g"), literals: ["xox"] },
  { kind: "google-api-key", pattern: new RegExp(`${B}AIza[0-9A-Za-z_-]{35}${E}`, "g"), literals: ["AIza"] },
  { kind: "stripe-key", pattern: new RegExp(`${B}(?:sk|rk|pk)_(?:live|test)_[0-9A-Za-z]{10,}${E}`, "g"), hints: ["_live_", "_test_"], lineLocal: true },
  { kind: "jwt", pattern: new RegExp(`${B}eyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]*`, "g"), literals: ["eyJ"] },
  // Authorization-style headers: the whole credential after the scheme.
  {
    kind: "authorization",
    pattern: /((?:proxy-)?authorization["']?[ \t]*[:=][ \t]*["']?(?:(?:Bearer|Basic|Token|Digest|Bot)\s+)?)([^\s"'\\,;]+)/gi,
    hints: ["authorization"],
    replace: (match, groups) => (isCodeLike(groups[1]) ? null : keepPrefix("authorization")(match, groups)),
  },
  {
    kind: "authorization",
    pattern: /((?:x-api-key|api-key|x-auth-token|x-access-token|private-token)["']?[ \t]*[:=][ \t]*["']?)([^\s"'\\,;]+)/gi,
    hints: ["api-key", "-token"],
    replace: (match, groups) => (isCodeLike(groups[1]) ? null : keepPrefix("authorization")(match, groups)),
    lineLocal: true,
  },
  {
    kind: "bearer-token",
    pattern: /(Bearer\s+)([A-Za-z0-9._~+/=-]{8,})/g,
    literals: ["Bearer"],
    replace: keepPrefix("bearer-token"),
  },
  // Assignments whose key names a secret. Quoted values: env files, JSON, YAML, code.
  {
    kind: "assignment",
    pattern: new RegExp(`(${SECRET_WORD}["']?[ \\t]*(?::|=|:=|=>)[ \\t]*)("[^"\\r\\n]*"|'[^'\\r\\n]*')`, "gi"),
    hints: ASSIGNMENT_HINTS,
    replace: (match, [prefix, quoted]) => {
      const inner = quoted.slice(1, -1);
      if (isPlaceholder(inner)) return null;
      return prefix + quoted[0] + marker("assignment") + quoted[0] + match.slice(prefix.length + quoted.length);
    },
    lineLocal: true,
  },
  // Unquoted values: `KEY=value` (env files, `env` output, URLs' query strings) with no space
  // around `=`, and `key: value` (YAML, headers). Code such as `token = next_token()` is left
  // alone: spaces around `=` and an unquoted value mean an expression, not a literal.
  {
    kind: "assignment",
    pattern: new RegExp(`(${SECRET_WORD}=)([^\\s"'&;,#)\\]}]+)`, "gi"),
    hints: ASSIGNMENT_HINTS,
    replace: (match, [prefix, value]) => (isCodeLike(value) ? null : keepPrefix("assignment")(match, [prefix, value])),
    lineLocal: true,
  },
  {
    kind: "assignment",
    pattern: new RegExp(`(^[ \\t-]*${SECRET_KEY_NAME}:[ \\t]+)([^\\s"']+)(?=[ \\t]+#|[ \\t]*$)`, "gim"),
    hints: ASSIGNMENT_HINTS,
    replace: (match, [prefix, value]) => (isCodeLike(value) ? null : keepPrefix("assignment")(match, [prefix, value])),
    lineLocal: true,
  },
  // Command-line flags: --password x, --token=x, --api-key x.
  {
    kind: "assignment",
    pattern: /(--(?:[a-z0-9-]*-)?(?:password|passwd|token|secret|api-key|apikey|access-key|client-secret)(?:=|\s+))([^\s"'-][^\s"']*)/gi,
    hints: ASSIGNMENT_HINTS,
    replace: keepPrefix("assignment"),
  },
];

// A line-local rule searches only the lines that hold one of its hints: without hints it would
// search none and miss every secret, so a rule so written fails at load time.
for (const rule of RULES) {
  if (rule.lineLocal && !(rule.hints && rule.hints.length > 0)) throw new Error(`redaction rule ${rule.kind} is line-local without hints`);
}

/**
 * Each rule's hints as one case-insensitive search. Not `text.toLowerCase().includes(…)`:
 * lowering 10 MB of text that holds one non-Latin-1 character (a compiler's curly quotes)
 * takes V8 over 100 ms, where the search reads the text as it is, at memory speed.
 */
const HINT_PATTERNS = new Map<readonly string[], RegExp>(
  RULES.flatMap((r) => (r.hints ? [r.hints] : [])).map((hints) => [hints, new RegExp(hints.map((h) => h.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&")).join("|"), "i")]),
);

/**
 * Texts at least this long are prefiltered by the core: one SIMD pass says which rules' literals
 * and hints occur at all, where the searches below read the text once per literal (≈ 40 ms for
 * 10 MB). The core is loaded for them if it is not yet.
 */
export const CORE_PREFILTER_FROM = 64 * 1024;

/**
 * Texts at least this long are prefiltered by the core when it is loaded already (a session's
 * second call on): the searches cost 13 µs for a 4 KB output where the pass and its crossing
 * cost 3.6 µs, and 3.7 µs for 1 KB where the pass costs 2.5. Shorter texts (the two are even at
 * about 700 units), and a first call, are searched in JS.
 */
export const CORE_PREFILTER_LOADED_FROM = 1024;

const ruleStrings = (r: Rule): string[] => [...(r.literals ?? []), ...(r.hints ?? [])].map((x) => x.toLowerCase());

interface Prefilter {
  /**
   * What the core searches for, ASCII case ignored: every rule's literals and hints in lower case,
   * less those that contain another (`sk-ant-` occurs only where `sk-` does).
   */
  needles: readonly string[];
  /** Per rule, the needles one of which occurs wherever one of its literals or hints does. */
  ruleNeedles: ReadonlyMap<Rule, readonly number[]>;
  /** Per hint (as a rule writes it), the needles it contains. */
  hintNeedles: ReadonlyMap<string, readonly number[]>;
}

let prefilter: Prefilter | undefined;

/** Made on the first text the core prefilters, not when the module loads: a cold start redacts only short ones. */
function corePrefilter(): Prefilter {
  if (prefilter) return prefilter;
  const strings = new Map(RULES.map((r) => [r, ruleStrings(r)]));
  const all = [...new Set([...strings.values()].flat())];
  const needles = all.filter((n) => !all.some((m) => m !== n && n.includes(m)));
  const ruleNeedles = new Map(RULES.map((r) => [r, needles.flatMap((n, i) => (strings.get(r)!.some((x) => x.includes(n)) ? [i] : []))]));
  const hints = RULES.flatMap((r) => r.hints ?? []);
  const hintNeedles = new Map(hints.map((h) => [h, needles.flatMap((n, i) => (h.toLowerCase().includes(n) ? [i] : []))]));
  return (prefilter = { needles, ruleNeedles, hintNeedles });
}

/** Whether a text of `length` units (or bytes) is prefiltered by the core (CORE_PREFILTER_FROM, CORE_PREFILTER_LOADED_FROM). */
function prefiltersInCore(length: number): boolean {
  return length >= CORE_PREFILTER_FROM || (length >= CORE_PREFILTER_LOADED_FROM && coreLoaded());
}

/**
 * Past this many bytes that open a rule's `starts` (each checked for them), UTF-8 bytes are taken
 * as possibly holding a match: a text full of capital `A`s is decoded and redacted as before.
 */
const MAX_STARTS_CHECKED = 65_536;

/**
 * Whether UTF-8 bytes may hold a secret redactSecrets() replaces: false only when the core's scan
 * of the bytes as they are (no decode to a string) finds none of the rules' literals and hints,
 * and no match's start (`starts`) occurs either. True for short bytes (their decode costs less
 * than the scan's crossing) and whenever the core cannot scan: the caller then decodes and redacts.
 */
export function utf8MayHoldSecrets(bytes: Uint8Array): boolean {
  if (!prefiltersInCore(bytes.length)) return true;
  const filter = corePrefilter();
  const found = findNeedlesInUtf8(bytes, filter.needles);
  if (found === undefined) return true;
  for (const rule of RULES) {
    if (rule.starts !== undefined) {
      if (holdsStart(bytes, rule.first!, rule.starts)) return true;
      continue;
    }
    const needles = filter.ruleNeedles.get(rule)!;
    if (needles.length === 0 || needles.some((i) => found[i])) return true;
  }
  return false;
}

/** Whether one of `starts` (ASCII, each opening with `first`) occurs in the bytes. */
function holdsStart(bytes: Uint8Array, first: string, starts: readonly string[]): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const firstByte = first.charCodeAt(0);
  let checked = 0;
  for (let at = buffer.indexOf(firstByte); at >= 0; at = buffer.indexOf(firstByte, at + 1)) {
    if (++checked > MAX_STARTS_CHECKED) return true;
    for (const start of starts) if (startsAt(buffer, at, start)) return true;
  }
  return false;
}

function startsAt(bytes: Uint8Array, at: number, start: string): boolean {
  if (at + start.length > bytes.length) return false;
  for (let k = 1; k < start.length; k++) if (bytes[at + k] !== start.charCodeAt(k)) return false;
  return true;
}

/** An unquoted value that is an expression or a reference rather than a literal secret. */
function isCodeLike(value: string): boolean {
  if (/[()[\]{}<>]/.test(value)) return true; // calls, indexing, templates
  if (/^[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+$/i.test(value) && !/\d/.test(value)) return true; // obj.attr
  if (/^\/[^/]/.test(value) || /^\.{0,2}\//.test(value)) return true; // a path, e.g. PASSWORD_FILE=/run/secrets/x
  return false;
}

/**
 * Texts at least this long run their line-local rules (Rule.lineLocal) on the lines that hold a
 * hint: below it a rule's pass over the whole text costs less than the searches for its hints.
 */
export const HINT_LINES_FROM = CORE_PREFILTER_FROM;

/** Replaces every recognised secret in `text` with `[REDACTED:<kind>]`. Pure and deterministic. */
export function redactSecrets(text: string): RedactionResult {
  return redactText(text, text.length >= HINT_LINES_FROM);
}

/**
 * redactSecrets(), its line-local rules searching the lines that hold their hints (`byLines`)
 * or the whole text: the same answer either way.
 */
export function redactText(text: string, byLines: boolean): RedactionResult {
  const kinds: Partial<Record<SecretKind, number>> = {};
  let count = 0;
  let out = text;
  // Rules share hint lists (every assignment rule): each list is searched once per text.
  const hinted = new Map<RegExp, boolean>();
  const linesOf = new Map<readonly string[], number[]>();
  // Which needles the text holds, from one pass in the core (when it prefilters this text);
  // dropped once the text changes.
  const long = prefiltersInCore(text.length) ? corePrefilter() : undefined;
  let shapes = long ? findNeedles(text, long.needles) : undefined;
  const replacer =
    (rule: Rule) =>
    (match: string, ...rest: unknown[]): string => {
      const replaced = rule.replace ? rule.replace(match, captureGroups(rest)) : marker(rule.kind);
      if (replaced === null || replaced === match) return match;
      count++;
      // the text changed
      hinted.clear();
      linesOf.clear();
      shapes = undefined;
      kinds[rule.kind] = (kinds[rule.kind] ?? 0) + 1;
      return replaced;
    };
  for (const rule of RULES) {
    if (shapes && rule.first === undefined && !long!.ruleNeedles.get(rule)!.some((i) => shapes![i])) continue;
    if (rule.literals && !rule.literals.some((l) => out.includes(l))) continue;
    if (byLines && rule.lineLocal) {
      const hintList = rule.hints!;
      let lines = linesOf.get(hintList);
      if (lines === undefined) {
        // A hint none of whose needles the core found is not searched for.
        const present = shapes ? hintList.filter((h) => long!.hintNeedles.get(h)!.some((i) => shapes![i])) : hintList;
        linesOf.set(hintList, (lines = hintLines(out, present)));
      }
      if (lines.length > 0) out = replaceInLines(out, lines, rule.pattern, replacer(rule));
      continue;
    }
    const hints = rule.hints && HINT_PATTERNS.get(rule.hints)!;
    if (hints) {
      if (!hinted.has(hints)) hinted.set(hints, hints.test(out));
      if (!hinted.get(hints)) continue;
    }
    const from = rule.first === undefined ? 0 : out.indexOf(rule.first);
    if (from < 0) continue;
    rule.pattern.lastIndex = from;
    if (!rule.pattern.test(out)) continue; // most texts hold no secret: one cheap test per rule
    rule.pattern.lastIndex = 0;
    out = out.replace(rule.pattern, replacer(rule));
  }
  return { text: out, count, kinds };
}

/** The capture groups of a String#replace callback (everything before the offset argument). */
function captureGroups(rest: unknown[]): string[] {
  const offsetIndex = rest.findIndex((v) => typeof v === "number");
  return rest.slice(0, offsetIndex) as string[];
}
