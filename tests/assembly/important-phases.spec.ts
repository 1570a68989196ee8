import { Kind } from "../../assembly/important/kinds";
import { flaggedAs } from "./support/refined";

/** Letters only: a number would be masked, and every step would open with the same token. */
const NAMES: string[] = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo", "sierra", "tango", "uniform", "victor", "whiskey", "xray", "yankee", "zulu", "amber", "basil", "cedar", "dune"];

/** `n` findings of one shape ("src/a.c:7: note: …"): the output's rhythm, held by four lines in five at least. */
function findings(n: i32): string {
  let text = "";
  for (let i = 1; i <= n; i++) text += "src/a.c:" + i.toString() + ": note: member m" + i.toString() + " has no comment\n";
  return text;
}

/** `n` progress steps, each opening with a word of its own ("Sorting alpha lists..."). */
function steps(n: i32): string {
  let text = "";
  for (let i = 0; i < n; i++) text += NAMES[i].toUpperCase().charAt(0) + NAMES[i].slice(1) + "ing " + NAMES[i] + " lists...\n";
  return text;
}

describe("refineScan: a long run of lines that break the rhythm is a phase of the output", () => {
  it("flags each of a few lines that break the findings' rhythm", () => {
    expect(flaggedAs(findings(100) + steps(5), -1, Kind.Notable)).toBe("101 102 103 104 105");
  });

  it("flags only the first line of a long run of them: the phase begins there", () => {
    expect(flaggedAs(findings(100) + steps(26), -1, Kind.Notable)).toBe("101");
  });

  it("counts a run only while its lines follow one another", () => {
    const text = findings(100) + steps(20) + findings(1) + steps(6);
    expect(flaggedAs(text, -1, Kind.Notable).split(" ").length).toBe(26);
  });
});
