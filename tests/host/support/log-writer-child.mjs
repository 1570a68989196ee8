// A separate process that appends to a session log with abridge's LogWriter.
// argv: <modulesDir> <logPath> <mode> <name> <count> <minBytes> <maxBytes>
//   mode "append":  write <count> call records, then exit.
//   mode "forever": write records until killed; prints "ready" after <count>. Outputs are
//                   one big text generated once plus a first line naming the record, so the
//                   time goes to serializing and writing, where a kill should land.
//   mode "fault":   write <count> records, print one JSON line describing every
//                   result and error event, read the log back, report it.
// Record i of writer <name> has a deterministic output (see expectedOutput) so the
// parent can check every byte it reads back.
import { pathToFileURL } from "node:url";
import { expectedOutput, foreverOutput } from "./expected-output.mjs";
import { join } from "node:path";

const [modulesDir, logPath, mode, name, countArg, minArg, maxArg] = process.argv.slice(2);
const { LogWriter } = await import(pathToFileURL(join(modulesDir, "log/writer.js")).href);
const { readLogSync } = await import(pathToFileURL(join(modulesDir, "log/reader.js")).href);

const count = Number(countArg);
const min = Number(minArg);
const max = Number(maxArg);

const writer = new LogWriter({ path: logPath, sessionId: `s-${name}`, maxBytes: 0 });
const events = [];
writer.on("error", (err) => events.push({ code: err.code, cause: err.cause?.code ?? null, message: err.message }));

const results = [];
let threw = null;
try {
  for (let i = 0; mode === "forever" || i < count; i++) {
    const output = mode === "forever" ? foreverOutput(name, i, min, max) : expectedOutput(name, i, min, max);
    const r = writer.appendCall({ callId: `${name}-${i}`, tool: "bash", args: { command: `gen ${i}` }, exitCode: i % 3, output });
    if (mode === "fault") results.push(r.ok ? { ok: true } : { ok: false, code: r.error.code, cause: r.error.cause?.code ?? null, message: r.error.message });
    if (mode === "forever" && i + 1 === count) process.stdout.write("ready\n");
  }
} catch (err) {
  threw = String(err);
}

if (mode === "fault") {
  let read = null;
  try {
    const { records, warnings } = readLogSync(logPath);
    read = { records: records.length, ids: records.map((r) => r.callId), warnings: warnings.map((w) => w.reason) };
  } catch (err) {
    read = { error: err.code ?? String(err) };
  }
  process.stdout.write(JSON.stringify({ results, events, threw, read }) + "\n");
}
