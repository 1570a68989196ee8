import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { classify, clean, outputToText } from "../../host/core-api.js";
import { coreUnitsLowered } from "../../host/core.js";
import { compact } from "../../host/pipeline.js";
import type { Category } from "../../host/types.js";
import { HELD_OUT_PROGRAMS, isHeldOut } from "./support/held-out.js";
import { tuningFixture } from "./support/tuning-fixture.js";

const root = new URL("../..", import.meta.url).pathname;
const fixtureRoot = join(root, "tests/fixtures");

interface Meta {
  tool?: string;
  program?: string;
  args?: Record<string, unknown>;
  category?: Category;
}

interface Fixture {
  id: string;
  meta: Meta;
  output: Buffer;
}

/**
 * Fixtures of the tuning part that today's classifier gets wrong: what it says instead, and
 * why. A fixed list: the test fails when one of them starts passing (take it off the list)
 * or when a fixture that is not listed is misclassified.
 */
const KNOWN_MISCLASSIFIED: Record<string, { got: Category; reason: string }> = {
  "corpus/shfmt-diff-deploy-scripts": { got: "Diff", reason: "shfmt -d prints unified diffs after its parse error: the diffs decide" },
};

/** Every fixture that states its tool and category, held-out ones aside: tests/fixtures/<id>/ and tests/fixtures/corpus/<id>/. */
function fixtures(): Fixture[] {
  const out: Fixture[] = [];
  for (const dir of [fixtureRoot, join(fixtureRoot, "corpus")]) {
    if (!existsSync(dir)) continue;
    for (const id of readdirSync(dir).sort()) {
      const metaFile = join(dir, id, "meta.json");
      const outputFile = join(dir, id, "output");
      if (!existsSync(metaFile) || !existsSync(outputFile)) continue;
      const meta = JSON.parse(readFileSync(metaFile, "utf8")) as Meta;
      if (!meta.tool || !meta.category) continue;
      if (isHeldOut(meta)) continue;
      out.push({ id: dir.endsWith("corpus") ? `corpus/${id}` : id, meta, output: readFileSync(outputFile) });
    }
  }
  return out;
}

function fixture(id: string): Fixture {
  const f = fixtures().find((x) => x.id === id);
  if (!f) throw new Error(`missing fixture ${id}`);
  return f;
}

const all = fixtures();

/** The fixtures captured for classification (commands in their meta.json). */
const CAPTURED = [
  "grep-rn-as-std-unreachable",
  "find-vitest-maxdepth-2",
  "ls-la-usr-bin-head-100",
  "git-diff-rename-function",
  "npm-view-undici-json",
  "curl-file-railroad-html",
];

