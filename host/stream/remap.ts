// In bounded mode the core digests a built text (head, kept lines, tail, gap
// markers), so its markers, read hints and kept ranges count lines of that text.
// These map them back to the whole output's lines, which the log holds and
// read() pages, and add the gaps' units to the counts of the markers that span them.
import { pagedText } from "../core-api.js";
import type { LineRange, Paging, ResultMetadata } from "../types.js";
import type { Piece } from "./bounded.js";

/** Maps a line of the digest's numbering to a line of the built text (`end`: the last line it stands for). */
type ToBuilt = (line: number, end: boolean) => number;

const SUFFIX = (n: number) => ` (repeated ${n.toLocaleString("en-US")} times)`;

/**
 * The core numbers lines in the text it paged: with runs of repeated lines collapsed, one
 * line stands for a run. This follows the core's rule (clean.ts) to map such a numbering back
 * to the built text's lines; when the count does not come out the same, lines map to themselves.
 */
export function builtNumbering(text: string, paging: Paging): ToBuilt {
  const identity: ToBuilt = (n) => n;
  if (paging !== "collapsed") return identity;
  const lines = pagedText(text, "cleaned").split("\n");
  const starts: number[] = []; // starts[i] = first built line of collapsed line i+1
  for (let i = 0; i < lines.length; ) {
    let j = i;
    const line = lines[i]!;
    while (j + 1 < lines.length && lines[j + 1] === line) j++;
    const n = j - i + 1;
    const collapses = n >= 2 && line.trim() !== "" && (n - 1) * (line.length + 1) > SUFFIX(n).length;
    if (collapses) {
      starts.push(i + 1);
      i = j + 1;
    } else {
      starts.push(i + 1);
      i++;
    }
  }
  if (starts.length !== pagedText(text, "collapsed").split("\n").length) return identity;
  return (n, end) => {
    if (n < 1 || n > starts.length) return n;
    return end ? (n < starts.length ? starts[n]! - 1 : lines.length) : starts[n - 1]!;
  };
}

/** A gap's units beyond the marker line the core counted for it; `withLineBefore`: the cut began before the marker. */
function gapBeyondMarker(gap: NonNullable<Piece["gap"]>, withLineBefore: boolean): number {
  return gap.omitted - gap.markerChars - 1 - (gap.afterCut && withLineBefore ? 1 : 0);
}

const count = (n: number): string => n.toLocaleString("en-US");
const parse = (s: string): number => Number(s.replaceAll(",", ""));

export class LineMap {
  constructor(
    private readonly pieces: readonly Piece[],
    readonly totalLines: number,
    /** The digest's numbering to the built text's lines. */
    private readonly toBuilt: ToBuilt = (n) => n,
  ) {}

  private pieceOf(built: number): Piece | undefined {
    // Pieces are few (at most a few hundred): a linear scan is enough.
    for (const p of this.pieces) if (built >= p.builtFirst && built <= p.builtLast) return p;
    return undefined;
  }

  /** The true line of a digest line; a gap marker maps to its first line, or its last with `end`. */
  line(digestLine: number, end = false): number {
    const built = this.toBuilt(digestLine, end);
    const p = this.pieceOf(built);
    if (!p) return built;
    if (p.gap) return end ? p.gap.last : p.first;
    return p.first + (built - p.builtFirst);
  }

  /** The gap a digest line marks, if it is one of the built text's own markers. */
  gapAt(digestLine: number): Piece["gap"] {
    const built = this.toBuilt(digestLine, false);
    return built === this.toBuilt(digestLine, true) ? this.pieceOf(built)?.gap : undefined;
  }

  /** What a cut over digest lines a–b leaves out beyond the built text: the gaps inside it. */
  gapUnits(a: number, b: number): number {
    const first = this.toBuilt(a, false);
    const last = this.toBuilt(b, true);
    let extra = 0;
    for (const p of this.pieces) {
      // The marker line itself (and its newline) was counted by the core; the gap it stands for was
      // not. A cut from the line before also counted that line's newline, which the output lacks
      // when the line was cut inside.
      if (p.gap && p.builtFirst >= first && p.builtFirst <= last) extra += gapBeyondMarker(p.gap, first < p.builtFirst);
    }
    return extra;
  }

  /**
   * What the gaps add to the core's count of omitted units: a gap whose marker the digest shows
   * (found in `llm`) was not counted by the core at all; one the core cut away was counted as its
   * marker line.
   */
  omittedBeyond(llm: string): number {
    let extra = 0;
    for (const p of this.pieces) if (p.gap) extra += llm.includes(p.gap.marker) ? p.gap.omitted : gapBeyondMarker(p.gap, true);
    return extra;
  }

  /** What the built text's gaps leave out beyond their marker lines, for every gap whose marker is not among `shown` (digest lines). */
  unitsOfGapsNotShown(shown: readonly number[]): number {
    const seen = new Set(shown.map((n) => this.toBuilt(n, false)));
    let extra = 0;
    for (const p of this.pieces) if (p.gap && !seen.has(p.builtFirst)) extra += gapBeyondMarker(p.gap, !seen.has(p.builtFirst - 1));
    return extra;
  }

