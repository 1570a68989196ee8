// What other agents show the model of a long tool output, reproduced with their own
// code where it is installed (pi, gemini-cli) and ported where it is not (Codex).
// Each adapter returns the full text the model would see, notices included.
import { countTokens } from "gpt-tokenizer/encoding/o200k_base";

const pi = await importPeer("@mariozechner/pi-coding-agent", "dist/core/tools/truncate.js");
import { importPeer } from "../../scripts/peers.mjs";
const gemini = await importPeer("@google/gemini-cli-core", "dist/src/utils/fileUtils.js");

export const DEFAULTS = {
  /** pi: 2000 lines or 50 KB (dist/core/tools/truncate.js). */
  piMaxBytes: pi.DEFAULT_MAX_BYTES,
  piMaxLines: pi.DEFAULT_MAX_LINES,
  /** gemini-cli: DEFAULT_TRUNCATE_TOOL_OUTPUT_THRESHOLD (config/config.js). */
  geminiMaxChars: 40_000,
  /** Codex: 10,000 tokens per call, at its 4 bytes per token. */
  codexMaxBytes: 40_000,
};

/** pi's bash tool: keep the tail, then the notice its bash tool appends (bash.js formatOutput). */
export function piTail(text, maxBytes = DEFAULTS.piMaxBytes) {
  const t = pi.truncateTail(text, { maxBytes, maxLines: DEFAULTS.piMaxLines });
  if (!t.truncated) return t.content;
  const path = "/tmp/pi-bash-0f3a9c2e.log";
  const startLine = t.totalLines - t.outputLines + 1;
  if (t.lastLinePartial) {
    const lastLine = text.slice(text.lastIndexOf("\n") + 1);
    return `${t.content}\n\n[Showing last ${pi.formatSize(t.outputBytes)} of line ${t.totalLines} (line is ${pi.formatSize(Buffer.byteLength(lastLine))}). Full output: ${path}]`;
  }
  if (t.truncatedBy === "lines") return `${t.content}\n\n[Showing lines ${startLine}-${t.totalLines} of ${t.totalLines}. Full output: ${path}]`;
  return `${t.content}\n\n[Showing lines ${startLine}-${t.totalLines} of ${t.totalLines} (${pi.formatSize(maxBytes)} limit). Full output: ${path}]`;
}

/** pi's read tool: keep the head, then its continuation notice (read.js). */
export function piHead(text, maxBytes = DEFAULTS.piMaxBytes, path = "output.txt") {
  const t = pi.truncateHead(text, { maxBytes, maxLines: DEFAULTS.piMaxLines });
  if (t.firstLineExceedsLimit) {
    const size = pi.formatSize(Buffer.byteLength(text.split("\n")[0]));
    return `[Line 1 is ${size}, exceeds ${pi.formatSize(maxBytes)} limit. Use bash: sed -n '1p' ${path} | head -c ${maxBytes}]`;
  }
  if (!t.truncated) return t.content;
  const end = t.outputLines;
  const limit = t.truncatedBy === "lines" ? "" : ` (${pi.formatSize(maxBytes)} limit)`;
  return `${t.content}\n\n[Showing lines 1-${end} of ${t.totalLines}${limit}. Use offset=${end + 1} to continue.]`;
}

/** gemini-cli's shell tool: 20 % head, 80 % tail, by chars, with its header and marker. */
export function geminiSplit(text, maxChars = DEFAULTS.geminiMaxChars, callId = "call") {
  const file = `/root/.gemini/tmp/abridge/tool-outputs/session-eval/run_shell_command_${callId}.txt`;
  return gemini.formatTruncatedToolOutput(text, file, maxChars);
}

const NL = 0x0a;
const isContinuation = (b) => (b & 0xc0) === 0x80;

/**
 * Codex's middle cut (codex-rs truncate_middle): half the byte budget each side, moved to
 * the nearest line boundary inside it, a `…N tokens truncated…` marker counted with the
 * real tokenizer, and the `Total output lines: N` header of its exec output.
 */
export function codexMiddle(text, maxBytes = DEFAULTS.codexMaxBytes) {
  const buf = Buffer.from(text, "utf8");
  if (buf.length <= maxBytes) return text;
  const prefixEnd = (left) => {
    const nl = buf.subarray(0, left).lastIndexOf(NL);
    if (nl !== -1) return nl + 1;
    let end = Math.min(left, buf.length);
    while (end > 0 && end < buf.length && isContinuation(buf[end])) end--;
    return end;
  };
  const suffixStart = (right) => {
    const start = Math.max(0, buf.length - right);
    const nl = buf.indexOf(NL, start);
    if (nl !== -1) return nl + 1;
    let idx = start;
    while (idx < buf.length && isContinuation(buf[idx])) idx++;
    return idx;
  };
  const build = (tokens) => {
    const marker = `…${tokens} tokens truncated…`;
    const keep = Math.max(0, maxBytes - Buffer.byteLength(marker));
    const left = Math.floor(keep / 2);
    const p = prefixEnd(left);
    const s = Math.max(p, suffixStart(keep - left));
    return { marker, p, s };
  };
  let guess = 1;
  let cut = build(guess);
  for (let i = 0; i < 4; i++) {
    const removed = countTokens(buf.subarray(cut.p, cut.s).toString("utf8"));
    if (String(removed).length === String(guess).length) {
      cut = { ...cut, marker: `…${removed} tokens truncated…` };
      break;
    }
    guess = removed;
    cut = build(guess);
  }
  const totalLines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  const body = `${buf.subarray(0, cut.p).toString("utf8")}${cut.marker}\n${buf.subarray(cut.s).toString("utf8")}`;
  return `Total output lines: ${totalLines}\n\n${body}`;
}
