import { classify, classifyName } from "../../assembly/classify";
import { Category, categoryName } from "../../assembly/category";
import { normalizeToolName } from "../../assembly/classify/tools";
import { splitCommandLine } from "../../assembly/classify/shell-words";
import { isJsonDocument, isJsonLines } from "../../assembly/json/sniff";
import { sniffText } from "../../assembly/classify/sniff";
import { isLogPath, isStampedLine, looksLikeLog } from "../../assembly/classify/log";
import { argStringList } from "../../assembly/json/arg-list";
import { StrBuf } from "../../assembly/util/strbuf";

/** The result and the case side by side, so a failure names its case. */
function expectCategory(tool: string, args: string, text: string, expected: Category): void {
  const label = " <- " + tool + " " + args + " | " + text.substring(0, 60);
  expect(classifyName(tool, args, text) + label).toBe(categoryName(expected) + label);
}

/** `{"command": "<line>"}` */
function cmd(line: string): string {
  return new StrBuf(line.length + 16).add('{"command":').addJson(line).add("}").toString();
}

/** A shell call running `line` that printed `text`. */
function expectCommand(line: string, text: string, expected: Category): void {
  expectCategory("Bash", cmd(line), text, expected);
}

function repeatLines(line: string, n: i32): string {
  const b = new StrBuf(n * (line.length + 1));
  for (let i = 0; i < n; i++) b.add(line).addChar(0x0a);
  return b.toString();
}

/** Whether a whole line opens with a timestamp. */
function stamped(line: string): bool {
  return isStampedLine(line, 0, line.length);
}

/** Words of a command line joined by "|" to compare them as one string. */
function words(line: string): string {
  const cmds = splitCommandLine(line);
  const parts = new Array<string>();
  for (let i = 0; i < cmds.length; i++) {
    parts.push(cmds[i].words.join(" ") + (cmds[i].next == 1 ? " |" : " ;"));
  }
  return parts.join(" ");
}

/**
 * A formatter's check with diffs (isort --check-only --diff, isort 5.6): a line of its own
 * before each file's unified diff, so the text opens with no diff header.
 */
const ISORT_DIFFS =
  "ERROR: /src/a.py Imports are incorrectly sorted and/or formatted.\n" +
  "--- /src/a.py:before\n+++ /src/a.py:after\n@@ -1,3 +1,3 @@\n-import b, a\n+import a, b\n x = 1\n \n" +
  "ERROR: /src/c.py Imports are incorrectly sorted and/or formatted.\n" +
  "--- /src/c.py:before\n+++ /src/c.py:after\n@@ -1 +1 @@\n-import os,sys\n+import os, sys\n";
/** black --check --diff (23.1): the diffs first, its verdict after each, a total at the end. */
const BLACK_DIFFS =
  "--- /src/a.py\t2026-01-01 10:00:00 +0000\n+++ /src/a.py\t2026-01-01 10:00:01 +0000\n@@ -1,2 +1,2 @@\n-x = 'a'\n+x = \"a\"\n y = 1\n" +
  "would reformat /src/a.py\n\nOh no! \u{1F4A5} \u{1F494} \u{1F4A5}\n1 file would be reformatted.\n";
/** A test log that quotes a small diff among many lines of its own: 3 lines of a hunk of 19. */
const LOG_QUOTING_DIFF =
  "running 12 tests\ntest a ... ok\ntest b ... ok\ntest c ... ok\ntest d ... ok\ntest e ... ok\ntest f ... FAILED\n" +
  "--- expected\n+++ actual\n@@ -1 +1 @@\n-1\n+2\n" +
  "test g ... ok\ntest h ... ok\ntest i ... ok\ntest j ... ok\ntest k ... ok\nfailures: f\ntest result: FAILED. 11 passed; 1 failed\n";

const PLAIN = "building...\ndone in 3s\n";
const GREP_HITS = "src/a.ts:12:const x = 1;\nsrc/b.ts:40:  return x;\nlib/c.js:3:x()\n";
const LS_L = "total 12\ndrwxr-xr-x  2 root root 4096 Jan  1 10:00 src\n-rw-r--r--  1 root root  120 Jan  1 10:00 README.md\n";
const DIFF = "diff --git a/x.ts b/x.ts\nindex 1..2 100644\n--- a/x.ts\n+++ b/x.ts\n@@ -1,2 +1,2 @@\n-a\n+b\n c\n";
const JSON_DOC = '{\n  "name": "undici",\n  "versions": ["7.0.0", "7.1.0"],\n  "dist": {"size": 1}\n}\n';
const STAMPED =
  "2024-03-14 08:41:08.055 INFO  http  GET /api/orders/69 200 19ms\n" +
  "2024-03-14 08:41:08.192 INFO  http  GET /api/orders/70 200 20ms\n" +
  "2024-03-14 08:41:08.329 ERROR http  GET /api/orders/71 500 21ms: TimeoutError\n" +
  "TimeoutError: could not acquire a connection\n" +
  "    at Pool.acquire (pool.js:10:3)\n" +
  "2024-03-14 08:41:08.466 INFO  http  GET /api/orders/72 200 22ms\n";
const NUMBERED_STAMPED = "     1\u2192Mar 14 08:41:08 web1 app[12]: start\n     2\u2192Mar 14 08:41:09 web1 app[12]: ready\n     3\u2192Mar 14 08:41:10 web1 app[12]: stop\n";
const HTML = "<!DOCTYPE html>\n<html lang=\"en\">\n<head><title>x</title></head>\n<body>hi</body>\n</html>\n";

