// At the minimal level a failure keeps the labelled detail right under it: on a real capture
// of a script shell's errors, the "symbol:" line under a bare "Error:" and "cannot find
// symbol" names what was not found, which the two lines above do not.
import { describe, expect, it } from "vitest";
import { minimalOf } from "./support/tuning-fixture.js";

describe("minimal level: a failure's labelled detail", () => {
  it("keeps each \"symbol:\" line under a bare Error: (jshell)", () => {
    const text = minimalOf("jshell-script-errors");
    expect(text).toContain("4:   symbol:   variable taxRate");
    expect(text).toContain("52:   symbol:   method toLowercase()");
    // The failures themselves stay.
    expect(text).toContain("3: cannot find symbol");
    expect(text).toContain("47: incompatible types: possible lossy conversion from long to int");
  });
});
