// What one command prints, by its name and flags: `cat a.txt` prints a file,
// `grep -rn x .` search hits, `git diff --stat` a summary. Prefixes (sudo,
// env, timeout …), nested shells, xargs and find -exec are peeled off in
// shell.ts before a name gets here.
import { Category } from "../category";
import { isLogPath } from "./log";
import { ParsedArgs, parseArgs } from "./options";
import { isWordOf } from "../util/words";
import { unitsEqual } from "../util/scan";
import { lowerForAsciiTests } from "../util/lower";

/** How far the text may override the category a command implies. */
export const enum Sniff {
  /** The command decides alone (only binary text overrides it). */
  None = 0,
  /** JSON text (a document or NDJSON) makes it StructuredData; unified diffs (a formatter's --diff) make it a Diff. */
  Json = 1,
  /** Printed files: JSON text → StructuredData, an HTML document → WebContent, a unified diff → Diff, a log → CommandOutput. */
  FileLike = 2,
  /** Only a unified diff in the text changes it (to Diff). */
  DiffOnly = 3,
  /** Asked for JSON: StructuredData if an object or array opens in the first lines (after stderr warnings), else sniff everything. */
  JsonFlag = 4,
  /** The command could print anything: every text rule applies. */
  All = 5,
  /** A file read by a file tool: it stays a file unless the text is a log (then CommandOutput). */
  File = 6,
  /**
   * A program named on the command line that is neither a search nor a listing tool: every text
   * rule applies but those two. Its `path:line` lines say what it found in a file (a linter's,
   * a checker's findings), its paths one a line are what it computed: neither hits nor a listing.
   */
  Program = 7,
}

/** The part a command plays in a pipeline or a chain. */
export const enum Role {
  /** Its output has its own shape. */
  Output = 0,
  /** Keeps the shape of its input: head, tail, sort, sed 's/…/', tee … */
  Passthrough = 1,
  /** Keeps the input lines that match: grep with no file operand. */
  SearchFilter = 2,
  /** Sets things up and prints little: cd, export, echo, mkdir … */
  Neutral = 3,
}

export class CommandKind {
  constructor(
    readonly category: i32,
    readonly sniff: i32,
    readonly role: i32 = Role.Output,
  ) {}
}

export function kind(category: i32, sniff: i32): CommandKind {
  return new CommandKind(category, sniff, Role.Output);
}

/**
 * Whether `name` is one of the space-separated `names` (" a b c "): whether `names` holds
 * " " + name + " ", found in place: a call's words are looked up in a dozen lists, and
 * building the padded name and comparing it at every position of a list cost more than
 * the rest of classifying the call.
 */
export function isOneOf(name: string, names: string): bool {
  const m = name.length;
  if (m == 0) return false;
  const n = names.length;
  const base = changetype<usize>(names);
  const first = load<u16>(changetype<usize>(name));
  // A match of name at i: a space before it and one after it. Candidates (its first unit
  // after a space) 8 places a step; the step's last place needs its space after before n.
  let i = 1;
  const firstV = i16x8.splat(<i16>first);
  const space = i16x8.splat(0x20);
  for (; ASC_SHRINK_LEVEL < 2 && i + 7 + m < n; i += 8) {
    const at = base + (<usize>i << 1);
    let hits = i16x8.bitmask(v128.and(i16x8.eq(v128.load(at), firstV), i16x8.eq(v128.load(at - 2), space)));
    while (hits != 0) {
      const p = at + (<usize>ctz<i32>(hits) << 1);
      if (load<u16>(p + (<usize>m << 1)) == 0x20 && unitsEqual(p, changetype<usize>(name), m)) return true;
      hits &= hits - 1;
    }
  }
  for (; i + m < n; i++) {
    const at = base + (<usize>i << 1);
    if (load<u16>(at) == first && load<u16>(at - 2) == 0x20 && load<u16>(at + (<usize>m << 1)) == 0x20 && unitsEqual(at, changetype<usize>(name), m)) return true;
  }
  return false;
}