describe("tool names", () => {
  it("normalizes case, - and _, and MCP prefixes", () => {
    expect(normalizeToolName("WebFetch")).toBe("webfetch");
    expect(normalizeToolName("web-fetch")).toBe("webfetch");
    expect(normalizeToolName("web_fetch")).toBe("webfetch");
    expect(normalizeToolName("mcp__github__list_files")).toBe("listfiles");
    expect(normalizeToolName("functions.shell")).toBe("shell");
    expect(normalizeToolName("")).toBe("");
    expect(normalizeToolName("__")).toBe("");
  });

  it("knows Claude Code's tools", () => {
    expectCategory("Read", '{"file_path":"/a.ts"}', "     1\tconst x = 1;\n", Category.FileContent);
    expectCategory("Grep", '{"pattern":"x"}', GREP_HITS, Category.SearchResults);
    expectCategory("Glob", '{"pattern":"**/*.ts"}', "src/a.ts\nsrc/b.ts\n", Category.DirectoryListing);
    expectCategory("LS", '{"path":"/"}', "- /\n  - a.ts\n", Category.DirectoryListing);
    expectCategory("WebFetch", '{"url":"https://x"}', "# Title\n\nSome prose.\n", Category.WebContent);
    expectCategory("WebSearch", '{"query":"x"}', "1. Result one\n2. Result two\n", Category.WebContent);
    expectCategory("Edit", '{"file_path":"a"}', "The file a has been updated.\n", Category.CommandOutput);
    expectCategory("Write", '{"file_path":"a"}', "File created successfully at: a\n", Category.CommandOutput);
    expectCategory("MultiEdit", "{}", "Applied 3 edits to a.ts\n", Category.CommandOutput);
    expectCategory("NotebookEdit", "{}", "Updated cell 2\n", Category.CommandOutput);
    expectCategory("TodoWrite", "{}", "Todos have been modified successfully.\n", Category.CommandOutput);
    expectCategory("Bash", cmd("cat a.txt"), "hello\n", Category.FileContent);
  });

  it("knows Codex's tools", () => {
    expectCategory("shell", '{"command":["bash","-lc","rg -n foo"],"workdir":"/w"}', GREP_HITS, Category.SearchResults);
    expectCategory("shell", '{"command":["ls","-la"]}', LS_L, Category.DirectoryListing);
    expectCategory("exec_command", '{"cmd":"git diff"}', DIFF, Category.Diff);
    expectCategory("read_file", '{"path":"a"}', "L1: x\n", Category.FileContent);
    expectCategory("apply_patch", '{"input":"*** Begin Patch"}', "Success. Updated the following files:\nM a.ts\n", Category.CommandOutput);
    expectCategory("local_shell", '{"command":["cat","a.txt"]}', "x\n", Category.FileContent);
    expectCategory("list_dir", '{"dir_path":"/w"}', "a/\nb.ts\n", Category.DirectoryListing);
    expectCategory("grep_files", '{"pattern":"x"}', "a.ts\n", Category.SearchResults);
    expectCategory("update_plan", "{}", "Plan updated\n", Category.CommandOutput);
  });

  it("knows opencode's tools", () => {
    expectCategory("bash", cmd("npm test"), PLAIN, Category.CommandOutput);
    expectCategory("read", '{"filePath":"a"}', "00001| x\n", Category.FileContent);
    expectCategory("grep", '{"pattern":"x"}', "Found 2 matches\n", Category.SearchResults);
    expectCategory("glob", '{"pattern":"*"}', "a\nb\n", Category.DirectoryListing);
    expectCategory("list", '{"path":"."}', "a/\n", Category.DirectoryListing);
    expectCategory("webfetch", '{"url":"u"}', HTML, Category.WebContent);
    expectCategory("edit", "{}", "", Category.CommandOutput);
    expectCategory("write", "{}", "Wrote file\n", Category.CommandOutput);
  });

  it("knows cowboy's tools", () => {
    expectCategory("read", "{}", "x\n", Category.FileContent);
    expectCategory("cat", "{}", "x\n", Category.FileContent);
    expectCategory("grep", "{}", GREP_HITS, Category.SearchResults);
    expectCategory("rg", "{}", GREP_HITS, Category.SearchResults);
    expectCategory("search", "{}", "a.ts:1:x\n", Category.SearchResults);
    expectCategory("ls", "{}", "a\nb\n", Category.DirectoryListing);
    expectCategory("find", "{}", "./a\n./b\n", Category.DirectoryListing);
    expectCategory("fd", "{}", "a\n", Category.DirectoryListing);
    expectCategory("bash", cmd("make"), PLAIN, Category.CommandOutput);
    expectCategory("sh", cmd("cat a"), "x\n", Category.FileContent);
    expectCategory("nix-search", '{"query":"ripgrep"}', "* nixpkgs.ripgrep (14.1.0)\n", Category.SearchResults);
    expectCategory("nix-search", '{"query":"ripgrep"}', '{"ripgrep":{"version":"14.1.0"}}', Category.StructuredData);
    expectCategory("gh", '{"args":"pr diff 12"}', DIFF, Category.Diff);
    expectCategory("gh", '{"args":"pr list --json number,title"}', '[{"number":1,"title":"x"}]', Category.StructuredData);
    expectCategory("gh", '{"args":["pr","view","12"]}', "title: x\nstate: OPEN\n", Category.CommandOutput);
    expectCategory("gh", '{"command":"gh api repos/a/b"}', '{"id":1}', Category.StructuredData);
    expectCategory("web-search", '{"query":"x"}', "Results for x\n", Category.WebContent);
    expectCategory("web-fetch", '{"url":"u"}', "# Page\n", Category.WebContent);
    expectCategory("web-fetch", '{"url":"u"}', JSON_DOC, Category.StructuredData);
  });

  it("knows vtcode's tools", () => {
    expectCategory("read_file", '{"path":"a"}', "x\n", Category.FileContent);
    expectCategory("grep_file", '{"pattern":"x"}', GREP_HITS, Category.SearchResults);
    expectCategory("list_files", '{"path":"."}', "a\n", Category.DirectoryListing);
    expectCategory("run_pty_cmd", '{"command":"cargo","args":["test"]}', "running 3 tests\ntest a ... ok\n", Category.CommandOutput);
    expectCategory("run_pty_cmd", '{"command":"git","args":["diff"]}', DIFF, Category.Diff);
    expectCategory("run_pty_cmd", '{"command":["rg","-n","x"]}', GREP_HITS, Category.SearchResults);
  });

  it("is case-insensitive and treats - and _ alike", () => {
    expectCategory("READ_FILE", "{}", "x\n", Category.FileContent);
    expectCategory("Read-File", "{}", "x\n", Category.FileContent);
    expectCategory("WEB_FETCH", "{}", "x\n", Category.WebContent);
    expectCategory("List_Files", "{}", "x\n", Category.DirectoryListing);
    expectCategory("RunPtyCmd", cmd("ls"), "a\n", Category.DirectoryListing);
  });

  it("uses the last segment of MCP-style names", () => {
    expectCategory("mcp__filesystem__read_file", "{}", "x\n", Category.FileContent);
    expectCategory("mcp__fs__list_directory", "{}", "x\n", Category.DirectoryListing);
    expectCategory("mcp__shell__bash", cmd("git status"), "On branch main\n", Category.CommandOutput);
  });

  it("classifies an unknown tool by its command argument or its text", () => {
    expectCategory("my_tool", "{}", PLAIN, Category.CommandOutput);
    expectCategory("my_tool", "{}", "", Category.CommandOutput);
    expectCategory("my_tool", '{"command":"grep -rn x ."}', GREP_HITS, Category.SearchResults);
    expectCategory("my_tool", "{}", GREP_HITS, Category.SearchResults);
    expectCategory("my_tool", "{}", DIFF, Category.Diff);
    expectCategory("my_tool", "{}", JSON_DOC, Category.StructuredData);
    expectCategory("my_tool", "{}", HTML, Category.WebContent);
    expectCategory("my_tool", "{}", LS_L, Category.DirectoryListing);
    expectCategory("my_tool", "{}", "abc\0\0\0\0def", Category.Binary);
  });

  it("survives malformed arguments", () => {
    expectCategory("Bash", "", PLAIN, Category.CommandOutput);
    expectCategory("Bash", "{", PLAIN, Category.CommandOutput);
    expectCategory("Bash", '{"command": 5}', PLAIN, Category.CommandOutput);
    expectCategory("Bash", '{"command": ["ls", 5]}', GREP_HITS, Category.SearchResults);
    expectCategory("Bash", '{"command": "ls \\"unterminated}', "a\n", Category.CommandOutput);
    expectCategory("Bash", '{"command": "\'unterminated"}', "a\n", Category.CommandOutput);
    expectCategory("Bash", cmd(""), PLAIN, Category.CommandOutput);
    expectCategory("Bash", cmd("   "), PLAIN, Category.CommandOutput);
    expectCategory("Bash", cmd("|||&&;;"), PLAIN, Category.CommandOutput);
  });
});

