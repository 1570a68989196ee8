// Gemini CLI's BeforeTool hook: `run_shell_command` wrapped in `abridge run`, in YOLO mode only.
import { randomBytes } from "../lazy.js";
import { ancestorArgv } from "./ancestry.js";
import { record, str, wrapped, type HookAnswer, type HookInput } from "./hook-input.js";
import { isWrapped } from "./wrap.js";

/**
 * Gemini's approval mode from its command line, read as its own parser does: `--approval-mode M`
 * (or `=M`), else `--yolo`/`-y` (`--yolo=false`, `--yolo false`, `--no-yolo` undo it; the two
 * forms cannot be combined), else "default" (settings cannot select YOLO). Words after `--` are
 * not flags; grouped short flags (`-dy`) are not recognised, which only means no wrapping.
 */
export function geminiApprovalMode(argv: readonly string[]): string {
  let mode: string | undefined;
  let yolo = false;
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i]!;
    if (w === "--") break;
    if (w === "--approval-mode" && i + 1 < argv.length) mode = argv[++i];
    else if (w.startsWith("--approval-mode=")) mode = w.slice("--approval-mode=".length);
    else if (w === "--yolo" || w === "-y") {
      yolo = true;
      if (argv[i + 1] === "true" || argv[i + 1] === "false") yolo = argv[++i] === "true";
    } else if (w === "--yolo=true" || w === "-y=true") yolo = true;
    else if (w === "--yolo=false" || w === "-y=false" || w === "--no-yolo") yolo = false;
  }
  return mode ?? (yolo ? "yolo" : "default");
}

/** The Gemini CLI process above this hook: `node [node flags] …/gemini[.js] …` (it relaunches itself with `--max-old-space-size`). */
function geminiArgv(ancestors: string[][] | null): string[] | null {
  const isGemini = (w: string | undefined) => w !== undefined && /(^|\/)gemini(\.js)?$/.test(w);
  return ancestors?.find((a) => isGemini(a[0]) || isGemini(a.slice(1).find((w) => !w.startsWith("-")))) ?? null;
}

/**
 * Gemini checks its policy rules against the command a BeforeTool hook hands back (it splits the
 * wrapper and checks the `bash -c` inside it too, so a deny or ask rule on the original still
 * applies), but outside YOLO mode a wrapper would no longer match an allow rule and Gemini would
 * ask where it ran the command before. So the hook wraps only in YOLO mode.
 */
export function geminiBefore(input: HookInput): HookAnswer {
  if (str(input.tool_name) !== "run_shell_command") return null;
  const toolInput = record(input.tool_input);
  const command = str(toolInput.command);
  if (command === "" || isWrapped(command)) return null;
  const argv = geminiArgv(ancestorArgv());
  if (argv === null || geminiApprovalMode(argv) !== "yolo") return null;
  // Gemini gives no call id: one is made up and named in the marker.
  const callId = `gemini_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  return { hookSpecificOutput: { hookEventName: "BeforeTool", tool_input: { ...toolInput, command: wrapped(command, callId, input) } } };
}