const FILE_READERS = " cat head tail less more bat batcat nl tac zcat bzcat xzcat zless zmore ";
const SEARCHERS = " grep egrep fgrep zgrep rgrep rg ag ack ack-grep ugrep pt sift ast-grep sg ";
const LISTERS = " ls ll la l dir vdir exa eza lsd tree du locate plocate mlocate fd fdfind ";
/** Filters that keep the kind of their input (head and tail are FILE_READERS without a file). */
const SHAPE_KEEPERS = " sort uniq cut tr column fold fmt expand unexpand rev tee iconv paste pr colrm dos2unix unix2dos ansi2txt strip-ansi delta diff-so-fancy ";
const WEB_CLIENTS = " http https xh xhs httpie curlie lynx w3m links elinks ";
const JSON_TOOLS = " jq gojq jaq yq fx jello dasel jp ";
/** Build, test and package tools: their output is a log, JSON only when asked for. */
const BUILD_TOOLS =
  " make gmake cmake ninja meson bazel bazelisk buck gcc g++ cc c++ clang clang++ ld rustc cargo go javac java mvn gradle gradlew sbt  tsc npm yarn pnpm bun deno pip pip3 pytest jest vitest mocha ava eslint prettier biome ruff mypy pyright flake8 pylint black isort  dotnet swift swiftc zig nix docker podman kubectl helm terraform apt apt-get dnf yum apk brew uv poetry tox nox ctest phpunit  rspec bundle rake mix gofmt golangci-lint shellcheck hadolint composer ";
/** Commands that set up the next one and print little of interest. */
const NEUTRAL =
  " cd pushd popd export set unset source . alias unalias shopt true false : local declare typeset readonly trap umask ulimit  exit return sleep wait echo printf mkdir touch rm rmdir cp mv ln chmod chown chgrp clear fi done esac } for case function  [ [[ test let shift break continue hash ";
/** Dumps of bytes as text. */
const DUMPERS = " xxd hexdump od strings ";

/** Short options that take a value, per command (others: none). */
function valueShorts(name: string): string {
  if (isWordOf(name, "head tail")) return "nc";
  if (isWordOf(name, "bat batcat")) return "lHrm";
  if (name == "nl") return "bdfhilnsvw";
  if (name == "sed") return "efl";
  if (isWordOf(name, "awk gawk mawk nawk")) return "fvF";
  if (name == "sort") return "ktoST";
  if (name == "uniq") return "fsw";
  if (name == "cut") return "bcdf";
  if (name == "column") return "scoNRHOWEd";
  if (isWordOf(name, "fold fmt")) return "wgp";
  if (isWordOf(name, "expand unexpand")) return "t";
  if (name == "paste") return "d";
  if (name == "iconv") return "ftco";
  if (name == "rg") return "efgtTjmABCMrEd";
  if (isWordOf(name, "ag ack ack-grep")) return "efgGmABC";
  if (isOneOf(name, SEARCHERS)) return "efmABCdD";
  return "";
}

const SEARCH_VALUE_LONGS =
  " --regexp --file --glob --iglob --type --type-not --max-count --context --after-context --before-context --max-depth  --threads --replace --encoding --max-filesize --sort --sortr --type-add --pre --pre-glob --ignore-file --path-separator  --colors --context-separator --engine --max-columns --lang --pattern ";

function parseFor(name: string, words: string[], from: i32): ParsedArgs {
  const longs = isOneOf(name, SEARCHERS)
    ? SEARCH_VALUE_LONGS
    : isWordOf(name, "head tail")
      ? " --lines --bytes --pid --sleep-interval "
      : isWordOf(name, "bat batcat")
        ? " --language --line-range --highlight-line --style --theme --map-syntax --tabs --wrap --terminal-width --color --paging "
        : name == "sed"
          ? " --expression --file --line-length "
          : "";
  return parseArgs(words, from, valueShorts(name), longs);
}

/** Whether any operand names a log file (`app.log`, `app.log.1`). */
function readsLog(operands: string[]): bool {
  for (let k = 0; k < operands.length; k++) if (isLogPath(operands[k])) return true;
  return false;
}

/** `tail -n +20` / `tail +20`: from a line on, a file's own range; any other tail is its end. */
function tailFromLine(args: ParsedArgs): bool {
  let n = args.value("-n");
  if (n === null) n = args.value("--lines");
  if (n !== null) return n.startsWith("+");
  for (let k = 0; k < args.operands.length; k++) if (args.operands[k].startsWith("+")) return true;
  return false;
}

/**
 * Reads a file (or files): FileContent, unless it only passes its input on. A log is
 * command output whatever reads it, and so is the end of a file (`tail`): its line
 * numbers are not the file's, and its last lines are what it was run for.
 */
