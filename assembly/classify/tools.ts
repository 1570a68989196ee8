// Tool names of the agents abridge serves, by what their results hold.
// Names are compared case-insensitively with `-` and `_` ignored, so
// `WebFetch`, `web_fetch` and `web-fetch` are one name; MCP-style names
// (`mcp__server__tool`, `server.tool`) are judged by their last segment.
//
// Claude Code: Bash Read Grep Glob LS WebFetch WebSearch Edit Write MultiEdit NotebookEdit TodoWrite
// Codex:       shell local_shell exec_command read_file list_dir grep_files apply_patch update_plan
// opencode:    bash read grep glob list webfetch edit write patch todowrite
// cowboy:      read cat grep rg search ls find fd bash sh nix-search gh web-search web-fetch
// vtcode:      read_file grep_file list_files run_pty_cmd edit_file write_file create_file
// gemini-cli:  run_shell_command read_file read_many_files search_file_content glob list_directory
//              web_fetch google_web_search replace write_file save_memory
// crush, pi:   view fetch sourcegraph download find
import { lowerForAsciiTests } from "../util/lower";
import { StringIndex } from "../util/string-index";

export const enum ToolKind {
  Unknown = 0,
  /** Runs a command line: classified by the command. */
  Shell,
  Read,
  Search,
  List,
  WebFetch,
  WebSearch,
  /** Package search (nix-search): search hits, JSON when asked. */
  PackageSearch,
  /** GitHub CLI as a tool: the arguments are a gh command line. */
  GitHub,
  /** Edits and writes: a status report, or a diff of what changed. */
  Edit,
  /** Plans and to-do lists. */
  Plan,
}

let table: StringIndex | null = null;

/** Each space-separated name of `names` keyed to `k` (a loop rather than String#split: smaller code). */
function add(map: StringIndex, names: string, k: ToolKind): void {
  let from = 0;
  for (let i = 0; i <= names.length; i++) {
    if (i < names.length && names.charCodeAt(i) != 0x20) continue;
    if (i > from) map.set(names.substring(from, i), k);
    from = i + 1;
  }
}

function tools(): StringIndex {
  let map = table;
  if (map !== null) return map;
  map = new StringIndex();
  add(map, "bash sh zsh shell localshell execcommand exec runptycmd runcommand runshellcommand runterminalcmd executecommand terminal writestdin", ToolKind.Shell);
  add(map, "read readfile readmanyfiles cat view viewfile openfile notebookread readnotebook", ToolKind.Read);
  add(map, "grep rg ripgrep search grepfile grepfiles searchfilecontent searchfiles codesearch sourcegraph", ToolKind.Search);
  add(map, "ls list listfiles listdir listdirectory glob find fd tree findfiles", ToolKind.List);
  add(map, "webfetch fetch fetchurl urlfetch readurl", ToolKind.WebFetch);
  add(map, "websearch googlewebsearch searchweb", ToolKind.WebSearch);
  add(map, "nixsearch", ToolKind.PackageSearch);
  add(map, "gh github", ToolKind.GitHub);
  add(
    map,
    "edit write multiedit notebookedit applypatch patch editfile writefile createfile replace strreplace strreplacebasededittool insert replaceinfile writetofile applydiff",
    ToolKind.Edit,
  );
  add(map, "todowrite todoread todo updateplan updatetodos savememory exitplanmode", ToolKind.Plan);
  table = map;
  return map;
}

/** The tool's name as the table keys it: last MCP segment, lower case, without `-` and `_`. */
export function normalizeToolName(tool: string): string {
  let start = 0;
  const mcp = tool.lastIndexOf("__");
  if (mcp >= 0 && mcp + 2 < tool.length) start = mcp + 2;
  const dot = tool.lastIndexOf(".");
  if (dot >= start && dot + 1 < tool.length) start = dot + 1;
  const out = new Array<string>();
  let run = start;
  for (let i = start; i <= tool.length; i++) {
    const c = i < tool.length ? tool.charCodeAt(i) : 0x2d;
    if (c == 0x2d || c == 0x5f) {
      if (i > run) out.push(tool.substring(run, i));
      run = i + 1;
    }
  }
  return lowerForAsciiTests(out.join(""));
}

export function toolKind(tool: string): ToolKind {
  const key = normalizeToolName(tool);
  const map = tools();
  return map.has(key) ? <ToolKind>map.get(key) : ToolKind.Unknown;
}