describe("classify through the binding", () => {
  it("has the captured fixtures", () => {
    for (const id of CAPTURED) expect(all.map((f) => f.id)).toContain(id);
  });

  // The pipeline classifies cleaned text; binary output is recognised on the raw bytes.
  it.each(all.filter((f) => !KNOWN_MISCLASSIFIED[f.id]).map((f) => [f.id, f] as const))("%s is what its meta.json says", (_id, f) => {
    const { text, binary } = outputToText(new Uint8Array(f.output));
    if (f.meta.category === "Binary") {
      expect(binary).not.toBe("");
      expect(classify(f.meta.tool!, f.meta.args, f.output.toString("latin1"))).toBe("Binary");
      return;
    }
    expect(binary).toBe("");
    expect(classify(f.meta.tool!, f.meta.args, clean(text))).toBe(f.meta.category);
  });

  it.each(Object.entries(KNOWN_MISCLASSIFIED))("%s is still misclassified as listed", (id, known) => {
    const f = all.find((x) => x.id === id);
    expect(f, `${id} is not a fixture of the tuning part`).toBeDefined();
    const { text, binary } = outputToText(new Uint8Array(f!.output));
    const got = binary !== "" ? "Binary" : classify(f!.meta.tool!, f!.meta.args, clean(text));
    expect(got, known.reason).not.toBe(f!.meta.category);
    expect(got, known.reason).toBe(known.got);
  });

  it("leaves the held-out part to the evaluation", () => {
    expect(HELD_OUT_PROGRAMS.size).toBeGreaterThan(0);
    expect(all.some((f) => isHeldOut(f.meta))).toBe(false);
  });

  it("reads the text alone when the tool is unknown", () => {
    const text = (id: string) => clean(fixture(id).output.toString("utf8"));
    expect(classify("some_mcp_tool", {}, text("grep-rn-as-std-unreachable"))).toBe("SearchResults");
    expect(classify("some_mcp_tool", {}, text("git-diff-rename-function"))).toBe("Diff");
    expect(classify("some_mcp_tool", {}, text("curl-file-railroad-html"))).toBe("WebContent");
    expect(classify("some_mcp_tool", {}, text("ls-la-usr-bin-head-100"))).toBe("DirectoryListing");
    expect(classify("some_mcp_tool", {}, text("find-vitest-maxdepth-2"))).toBe("DirectoryListing");
    // Without `--json` in the command, npm's warning line before the JSON makes it ordinary output.
    expect(classify("some_mcp_tool", {}, text("npm-view-undici-json"))).toBe("CommandOutput");
    expect(classify("some_mcp_tool", {}, text("npm-view-undici-json").split("\n").slice(1).join("\n"))).toBe("StructuredData");
  });

  it("keeps a Read of JSON or HTML as file content; a cat of them is data and a web page", () => {
    const json = fixture("npm-view-undici-json").output.toString("utf8").split("\n").slice(1).join("\n");
    const html = fixture("curl-file-railroad-html").output.toString("utf8");
    expect(classify("Read", { file_path: "/tmp/undici.json" }, json)).toBe("FileContent");
    expect(classify("Read", { file_path: "/tmp/example.html" }, html)).toBe("FileContent");
    expect(classify("Bash", { command: "cat /tmp/undici.json" }, json)).toBe("StructuredData");
    expect(classify("Bash", { command: "cat /tmp/example.html" }, html)).toBe("WebContent");
    expect(classify("Bash", { command: "cat /tmp/notes.txt" }, "<p>a fragment</p>\n")).toBe("FileContent");
    expect(classify("WebFetch", { url: "https://example.com" }, html)).toBe("WebContent");
  });

  it("takes a log for a log whatever tool printed it", () => {
    const log = clean(fixture("corpus/tail-service-log-error").output.toString("utf8"));
    expect(classify("Bash", { command: "tail -n 2000 service.log" }, log)).toBe("CommandOutput");
    expect(classify("shell", { command: ["bash", "-lc", "tail -n 2000 service.log"] }, log)).toBe("CommandOutput");
    expect(classify("Bash", { command: "cat service.log" }, log)).toBe("CommandOutput");
    expect(classify("Bash", { command: "cat service.txt" }, log)).toBe("CommandOutput");
    expect(classify("Read", { file_path: "/srv/service.log" }, log)).toBe("CommandOutput");
    // A Read tool numbers the lines; the stamps behind the numbers still make it a log.
    const numbered = log.split("\n").map((l, i) => `${String(i + 1).padStart(6)}\u2192${l}`).join("\n");
    expect(classify("Read", { file_path: "/srv/service.out" }, numbered)).toBe("CommandOutput");
    expect(classify("Read", { file_path: "/srv/decoder.py" }, clean(fixture("corpus/cat-python-source-argparse").output.toString("utf8")))).toBe("FileContent");
  });

  it("takes arguments as an object, as JSON text, as an argv, or not at all", () => {
    const hits = fixture("grep-rn-as-std-unreachable").output.toString("utf8");
    expect(classify("shell", { command: ["bash", "-lc", "grep -rn x . | head -50"] }, hits)).toBe("SearchResults");
    expect(classify("exec_command", '{"cmd":"cd /w && grep -rn x ."}', hits)).toBe("SearchResults");
    expect(classify("Bash", undefined, hits)).toBe("SearchResults");
    const cyclic: Record<string, unknown> = { command: "cat a.txt" };
    cyclic.self = cyclic;
    expect(classify("Bash", cyclic, "plain\n")).toBe("CommandOutput");
    expect(classify("Bash", "not json", "")).toBe("CommandOutput");
  });

  it("judges a 40 MB output by its start: only a 16 K-unit prefix crosses into the core", () => {
    const line = "node_modules/assemblyscript/std/assembly/string.ts:120:  return changetype<string>(out);\n";
    const big = line.repeat(Math.ceil((40 << 20) / line.length));
    const before = coreUnitsLowered();
    expect(classify("unknown_tool", {}, big)).toBe("SearchResults");
    const crossed = coreUnitsLowered() - before;
    // The tool name, "{}" and the prefix, which the core reads the first 8 K of.
    expect(crossed).toBeLessThanOrEqual(16_384 + "unknown_tool".length + 2);
    expect(crossed).toBeGreaterThan(8_192);
    // The prefix is judged as the whole would be: a JSON document cut by the sample stays JSON.
    const doc = JSON.stringify({ items: Array.from({ length: 20000 }, (_, i) => ({ i, name: `item ${i}` })) });
    expect(classify("unknown_tool", {}, doc)).toBe("StructuredData");
    expect(classify("unknown_tool", {}, doc.slice(0, 20000))).toBe("StructuredData");
    expect(classify("unknown_tool", {}, doc.slice(0, 9000))).toBe("StructuredData");
    expect(classify("unknown_tool", {}, doc.slice(0, 8000))).toBe("CommandOutput"); // all seen, unclosed
  });
});

describe("a command line whose output goes to a file", () => {
  // xargs -t writes each command it runs to stderr, and the checks' own output goes to
  // /dev/null: what the call returns is stderr, a run's trace and its failures.
  it("is command output whatever its last command prints (xargs -t … > /dev/null)", () => {
    const f = fixture("corpus/xargs-json-check");
    const { text } = outputToText(new Uint8Array(f.output));
    expect(classify(f.meta.tool!, f.meta.args, clean(text))).toBe("CommandOutput");
    const { input, hint } = tuningFixture("xargs-json-check");
    const minimal = compact(input, { level: "minimal" }, { hint }).llmContent;
    // The exit code first; the count of lines is the numbered marker's under a small budget.
    expect(minimal.split("\n")[0]).toMatch(/^exit 123(?: · |$)/);
    expect(minimal.split("\n")[1]).toMatch(/ of \d+ lines shown, numbered/);
    const errors = text.split("\n").filter((l) => l.startsWith("Expecting "));
    expect(errors.length).toBe(4);
    expect(errors.filter((l) => minimal.includes(l)).length).toBeGreaterThanOrEqual(3);
  });
});