  /** Kept ranges in true lines: a range over a gap marker is split there (the gap was not seen). */
  ranges(kept: readonly LineRange[]): LineRange[] {
    const out: LineRange[] = [];
    for (const [a, b] of kept) {
      const first = this.toBuilt(a, false);
      const last = this.toBuilt(b, true);
      for (const p of this.pieces) {
        if (p.gap || p.builtLast < first || p.builtFirst > last) continue;
        const from = Math.max(first, p.builtFirst);
        const to = Math.min(last, p.builtLast);
        out.push([p.first + (from - p.builtFirst), p.first + (to - p.builtFirst)]);
      }
    }
    return out;
  }
}

/** The one marker of a numbered cut (the core's small-budget form), and each kept line's number after it. */
const NUMBERED = /^\[\.\.\.([\d,]+) chars omitted\.\.\.\] ([\d,]+) of ([\d,]+) lines shown, numbered/m;
const LINE_NUMBER = /^(\d+): /gm;

/** A numbered cut with true line numbers, and its marker counting the gaps its lines skip. */
function remapNumbered(text: string, map: LineMap): string {
  const m = NUMBERED.exec(text);
  if (!m) return text;
  const bodyStart = text.indexOf("\n", m.index) + 1;
  if (bodyStart === 0) return text;
  const shown: number[] = [];
  const body = text.slice(bodyStart).replace(LINE_NUMBER, (_x, n: string) => {
    shown.push(Number(n));
    return `${map.line(Number(n))}: `;
  });
  const omitted = parse(m[1]!) + map.unitsOfGapsNotShown(shown);
  const marker = `[...${count(omitted)} chars omitted...] ${m[2]} of ${count(map.totalLines)} lines shown, numbered`;
  return text.slice(0, m.index) + marker + text.slice(m.index + m[0].length, bodyStart) + body;
}

const MARKER = /\[\.\.\.([\d,]+) chars omitted\.\.\.\] (?:lines ([\d,]+)–([\d,]+)|line ([\d,]+)) of ([\d,]+)/g;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The core's markers in `text` with true line numbers and totals, and the read hint's
 * `{first}`/`{last}` digits mapped too. `hint` is the hint as given to the core (with `{id}` filled).
 */
export function remapMarkers(text: string, map: LineMap, hint: string): string {
  let out = remapNumbered(text, map).replace(MARKER, (_m, omitted: string, a?: string, b?: string, one?: string) => {
    const first = parse(a ?? one!);
    const last = parse(b ?? one!);
    const tFirst = map.line(first);
    const tLast = map.line(last, true);
    const gap = first === last ? map.gapAt(first) : undefined;
    const units = gap ? gap.omitted : parse(omitted) + map.gapUnits(first, last);
    const range = tFirst === tLast ? `line ${count(tFirst)}` : `lines ${count(tFirst)}–${count(tLast)}`;
    return `[...${count(units)} chars omitted...] ${range} of ${count(map.totalLines)}`;
  });
  if (hint.includes("{first}") || hint.includes("{last}")) {
    const pattern = escapeRegExp(hint).replace(/\\\{(first|last)\\\}/g, "(\\d+)");
    out = out.replace(new RegExp(pattern, "g"), (...m: unknown[]) => {
      let i = 0;
      return hint.replace(/\{(first|last)\}/g, (_x, name: string) => String(map.line(Number(m[1 + i++]), name === "last")));
    });
  }
  return out;
}

/** A count of the lines that open alike (`· 111 lines "[warn] …"`, the core's command totals). */
const LEAD_COUNT = / · [\d,]+ lines "[^"\n]*…"/g;

/**
 * The headline's "N lines" counts the built text: say the whole output's count instead. The
 * counts of lines that open alike are of the pieces the core saw, and no count of the whole
 * output says them: they go.
 */
export function trueHeadline(text: string, builtLines: number, map: LineMap): string {
  const nl = text.indexOf("\n");
  const first = nl < 0 ? text : text.slice(0, nl);
  const said = ` ${count(builtLines)} lines`;
  if (builtLines === map.totalLines || !first.includes(said)) return text;
  return first.replace(said, ` ${count(map.totalLines)} lines`).replace(LEAD_COUNT, "") + (nl < 0 ? "" : text.slice(nl));
}

/**
 * The digest's metadata with the whole output's counts, the kept ranges in its lines, and
 * "cleaned" paging: read() pages the whole output line by line, the numbering the markers now use.
 */
export function trueMetadata(metadata: ResultMetadata, map: LineMap, totals: { chars: number; llm: string }): ResultMetadata {
  const scale = metadata.rawChars > 0 ? totals.chars / metadata.rawChars : 1;
  const rawTokens = Math.ceil(metadata.rawTokens * scale);
  // A digest's line count is of the whole output too; its other facts are of the pieces it saw.
  const facts = typeof metadata.facts.lines === "number" ? { ...metadata.facts, lines: map.totalLines } : metadata.facts;
  return {
    ...metadata,
    facts,
    rawChars: totals.chars,
    rawTokens,
    savedTokens: rawTokens - metadata.llmTokens,
    omittedChars: metadata.omittedChars + map.omittedBeyond(totals.llm),
    keptLines: map.ranges(metadata.keptLines),
    totalLines: map.totalLines,
    paging: "cleaned",
  };
}
