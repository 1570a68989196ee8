import { endsSayingAbsent, endsSayingDenied, endsSayingNoSuchPath, saysUndefinedName } from "../../assembly/important/absent";
import { Kind } from "../../assembly/important/kinds";
import { flaggedAs } from "./support/refined";

/** The 1-based lines the refined scan of `text` flags as errors, joined by spaces. */
function errors(text: string, exitCode: i32): string {
  return flaggedAs(text, exitCode, Kind.Error);
}

function absent(line: string): bool {
  return endsSayingAbsent(line, 0, line.length);
}

function noSuchPath(line: string): bool {
  return endsSayingNoSuchPath(line, 0, line.length);
}

function denied(line: string): bool {
  return endsSayingDenied(line, 0, line.length);
}

// Two paths walked a component a line, the second through a link whose target is gone:
// the line that says so holds no error word and is shaped like the rest.
const WALK =
  "f: /srv/shop/current/bin/shop\n" + // line 1
  "drwxr-xr-x root root /\n" + // line 2
  "drwxr-xr-x root root srv\n" + // line 3
  "drwxr-xr-x root root shop\n" + // line 4
  "lrwxrwxrwx root root current -> releases/2\n" + // line 5
  "drwxr-xr-x root root   releases\n" + // line 6
  "drwxr-xr-x root root   2\n" + // line 7
  "drwxr-xr-x root root bin\n" + // line 8
  "-rwxr-xr-x root root shop\n" + // line 9
  "f: /srv/shop/previous/bin/shop\n" + // line 10
  "drwxr-xr-x root root /\n" + // line 11
  "drwxr-xr-x root root srv\n" + // line 12
  "drwxr-xr-x root root shop\n" + // line 13
  "lrwxrwxrwx root root previous -> releases/1\n" + // line 14
  "drwxr-xr-x root root   releases\n" + // line 15
  "                       1 - No such file or directory\n"; // line 16, an error

// A failed check whose every entry names a device this machine lacks: the phrase on four
// lines of nine is the output's rhythm, so none of them is flagged for it.
const CHECK =
  "/\n" + // line 1
  "   [W] unreachable source: /dev/sda1: No such file or directory\n" + // line 2
  "/srv\n" + // line 3
  "   [W] unreachable source: /dev/sdb1: No such file or directory\n" + // line 4
  "/mnt/backup\n" + // line 5
  "   [W] unreachable source: /dev/sdc1: No such file or directory\n" + // line 6
  "/var/lib\n" + // line 7
  "   [W] unreachable source: /dev/sdd1: No such file or directory\n" + // line 8
  "warning: 4 sources unreachable\n"; // line 9, a warning: no last words are taken (last-words.ts)

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

describe("endsSayingNoSuchPath: a line whose last words say a path does not exist", () => {
  it("takes the C library's words at the line's end, in any case", () => {
    expect(noSuchPath("                 routes.ini - No such file or directory")).toBe(true);
    expect(noSuchPath("cat: notes.txt: no such file or directory")).toBe(true);
  });

  it("takes neither the words elsewhere nor alone", () => {
    expect(noSuchPath("No such file or directory: notes.txt")).toBe(false); // not at the end
    expect(noSuchPath(" No such file or directory")).toBe(false); // nothing is said to be missing
    expect(noSuchPath("x: No such file or director")).toBe(false); // other words
  });
});

// A client's debug log that succeeded in the end: the first key was refused, in a line with
// no error word, shaped like the log's other lines; the second was accepted.
const LOGIN =
  "debug1: Offering public key: laptop_key ED25519\r\n" + // line 1
  "debug1: Authentications that can continue: publickey\r\n" + // line 2
  "root@127.0.0.1: Permission denied (publickey).\r\n" + // line 3, an error
  "debug1: Offering public key: deploy_key RSA\r\n" + // line 4
  "debug1: Server accepts key: deploy_key RSA\r\n" + // line 5
  "Authenticated to 127.0.0.1 using publickey.\r\n"; // line 6

describe("endsSayingDenied: a line that ends saying a request was refused", () => {
  it("takes the word where the line ends with it or with a full stop", () => {
    expect(denied("find: '/proc/1/fd': Permission denied")).toBe(true);
    expect(denied("root@127.0.0.1: Permission denied (publickey).")).toBe(true);
    expect(denied("mysql: Access denied.")).toBe(true);
    expect(denied("Access Denied.")).toBe(true);
    expect(denied("cat: x: Permission denied (mode 0600)")).toBe(true); // the way tried, in brackets
  });

  it("takes neither a line that goes on past a complaint nor other words nor the word glued", () => {
    expect(denied("Permission denied: retrying as root")).toBe(false); // the line goes on
    expect(denied("cat: notes.txt: permission granted")).toBe(false); // other words
    expect(denied("requests_denied")).toBe(false); // no space before the word
    expect(denied("Permission denied: retrying as root.")).toBe(false); // nor with a full stop
    expect(denied("  ✓ returns 403 when access is denied")).toBe(false); // indented: a test's title
    expect(denied("    Requests were wrongly denied.")).toBe(false); // indented: a message's body
    expect(denied("(denied)")).toBe(false); // no word before the brackets
    expect(denied("")).toBe(false);
  });
});

