// A CommonJS harness's first tool result in a fresh process: require("abridge-agent") (the
// package's `require` build), a session with its log, one process(). Run by core-child.mjs.
const { mkdtempSync, rmSync } = require("node:fs");
const { tmpdir } = require("node:os");
const { join } = require("node:path");

const size = Number(process.argv[2]);
/** The same build-log-like output as core-child.mjs's textOf. */
const output = Array.from({ length: Math.ceil(size / 48) }, (_, i) => `[${i}] cc -c src/unit_${i}.c -o build/unit_${i}.o\n`).join("").slice(0, size);
const { createAbridge } = require("../dist/index.bundle.cjs");
const dir = mkdtempSync(join(tmpdir(), "abridge-first-"));
const abridge = createAbridge({ cwd: dir, env: {}, log: { dir } });
abridge
  .process({ tool: "bash", output, exitCode: 1 })
  .then((r) => r.llmContent)
  // The moment the harness holds its result, on the machine's clock (bench/core-child.mjs walls()),
  // taken before process.stdout is first touched (making its stream is the harness's own cost).
  .then(() => {
    const held = performance.timeOrigin + performance.now();
    process.stdout.write(String(held));
  })
  .then(() => abridge.close())
  .then(() => rmSync(dir, { recursive: true, force: true }));