describe("shell commands", () => {
  it("reads files", () => {
    expectCommand("cat README.md", "# abridge\n", Category.FileContent);
    expectCommand("head -n 50 src/a.ts", "x\n", Category.FileContent);
    expectCommand("head -50 src/a.ts", "x\n", Category.FileContent);
    expectCommand("tail -n +20 a.py", "x\n", Category.FileContent);
    expectCommand("sed -n '1,80p' a.py", "x\n", Category.FileContent);
    expectCommand("sed -n 10,20p a.py", "x\n", Category.FileContent);
    expectCommand("nl -ba a.py", "     1\tx\n", Category.FileContent);
    expectCommand("less a.txt", "x\n", Category.FileContent);
    expectCommand("bat --style=plain a.rs", "x\n", Category.FileContent);
    expectCommand("git show HEAD~1:src/a.ts", "x\n", Category.FileContent);
  });

  it("takes a log for command output, whatever reads it", () => {
    // The end of a file: its line numbers are not the file's, and its last lines are the point.
    expectCommand("tail -n 2000 service.log", "x\n", Category.CommandOutput);
    expectCommand("tail -n 20 notes.txt", "x\n", Category.CommandOutput);
    expectCommand("tail -50 build.txt", "x\n", Category.CommandOutput);
    expectCommand("tail -f app.out", "x\n", Category.CommandOutput);
    expectCommand("tail +20 a.py", "x\n", Category.FileContent);
    expectCommand("npm test 2>&1 | tail -50", PLAIN, Category.CommandOutput);
    // A log by its name.
    expectCommand("cat app.log", "starting\nready\n", Category.CommandOutput);
    expectCommand("less /var/log/app.log.1", "x\n", Category.CommandOutput);
    expectCommand("cat events.log", '{"a":1}\n{"a":2}\n', Category.StructuredData);
    expectCategory("Read", '{"file_path":"/srv/app/server.log"}', "     1\u2192starting\n", Category.CommandOutput);
    // A log by its lines: timestamps, after line numbers if a Read tool printed them.
    expectCommand("cat service.out", STAMPED, Category.CommandOutput);
    expectCommand("head -n 500 service.out", STAMPED, Category.CommandOutput);
    expectCategory("Read", '{"file_path":"/srv/app/service.out"}', NUMBERED_STAMPED, Category.CommandOutput);
    expectCategory("read_file", '{"path":"service.out"}', STAMPED, Category.CommandOutput);
    // Rows of data that start with a date are a data file, not a log.
    expectCommand("cat prices.csv", "2024-03-14,10.5\n2024-03-15,10.7\n2024-03-16,10.2\n2024-03-17,10.1\n", Category.FileContent);
    expectCategory("Read", '{"file_path":"a.py"}', "import os\nprint(1)\n", Category.FileContent);
  });

  it("takes blame for a report on a file, not a page of it", () => {
    expectCommand("git blame a.ts", "abc123 (me 2024-01-01 1) x\n", Category.CommandOutput);
    expectCommand("git annotate a.ts", "abc123 (me 2024-01-01 1) x\n", Category.CommandOutput);
    expectCommand("bash -lc 'git blame -L 10,20 lib/json/decoder.py'", "^a8c09c6 (x 2023-12-04 12:00:00 +0000 10) y\n", Category.CommandOutput);
  });

  it("lists archives in their list mode, verbose or not", () => {
    const UNZIP = "Archive:  a.jar\n  Length      Date    Time    Name\n---------  ---------- -----   ----\n        0  2023-01-16 06:34   META-INF/\n";
    expectCommand("unzip -l junit.jar", UNZIP, Category.DirectoryListing);
    expectCommand("unzip -v junit.jar", UNZIP, Category.DirectoryListing);
    expectCommand("unzip -Z junit.jar", UNZIP, Category.DirectoryListing);
    expectCommand("zipinfo junit4.jar", UNZIP, Category.DirectoryListing);
    expectCommand("tar -tvzf a.tgz", "a\n", Category.DirectoryListing);
    expectCommand("tar tzf a.tgz", "a\n", Category.DirectoryListing);
    expectCommand("tar --list -f a.tar", "a\n", Category.DirectoryListing);
    expectCommand("jar tf a.jar", "META-INF/\n", Category.DirectoryListing);
    expectCommand("7z l a.7z", "x\n", Category.DirectoryListing);
    expectCommand("7zz l release.7z", "x\n", Category.DirectoryListing);
    expectCommand("ar t libx.a", "a.o\nb.o\n", Category.DirectoryListing);
    expectCommand("dpkg-deb -c a.deb", "x\n", Category.DirectoryListing);
    // Their other modes report what they did.
    expectCommand("7zz a release.7z srv", "x\n", Category.CommandOutput);
    expectCommand("unzip junit.jar", "Archive:  junit.jar\n  inflating: a\n", Category.CommandOutput);
    expectCommand("tar -xvzf a.tgz", "a\nb\n", Category.CommandOutput);
    expectCommand("tar czf a.tgz src", "", Category.CommandOutput);
    expectCommand("7z x a.7z", "Extracting\n", Category.CommandOutput);
  });

  it("judges printed JSON and patches as what they are", () => {
    expectCommand("cat package.json", JSON_DOC, Category.StructuredData);
    expectCommand("cat fix.patch", DIFF, Category.Diff);
    expectCommand("cat notes.txt", "[INFO] not json\n", Category.FileContent);
    expectCommand("cat index.html", HTML, Category.WebContent);
    expectCommand("head -c 300 index.html", "<div>part</div>\n", Category.FileContent);
  });

  it("searches", () => {
    expectCommand("grep -rn foo .", GREP_HITS, Category.SearchResults);
    expectCommand("rg -n foo", GREP_HITS, Category.SearchResults);
    expectCommand("rg foo src", "", Category.SearchResults);
    expectCommand("ag foo", GREP_HITS, Category.SearchResults);
    expectCommand("ack foo", GREP_HITS, Category.SearchResults);
    expectCommand("git grep -n foo", GREP_HITS, Category.SearchResults);
    expectCommand("grep -rl foo src", "src/a.ts\n", Category.SearchResults);
    expectCommand("grep -c foo a.txt b.txt", "a.txt:3\nb.txt:0\n", Category.SearchResults);
    expectCommand("grep -e foo -e bar a.txt", "foo\n", Category.SearchResults);
    expectCommand("/usr/bin/grep -n foo a.txt", "1:foo\n", Category.SearchResults);
    expectCommand("grep -q foo a.txt", "", Category.CommandOutput);
    expectCommand("rg --json foo", '{"type":"begin"}\n{"type":"end"}\n', Category.StructuredData);
  });

  it("lists directories", () => {
    expectCommand("ls", "a\nb\n", Category.DirectoryListing);
    expectCommand("ls -la", LS_L, Category.DirectoryListing);
    expectCommand("find . -name '*.ts'", "./a.ts\n", Category.DirectoryListing);
    expectCommand("fd -e ts", "a.ts\n", Category.DirectoryListing);
    expectCommand("tree -L 2", ".\n└── a\n", Category.DirectoryListing);
    expectCommand("du -sh *", "4.0K\ta\n", Category.DirectoryListing);
    expectCommand("git ls-files", "a.ts\n", Category.DirectoryListing);
    expectCommand("rg --files", "a.ts\n", Category.DirectoryListing);
    expectCommand("eza -l", "x\n", Category.DirectoryListing);
  });

  it("finds with -exec by the command it runs", () => {
    expectCommand("find . -name '*.py' -exec grep -n TODO {} +", GREP_HITS, Category.SearchResults);
    expectCommand("find . -name '*.md' -exec cat {} \\;", "# x\n", Category.FileContent);
    expectCommand("find . -type f -exec ls -l {} \\;", LS_L, Category.DirectoryListing);
    expectCommand("find . -name '*.o' -exec rm {} +", "", Category.DirectoryListing);
  });

  it("diffs", () => {
    expectCommand("git diff", DIFF, Category.Diff);
    expectCommand("git diff --cached src/", DIFF, Category.Diff);
    expectCommand("git show HEAD", DIFF, Category.Diff);
    expectCommand("git show abc123", "", Category.Diff);
    expectCommand("git log -p -3", DIFF, Category.Diff);
    expectCommand("git log --patch", DIFF, Category.Diff);
    expectCommand("git log -L 10,20:a.ts", DIFF, Category.Diff);
    expectCommand("diff -u a b", DIFF, Category.Diff);
    expectCommand("diff a b", "1c1\n< a\n---\n> b\n", Category.Diff);
    expectCommand("git -C repo --no-pager diff HEAD~1", DIFF, Category.Diff);
    expectCommand("git stash show -p", DIFF, Category.Diff);
    expectCommand("git format-patch -1 --stdout", DIFF, Category.Diff);
    expectCommand("git diff --stat --patch", DIFF, Category.Diff);
    expectCommand("hg diff", DIFF, Category.Diff);
  });

  it("summaries of changes are command output", () => {
    expectCommand("git diff --stat", " a.ts | 2 +-\n 1 file changed\n", Category.CommandOutput);
    expectCommand("git diff --stat=120", " a.ts | 2 +-\n", Category.CommandOutput);
    expectCommand("git diff --name-only", "a.ts\n", Category.CommandOutput);
    expectCommand("git show --stat HEAD", "commit abc\n", Category.CommandOutput);
    expectCommand("git show -s --format=%H", "abc\n", Category.CommandOutput);
    expectCommand("git log --oneline -5", "abc first\n", Category.CommandOutput);
    expectCommand("git log --stat", "commit abc\n", Category.CommandOutput);
    expectCommand("git status", "On branch main\n", Category.CommandOutput);
    expectCommand("git stash show", " a | 1 +\n", Category.CommandOutput);
    expectCommand("diff -q a b", "Files a and b differ\n", Category.CommandOutput);
  });

  it("fetches from the web", () => {
    expectCommand("curl -s https://example.com", HTML, Category.WebContent);
    expectCommand("curl -sL https://example.com", "plain text page\n", Category.WebContent);
    expectCommand("curl -s https://api.github.com/repos/a/b", JSON_DOC, Category.StructuredData);
    expectCommand("wget -qO- https://example.com", HTML, Category.WebContent);
    expectCommand("wget -O - https://example.com", "page\n", Category.WebContent);
    expectCommand("http GET https://api/x", JSON_DOC, Category.StructuredData);
    expectCommand("curl -o out.html https://example.com", "  % Total    % Received\n", Category.CommandOutput);
    expectCommand("curl -O https://example.com/a.tgz", "  % Total\n", Category.CommandOutput);
    expectCommand("wget https://example.com/a.tgz", "--2024-01-01--  https://example.com\nSaving to: 'a.tgz'\n", Category.CommandOutput);
  });

  it("takes a trace of the exchange, or the headers, for command output", () => {
    const TRACE = "* Connected to 127.0.0.1\n> GET /api HTTP/1.1\n< HTTP/1.1 200 OK\n<\n" + HTML;
    expectCommand("curl -v http://127.0.0.1/api", TRACE, Category.CommandOutput);
    expectCommand("curl -sv http://127.0.0.1/api", TRACE, Category.CommandOutput);
    expectCommand("curl --trace-ascii - http://127.0.0.1/api", TRACE, Category.CommandOutput);
    expectCommand("curl -i http://127.0.0.1/api", "HTTP/1.1 200 OK\n\n{}\n", Category.CommandOutput);
    expectCommand("curl -I http://127.0.0.1/", "HTTP/1.1 200 OK\n", Category.CommandOutput);
    // The body alone (stderr not captured) is judged as what it is.
    expectCommand("curl -sv http://127.0.0.1/api", JSON_DOC, Category.StructuredData);
    expectCommand("curl -v http://127.0.0.1/", HTML, Category.WebContent);
  });

  it("structured data", () => {
    expectCommand("jq . package.json", JSON_DOC, Category.StructuredData);
    expectCommand("jq '.dependencies' package.json", "null\n", Category.StructuredData);
    expectCommand("jq -r '.name' package.json", "abridge\n", Category.CommandOutput);
    expectCommand("yq . a.yaml", "a: 1\n", Category.StructuredData);
    expectCommand("gh pr list --json number,title", '[{"number":1}]', Category.StructuredData);
    expectCommand("gh pr list --json number --jq '.[].number'", "1\n2\n", Category.CommandOutput);
    expectCommand("npm view undici --json", JSON_DOC, Category.StructuredData);
    expectCommand("npm view undici", "undici@7.0.0 | MIT\n", Category.CommandOutput);
    expectCommand("npm view undici --json", "npm warn Unknown user config\n" + JSON_DOC, Category.StructuredData);
    expectCommand("npm view undici --json", "npm error code E404\nnpm error 404 Not Found\n", Category.CommandOutput);
    expectCommand("gh api repos/a/b", "{ oops", Category.CommandOutput);
    expectCommand("npm ls --json", "npm warn a\nnpm error b\nnpm error c\nnpm error d\nnpm error e\nnpm error f\n" + JSON_DOC, Category.StructuredData);
    expectCommand("npm ls --all --json", JSON_DOC, Category.StructuredData);
    expectCommand("cargo build --message-format=json", '{"reason":"compiler-artifact"}\n{"reason":"build-finished"}\n', Category.StructuredData);
    expectCommand("kubectl get pods -o json", JSON_DOC, Category.StructuredData);
    expectCommand("python3 -m json.tool a.json", JSON_DOC, Category.StructuredData);
    expectCommand("docker inspect web", "[\n  {\"Id\": \"x\"}\n]\n", Category.StructuredData);
    expectCommand("aws s3api list-buckets --output json", JSON_DOC, Category.StructuredData);
    // The option's name differs from tool to tool; a value naming JSON does not.
    expectCommand("npx eslint -f json src/", "npm warn exec x\n" + JSON_DOC, Category.StructuredData);
    expectCommand("eslint --format=json-with-metadata src", JSON_DOC, Category.StructuredData);
    expectCommand("kubectl get pods -ojson", JSON_DOC, Category.StructuredData);
    expectCommand("docker ps --format json", '{"ID":"a"}\n{"ID":"b"}\n', Category.StructuredData);
    // Asked for, but printed something else: judged by the text.
    expectCommand("npx eslint -f json src/", "Oops! Something went wrong\n", Category.CommandOutput);
    // Setup commands stay setup: `mkdir -p json && ls` is a listing.
    expectCommand("mkdir -p json && ls json", "a.json\n", Category.DirectoryListing);
    expectCommand("ls json", "a.json\n", Category.DirectoryListing);
  });

  it("everything else is command output", () => {
    expectCommand("make", "gcc -c a.c\na.c:3:5: error: expected ';'\n", Category.CommandOutput);
    expectCommand("gcc -Wall a.c", "a.c:3:5: warning: unused variable 'x'\n", Category.CommandOutput);
    expectCommand("npm test", PLAIN, Category.CommandOutput);
    expectCommand("python3 script.py", PLAIN, Category.CommandOutput);
    expectCommand("python -m pytest -q", "tests/test_a.py:12: AssertionError\n", Category.CommandOutput);
    expectCommand("cargo test", "running 1 test\n", Category.CommandOutput);
    expectCommand("npx tsc --noEmit", "src/a.ts(3,5): error TS2345: x\n", Category.CommandOutput);
    expectCommand("go test ./...", "ok  \tpkg\t0.1s\n", Category.CommandOutput);
    expectCommand("echo hello", "hello\n", Category.CommandOutput);
    expectCommand("wc -l a.txt", "3 a.txt\n", Category.CommandOutput);
    expectCommand("xxd a.bin | head", "00000000: 7f45 4c46  .ELF\n", Category.CommandOutput);
    expectCommand("make", "", Category.CommandOutput);
  });

  it("sniffs commands that could print anything", () => {
    expectCommand("./run.sh", GREP_HITS, Category.SearchResults);
    expectCommand("node print.js", JSON_DOC, Category.StructuredData);
    expectCommand("python3 gen.py", DIFF, Category.Diff);
    expectCommand("./serve --dump", HTML, Category.WebContent);
    expectCommand("echo '{\"a\": 1}'", '{"a": 1}\n', Category.StructuredData);
    expectCommand("./build.sh", "a.c:3:5: error: x\nb.c:4:1: warning: y\nc.c:9:2: error: z\n", Category.CommandOutput);
  });
});

