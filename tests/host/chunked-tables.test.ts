// The per-call tables of a long session grow in fixed-size pieces: every row must be found
// again across the pieces' boundaries, and the figures built from them must not change.
import { describe, expect, it } from "vitest";
import { ChunkedMap, Column, NumberColumn } from "../../host/chunked.js";
import { RowIndex } from "../../host/call-table.js";
import { Locations } from "../../host/log/locations.js";
import { SessionStats } from "../../host/stats.js";

/** Enough keys that every one of the 64 groups fills more than one Map of 1,024. */
const MANY = 100_000;
const id = (i: number) => `call_${i}_${(i * 2654435761 >>> 0).toString(16).padStart(8, "0")}`;

describe("a map kept in pieces", () => {
  it("finds every key of a map grown past its pieces, and counts each once", () => {
    const map = new ChunkedMap<number>();
    for (let i = 0; i < MANY; i++) map.set(id(i), i);
    expect(map.size).toBe(MANY);
    for (let i = 0; i < MANY; i++) expect(map.get(id(i))).toBe(i);
    expect(map.get("call_missing")).toBeUndefined();
  });

  it("replaces a key's value where it is, without adding a key", () => {
    const map = new ChunkedMap<number>();
    for (let i = 0; i < MANY; i++) map.set(id(i), i);
    for (let i = 0; i < MANY; i += 7) map.set(id(i), -i);
    expect(map.size).toBe(MANY);
    for (let i = 0; i < MANY; i++) expect(map.get(id(i))).toBe(i % 7 === 0 ? -i : i);
  });

  it("gives a key's value where it has one, and adds the one offered where it has none", () => {
    const map = new ChunkedMap<number>();
    for (let i = 0; i < MANY; i++) expect(map.getOrAdd(id(i), i)).toBe(i);
    expect(map.size).toBe(MANY);
    // Keys in every piece, early and late: the value they have, nothing added.
    for (let i = 0; i < MANY; i += 3) expect(map.getOrAdd(id(i), -1)).toBe(i);
    expect(map.size).toBe(MANY);
    map.delete(id(5));
    expect(map.getOrAdd(id(5), -5)).toBe(-5);
    expect(map.get(id(5))).toBe(-5);
    expect(map.size).toBe(MANY);
  });

  it("deletes a key from whichever piece holds it, and takes it again", () => {
    const map = new ChunkedMap<string>();
    for (let i = 0; i < MANY; i++) map.set(id(i), `v${i}`);
    for (let i = 0; i < MANY; i += 3) expect(map.delete(id(i))).toBe(true);
    expect(map.delete(id(0))).toBe(false);
    expect(map.size).toBe(MANY - Math.ceil(MANY / 3));
    for (let i = 0; i < MANY; i++) expect(map.get(id(i))).toBe(i % 3 === 0 ? undefined : `v${i}`);
    map.set(id(3), "again");
    expect(map.get(id(3))).toBe("again");
    expect(map.size).toBe(MANY - Math.ceil(MANY / 3) + 1);
  });
});

describe("columns kept in pieces", () => {
  it("a number column keeps every value across its first piece's growth and the pieces after", () => {
    const column = new NumberColumn();
    for (let row = 0; row < 5000; row++) column.set(row, row * 1.5 + 2 ** 40);
    for (let row = 0; row < 5000; row++) expect(column.get(row)).toBe(row * 1.5 + 2 ** 40);
  });

  it("a number column set first far past its first piece keeps the rows before it", () => {
    const column = new NumberColumn();
    for (let row = 0; row < 10; row++) column.set(row, row + 1);
    column.set(3000, 7);
    column.set(500, 9);
    expect(column.get(3000)).toBe(7);
    expect(column.get(500)).toBe(9);
    for (let row = 0; row < 10; row++) expect(column.get(row)).toBe(row + 1);
  });

  it("a column of values keeps each row's value, undefined where unset", () => {
    const column = new Column<string | undefined>();
    for (let row = 0; row < 3000; row++) column.set(row, row % 5 ? `r${row}` : undefined);
    for (let row = 0; row < 3000; row++) expect(column.get(row)).toBe(row % 5 ? `r${row}` : undefined);
    expect(column.get(5000)).toBeUndefined();
  });
});