function fileReader(name: string, words: string[], from: i32, upstream: bool, implicit: bool): CommandKind {
  const args = parseFor(name, words, from);
  if (args.operands.length > 0 && (readsLog(args.operands) || (name == "tail" && !tailFromLine(args)))) {
    return kind(Category.CommandOutput, Sniff.All);
  }
  if (args.operands.length > 0 || implicit) return kind(Category.FileContent, Sniff.FileLike);
  if (upstream) return new CommandKind(Category.CommandOutput, Sniff.All, Role.Passthrough);
  return kind(Category.CommandOutput, Sniff.All); // `cat <<EOF`: prints what the command line holds
}

function sed(words: string[], from: i32, upstream: bool, implicit: bool): CommandKind {
  const args = parseFor("sed", words, from);
  if (args.has("-i") || args.hasPrefix("--in-place")) return kind(Category.CommandOutput, Sniff.None);
  // A trace of its program on each input line: its own account, not a page of the file.
  if (args.has("--debug")) return kind(Category.CommandOutput, Sniff.Program);
  const scriptGiven = args.hasAny(["-e", "-f", "--expression", "--file"]);
  const files = args.operands.length - (scriptGiven ? 0 : 1);
  if (files > 0 || implicit) return kind(Category.FileContent, Sniff.FileLike);
  if (upstream) return new CommandKind(Category.CommandOutput, Sniff.All, Role.Passthrough);
  return kind(Category.CommandOutput, Sniff.All);
}

function awk(name: string, words: string[], from: i32, upstream: bool, implicit: bool): CommandKind {
  const args = parseFor(name, words, from);
  const files = args.operands.length - (args.has("-f") ? 0 : 1);
  if (upstream && files <= 0 && !implicit) return new CommandKind(Category.CommandOutput, Sniff.All, Role.Passthrough);
  return kind(Category.CommandOutput, Sniff.All);
}

function shapeKeeper(name: string, words: string[], from: i32, upstream: bool, implicit: bool): CommandKind {
  const args = parseFor(name, words, from);
  if (name == "uniq" && (args.has("-c") || args.has("--count"))) return kind(Category.CommandOutput, Sniff.None);
  // tee's and tr's operands are not input files.
  const reads = name != "tee" && name != "tr" && (args.operands.length > 0 || implicit);
  if (upstream && !reads) return new CommandKind(Category.CommandOutput, Sniff.All, Role.Passthrough);
  return kind(Category.CommandOutput, Sniff.All);
}

function searcher(name: string, words: string[], from: i32, upstream: bool, implicit: bool): CommandKind {
  const args = parseFor(name, words, from);
  if (name == "rg" && (args.has("--files") || args.has("--type-list"))) {
    return kind(args.has("--files") ? Category.DirectoryListing : Category.CommandOutput, Sniff.None);
  }
  if (isWordOf(name, "ag ack ack-grep") && (args.has("-g") || args.has("-f"))) {
    return kind(Category.DirectoryListing, Sniff.None); // file names, not hits
  }
  if (args.has("--json")) return kind(Category.StructuredData, Sniff.JsonFlag); // rg --json: one event per line
  if (args.has("-q") || args.has("--quiet")) return kind(Category.CommandOutput, Sniff.None);
  const patternGiven = args.hasAny(["-e", "-f", "--regexp", "--file", "--pattern"]);
  const paths = args.operands.length - (patternGiven ? 0 : 1);
  const recursive = name != "rg" && args.hasAny(["-r", "-R", "--recursive", "--dereference-recursive"]);
  if (!upstream || paths > 0 || implicit || recursive || name == "rgrep") return kind(Category.SearchResults, Sniff.None);
  // Reading its input from the pipe.
  if (args.hasAny(["-c", "--count", "--count-matches"])) return kind(Category.CommandOutput, Sniff.None);
  if (args.has("-v") || args.has("--invert-match")) return new CommandKind(Category.CommandOutput, Sniff.All, Role.Passthrough);
  return new CommandKind(Category.SearchResults, Sniff.None, Role.SearchFilter);
}

const STAT_FLAGS: string[] = ["--numstat", "--shortstat", "--name-only", "--name-status", "--summary", "--compact-summary", "--raw", "--check", "--quiet", "-s", "--no-patch"];

