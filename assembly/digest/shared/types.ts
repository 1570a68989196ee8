import { PlainCounts } from "../../util/plain-counts";
import { Call, parseCall } from "../../call";
import { StrBuf } from "../../util/strbuf";

/** What the pipeline knows about the call a text came from. */
export class DigestContext {
  /** The call, parsed once. */
  call: Call;
  /** The encoding the host decoded the output from when it was not UTF-8 (encoding.ts), else "". */
  encoding: string = "";
  /** Bytes of the output as written in `encoding`; -1 when the output came as text. */
  encodedBytes: i64 = -1;
  /**
   * What the last digest learnt of its text that its budget does not change: the pipeline
   * digests a text again within the text's own length when a headline made the first answer
   * longer than the text (compact.ts), and that digest reads it from here.
   */
  analysis: TextAnalysis | null = null;
  /**
   * The budget of the level asked for, when a digest is made again within a text's own
   * length (compact.ts): a cut's layout follows the level, not that length, so a text that
   * nearly fits a large budget is not shown numbered, line by line, as a small budget's cut.
   */
  layoutBudget: i32 = 0;
  /**
   * The newlines and surrogate pairs cleaning counted of the text the digests read, when it
   * left that text as it was (util/plain-counts.ts): a digest asks here before it counts them.
   */
  plain: PlainCounts = new PlainCounts();

  constructor(
    public tool: string,
    /** The call's arguments as JSON text ("" or "{}" when none). */
    public argsJson: string,
    /** -1 when unknown. */
    public exitCode: i32,
    call: Call | null = null,
  ) {
    this.call = call !== null ? call : parseCall(tool, argsJson);
  }
}

/** A digest's reading of one text, independent of the budget (each digest extends it with what it read). */
export class TextAnalysis {
  constructor(public text: string) {}

  /** This reading is of `text`, the very string (texts are never changed in place). */
  of(text: string): bool {
    return changetype<usize>(this.text) == changetype<usize>(text);
  }
}

/** A category digest: what the model sees, plus facts the UI can use. */
export class Digest {
  /** The LLM content. Never longer than the budget the digest was given. */
  llm: string = "";
  /** One line for a UI (<= 160 units); "" lets the pipeline write the generic one. */
  summary: string = "";
  /** Body of a JSON object (without braces) with the category's facts, e.g. `"matches":40,"files":3`. */
  facts: string = "";
  /** Line ranges of the cleaned text kept verbatim, as pairs: first, last (1-based, inclusive). */
  keptLines: i32[] = [];
  /** Code points of the cleaned text the model does not see. */
  omittedChars: i32 = 0;
  /** True when anything was left out. */
  truncated: bool = false;
  /** Lines of the text digested when the digest counted them (so the pipeline need not count them again), else -1. */
  textLines: i32 = -1;

  keep(first: i32, last: i32): void {
    const n = this.keptLines.length;
    // Merge with the previous range when adjacent: the UI highlights ranges, not lines.
    if (n >= 2 && this.keptLines[n - 1] + 1 >= first) {
      if (last > this.keptLines[n - 1]) this.keptLines[n - 1] = last;
      return;
    }
    this.keptLines.push(first);
    this.keptLines.push(last);
  }

  keptLinesJson(): string {
    return keptLinesJson(this.keptLines);
  }

}

/** Kept line ranges (pairs first, last) as `[[a,b],[c,d]]`. */
export function keptLinesJson(kept: i32[]): string {
  const out = new StrBuf(16 + kept.length * 8);
  out.addChar(0x5b);
  for (let i = 0; i < kept.length; i += 2) {
    if (i) out.addChar(0x2c);
    out.addChar(0x5b).addInt(kept[i]).addChar(0x2c).addInt(kept[i + 1]).addChar(0x5d);
  }
  out.addChar(0x5d);
  return out.toString();
}