/** msgfmt -c's findings (msgfmt-check-fr): `path:line: message`, no column, no severity word. */
const CHECKER = "fr.po:28: format specifications differ\nfr.po:38: number of format specifications does not match\nfr.po:53: number of format specifications does not match\n";
/** tsort's order (tsort-loop): names one a line, slash-separated like paths. */
const NAMES = "cart/core\nreview/rates\ncatalog/rates\nbilling/rates\n";

describe("a program named by the command, and its text", () => {
  it("takes `path:line` lines for a search's hits only from a search or a command it cannot see", () => {
    expectCommand("msgfmt -c -o /dev/null fr.po", CHECKER, Category.CommandOutput);
    expectCommand("npx markdownlint docs/", "docs/a.md:1:1 MD033/x y\ndocs/a.md:3 MD041/x y\ndocs/b.md:9 MD001/x y\n", Category.CommandOutput);
    expectCommand("grep -n format fr.po", CHECKER, Category.SearchResults);
    // A script run by its path may wrap a search: its text decides.
    expectCommand("./check.sh fr.po", CHECKER, Category.SearchResults);
    expectCommand("tools/check fr.po", CHECKER, Category.SearchResults);
    // So may a script an interpreter runs, and an installed tool called by its path.
    expectCommand("node scripts/find-uses.js fr.po", CHECKER, Category.SearchResults);
    expectCommand("perl tools/scan.pl", CHECKER, Category.SearchResults);
    expectCommand("/usr/local/bin/scan fr.po", CHECKER, Category.SearchResults);
    expectCategory("my_tool", "{}", CHECKER, Category.SearchResults);
    // Argv as the harness hands it: the first word names the program.
    expectCategory("shell", '{"command":["msgfmt","-c","fr.po"]}', CHECKER, Category.CommandOutput);
    expectCategory("shell", '{"command":["bash","-lc","msgfmt -c fr.po | head -20"]}', CHECKER, Category.CommandOutput);
  });

  it("takes paths one a line for a listing only from a listing or a command it cannot see", () => {
    expectCommand("tsort build-order.txt", NAMES, Category.CommandOutput);
    expectCommand("find . -type d", NAMES, Category.DirectoryListing);
    expectCommand("bash gen.sh", NAMES, Category.DirectoryListing);
    expectCategory("my_tool", "{}", NAMES, Category.DirectoryListing);
    expectCategory("shell", '{"command":["tsort","build-order.txt"]}', NAMES, Category.CommandOutput);
  });

  it("still takes a named program's JSON, diff, HTML and ls -l rows for what they are", () => {
    expectCommand("mytool dump", JSON_DOC, Category.StructuredData);
    expectCommand("mytool changes", DIFF, Category.Diff);
    expectCommand("mytool page", HTML, Category.WebContent);
    expectCommand("ssh host ls -la", LS_L, Category.DirectoryListing);
  });

  it("takes an editor's --debug trace for its own account, not a page of the file", () => {
    const trace = "SED PROGRAM:\n  /^#/ d\nINPUT:   'a.conf' line 1\nPATTERN: # x\nCOMMAND: /^#/ d\nEND-OF-CYCLE:\n";
    expectCommand("sed --debug -E -f promote.sed a.conf", trace, Category.CommandOutput);
    expectCommand("sed -E -f promote.sed a.conf", "x = 1\n", Category.FileContent);
    expectCommand("sed -n 1,20p a.conf", "x = 1\n", Category.FileContent);
  });
});

