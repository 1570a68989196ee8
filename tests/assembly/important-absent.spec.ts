import { endsSayingAbsent } from "../../assembly/important/absent";
import { Kind } from "../../assembly/important/kinds";
import { flaggedAs } from "./support/refined";

/** The 1-based lines the refined scan of `text` flags as errors, joined by spaces. */
function errors(text: string, exitCode: i32): string {
  return flaggedAs(text, exitCode, Kind.Error);
}

function absent(line: string): bool {
  return endsSayingAbsent(line, 0, line.length);
}

// Two programs' libraries, one of them missing for each: in the listing's rhythm, and
// twice, so that neither a keyword nor a rare token tells the failed lookups.
const LISTING =
  "bin/a:\n" + // line 1
  "\tliba.so.1 => /opt/lib/liba.so.1 (0x7f01)\n" + // line 2
  "\tlibb.so.1 => not found\n" + // line 3, an error
  "\tlibc.so.6 => /lib/libc.so.6 (0x7f02)\n" + // line 4
  "bin/b:\n" + // line 5
  "\tliba.so.1 => /opt/lib/liba.so.1 (0x7f03)\n" + // line 6
  "\tlibb.so.1 => NOT FOUND\n" + // line 7, an error in capitals
  "\tlibc.so.6 => /lib/libc.so.6 (0x7f04)\n"; // line 8

describe("endsSayingAbsent: a line whose last words say its subject is not found", () => {
  it("takes the words at the line's end, in any case", () => {
    expect(absent("\tlibb.so.1 => not found")).toBe(true);
    expect(absent("guice.jar -> NOT FOUND")).toBe(true);
    expect(absent("bash: deploy: command not found")).toBe(true);
  });

  it("takes neither the words elsewhere nor glued to others nor alone", () => {
    expect(absent("not found: retrying with the mirror")).toBe(false); // not at the end
    expect(absent("    raise ValueError(\"line not found\")")).toBe(false); // quoted in code
    expect(absent("lookup_not found")).toBe(false); // no space before "not"
    expect(absent(" not found")).toBe(false); // nothing is said to be absent
  });
});

describe("refineScan: failed lookups are errors, whatever the exit status", () => {
  it("flags each line that says its subject is not found", () => {
    expect(errors(LISTING, 0)).toBe("3 7");
    expect(errors(LISTING, 1)).toBe("3 7");
  });

  it("flags nothing in a listing whose lookups all succeeded", () => {
    expect(errors("bin/a:\n\tliba.so.1 => /opt/lib/liba.so.1 (0x7f01)\n\tlibc.so.6 => /lib/libc.so.6 (0x7f02)\n", 0)).toBe("");
  });
});
