// Log records and session ids are stamped by arithmetic, not Date: the text must be Date's own.
import { describe, expect, it } from "vitest";
import { isoTime } from "../../host/iso-time.js";

const viaDate = (ms: number): string => {
  try {
    return new Date(ms).toISOString();
  } catch (err) {
    return `throws ${(err as Error).name}`;
  }
};
const viaIsoTime = (ms: number): string => {
  try {
    return isoTime(ms);
  } catch (err) {
    return `throws ${(err as Error).name}`;
  }
};

describe("isoTime", () => {
  it("writes what toISOString writes at the ends of years 0000–9999, leap days and the epoch", () => {
    const edges = [0, -1, 1, -62_167_219_200_000, -62_167_219_200_001, 253_402_300_799_999, 253_402_300_800_000, 951_782_400_000, 951_868_799_999, 4_107_542_400_000, -2_203_891_200_001];
    for (const ms of edges) expect(viaIsoTime(ms)).toBe(viaDate(ms));
  });

  it("writes what toISOString writes for 200,000 times spread over ±9,500 years (seeded)", () => {
    let seed = 0x2545f491;
    const next = () => ((seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32);
    let differing = 0;
    for (let i = 0; i < 200_000; i++) {
      const ms = Math.floor((next() * 2 - 1) * 3e14) + Math.floor(next() * 1000);
      if (viaIsoTime(ms) !== viaDate(ms)) differing++;
    }
    expect(differing).toBe(0);
  });

  it("leaves what is not a whole millisecond to Date (NaN refused as Date refuses it)", () => {
    for (const ms of [NaN, 1.5, Infinity]) expect(viaIsoTime(ms)).toBe(viaDate(ms));
  });
});
