// The properties every public entry point must keep on any input. Each is run by
// fuzz.test.ts (a few hundred cases in `npm test`, 100,000+ with `npm run fuzz`).
import fc from "fast-check";
import { compact } from "../../../host/pipeline.js";
import { isAbridgeError } from "../../../host/errors.js";
import { classify, clean, digest, digestCommand, digestStructured, digestWeb, hashlines, sections, view, type DigestResult } from "../../../host/core-api.js";
import { anyText, budget, hostileBytes, hostileText, legacyBytes, midSizeText, toolArgs, toolName } from "./arbitraries.js";
import { hasLoneSurrogate } from "../support/unicode.js";


function fail(message: string): never {
  throw new Error(message);
}

/** Well-formed text: no lone surrogate, no NUL (what the model and a JSON encoder can take). */
function wellFormed(name: string, s: string): void {
  if (typeof s !== "string") fail(`${name} is not a string`);
  if (hasLoneSurrogate(s)) fail(`${name} has a lone surrogate`);
  if (s.includes("\u0000")) fail(`${name} has a NUL`);
}

function checkDigest(kind: string, r: DigestResult, text: string, limit: number): void {
  wellFormed(`${kind}.llm`, r.llm);
  if (r.llm.length > limit) fail(`${kind}: llm is ${r.llm.length} units, budget ${limit}`);
  if (r.summary.includes("\n") || r.summary.length > 160) fail(`${kind}: summary is not one line of ≤160 units`);
  const lines = text === "" ? 0 : text.split("\n").length;
  for (const [a, b] of r.keptLines) if (!(a >= 1 && a <= b && b <= lines + 1)) fail(`${kind}: kept range ${a}–${b} outside 1–${lines}`);
  if (!(r.omittedChars >= 0)) fail(`${kind}: omittedChars ${r.omittedChars}`);
}

export interface NamedProperty {
  name: string;
  /** Share of the run count this property gets (cheap ones get more). */
  weight: number;
  property: fc.IProperty<any>;
}

export const properties: NamedProperty[] = [
  {
    name: "compact: any tool, args, text or bytes, budget → a result within budget, well-formed, deterministic, or a typed error",
    weight: 4,
    property: fc.property(toolName, toolArgs, fc.oneof(anyText, hostileBytes), budget, fc.option(fc.integer({ min: -5, max: 300 })), (tool, args, output, b, exit) => {
      const input = { tool, args: args as any, output, exitCode: exit ?? undefined };
      let r;
      try {
        r = compact(input, { budget: b });
      } catch (err) {
        if (isAbridgeError(err) && err.code !== "ABRIDGE_CORE_TRAP") return; // a clear, typed refusal
        throw err;
      }
      if (r.metadata.fallback) fail(`the core trapped: ${JSON.stringify(r.metadata.fallback)}`);
      wellFormed("llmContent", r.llmContent);
      wellFormed("summary", r.summary);
      if (r.llmContent.length > b) fail(`llmContent is ${r.llmContent.length} units, budget ${b}`);
      if (r.llmContent.length > r.uiContent.length) fail(`llmContent is ${r.llmContent.length} units, longer than the cleaned output (${r.uiContent.length})`);
      if (r.summary.includes("\n")) fail("summary is not one line");
      const again = compact(input, { budget: b });
      if (again.llmContent !== r.llmContent || again.summary !== r.summary || again.category !== r.category) fail("not deterministic");
    }),
  },
  {
    name: "compact: no result is longer than the cleaned output it replaces (text, legacy encodings, mid-size outputs, config and data files)",
    weight: 4,
    property: fc.property(toolName, toolArgs, fc.oneof(midSizeText, legacyBytes, anyText), fc.integer({ min: 200, max: 20_000 }), (tool, args, output, b) => {
      let r;
      try {
        r = compact({ tool, args: args as any, output }, { budget: b });
      } catch (err) {
        if (isAbridgeError(err) && err.code !== "ABRIDGE_CORE_TRAP") return;
        throw err;
      }
      if (r.metadata.fallback) fail(`the core trapped: ${JSON.stringify(r.metadata.fallback)}`);
      wellFormed("llmContent", r.llmContent);
      if (r.llmContent.length > b) fail(`llmContent is ${r.llmContent.length} units, budget ${b}`);
      if (r.llmContent.length > r.uiContent.length) fail(`llmContent is ${r.llmContent.length} units, longer than the cleaned output (${r.uiContent.length}): ${JSON.stringify(r.llmContent.slice(0, 200))}`);
    }),
  },
  {
    name: "clean: well-formed and idempotent on any text",
    weight: 4,
    property: fc.property(anyText, fc.boolean(), (text, collapse) => {
      const once = clean(text, collapse);
      wellFormed("clean", once);
      if (once.includes("\r") || once.includes("\u001b")) fail("clean left a CR or an escape");
      if (clean(once, collapse) !== once) fail("clean is not idempotent");
    }),
  },
  {
    name: "classify: a category for any tool, args and text",
    weight: 4,
    property: fc.property(toolName, toolArgs, hostileText, (tool, args, text) => {
      const c = classify(tool, args as any, text);
      if (!["FileContent", "SearchResults", "DirectoryListing", "CommandOutput", "StructuredData", "WebContent", "Diff", "Binary"].includes(c)) fail(`category ${c}`);
    }),
  },
  ...(["search", "listing", "diff", "edit"] as const).map((kind) => ({
    name: `digest ${kind}: malformed input degrades to text within budget, never an exception`,
    weight: 2,
    property: fc.property(hostileText, budget, toolArgs, (text, b, args) => {
      const pre = clean(text);
      checkDigest(kind, digest(kind, pre, Math.max(b, 200), { tool: "bash", args }), pre, Math.max(b, 200));
    }),
  })),
  {
    name: "digest JSON/NDJSON: malformed JSON is text; valid JSON stays valid JSON",
    weight: 2,
    property: fc.property(fc.oneof(hostileText, fc.json({ maxDepth: 6 }), fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v, null, 2))), budget, (text, b) => {
      const pre = clean(text);
      const limit = Math.max(b, 200);
      const r = digestStructured(pre, limit, { tool: "jq" });
      checkDigest("structured", r, pre, limit);
      let valid = true;
      try {
        JSON.parse(pre);
      } catch {
        valid = false;
      }
      if (valid && limit >= 1000) {
        try {
          JSON.parse(r.llm);
        } catch {
          fail(`valid JSON came out invalid: ${JSON.stringify(r.llm.slice(0, 200))}`);
        }
      }
    }),
  },
  {
    name: "digest web and command: any text within budget",
    weight: 2,
    property: fc.property(hostileText, budget, fc.integer({ min: -1, max: 255 }), (text, b, exit) => {
      const pre = clean(text);
      const limit = Math.max(b, 200);
      checkDigest("web", digestWeb(pre, limit, { tool: "WebFetch" }), pre, limit);
      checkDigest("command", digestCommand(pre, limit, { tool: "bash", exitCode: exit }), pre, limit);
    }),
  },
  {
    name: "view, sections and hashlines: any text, any range",
    weight: 2,
    property: fc.property(hostileText, fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 400 }), (text, offset, limit) => {
      const pre = clean(text, false);
      wellFormed("view", view(pre, { offset, limit, hashlines: offset % 2 === 0 }));
      wellFormed("hashlines", hashlines(pre, offset));
      const s = sections(pre, { start: Math.min(offset, limit), end: Math.max(offset, limit) });
      if (s.relevant) wellFormed("sections.relevant", s.relevant.hashlines);
    }),
  },
];