/** git diff/show/log flags that ask for a patch, and those that replace it by a summary. */
function wantsPatch(args: ParsedArgs): bool {
  return args.hasAny(["-p", "-u", "--patch", "-U", "--unified", "--cc"]);
}

function statOnly(args: ParsedArgs): bool {
  return !wantsPatch(args) && (args.hasPrefix("--stat") || args.hasPrefix("--dirstat") || args.hasAny(STAT_FLAGS));
}

const GIT_GLOBAL_VALUES = " -C -c --git-dir --work-tree --namespace --super-prefix --config-env --exec-path ";

function git(words: string[], from: i32): CommandKind {
  let k = from;
  while (k < words.length && words[k].startsWith("-")) k += isOneOf(words[k], GIT_GLOBAL_VALUES) ? 2 : 1;
  if (k >= words.length) return kind(Category.CommandOutput, Sniff.None);
  const sub = words[k];
  const args = parseArgs(words, k + 1, "nSGLUO", " --author --grep --since --until --after --before --format --pretty --date --skip --max-count --committer --output --stat-width ");
  if (isWordOf(sub, "diff diff-tree diff-index diff-files range-diff")) {
    return kind(statOnly(args) ? Category.CommandOutput : Category.Diff, Sniff.None);
  }
  if (sub == "show") {
    // `git show rev:path` prints a file as it was.
    for (let j = 0; j < args.operands.length; j++) {
      if (args.operands[j].includes(":")) return kind(Category.FileContent, Sniff.FileLike);
    }
    return kind(statOnly(args) ? Category.CommandOutput : Category.Diff, Sniff.None);
  }
  if (isWordOf(sub, "log whatchanged reflog")) {
    return kind(wantsPatch(args) || args.has("-L") ? Category.Diff : Category.CommandOutput, Sniff.None);
  }
  if (sub == "format-patch") return kind(args.has("--stdout") ? Category.Diff : Category.CommandOutput, Sniff.None);
  if (sub == "stash") {
    const show = args.operands.length > 0 && args.operands[0] == "show";
    return kind(show && wantsPatch(args) ? Category.Diff : Category.CommandOutput, Sniff.None);
  }
  if (sub == "grep") return kind(Category.SearchResults, Sniff.None);
  if (isWordOf(sub, "ls-files ls-tree")) return kind(Category.DirectoryListing, Sniff.None);
  // Blame lines are a file's lines behind their commits: a report on the file, not a page of it.
  if (isWordOf(sub, "blame annotate")) return kind(Category.CommandOutput, Sniff.None);
  if (sub == "cat-file") return kind(args.has("-p") ? Category.FileContent : Category.CommandOutput, args.has("-p") ? Sniff.FileLike : Sniff.None);
  return kind(Category.CommandOutput, Sniff.None);
}

/** hg, svn, jj: diff and cat by their subcommand. */
function otherVcs(words: string[], from: i32): CommandKind {
  if (from >= words.length) return kind(Category.CommandOutput, Sniff.None);
  const sub = words[from];
  if (sub == "diff") return kind(Category.Diff, Sniff.None);
  if (sub == "cat") return kind(Category.FileContent, Sniff.FileLike);
  if (sub == "log") {
    const args = parseArgs(words, from + 1, "lr", "");
    return kind(args.has("-p") || args.has("--patch") || args.has("--diff") ? Category.Diff : Category.CommandOutput, Sniff.None);
  }
  return kind(Category.CommandOutput, Sniff.None);
}

function curl(words: string[], from: i32): CommandKind {
  const args = parseArgs(
    words,
    from,
    "AbcCdDeEFHKmoQrTuUwxXyYz",
    " --output --data --data-raw --data-binary --data-urlencode --header --request --user-agent --user --cookie --cookie-jar --max-time  --connect-timeout --url --form --referer --proxy --config --write-out --retry --cacert --cert --key --output-dir --json ",
  );
  let out = args.value("-o");
  if (out === null) out = args.value("--output");
  if (args.hasAny(["-O", "--remote-name", "--remote-name-all"]) || (out !== null && out != "-" && out != "/dev/stdout")) {
    return kind(Category.CommandOutput, Sniff.None); // the body went to a file; what is left is progress
  }
  // A trace of the exchange (-v, --trace), or the headers with or without the body (-i, -I):
  // the status line and the headers come first, a page or a document after them if at all.
  if (args.hasAny(["-v", "--verbose", "-i", "--include", "--show-headers", "-I", "--head"]) || args.hasPrefix("--trace")) {
    return kind(Category.CommandOutput, Sniff.All);
  }
  return kind(Category.WebContent, Sniff.Json);
}