describe("shell unwrapping", () => {
  it("opens bash -lc, sh -c and eval", () => {
    expectCommand("bash -lc 'grep -rn foo .'", GREP_HITS, Category.SearchResults);
    expectCommand("sh -c \"cat a.txt\"", "x\n", Category.FileContent);
    expectCommand("bash -c 'cd src && ls -la'", LS_L, Category.DirectoryListing);
    expectCommand("zsh -c 'git diff'", DIFF, Category.Diff);
    expectCommand("bash --login -c 'git log -p'", DIFF, Category.Diff);
    expectCommand("bash -c \"sh -c 'cat a'\"", "x\n", Category.FileContent);
    expectCommand("eval \"grep -n x a.txt\"", "1:x\n", Category.SearchResults);
    expectCommand("bash script.sh", PLAIN, Category.CommandOutput);
    expectCategory("shell", '{"command":["bash","-lc","cd /w && sed -n 1,40p a.rs"]}', "x\n", Category.FileContent);
    expectCategory("shell", '{"command":["/bin/zsh","-lc","git diff"]}', DIFF, Category.Diff);
  });

  it("skips cd, env assignments, sudo, time, timeout and friends", () => {
    expectCommand("cd src && cat a.ts", "x\n", Category.FileContent);
    expectCommand("cd /tmp; cd x && grep -rn y .", GREP_HITS, Category.SearchResults);
    expectCommand("FOO=1 BAR=2 cat a.txt", "x\n", Category.FileContent);
    expectCommand("env -u X LANG=C grep -rn y .", GREP_HITS, Category.SearchResults);
    expectCommand("sudo -u www ls -la /var", LS_L, Category.DirectoryListing);
    expectCommand("time git diff", DIFF, Category.Diff);
    expectCommand("timeout 10 cat a.txt", "x\n", Category.FileContent);
    expectCommand("timeout -s KILL 5s rg foo", GREP_HITS, Category.SearchResults);
    expectCommand("nice -n 10 find .", "./a\n", Category.DirectoryListing);
    expectCommand("nohup cat a", "x\n", Category.FileContent);
    expectCommand("command ls", "a\n", Category.DirectoryListing);
    expectCommand("npx -y prettier --check .", PLAIN, Category.CommandOutput);
    expectCommand("uv run pytest", PLAIN, Category.CommandOutput);
    expectCommand("(cd src && git diff)", DIFF, Category.Diff);
    expectCommand("{ cat a.txt; }", "x\n", Category.FileContent);
  });

  it("lets the last command of a chain decide", () => {
    expectCommand("git add -A && git diff --cached", DIFF, Category.Diff);
    expectCommand("git diff; git status", "On branch main\n", Category.CommandOutput);
    expectCommand("make && ./test", PLAIN, Category.CommandOutput);
    expectCommand("ls || cat a.txt", "x\n", Category.FileContent);
    expectCommand("grep -rn x . ; echo done", GREP_HITS, Category.SearchResults);
    expectCommand("mkdir -p out && cd out && ls", "a\n", Category.DirectoryListing);
    expectCommand("cat a.txt\ncat b.txt", "x\n", Category.FileContent);
    expectCommand("for f in *.py; do grep -n TODO $f; done", "3:# TODO\n", Category.SearchResults);
    expectCommand("if [ -f a ]; then cat a; fi", "x\n", Category.FileContent);
    expectCommand("cd /tmp", "", Category.CommandOutput);
    expectCommand("echo start && npm test 2>&1", PLAIN, Category.CommandOutput);
  });

  it("drops redirections and here-documents", () => {
    expectCommand("grep -rn x . 2>/dev/null", GREP_HITS, Category.SearchResults);
    expectCommand("cat a.txt 2>&1", "x\n", Category.FileContent);
    expectCommand("git diff > /tmp/d.txt; cat /tmp/d.txt", DIFF, Category.Diff);
    expectCommand("cat > a.py <<'EOF'\nimport os\nls -la\nEOF\npython3 a.py", PLAIN, Category.CommandOutput);
    expectCommand("python3 - <<EOF\nprint(1)\nEOF", "1\n", Category.CommandOutput);
    expectCommand("grep x < a.txt", "x\n", Category.SearchResults);
    expectCommand("diff <(sort a) <(sort b)", "1c1\n", Category.Diff);
    expectCommand("cat a.txt # show it", "x\n", Category.FileContent);
  });
});

