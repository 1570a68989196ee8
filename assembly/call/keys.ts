// The argument names harnesses give their tools' parameters (Claude Code, Codex, opencode,
// Gemini CLI, pi, vtcode, …): the one place that knows them. Order matters: the first
// non-empty key wins.

/** A shell command: a command line, or an argv array (Codex: ["bash", "-lc", "…"]). */
export const COMMAND_KEYS: string[] = ["command", "cmd"];
/** vtcode's separate argument list, appended to the command's words. */
export const EXTRA_ARGS_KEY = "args";
/** The file a call reads, writes or edits. */
export const PATH_KEYS: string[] = ["file_path", "path", "filePath", "file", "filename", "target_file", "absolute_path", "relative_path"];
/** The page a fetch reads. */
export const URL_KEYS: string[] = ["url", "uri", "href"];
/** A line range: a start and a count, or first and last lines, or `view_range: [a, b]`. */
export const OFFSET_KEY = "offset";
export const LIMIT_KEY = "limit";
export const START_LINE_KEYS: string[] = ["start_line", "line_start"];
export const END_LINE_KEYS: string[] = ["end_line", "line_end"];
export const VIEW_RANGE_KEY = "view_range";
/** Edits: the text replaced, its replacement, a whole file's new content, a patch. */
export const OLD_KEYS: string[] = ["old_string", "oldString", "oldText", "old_str", "search", "old"];
export const NEW_KEYS: string[] = ["new_string", "newString", "newText", "new_str", "replace", "new"];
export const CONTENT_KEYS: string[] = ["content", "file_text", "contents", "text"];
export const PATCH_KEYS: string[] = ["input", "patch", "patch_text", "patchText"];
/** The `gh` tool's arguments when it has no command. */
export const GH_ARGS_KEYS: string[] = ["args", "arguments"];