describe("the session's tables grown past their pieces", () => {
  it("row numbers stay one per (group, key) past a piece's boundary", () => {
    const rows = new RowIndex();
    for (let i = 0; i < 3000; i++) expect(rows.rowFor("s", id(i), i)).toBe(i);
    for (let i = 0; i < 3000; i++) expect(rows.rowFor("s", id(i), 3000 + i)).toBe(i);
    expect(rows.rowFor("t", id(0), 3000)).toBe(3000);
  });

  it("log locations past a piece's boundary are found, replaced and deleted", () => {
    const locations = new Locations();
    for (let i = 0; i < 3000; i++) locations.set(id(i), { ino: 2 ** 40 + i, offset: i * 100, length: i });
    locations.delete(id(1500));
    locations.set(id(2999), { ino: 1, offset: 2, length: 3 });
    expect(locations.get(id(1500))).toBeUndefined();
    expect(locations.get(id(2999))).toEqual({ ino: 1, offset: 2, length: 3 });
    for (let i = 0; i < 2999; i++) if (i !== 1500) expect(locations.get(id(i))).toEqual({ ino: 2 ** 40 + i, offset: i * 100, length: i });
  });

  it("log locations of 100,000 calls, early ones deleted and added again into freed rows, past the maps' pieces", () => {
    // 100,000 ids over 64 groups put ~1,560 in each: every group has filled its first map.
    const locations = new Locations();
    const entry = (i: number, round: number) => ({ ino: 7 + round, offset: i * 10 + round, length: i % 97 });
    for (let i = 0; i < 100_000; i++) locations.set(id(i), entry(i, 0));
    for (let i = 0; i < 2000; i++) locations.delete(id(i));
    for (let i = 0; i < 2000; i++) expect(locations.get(id(i))).toBeUndefined();
    for (let i = 0; i < 1000; i++) locations.set(id(i), entry(i, 1));
    for (let i = 0; i < 100_000; i++) {
      const want = i < 1000 ? entry(i, 1) : i < 2000 ? undefined : entry(i, 0);
      expect(locations.get(id(i))).toEqual(want);
    }
  });

  it("log locations of two kinds per id: each kind set and deleted alone, the row freed with the last", () => {
    const locations = new Locations(2);
    const entry = (i: number, kind: number) => ({ ino: 9, offset: i * 10 + kind, length: kind + 1 });
    for (let i = 0; i < 3000; i++) {
      locations.set(id(i), entry(i, 0), 0);
      // A reused id's older second-kind entry goes as its first-kind one is set (as the call index does).
      locations.delete(id(i), 1);
      if (i % 2 === 0) locations.set(id(i), entry(i, 1), 1);
    }
    for (let i = 0; i < 3000; i++) {
      expect(locations.get(id(i), 0)).toEqual(entry(i, 0));
      expect(locations.get(id(i), 1)).toEqual(i % 2 === 0 ? entry(i, 1) : undefined);
    }
    // One kind deleted: the other stays. Both: the id is gone, and its row serves a new id.
    locations.delete(id(10), 1);
    expect(locations.get(id(10), 0)).toEqual(entry(10, 0));
    locations.delete(id(10), 0);
    expect(locations.get(id(10), 0)).toBeUndefined();
    locations.set("fresh", entry(1, 1), 1);
    expect(locations.get("fresh", 0)).toBeUndefined();
    expect(locations.get("fresh", 1)).toEqual(entry(1, 1));
    // A row never used before has no entry of the kind not set.
    locations.set("fresh2", entry(2, 1), 1);
    expect(locations.get("fresh2", 0)).toBeUndefined();
    for (let i = 0; i < 3000; i++) if (i !== 10) expect(locations.get(id(i), 0)).toEqual(entry(i, 0));
  });

  it("stats of thousands of calls, some recorded twice, total what the calls add up to", () => {
    const stats = new SessionStats({ inputPerMTok: 3, summarizerInputPerMTok: 1, summarizerOutputPerMTok: 5 });
    const latest = new Map<string, { session: string; raw: number; sent: number; usage: { inputTokens: number; outputTokens: number } | null }>();
    for (let i = 0; i < 5000; i++) {
      // Every tenth call is a call id seen before, recorded again: it counts once, with its latest figures.
      const n = i % 10 === 9 ? i - 5 : i;
      const session = n % 3 ? "a" : "b";
      const sample = { callId: id(n), session, tool: "bash", category: n % 2 ? "CommandOutput" : undefined, rawTokens: 1000 + i, llmTokens: 200 + (i % 50), summarizerUsage: i % 4 ? null : { inputTokens: i, outputTokens: 10 } };
      stats.add(sample);
      latest.set(`${session}/${id(n)}`, { session, raw: sample.rawTokens, sent: sample.llmTokens, usage: sample.summarizerUsage });
    }
    const report = stats.stats();
    expect(report.calls.length).toBe(latest.size);
    const raw = [...latest.values()].reduce((s, c) => s + c.raw, 0);
    const sent = [...latest.values()].reduce((s, c) => s + c.sent, 0);
    expect(report.total.calls).toBe(latest.size);
    expect(report.total.rawTokens).toBe(raw);
    expect(report.total.sentTokens).toBe(sent);
    expect(report.total.savedTokens).toBe(raw - sent);
    expect(report.sessions.a!.calls + report.sessions.b!.calls).toBe(latest.size);
    const row = report.calls.find((c) => c.callId === id(4))!;
    expect(row).toMatchObject({ rawTokens: 1009, llmTokens: 209, sentTokens: 209, savedTokens: 800, session: "a", tool: "bash", category: undefined, summarizerUsage: null });
  });

  it("stats of calls added, recorded and reported by turns: each call its row as it is counted, first-recorded order, latest figures, each call once", () => {
    const stats = new SessionStats();
    const sample = (n: number, llmTokens: number) => ({ callId: id(n), session: "s", tool: "bash", category: "CommandOutput", rawTokens: 100, llmTokens });
    for (let n = 0; n < 1500; n++) stats.add(sample(n, 10));
    // A record after adds sees them: the id added first keeps its row, with these figures.
    expect(stats.record(sample(0, 40))).toMatchObject({ callId: id(0), sentTokens: 40, savedTokens: 60 });
    expect(stats.stats().calls.map((c) => c.callId).slice(0, 3)).toEqual([id(0), id(1), id(2)]);
    stats.add(sample(1, 70));
    stats.add(sample(1500, 20));
    const report = stats.stats();
    expect(report.total.calls).toBe(1501);
    expect(report.calls[1]).toMatchObject({ callId: id(1), sentTokens: 70 });
    expect(report.calls[1500]).toMatchObject({ callId: id(1500), sentTokens: 20 });
    expect(report.total.sentTokens).toBe(40 + 70 + 1498 * 10 + 20);
    // Bad figures are refused when added, not when a report comes.
    expect(() => stats.add(sample(1501, -1))).toThrow(/llmTokens/);
    expect(stats.stats().total.calls).toBe(1501);
  });
});
