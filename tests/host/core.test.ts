import { describe, expect, it } from "vitest";
import { oneLine } from "../../host/core-api.js";
import { coreGeneration } from "../../host/core.js";

describe("core binding", () => {
  it("round-trips non-ASCII and emoji", () => {
    expect(oneLine("  héllo\n\t wörld 😀 ")).toBe("héllo wörld 😀");
  });
  it("handles the empty string", () => {
    expect(oneLine("")).toBe("");
  });
  it("compiles once and reuses the instance", () => {
    oneLine("a");
    const g = coreGeneration();
    for (let i = 0; i < 100; i++) oneLine("b c");
    expect(coreGeneration()).toBe(g);
  });
});
