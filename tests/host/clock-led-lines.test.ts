// Lines that open with a clock's time and then the same word (a capture's packets, a trace's
// calls) are counted under the status line like lines at a place: on a real capture of the
// tuning part (tcpdump -r over a loopback capture), the packets the fixture's facts count
// with grep -cE '^hh:mm:ss.frac IP '.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";
import { tuningFixture } from "./support/tuning-fixture.js";

describe("lines led by a clock's time", () => {
  it("counts tcpdump's packets by the word after each time", () => {
    const { input, hint, meta } = tuningFixture("tcpdump-r-loopback");
    const packets = (meta as unknown as { facts: { counts: Record<string, number> } }).facts.counts.packets;
    expect(packets).toBeGreaterThan(20);
    const status = compact(input, { level: "balanced" }, { hint }).llmContent.split("\n")[0]!;
    expect(status).toContain(`${packets} lines "\u2026 IP \u2026"`);
  });
});