describe("refineScan: failed lookups are errors, whatever the exit status", () => {
  it("flags a path that does not exist in a failed run while few lines say so", () => {
    expect(errors(WALK, 1)).toBe("16");
  });

  it("flags no missing path in a run that succeeded or whose exit is unknown", () => {
    expect(errors(WALK, 0)).toBe("");
    expect(errors(WALK, -1)).toBe("");
  });

  it("flags no missing path where one line in eight or more says so", () => {
    expect(errors(CHECK, 1)).toBe("");
  });

  it("flags each line that says its subject is not found", () => {
    expect(errors(LISTING, 0)).toBe("3 7");
    expect(errors(LISTING, 1)).toBe("3 7");
  });

  it("flags a refused request in a run that succeeded in the end", () => {
    expect(errors(LOGIN, 0)).toBe("3");
    expect(errors(LOGIN, 255)).toBe("3");
  });

  it("flags nothing in a listing whose lookups all succeeded", () => {
    expect(errors("bin/a:\n\tliba.so.1 => /opt/lib/liba.so.1 (0x7f01)\n\tlibc.so.6 => /lib/libc.so.6 (0x7f02)\n", 0)).toBe("");
  });
});

function undefinedName(line: string): bool {
  return saysUndefinedName(line, 0, line.length);
}

describe("saysUndefinedName: a line that says a name it quotes is undefined", () => {
  it("reads the word, a kind of name and the quoted name, in any case", () => {
    expect(undefinedName("    src/a.lua:11:11: (W113) accessing undefined variable 'sum'")).toBe(true);
    expect(undefinedName("a.py:3:1: undefined name 'CONTINUE'")).toBe(true);
    expect(undefinedName("src/a.d:20:12: error: undefined identifier \u2018roundCents\u2019")).toBe(true);
    expect(undefinedName("Undefined variable \"total\" in report.php on line 3")).toBe(true);
  });

  it("reads no prose that only uses the word, nor a longer word", () => {
    expect(undefinedName("ii  libubsan1  12.2.0  amd64  UBSan -- undefined behaviour sanitizer")).toBe(false);
    expect(undefinedName("is omitted or is <code>null</code> or <code>undefined</code>.")).toBe(false);
    expect(undefinedName("./encodings/undefined.py:18:    def encode(self, input):")).toBe(false);
    expect(undefinedName("69 steps passed, 2 failed, 1 skipped, 1 undefined")).toBe(false);
    expect(undefinedName("an undefined 'x'")).toBe(false);
    expect(undefinedName("  \u2713 returns undefined for 'key' (3 ms)")).toBe(false);
    expect(undefinedName("undefined in 'src/a.js' at line 3")).toBe(false);
    expect(undefinedName("notundefined name 'x'")).toBe(false);
  });

  it("reads the word at any place of a long line, past words that open like it, and only within the line", () => {
    for (let k = 0; k < 24; k++) {
      const lead = "a.c:1:1: " + "w ".repeat(k) + "unused Uncle unknown1 ";
      expect(undefinedName(lead + "undefined variable 'v'")).toBe(true);
      expect(undefinedName(lead + "undefined  variable 'v'")).toBe(false);
      expect(undefinedName(lead + "Xundefined variable 'v'")).toBe(false);
      // The line held among others: the text around it is not read.
      const text = "undefined name 'a'\n" + lead + "undefined var 'v'\nundefined name 'b'";
      expect(saysUndefinedName(text, text.indexOf("\n") + 1, text.lastIndexOf("\n"))).toBe(false);
      const said = "x\n" + lead + "undefined variable 'v'\nmore";
      expect(saysUndefinedName(said, 2, said.lastIndexOf("\n"))).toBe(true);
    }
  });
});

// A linter that words its findings alike, the ones that matter among them without an error word.
const LINTER =
  "Checking src/a.lua                          3 warnings\n" + // line 1
  "\n" + // line 2
  "    src/a.lua:1:7: (W211) unused variable 'json'\n" + // line 3
  "    src/a.lua:11:11: (W113) accessing undefined variable 'sum'\n" + // line 4
  "    src/a.lua:19:11: (W421) shadowing definition of variable 'value' on line 17\n" + // line 5
  "\n" + // line 6
  "Total: 3 warnings / 0 errors in 1 file\n"; // line 7

describe("refineScan: a name a failed run says is undefined is an error", () => {
  it("marks the line in a failed run", () => {
    expect(flaggedAs(LINTER, 1, Kind.Error).split(" ").includes("4")).toBe(true);
    expect(flaggedAs(LINTER, 1, Kind.Error).split(" ").includes("3")).toBe(false);
  });

  it("leaves it to the rest of the output in a run that succeeded or whose exit is unknown", () => {
    expect(flaggedAs(LINTER, 0, Kind.Error).split(" ").includes("4")).toBe(false);
    expect(flaggedAs(LINTER, -1, Kind.Error).split(" ").includes("4")).toBe(false);
  });
});
