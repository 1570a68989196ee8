// The binding's hot path (callCore and what it inlines) runs thousands of times in a session and
// so reaches Node's optimizing compiler, which once turned a harmless-looking loop of it into
// code that crashed the process (SIGSEGV) on the first call after the compile. A crash ends the
// test worker, so this fails if any shape of that path brings it back.
import { describe, expect, it } from "vitest";
import { compact } from "../../host/pipeline.js";

describe("compact() over thousands of calls in one process", () => {
  it("answers every call, before and after the hot path is optimized", () => {
    const outputs = Array.from({ length: 16 }, (_, k) => Array.from({ length: 200 + k * 50 }, (_, i) => `[${i}] compiling unit_${k}_${i}.c ${i % 97 === 0 ? "error: boom" : "ok"}`).join("\n"));
    const bytes = outputs.map((o) => Buffer.from(o));
    let kept = 0;
    for (let i = 0; i < 3000; i++) {
      const r = compact({ tool: "bash", output: i % 2 === 0 ? outputs[i % 16]! : bytes[i % 16]! });
      if (r.llmContent.includes("error: boom")) kept++;
    }
    expect(kept).toBe(3000);
  });
});
