// Reads agent transcripts line by line (a line may hold a 10 MB tool result,
// so files are streamed, never read whole), recognises each line's format and
// pairs tool calls with their results. Malformed lines and unknown shapes are
// counted and skipped: a transcript is never a reason to crash.
import { createReadStream } from "node:fs";
import { basename } from "node:path";
import { createInterface } from "node:readline";
import { AbridgeError } from "../errors.js";
import { readClaudeCode } from "./claude-code.js";
import { readCodex } from "./codex.js";
import { readGeneric } from "./generic.js";
import { emptyStats, isObject, type PendingCall, type ReaderContext, type ReplayCall, type TranscriptFormat, type TranscriptStats } from "./types.js";

const READERS: Array<[TranscriptFormat, (record: Record<string, unknown>, ctx: ReaderContext) => boolean]> = [
  ["generic", readGeneric],
  ["codex", readCodex],
  ["claude-code", readClaudeCode],
];

export interface Transcripts {
  calls: ReplayCall[];
  stats: TranscriptStats;
  /** The format most lines of each file had ("unknown" when none was recognised). */
  fileFormats: Record<string, TranscriptFormat | "unknown">;
}

async function readOne(file: string, stats: TranscriptStats, calls: ReplayCall[]): Promise<TranscriptFormat | "unknown"> {
  const pending = new Map<string, PendingCall>();
  const seen: Record<TranscriptFormat, number> = { "claude-code": 0, codex: 0, generic: 0 };
  const ctx: ReaderContext = {
    file,
    line: 0,
    session: basename(file).replace(/\.jsonl?$/i, ""),
    pending,
    stats,
    call(callId, tool, args) {
      stats.calls++;
      pending.set(callId, { tool, args });
    },
    result(callId, output, exitCode) {
      const call = pending.get(callId);
      if (!call) {
        stats.orphanResults++;
        return;
      }
      pending.delete(callId);
      if (output === null) {
        stats.nonText++;
        return;
      }
      stats.results++;
      calls.push({ session: ctx.session, callId, tool: call.tool, args: call.args, output, exitCode, source: `${file}:${ctx.line}` });
    },
  };
  const stream = createReadStream(file, { encoding: "utf8" });
  const opened = new Promise<void>((resolve, reject) => {
    stream.once("open", () => resolve());
    stream.once("error", reject);
  });
  try {
    await opened;
  } catch (cause) {
    throw new AbridgeError("ABRIDGE_USAGE", `cannot read ${file}: ${(cause as NodeJS.ErrnoException).code ?? (cause as Error).message}`, { cause });
  }
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  for await (const line of lines) {
    ctx.line++;
    stats.lines++;
    if (line.trim() === "") continue;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      stats.malformed++;
      continue;
    }
    if (!isObject(record)) {
      stats.malformed++;
      continue;
    }
    const reader = READERS.find(([, read]) => read(record as Record<string, unknown>, ctx));
    if (reader) seen[reader[0]]++;
    else stats.unknownShape++;
  }
  stats.unanswered += pending.size;
  stats.files++;
  for (const format of Object.keys(seen) as TranscriptFormat[]) stats.formats[format] += seen[format];
  const best = (Object.entries(seen) as Array<[TranscriptFormat, number]>).sort((a, b) => b[1] - a[1])[0]!;
  return best[1] > 0 ? best[0] : "unknown";
}

/** Reads every file in order; results come out in the order they were recorded. */
export async function readTranscripts(files: string[]): Promise<Transcripts> {
  const stats = emptyStats();
  const calls: ReplayCall[] = [];
  const fileFormats: Transcripts["fileFormats"] = {};
  for (const file of files) fileFormats[file] = await readOne(file, stats, calls);
  return { calls, stats, fileFormats };
}
