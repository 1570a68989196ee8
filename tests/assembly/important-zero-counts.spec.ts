import { kindName } from "../../assembly/important/kinds";
import { scanImportant } from "../../assembly/important/scan";

/** Kind names of the flagged lines of `text`, joined with ",". */
function kinds(text: string): string {
  const scan = scanImportant(text);
  const names = new Array<string>();
  for (let i = 0; i < scan.count; i++) names.push(kindName(scan.kinds[i]));
  return names.join(",");
}

describe("zero counts", () => {
  it("takes a zero and the plural it counts before the outcome word as no failure", () => {
    expect(kinds("[         0 containers failed     ]\n")).toBe("");
    expect(kinds("0 tests failed\n")).toBe("");
    expect(kinds("Summary: 0 examples failed, 3 skipped\n")).toBe("");
    // A non-zero count still states failures.
    expect(kinds("[         2 tests failed          ]\n")).toBe("failure");
    expect(kinds("10 tests failed\n")).toBe("failure");
  });

  it("leaves a zero that counts no plural before the word", () => {
    // A singular name after the zero is no count of things ("worker 0 job failed").
    expect(kinds("worker 0 job failed\n")).toBe("failure");
    // A zero that is part of a number or a name.
    expect(kinds("v1.0 tests failed\n")).toBe("failure");
    expect(kinds("node0 tests failed\n")).toBe("failure");
    // Two words between the zero and the outcome: no count of what failed.
    expect(kinds("0 of the tests failed\n")).toBe("failure");
  });
});