describe("pipelines", () => {
  it("passes the kind through head, tail, sort, less, tee", () => {
    expectCommand("grep -rn x . | head -50", GREP_HITS, Category.SearchResults);
    expectCommand("find . -name '*.ts' | sort", "./a.ts\n", Category.DirectoryListing);
    expectCommand("ls -la /usr/bin | head -100", LS_L, Category.DirectoryListing);
    expectCommand("git diff | head -200", DIFF, Category.Diff);
    expectCommand("git log -p | less", DIFF, Category.Diff);
    expectCommand("npm test 2>&1 | tail -50", PLAIN, Category.CommandOutput);
    expectCommand("make 2>&1 | tee build.log", PLAIN, Category.CommandOutput);
    expectCommand("cat a.txt | head -5", "x\n", Category.FileContent);
    expectCommand("rg -n x | sort | uniq | head", GREP_HITS, Category.SearchResults);
    expectCommand("find . | grep -v node_modules", "./a\n", Category.DirectoryListing);
    expectCommand("sed -n 1,5p a.txt | cat -n", "     1\tx\n", Category.FileContent);
  });

  it("makes a search of grep on a pipe, except over a listing", () => {
    expectCommand("cat a.txt | grep x", "x\n", Category.SearchResults);
    expectCommand("ps aux | grep node", "root 1 node\n", Category.SearchResults);
    expectCommand("ls -la | grep foo", "-rw-r--r-- 1 a a 1 Jan 1 00:00 foo\n", Category.DirectoryListing);
    expectCommand("find . | grep test", "./test\n", Category.DirectoryListing);
    expectCommand("grep -rn x . | grep -v test", GREP_HITS, Category.SearchResults);
    expectCommand("cat a.txt | rg foo", "foo\n", Category.SearchResults);
    expectCommand("cat a.txt | grep x a.txt", "x\n", Category.SearchResults);
  });

  it("makes a summary of wc, uniq -c and grep -c", () => {
    expectCommand("find . | wc -l", "42\n", Category.CommandOutput);
    expectCommand("grep -rn x . | wc -l", "12\n", Category.CommandOutput);
    expectCommand("cut -d: -f1 a | sort | uniq -c", "   3 a\n", Category.CommandOutput);
    expectCommand("cat a.txt | grep -c x", "3\n", Category.CommandOutput);
  });

  it("lets a command that reshapes the output decide", () => {
    expectCommand("curl -s https://api/x | jq .", JSON_DOC, Category.StructuredData);
    expectCommand("curl -s https://api/x | jq -r '.name'", "abridge\n", Category.CommandOutput);
    expectCommand("find . -name '*.ts' | xargs grep -n foo", GREP_HITS, Category.SearchResults);
    expectCommand("git ls-files | xargs cat", "x\n", Category.FileContent);
    expectCommand("git ls-files | xargs wc -l", "3 a\n", Category.CommandOutput);
    // With its standard output sent to a file, a command shows only its complaints, whatever it prints.
    const complaint = "python3 -m json.tool conf/a.json\nExpecting ',' delimiter: line 4 column 3 (char 43)\n";
    expectCommand("find conf -name '*.json' | xargs -t -n 1 python3 -m json.tool > /dev/null", complaint, Category.CommandOutput);
    expectCommand("python3 -m json.tool a.json 1>>checked.log", complaint, Category.CommandOutput);
    // Its stderr sent away, or its output joined to stderr, what it prints is still seen.
    expectCommand("python3 -m json.tool a.json 2>/dev/null", JSON_DOC, Category.StructuredData);
    expectCommand("python3 -m json.tool a.json >&2", JSON_DOC, Category.StructuredData);
    // Sent to a standard stream by name, it is still seen too; to the terminal or a file named like one, not
    // (a harness captures the pipes, not the terminal).
    expectCommand("python3 -m json.tool a.json > /dev/stdout", JSON_DOC, Category.StructuredData);
    expectCommand("python3 -m json.tool a.json > /dev/stderr", JSON_DOC, Category.StructuredData);
    expectCommand("python3 -m json.tool a.json >/dev/tty", complaint, Category.CommandOutput);
    expectCommand("python3 -m json.tool a.json >/dev/fd/1; true", JSON_DOC, Category.StructuredData);
    expectCommand("python3 -m json.tool a.json >>/dev/fd/2", JSON_DOC, Category.StructuredData);
    expectCommand("python3 -m json.tool a.json > /dev/stdout.log", complaint, Category.CommandOutput);
    // A setup step sent to /dev/null stays a setup step: the listing before it decides.
    expectCommand("ls -la; cd /tmp > /dev/null", LS_L, Category.DirectoryListing);
    expectCommand("echo x | python3 -c 'import sys'", PLAIN, Category.CommandOutput);
    expectCommand("grep -rn x . |& head", GREP_HITS, Category.SearchResults);
  });
});