function wget(words: string[], from: i32): CommandKind {
  const args = parseArgs(words, from, "OoaeUtTwQPilB", " --output-document --output-file --append-output --user-agent --tries --timeout --wait ");
  let out = args.value("-O");
  if (out === null) out = args.value("--output-document");
  if (out !== null && isWordOf(out, "- /dev/stdout")) return kind(Category.WebContent, Sniff.Json);
  return kind(Category.CommandOutput, Sniff.None); // saved to a file: a progress log
}

function gh(words: string[], from: i32): CommandKind {
  let k = from;
  while (k < words.length && words[k].startsWith("-")) k += words[k] == "-R" || words[k] == "--repo" ? 2 : 1;
  const sub = k < words.length ? words[k] : "";
  const sub2 = k + 1 < words.length ? words[k + 1] : "";
  if (sub == "pr" && sub2 == "diff") return kind(Category.Diff, Sniff.None);
  if (sub == "api") {
    const args = parseArgs(words, k + 1, "qtXfFH", " --jq --template --method --field --raw-field --header --input ");
    if (args.hasAny(["-q", "--jq", "-t", "--template"])) return kind(Category.CommandOutput, Sniff.All);
    return kind(Category.StructuredData, Sniff.JsonFlag);
  }
  return kind(Category.CommandOutput, Sniff.All);
}

/** A format named JSON: `json`, `jsonl`, `ndjson`, `json-diagnostic-short`, `json-with-metadata`. */
function isJsonFormat(value: string): bool {
  const v = lowerForAsciiTests(value);
  return isWordOf(v, "json jsonl ndjson json-lines jsonlines") || v.startsWith("json-") || v.startsWith("json_") || v == "json2";
}

/**
 * A flag asking for JSON output: `--json`, `-json`, or any option whose value names a JSON
 * format (`--format=json`, `--message-format=json-…`, `-f json`, `-o json`, `-ojson`):
 * the option's name differs from tool to tool, the value does not.
 */
function asksForJson(words: string[], from: i32): bool {
  for (let k = from, n = words.length; k < n; k++) {
    const w = words[k];
    if (w.length < 2 || w.charCodeAt(0) != 0x2d) continue;
    if (isWordOf(w, "--json -json --jsonl --ndjson") || w.startsWith("--json=")) return true;
    const eq = w.indexOf("=");
    if (eq > 0) {
      if (isJsonFormat(w.substring(eq + 1))) return true;
      continue;
    }
    if (k + 1 < n && isJsonFormat(words[k + 1])) return true;
    // `-ojson`: a short option with its value attached.
    if (w.charCodeAt(1) != 0x2d && w.length > 2 && isJsonFormat(w.substring(2))) return true;
  }
  return false;
}

/** A tar-style first word without a dash (`tar tzf a.tgz`): its letters are flags. */
function bundledLetters(words: string[], from: i32, letter: string): bool {
  if (from >= words.length) return false;
  const w = words[from];
  if (w.length == 0 || w.startsWith("-")) return false;
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (c < 0x61 || c > 0x7a) return false;
  }
  return w.includes(letter);
}

/**
 * Archivers in their list mode print one row per member: a listing, verbose or not
 * (`tar -tvf`, `unzip -l`, `unzip -v`, `zipinfo`, `jar tf`, `7z l` and `7zz l` (7-Zip's own build), `ar t`, `dpkg-deb -c`).
 * In any other mode they report what they extracted or built. null: not an archiver.
 */
function archiveKind(name: string, words: string[], from: i32): CommandKind | null {
  const listing = kind(Category.DirectoryListing, Sniff.None);
  const report = kind(Category.CommandOutput, Sniff.All);
  if (isWordOf(name, "zipinfo lsar")) return listing;
  if (isWordOf(name, "tar gtar bsdtar jar ar cpio")) {
    const args = parseArgs(words, from, name == "cpio" ? "EFHIMORV" : "fCbTXKNgL", " --file --directory --exclude --files-from --blocking-factor --format ");
    return args.has("-t") || args.has("--list") || bundledLetters(words, from, "t") ? listing : report;
  }
  if (name == "unzip") {
    const args = parseArgs(words, from, "dx", "");
    return args.hasAny(["-l", "-v", "-Z"]) ? listing : report;
  }
  if (isWordOf(name, "7z 7za 7zr 7zz unrar rar")) {
    const sub = from < words.length ? words[from] : "";
    return isWordOf(sub, "l v lt vt") ? listing : report;
  }
  if (isWordOf(name, "dpkg-deb dpkg")) {
    const args = parseArgs(words, from, "", "");
    if (args.has("-c") || args.has("--contents")) return listing;
    return null;
  }
  return null;
}

