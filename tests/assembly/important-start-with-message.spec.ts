// An error line too long for the room left may be shown by its start only; a start that
// ends inside the line's first word (a long path before ":35:5: error: …") shows a place
// and no message, so the room goes to a line that fits whole instead. A long line without
// a blank (a minified body) is still shown by its start: its first word is all it has.
import { keepImportant } from "../../assembly/important";
import { compiling, shownLine } from "./support/numbered-cut";

const HINT = "; read more: x";

const PATH = "/home/builder/checkouts/inventory-service/" + "generated/".repeat(10) + "catalog.cpp";
const LONG = PATH + ":35:5: error: Call to function 'strcpy' is insecure as it does not provide bounding of the memory buffer [security.insecureAPI.strcpy]";
const SHORT = "src/ledger.cpp:9:1: error: expected ';' before '}' token in the definition of class Ledger";
const BODY = '{"orders":[' + '{"id":9000,"status":"paid","totalCents":125},'.repeat(8) + "]}";

/** Lines 1–40: compiling; 41: `first`; 42–60: compiling; 61: `second`; 62–80: compiling. */
function build(first: string, second: string): string {
  const lines = new Array<string>();
  compiling(lines, 1, 40);
  lines.push(first);
  compiling(lines, 42, 60);
  lines.push(second);
  compiling(lines, 62, 80);
  return lines.join("\n") + "\n";
}

describe("keepImportant under the small budget: a line's start shows its message or nothing", () => {
  it("leaves out the start of an error line that would end inside its path, for a whole one", () => {
    const out = keepImportant(build(LONG, SHORT), 320, 0.5, HINT);
    expect(out.length).toBeLessThanOrEqual(320);
    // Line 41 is left out, or shown far enough to state its message.
    const first = shownLine(out, 41);
    expect(first == "" || first.includes(" error: ")).toBe(true);
    expect(shownLine(out, 61)).toBe(SHORT);
  });

  it("still shows the start of a long line without a blank", () => {
    const out = keepImportant(build("error:" + BODY, SHORT), 320, 0.5, HINT);
    expect(shownLine(out, 41).startsWith('error:{"orders":[{"id":9000,')).toBe(true);
    expect(shownLine(out, 41).endsWith(" chars omitted...]")).toBe(true);
  });
});