describe("text sniffing", () => {
  it("finds grep hits with and without paths, with context lines", () => {
    expect(sniffText(GREP_HITS)).toBe(Category.SearchResults);
    expect(sniffText("12:def f():\n40:def g():\n")).toBe(Category.SearchResults);
    expect(sniffText("a.py-11-x\na.py:12:hit\na.py-13-y\n--\nb.py:3:hit\n")).toBe(Category.SearchResults);
    expect(sniffText("src/a.ts:12:x\r\nsrc/b.ts:3:y\r\n")).toBe(Category.SearchResults);
  });

  it("does not take diagnostics, timestamps or prose for hits", () => {
    expect(sniffText("a.c:3:5: error: x\nb.c:4:1: warning: y\n")).toBe(-1);
    expect(sniffText("x.py:1:1: E302 expected 2 blank lines\ny.py:2:1: F401 unused\n")).toBe(-1);
    expect(sniffText("x.py:3: DeprecationWarning: old\ny.py:4: error: bad type\n")).toBe(-1);
    // A column number marks a finding whatever its message says (pyflakes, flake8 --format=default).
    expect(sniffText("http/client.py:319:26: undefined name 'CONTINUE'\nemail/utils.py:12:1: 'os' imported but unused\n")).toBe(-1);
    expect(sniffText("12:30:45 INFO start\n12:30:46 INFO stop\n")).toBe(-1);
    expect(sniffText("Error: something failed at step 3\nsee log\n")).toBe(-1);
    // A one-letter status right after the line number opens a runner's record, not source text.
    expect(sniffText("t/a.c:7:P:core:test_a:0: Passed\nt/b.c:9:F:core:test_b:0: 2 != 3\n")).toBe(-1);
    // Source that grep found stays a hit: a lower-case label, an indented one, a longer word.
    expect(sniffText("a.c:7:x:\nb.yml:3:  A: 1\nc.md:5:Note: see\n")).toBe(Category.SearchResults);
    // A capital and a colon with no field after it is text too: a question, a drive letter.
    expect(sniffText("notes.md:3:Q: why\ncfg.ini:4:C:\\data\nfaq.md:9:A: because\n")).toBe(Category.SearchResults);
    expect(sniffText(PLAIN)).toBe(-1);
  });

  it("reads markup interleaved with a program's `name:` lines as a command's output, not a page", () => {
    const page = "<html><body>\n<h2>a</h2>\n<p>Note: text</p>\n</body></html>\n";
    expect(sniffText(page)).toBe(Category.WebContent);
    // Lines 4, 5 and 6 open with a word and a colon, as a program's messages on stderr do.
    const traced =
      "<html><body>\n" + // line 1
      "gen-trace: page(`a') -> `<h2>a</h2>'\n" + // line 2: "gen-trace:" has a '-', not a word
      "<h2>a</h2>\n" + // line 3
      "gentrace: page(`b') -> `<h2>b</h2>'\n" + // line 4
      "gen:site.t:3: cannot open `b.t'\n" + // line 5
      "gentrace: page(`c') -> `<h2>c</h2>'\n" + // line 6
      "</body></html>\n"; // line 7
    expect(sniffText(traced)).toBe(-1);
    // Two such lines are text a page may hold.
    expect(sniffText("<html><body>\nNote: a\nTip: b\n<p>c</p>\n</body></html>\n")).toBe(Category.WebContent);
    // Markup's own `word:` openings are not a program's: URLs, stylesheet selectors.
    expect(sniffText("<html><body>\nhttps://a.example/x\nhttps://a.example/y\nhttps://a.example/z\n</body></html>\n")).toBe(Category.WebContent);
    expect(sniffText("<html><head><style>\na:hover {color: red}\nli:first-child{margin:0}\ntd:empty {padding:0 4px}\n</style></head></html>\n")).toBe(Category.WebContent);
    expect(sniffText("<html><head><style>\ncolor: red;\ncolor: blue;\ncolor: green;\n</style></head></html>\n")).toBe(Category.WebContent);
    // Lines opening with three different labels are a page's text, not one program's messages.
    expect(sniffText("<html><body><pre>\nFrom: a@b.example\nTo: c@d.example\nSubject: hello there\n</pre></body></html>\n")).toBe(Category.WebContent);
  });

  it("finds unified diffs by their headers", () => {
    expect(sniffText(DIFF)).toBe(Category.Diff);
    expect(sniffText("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n")).toBe(Category.Diff);
    expect(sniffText("@@ -10,3 +10,4 @@ fn x\n a\n+b\n")).toBe(Category.Diff);
    expect(sniffText("commit abc\nAuthor: x\n\n    msg\n\ndiff --git a/x b/x\n")).toBe(Category.Diff);
    expect(sniffText("--- a/x\nsomething else\n+++ b/x\n@@ -1 +1 @@\n")).toBe(-1);
    expect(sniffText("note: @@ -1 +1 @@ is a hunk header\n")).toBe(-1);
  });

  it("takes diffs among a tool's own lines for a Diff, not a log that quotes one", () => {
    // Whatever the first line says: the diff lines are most of the text.
    expect(sniffText(ISORT_DIFFS)).toBe(Category.Diff);
    expect(sniffText(BLACK_DIFFS)).toBe(Category.Diff);
    // A build or lint tool decides alone unless the text is JSON or such diffs (isort and black are both).
    expectCommand("isort --check-only --diff src", ISORT_DIFFS, Category.Diff);
    expectCommand("black --check --diff src", BLACK_DIFFS, Category.Diff);
    expectCommand("isort --check-only src", "ERROR: /src/a.py Imports are incorrectly sorted and/or formatted.\n", Category.CommandOutput);
    // Lines of a diff under a quarter of the text: a log that quotes a diff.
    expect(sniffText(LOG_QUOTING_DIFF)).toBe(-1);
    expectCommand("cargo test", LOG_QUOTING_DIFF, Category.CommandOutput);
    expectCommand("./run-tests.sh", LOG_QUOTING_DIFF, Category.CommandOutput);
    // The same diff with a few lines of the tool's is a Diff.
    expectCommand("./run-tests.sh", "test f ... FAILED\n--- expected\n+++ actual\n@@ -1 +1 @@\n-1\n+2\n", Category.Diff);
  });

  it("finds JSON documents and NDJSON, judging big ones by their start", () => {
    expect(sniffText(JSON_DOC)).toBe(Category.StructuredData);
    expect(sniffText("[]")).toBe(Category.StructuredData);
    expect(sniffText("  \n[1, 2.5e3, -0, true, null, \"\\u00e9\"]\n")).toBe(Category.StructuredData);
    expect(sniffText('{"a":1}\n{"a":2}\n{"a":3}\n')).toBe(Category.StructuredData);
    expect(sniffText("[INFO] starting\n[INFO] done\n")).toBe(-1);
    expect(sniffText("[1/3] Compiling\n")).toBe(-1);
    expect(sniffText('{"a":1}\nnot json\n')).toBe(-1);
    expect(sniffText('{"a": 1')).toBe(-1); // the whole text was seen: an unclosed document is not JSON
    expect(sniffText("{a: 1}")).toBe(-1);
    // 100,000 array items: judged by the first 8 KB.
    const big = "[" + repeatLines('{"k": "value", "n": 12345},', 100000) + "{}]";
    expect(sniffText(big)).toBe(Category.StructuredData);
    expect(isJsonDocument(big, 64)).toBe(true);
    expect(isJsonDocument("[1, oops" + big, 64)).toBe(false);
    expect(isJsonLines('{"a":1}\n{"b"', 12)).toBe(false); // only one whole line in the window
  });

  it("finds logs by the timestamps their lines open with", () => {
    expect(looksLikeLog(STAMPED)).toBe(true);
    expect(looksLikeLog(NUMBERED_STAMPED)).toBe(true);
    expect(stamped("2024-03-14T08:41:08Z msg")).toBe(true);
    expect(stamped("[2024-03-14 08:41:08,123] INFO x")).toBe(true);
    expect(stamped("2024/03/14 08:41 x")).toBe(true);
    expect(stamped("08:41:08.055 x")).toBe(true);
    expect(stamped("Mar  4 08:41:08 host x")).toBe(true);
    expect(stamped("[   12.345678] usb 1-1: new device")).toBe(true);
    expect(stamped("I0314 08:41:08.055123  1234 main.go:10] x")).toBe(true);
    expect(stamped("12\t2024-03-14 08:41:08 x")).toBe(true);
    // Data rows, versions and prose are not stamps.
    expect(stamped("2024-03-14,10.5")).toBe(false);
    expect(stamped("08:41:08,10.5")).toBe(false);
    expect(stamped("2024-03-14")).toBe(false);
    expect(stamped("1.2.3 released")).toBe(false);
    expect(stamped("[1/3] Compiling")).toBe(false);
    expect(stamped("Mark 14 08:41:08")).toBe(false);
    // Too few stamped lines, or too small a share of them.
    expect(looksLikeLog("2024-03-14 08:41:08 a\n2024-03-14 08:41:09 b\n")).toBe(false);
    expect(looksLikeLog(STAMPED + repeatLines("plain line", 20))).toBe(false);
    expect(looksLikeLog(repeatLines("Mar 14 08:41:08 host x", 2) + "\n\n" + repeatLines("   at frame", 2) + "Mar 14 08:41:09 host y\n")).toBe(true);
    expect(looksLikeLog("")).toBe(false);
    expect(isLogPath("/var/log/app.log")).toBe(true);
    expect(isLogPath("server.LOG")).toBe(true);
    expect(isLogPath("app.log.1")).toBe(true);
    expect(isLogPath("catalog")).toBe(false);
    expect(isLogPath(".log")).toBe(false);
    expect(isLogPath("logs/readme.md")).toBe(false);
  });

  it("finds HTML documents", () => {
    expect(sniffText(HTML)).toBe(Category.WebContent);
    expect(sniffText("\n  <HTML>\n<body></body></HTML>")).toBe(Category.WebContent);
    expect(sniffText("<?xml version=\"1.0\"?>\n<!DOCTYPE html>\n<html/>")).toBe(Category.WebContent);
    expect(sniffText("<div>fragment</div>\n")).toBe(-1);
    expect(sniffText("<htmlx>\n")).toBe(-1);
  });

  it("finds ls -l rows", () => {
    expect(sniffText(LS_L)).toBe(Category.DirectoryListing);
    expect(sniffText("lrwxrwxrwx  1 root root 7 Jan 1 bin -> usr/bin\n-rwxr-xr-x. 1 a a 3 Jan 1 x\n")).toBe(Category.DirectoryListing);
    expect(sniffText("total 0\n")).toBe(-1);
  });

  it("finds bare path lists, but not a path or two in a log", () => {
    expect(sniffText("./src/a.ts\n./src/b.ts\n./lib/c.js\n")).toBe(Category.DirectoryListing);
    expect(sniffText("node_modules/vitest\nnode_modules/vitest/dist\nnode_modules/vitest/package.json\n")).toBe(Category.DirectoryListing);
    expect(sniffText("./a\n./b\n")).toBe(-1); // too few lines to tell
    expect(sniffText("https://a.example/x\nhttps://b.example/y\nhttps://c.example/z\n")).toBe(-1);
    expect(sniffText("Compiling src/a.ts\nsrc/a.ts\nsrc/b.ts\ndone\n")).toBe(-1);
  });

  it("calls NUL-laden or non-text output binary", () => {
    expectCategory("Read", "{}", "\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0", Category.Binary);
    expectCommand("cat a.png", "\x89PNG\r\n\x1a\n\0\0\0\rIHDR", Category.Binary);
    expectCommand("cat a.txt", "one NUL\0 in text is text\n", Category.FileContent);
  });

  it("reads only the start of a huge text", () => {
    // 2 MB of grep hits then anything: the first 8 KB decide.
    const hits = repeatLines("src/file.ts:120:  const value = compute(x);", 50000);
    expectCategory("tool", "{}", hits + "plain tail\n", Category.SearchResults);
    expectCategory("tool", "{}", repeatLines("plain log line", 50000) + GREP_HITS, Category.CommandOutput);
    // One huge line, no newline.
    expectCategory("tool", "{}", "x".repeat(1 << 20), Category.CommandOutput);
  });
});