/** Python's `-m module`, by the module. */
function pythonModule(module: string): CommandKind {
  if (module == "json.tool") return kind(Category.StructuredData, Sniff.None);
  if (isOneOf(module, " pytest unittest pip mypy ruff black flake8 pylint isort tox nox build venv compileall py_compile coverage doctest pyright ")) {
    return kind(Category.CommandOutput, Sniff.Json);
  }
  return kind(Category.CommandOutput, Sniff.All);
}

export function python(words: string[], from: i32): CommandKind {
  for (let k = from; k < words.length; k++) {
    const w = words[k];
    if (w == "-m") return k + 1 < words.length ? pythonModule(words[k + 1]) : kind(Category.CommandOutput, Sniff.All);
    if (w.startsWith("-m") && w.length > 2) return pythonModule(w.substring(2));
    if (!w.startsWith("-")) break; // a script
  }
  return kind(Category.CommandOutput, Sniff.All);
}

export function isNeutral(name: string): bool {
  return isOneOf(name, NEUTRAL);
}

/**
 * The kind of output of command `name` whose arguments are words[from, …).
 * `upstream`: a pipe feeds it. `implicit`: it gets operands it does not show
 * (xargs, find -exec).
 */
export function describeNamed(name: string, words: string[], from: i32, upstream: bool, implicit: bool): CommandKind {
  if (isOneOf(name, FILE_READERS)) return fileReader(name, words, from, upstream, implicit);
  if (isWordOf(name, "sed gsed")) return sed(words, from, upstream, implicit);
  if (isOneOf(name, SEARCHERS)) return searcher(name, words, from, upstream, implicit);
  if (name == "wc") return kind(Category.CommandOutput, Sniff.None);
  if (isOneOf(name, SHAPE_KEEPERS)) return shapeKeeper(name, words, from, upstream, implicit);
  if (isWordOf(name, "awk gawk mawk nawk")) return awk(name, words, from, upstream, implicit);
  if (isOneOf(name, LISTERS) || isWordOf(name, "find bfs")) return kind(Category.DirectoryListing, Sniff.None);
  if (name == "git") return git(words, from);
  const archive = archiveKind(name, words, from);
  if (archive !== null) return archive;
  if (isWordOf(name, "hg svn jj")) return otherVcs(words, from);
  if (isWordOf(name, "diff colordiff")) {
    const args = parseArgs(words, from, "UCFILSx", "");
    return kind(args.has("-q") || args.has("--brief") ? Category.CommandOutput : Category.Diff, Sniff.None);
  }
  if (name == "curl") return curl(words, from);
  if (name == "wget") return wget(words, from);
  if (isOneOf(name, WEB_CLIENTS)) return kind(Category.WebContent, Sniff.Json);
  if (isOneOf(name, JSON_TOOLS)) {
    const args = parseArgs(words, from, "fL", " --arg --argjson --slurpfile --rawfile --indent ");
    const raw = name != "yq" && args.hasAny(["-r", "-j", "--raw-output", "--join-output", "--raw-output0"]);
    return kind(raw ? Category.CommandOutput : Category.StructuredData, raw ? Sniff.All : Sniff.None);
  }
  if (isNeutral(name)) return new CommandKind(Category.CommandOutput, Sniff.All, Role.Neutral);
  if (asksForJson(words, from)) return kind(Category.StructuredData, Sniff.JsonFlag);
  if (name == "gh") return gh(words, from);
  if (isWordOf(name, "docker podman") && from < words.length && words[from] == "inspect") {
    return kind(Category.StructuredData, Sniff.JsonFlag);
  }
  if (isOneOf(name, BUILD_TOOLS)) return kind(Category.CommandOutput, Sniff.Json);
  if (isOneOf(name, DUMPERS)) return kind(Category.CommandOutput, Sniff.None);
  return kind(Category.CommandOutput, Sniff.Program);
}
