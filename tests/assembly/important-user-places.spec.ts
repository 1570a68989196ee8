import { placedInLibrary } from "../../assembly/important/frames";
import { userPlacesFirst } from "../../assembly/important/user-places";
import { scanImportant } from "../../assembly/important/scan";

/** The 1-based lines of `novel`, "|", then of `repeats`, after userPlacesFirst. */
function reordered(text: string, novel: i32[], repeats: i32[]): string {
  const scan = scanImportant(text);
  userPlacesFirst(text, scan, novel, repeats);
  const lines = new Array<string>();
  for (let j = 0; j < novel.length; j++) lines.push(scan.lineNumbers[novel[j]].toString());
  lines.push("|");
  for (let j = 0; j < repeats.length; j++) lines.push(scan.lineNumbers[repeats[j]].toString());
  return lines.join(" ");
}

// A template's failure as g++ reports it, cut to four error lines (scan indices 0-3).
const TEMPLATE =
  "shop.cpp:3:5: error: use of deleted function ‘Index::Index()’\n" + // line 1, the user's (first)
  "/usr/include/c++/12/bits/hashtable.h:531:7: error: use of deleted function ‘Base::Base()’\n" + // line 2, a library's
  "/usr/include/c++/12/bits/stl_function.h:408:20: error: no match for ‘operator<’\n" + // line 3, a library's
  "shop.cpp:9:14: error: use of deleted function ‘Index::Index()’\n"; // line 4, the user's, line 1's message again

describe("placedInLibrary: a line that opens with a place in a library's file", () => {
  it("reads the line's first token only", () => {
    const a = "/usr/include/c++/12/bits/hashtable.h:531:7: error: use of deleted function\n";
    expect(placedInLibrary(a, 0, a.length - 1)).toBe(true);
    // The user's file, whatever library types the message names.
    const b = "shop.cpp:20:7: error: use of deleted function ‘std::unordered_map<K, V>::unordered_map()’";
    expect(placedInLibrary(b, 0, b.length)).toBe(false);
    // Indented, under node_modules.
    const c = "  node_modules/pkg/index.d.ts(3,1): error TS2300: Duplicate identifier 'x'.";
    expect(placedInLibrary(c, 0, c.length)).toBe(true);
    expect(placedInLibrary("", 0, 0)).toBe(false);
  });
});

describe("userPlacesFirst: the user's places before a library's", () => {
  it("moves the user's repeat ahead of the library's novel lines, the first line in front", () => {
    // Offered as: lines 1, 2, 3 novel, line 4 a repeat. After: 1 and 4 (the user's), then
    // 2 and 3; the split stays at three novel lines.
    expect(reordered(TEMPLATE, [0, 1, 2], [3])).toBe("1 4 2 | 3");
  });

  it("keeps the first error in front even when a library's file holds it", () => {
    const text = "/usr/include/x.h:1:1: error: first\n" + "a.c:2:1: error: second\n" + "/usr/include/y.h:3:1: error: third\n" + "a.c:4:1: error: fourth\n";
    expect(reordered(text, [0, 2], [1, 3])).toBe("1 2 | 4 3");
  });

  it("moves nothing when every place is the user's or a library's", () => {
    const users = "a.c:1:1: error: one\n" + "b.c:2:1: error: two\n" + "a.c:3:1: error: one\n";
    expect(reordered(users, [2, 0], [1])).toBe("3 1 | 2");
    const libraries = "/usr/include/x.h:1:1: error: one\n" + "/usr/include/y.h:2:1: error: two\n";
    expect(reordered(libraries, [1], [0])).toBe("2 | 1");
  });
});