describe("edge cases", () => {
  it("classifies empty text by the tool and command", () => {
    expect(classify("Read", "{}", "")).toBe(Category.FileContent);
    expect(classify("Grep", "{}", "")).toBe(Category.SearchResults);
    expect(classify("Bash", cmd("git diff"), "")).toBe(Category.Diff);
    expect(classify("Bash", cmd("./anything"), "")).toBe(Category.CommandOutput);
    expect(classify("", "", "")).toBe(Category.CommandOutput);
  });

  it("handles CRLF, no trailing newline, identical lines", () => {
    expectCategory("tool", "{}", "-rw-r--r-- 1 a a 1 Jan 1 00:00 x\r\n-rw-r--r-- 1 a a 1 Jan 1 00:00 y", Category.DirectoryListing);
    expectCategory("tool", "{}", "a.ts:1:x", Category.SearchResults);
    expectCategory("tool", "{}", repeatLines("same line", 1000), Category.CommandOutput);
    expectCommand("cat a.txt\r\n", "x\r\n", Category.FileContent);
  });

  it("keeps surrogate pairs and lone surrogates in words and text", () => {
    // d83d de00 is one emoji; a lone d83d is a broken one.
    expectCommand("cat '\u{1F600}.txt'", "\u{1F600}\n", Category.FileContent);
    expectCategory("tool", "{}", "src/\u{1F600}.ts:1:\u{1F600}\n", Category.SearchResults);
    expectCategory("tool", "{}", "\uD83D lone\n", Category.CommandOutput);
    expectCommand("grep -n '\uD83D' a.txt", "1:\uD83D\n", Category.SearchResults);
    expect(words("cat '\u{1F600}'")).toBe("cat \u{1F600} ;");
  });
});

describe("hostile command lines", () => {
  it("never traps on long pipelines and chains or deep nesting", () => {
    const pipe = new StrBuf(1 << 18).add("grep -rn x .");
    for (let i = 0; i < 20000; i++) pipe.add(" | head");
    expectCommand(pipe.toString(), GREP_HITS, Category.SearchResults);
    const chain = new StrBuf(1 << 18);
    for (let i = 0; i < 20000; i++) chain.add("cd a; ");
    expectCommand(chain.toString() + "ls", "a\n", Category.DirectoryListing);
    expectCommand(chain.toString(), "", Category.CommandOutput);
    const xargs = new StrBuf(1 << 16);
    for (let i = 0; i < 5000; i++) xargs.add("xargs ");
    expectCommand(xargs.toString() + "cat", "x\n", Category.CommandOutput); // too deep to open: judged by the text
    // Nesting deeper than MAX_DEPTH is judged by the text.
    expectCommand("bash -c 'sh -c \"bash -c \\\"cat a\\\"\"'", "x\n", Category.FileContent);
    expectCommand("eval eval eval eval eval eval cat a", "x\n", Category.CommandOutput);
    expectCommand("$(((((((", PLAIN, Category.CommandOutput);
    expectCommand("cat <<EOF", PLAIN, Category.CommandOutput);
    expectCommand(">", PLAIN, Category.CommandOutput);
    expectCommand("timeout", PLAIN, Category.CommandOutput);
    expectCommand("sudo -u", PLAIN, Category.CommandOutput);
    expectCommand("git -C", PLAIN, Category.CommandOutput);
    expectCommand("find . -exec", PLAIN, Category.DirectoryListing);
    expectCommand("curl -o", PLAIN, Category.CommandOutput);
  });
});

describe("command line splitting", () => {
  it("splits words, quotes and operators", () => {
    expect(words("a 'b c' \"d \\\"e\\\"\" f\\ g")).toBe('a b c d "e" f g ;');
    expect(words("a | b && c; d || e & f")).toBe("a | b ; c ; d ; e ; f ;");
    expect(words("echo $(ls | wc -l) `pwd` ${X:-y}")).toBe("echo $(ls | wc -l) `pwd` ${X:-y} ;");
    expect(words("a 2>&1 >out.txt <in.txt 2>/dev/null b")).toBe("a b ;");
    expect(words("a &>log b")).toBe("a b ;");
    expect(words("cat <<EOF | grep x\nline | not a command\nEOF\nls")).toBe("cat | grep x ; ls ;");
    expect(words("cat <<-'END'\n\tbody\n\tEND\nls")).toBe("cat ; ls ;");
    expect(words("a \\\n b")).toBe("a b ;");
    expect(words("a # comment | b\nc")).toBe("a ; c ;");
    expect(words("a#b")).toBe("a#b ;");
    expect(words("a |\n b")).toBe("a | b ;");
    expect(words("")).toBe("");
    expect(words("'open")).toBe("open ;");
    expect(words("$'a\\tb'")).toBe("a\\tb ;");
  });

  it("reads argv arrays from arguments", () => {
    const list = argStringList('{"command": ["bash", "-lc", "ls \\"x\\""], "n": 1}', "command");
    expect(list !== null).toBe(true);
    expect(list!.join("|")).toBe('bash|-lc|ls "x"');
    expect(argStringList('{"command": []}', "command")!.length).toBe(0);
    expect(argStringList('{"command": "ls"}', "command") === null).toBe(true);
    expect(argStringList('{"command": ["a", 1]}', "command") === null).toBe(true);
    expect(argStringList('{"command": ["a"', "command") === null).toBe(true);
    expect(argStringList("", "command") === null).toBe(true);
  });
});
