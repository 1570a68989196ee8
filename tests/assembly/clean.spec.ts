import { clean, cleanText, cleanWith } from "../../assembly/clean";
import { describeBinary } from "../../assembly/binary";

function same(a: string, b: string): bool {
  return changetype<usize>(a) == changetype<usize>(b);
}

/** s repeated n times, joined by sep. */
function repeat(s: string, n: i32, sep: string): string {
  const parts = new Array<string>();
  for (let i = 0; i < n; i++) parts.push(s);
  return parts.join(sep);
}

describe("clean: nothing to do", () => {
  it("returns the same string object", () => {
    const t = "plain text\n\twith a tab\nno trailing newline";
    expect(same(clean(t), t)).toBe(true);
    const e = "";
    expect(same(clean(e), e)).toBe(true);
    // 😀 = d83d de00: a well-formed pair is not a change.
    const emoji = "smile \uD83D\uDE00 done\n";
    expect(same(clean(emoji), emoji)).toBe(true);
    const lines = "a\nb\na\nb\n";
    expect(same(clean(lines), lines)).toBe(true);
    // A run too short to collapse is no change either.
    const short = "ok\nok\nok\n";
    expect(same(clean(short), short)).toBe(true);
  });

  it("keeps blank lines: they are never collapsed", () => {
    const t = "def f():\n    pass\n\n\ndef g():\n    pass\n\n\n\n";
    expect(same(clean(t), t)).toBe(true);
    const spaces = "x\n   \n   \n\t\n\t\ny";
    expect(same(clean(spaces), spaces)).toBe(true);
  });

  it("passes one huge plain line through", () => {
    const t = "x".repeat(1000000);
    expect(same(clean(t), t)).toBe(true);
  });
});

describe("clean: line ends", () => {
  it("turns CRLF into LF and keeps the trailing newline as it was", () => {
    expect(clean("a\r\nb\r\n")).toBe("a\nb\n");
    expect(clean("a\r\nb")).toBe("a\nb");
    expect(clean("a\r\n\r\nb\r\n")).toBe("a\n\nb\n");
    expect(clean("end\r")).toBe("end");
  });

  it("applies \\r overwrites from column 0, keeping a longer tail", () => {
    expect(clean("123456\r78")).toBe("783456");
    expect(clean("10%\r20%\r100%\ndone\n")).toBe("100%\ndone\n");
    expect(clean("Receiving objects:  45% (45/100)\rReceiving objects: 100% (100/100), done.\n")).toBe("Receiving objects: 100% (100/100), done.\n");
    expect(clean("a\rb\rc")).toBe("c");
    // A spinner's frames: the same word after the glyph.
    expect(clean("\u280B Installing\r\u2819 Installing\r\u2839 Installing\n")).toBe("\u2839 Installing\n");
    // Blanked with spaces, then written.
    expect(clean("Working\r       \rDone\n")).toBe("Done   \n");
  });

  it("keeps what a \\r would overwrite when it is not the meter's previous frame", () => {
    // curl -v: the body shares its line with the meter's last redraw (columns of numbers).
    const meter = "100  2848    0  2848    0     0   136k      0 --:--:-- --:--:-- --:--:--  139k";
    const body = '{"orders":[{"id":9000,"status":"paid","totalCents":0},{"id":9001,"status":"paid","totalCents":7919}],"count":2}';
    expect(clean(body + "\r" + meter + "\n* Connection #0 left intact\n")).toBe(body + "\n" + meter + "\n* Connection #0 left intact\n");
    // The meter's frames before the body still collapse into the last one.
    const frame0 = "  0     0    0     0    0     0      0      0 --:--:-- --:--:-- --:--:--     0";
    expect(clean(frame0 + "\r" + meter + "\n" + body)).toBe(meter + "\n" + body);
    // A message over text that no '\r' drew: both stay, neither is mangled.
    expect(clean("Downloading 99%\rDone\n")).toBe("Downloading 99%\nDone\n");
    // A message over a meter's redrawn frame replaces it whole: no stale tail.
    expect(clean("Downloading 10%\rDownloading 99%\rDone\n")).toBe("Done\n");
    expect(clean("Receiving objects:  98% (98/100)\rReceiving objects:  99% (99/100)\rremote: Total 100 (delta 0)\nReceiving objects: 100% (100/100), done.\n")).toBe(
      "remote: Total 100 (delta 0)\nReceiving objects: 100% (100/100), done.\n",
    );
    // Lines that end in a lone \r (old Mac text) are lines.
    expect(clean("first line\rsecond line\rthird\n")).toBe("first line\nsecond line\nthird\n");
    // A line wider than any terminal row is no frame, whatever follows.
    const wide = "x".repeat(600);
    expect(clean(wide + "\r 50%\r100%\n")).toBe(wide + "\n100%\n");
    expect(clean(wide + "\r\x1b[K100%\n")).toBe(wide + "\n100%\n");
    // CRLF is still a line end, however long the line.
    expect(clean(wide + "\r\n")).toBe(wide + "\n");
  });

  it("applies backspaces: one code point back, erased at the end of the line", () => {
    expect(clean("abc\b\bX\n")).toBe("aX\n");
    expect(clean("abc\b")).toBe("ab");
    expect(clean("\b\bab")).toBe("ab");
    // a 😀 (d83d de00) \b b: the whole pair goes.
    expect(clean("a\uD83D\uDE00\bb")).toBe("ab");
    // In the middle of the line (after \r) it only moves the cursor.
    expect(clean("123\r45\bZ")).toBe("4Z3");
  });
});

describe("clean: escape sequences", () => {
  it("strips CSI colours, 7-bit and 8-bit", () => {
    expect(clean("\x1b[01;31m\x1b[Kerror:\x1b[m\x1b[K bad\n")).toBe("error: bad\n");
    expect(clean("\u009b31mred\u009b0m")).toBe("red");
    expect(clean("\x1b[?25lhidden cursor\x1b[?25h")).toBe("hidden cursor");
  });

  it("strips OSC strings ended by BEL or ESC \\, and hyperlinks", () => {
    expect(clean("\x1b]0;window title\x07prompt$ ")).toBe("prompt$ ");
    expect(clean("\x1b]8;;https://example.com\x1b\\link\x1b]8;;\x1b\\ text")).toBe("link text");
    // Unterminated: it ends at the line end and cannot swallow the next line.
    expect(clean("\x1b]0;title\nnext line\n")).toBe("\nnext line\n");
  });

  it("strips two-unit and nF escapes, and lone or truncated ones", () => {
    expect(clean("\x1b7saved\x1b8")).toBe("saved");
    expect(clean("\x1b(Bplain\x1b[m")).toBe("plain");
    expect(clean("text\x1b")).toBe("text");
    expect(clean("text\x1b[12")).toBe("text");
    expect(clean("a\x1b\nb")).toBe("a\nb");
  });

  it("reads colours and a bare erase the same whatever follows them (their fast path)", () => {
    // GCC's pairs, back to back, at the line's start and end, and at the text's end.
    expect(clean("\x1b[01m\x1b[Kunit1.c:3:33:\x1b[m\x1b[K \x1b[01;35m\x1b[Kwarning: \x1b[m\x1b[Kunused\n")).toBe("unit1.c:3:33: warning: unused\n");
    expect(clean("a\x1b[m")).toBe("a");
    expect(clean("a\x1b[")).toBe("a");
    expect(clean("a\x1b[K")).toBe("a");
    expect(clean("\x1b[0m\x1b[0m\x1b[0m")).toBe("");
    // A bare erase cuts what the cursor left behind after a '\r'.
    expect(clean("Receiving objects:  50%\r\x1b[KReceiving objects: 100%\n")).toBe("Receiving objects: 100%\n");
    expect(clean("abcdef\x1b[3G\x1b[KXY")).toBe("abXY");
    // Not colours: other finals, private markers, colons, and parameters longer than the fast path reads.
    expect(clean("x\x1b[38:5:196my")).toBe("xy");
    expect(clean("x\x1b[1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16my")).toBe("xy");
    expect(clean("x\x1b[?1049hy")).toBe("xy");
    expect(clean("x\x1b[1Ky\n")).toBe(" y\n");
    expect(clean("\u009bKx")).toBe("x");
  });

  it("applies erase in line (CSI K) and cursor to column (CSI G)", () => {
    expect(clean("Downloading 50%\r\x1b[KDone\n")).toBe("Done\n");
    expect(clean("old text\x1b[2Knew")).toBe("new");
    expect(clean("abcdef\x1b[3G\x1b[0KXY")).toBe("abXY");
    // npm's spinner: column 1, erase, frame.
    expect(clean("\x1b[1G\x1b[0K\u280B\x1b[1G\x1b[0K\u2819\x1b[1G\x1b[0Kadded 1 package\n")).toBe("added 1 package\n");
    // Past the end of the line: one space, not the terminal's padding.
    expect(clean("ab\x1b[5Gc")).toBe("ab c");
    expect(clean("ab\x1b[4000Gc\n").length).toBe(5);
  });
});

describe("clean: control characters and surrogates", () => {
  it("drops C0 controls except tab and newline, and DEL", () => {
    expect(clean("a\x01b\x07c\x0bd\x0ce\x7ff\tg\n")).toBe("abcdef\tg\n");
  });

  it("treats a NUL as a line separator in text", () => {
    expect(cleanText("./src/a.ts\0./src/b.ts\0", true)).toBe("./src/a.ts\n./src/b.ts\n");
    // Dropped before a line end and at the start of a line.
    expect(cleanText("name\0\nnext\0\r\n\0x", true)).toBe("name\nnext\nx");
    expect(cleanText("\0\0\0", true)).toBe("");
  });

  it("replaces lone surrogates with U+FFFD", () => {
    // d83d at the end, dc00 alone, de00 d83d reversed.
    expect(clean("a\uD83D")).toBe("a\uFFFD");
    expect(clean("\uDC00b\n")).toBe("\uFFFDb\n");
    expect(clean("\uDE00\uD83Dx")).toBe("\uFFFD\uFFFDx");
    expect(clean("ok \uD83D\uDE00 \uD800 end")).toBe("ok \uD83D\uDE00 \uFFFD end");
  });

  it("replaces the half of a pair that an overwrite leaves", () => {
    // 😀 (d83d de00) x, \r, y overwrites the high surrogate.
    expect(clean("\uD83D\uDE00x\ry\n")).toBe("y\uFFFDx\n");
  });
});

describe("clean: repeated lines", () => {
  it("collapses a run into the line and its count", () => {
    // " (repeated 3 times)" is 19 units; the two dropped lines are 2 × 10.
    expect(clean("same line\nsame line\nsame line\nb\n")).toBe("same line (repeated 3 times)\nb\n");
    expect(clean("compiling module foo.c\ncompiling module foo.c")).toBe("compiling module foo.c (repeated 2 times)");
    expect(clean("x\nDownloading...\nDownloading...\nDownloading...\n")).toBe("x\nDownloading... (repeated 3 times)\n");
    expect(clean("warning: A\nwarning: A\nwarning: B\nwarning: B\nwarning: B\nwarning: A\n")).toBe(
      // The pair of A lines is too short to gain from a count.
      "warning: A\nwarning: A\nwarning: B (repeated 3 times)\nwarning: A\n",
    );
  });

  it("collapses only when the text gets shorter", () => {
    // "a" ×11: 10 dropped lines of 2 units = 20, the suffix " (repeated 11 times)" is 20: kept.
    const eleven = repeat("a", 11, "\n") + "\n";
    expect(same(clean(eleven), eleven)).toBe(true);
    expect(clean(repeat("a", 12, "\n") + "\n")).toBe("a (repeated 12 times)\n");
    // Kept runs next to edited lines are written back as they were.
    expect(clean("ok\nok\n\x1b[1mdone\x1b[0m\n")).toBe("ok\nok\ndone\n");
    expect(clean("\x1b[1mok\x1b[0m\nok\nok")).toBe("ok\nok\nok");
  });

  it("counts all-identical lines with thousands separators", () => {
    const t = repeat("Downloading...", 1000, "\n") + "\n";
    expect(clean(t)).toBe("Downloading... (repeated 1,000 times)\n");
  });

  it("compares lines after cleaning", () => {
    expect(clean("\x1b[1mbuilding target libfoo.a\x1b[0m\nbuilding target libfoo.a\n")).toBe("building target libfoo.a (repeated 2 times)\n");
    expect(clean("building target libfoo.a\n\x1b[1mbuilding target libfoo.a\x1b[0m\r\n")).toBe("building target libfoo.a (repeated 2 times)\n");
    expect(clean("building target libfoo.a\nbuilding target libfoo.a\n\x1b[1mnext\x1b[0m\n")).toBe("building target libfoo.a (repeated 2 times)\nnext\n");
    expect(clean("\x1b[1mbuilding target libfoo.a\x1b[0m\n\x1b[2mbuilding target libfoo.a\x1b[0m\n\x1b[3mnext\x1b[0m")).toBe("building target libfoo.a (repeated 2 times)\nnext");
    expect(clean("Downloading\r\nDownloading\r\nDownloading\r\n")).toBe("Downloading (repeated 3 times)\n");
  });

  it("can keep every line", () => {
    const t = "building target libfoo.a\nbuilding target libfoo.a\nbuilding target libfoo.a\n";
    expect(same(cleanWith(t, false), t)).toBe(true);
    expect(cleanWith("building target libfoo.a\x1b[0m\nbuilding target libfoo.a\n", false)).toBe("building target libfoo.a\nbuilding target libfoo.a\n");
  });
});

describe("clean: binary input", () => {
  it("returns the description instead of the bytes", () => {
    expect(clean("\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x02\0\x3e\0")).toBe("[binary output: 20 bytes, ELF executable, x86-64]");
    expect(clean("\0\0\0\0")).toBe("[binary output: 4 bytes, data]");
  });

  it("describes a text whose cleaned form is mostly U+FFFD", () => {
    // 40 lone dc00 and 40 SGR codes: 20% non-text before cleaning, 95% after.
    const t = "\uDC00".repeat(40) + "\x1b[1m".repeat(40) + "ok";
    expect(describeBinary(t)).toBe("");
    expect(clean(t)).toBe("[binary output: 282 bytes, data]");
  });

  it("is idempotent", () => {
    const inputs = ["a\na\nb\n", "\uDC00".repeat(40) + "\x1b[1m".repeat(40) + "ok", "\0", "x\0y\0", "x\r\x1b[Ky\n\ty", "\uD83D\uDE00x\ry", "p\0q\0", "\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x02\0"];
    for (let i = 0; i < inputs.length; i++) {
      const once = clean(inputs[i]);
      expect(clean(once)).toBe(once);
    }
  });

  it("handles one huge coloured line", () => {
    const t = repeat("\x1b[32mgreen\x1b[0m text", 100000, " ");
    const out = clean(t);
    expect(out.length).toBe(100000 * 10 + 99999);
    expect(out.startsWith("green text green text")).toBe(true);
  });
});

// The release core reads coloured lines 64 units at a time (util/sgr-chunk.ts) and
// plain lines 32 at a time: sequences, pairs and line ends at those boundaries.
function a(n: i32): string {
  return "a".repeat(n);
}

function b(n: i32): string {
  return "b".repeat(n);
}

describe("clean: chunk and block boundaries", () => {
  it("reads a sequence that starts or ends at a chunk's edge", () => {
    // ESC at unit 63, the rest in the next chunk; ESC at 62 and '[' at 63; the final at 63.
    expect(clean("\x1b[m" + a(60) + "\x1b[01;35mword\x1b[m\x1b[K" + a(70) + "\n")).toBe(a(60) + "word" + a(70) + "\n");
    expect(clean("\x1b[m" + a(59) + "\x1b[01mx" + a(70))).toBe(a(59) + "x" + a(70));
    expect(clean("\x1b[m" + a(53) + "\x1b[01;35mx" + a(70))).toBe(a(53) + "x" + a(70));
    // Parameters longer than a chunk.
    expect(clean("x\x1b[" + "1;".repeat(40) + "my" + a(70))).toBe("xy" + a(70));
  });

  it("drops an ESC that is the text's last unit", () => {
    expect(clean("\x1b[1m" + a(100) + "\x1b")).toBe(a(100));
    // 64 units: the ESC is the only chunk's last.
    expect(clean("\x1b[1m" + a(59) + "\x1b")).toBe(a(59));
    expect(clean("\x1b[1m" + a(58) + "\x1b[")).toBe(a(58));
  });

  it("ends lines and runs at a chunk's and a block's last unit", () => {
    expect(clean("\x1b[1m" + a(59) + "\n\x1b[1m" + b(70) + "\x1b[0m\n")).toBe(a(59) + "\n" + b(70) + "\n");
    expect(clean("\x1b[1m" + a(60) + "\n\x1b[1m" + b(70) + "\x1b[0m\n")).toBe(a(60) + "\n" + b(70) + "\n");
    expect(clean("\x1b[1m" + a(4) + "\x1b[0m" + b(4) + "\x1b[1m" + a(12) + "\x1b[0m" + b(24) + "\x1b[1m" + a(60) + "\n")).toBe(a(4) + b(4) + a(12) + b(24) + a(60) + "\n");
  });

  it("keeps a surrogate pair split across blocks and chunks, and replaces a lone half there", () => {
    const plain = a(7) + "\uD83D\uDE00" + a(20) + "\n" + a(15) + "\uD83D\uDE00" + a(20) + "\n" + a(31) + "\uD83D\uDE00" + a(40) + "\n";
    expect(same(clean(plain), plain)).toBe(true);
    expect(clean("\x1b[1m" + a(59) + "\uD83D\uDE00" + a(10) + "\x1b[0m\n")).toBe(a(59) + "\uD83D\uDE00" + a(10) + "\n");
    expect(clean("\x1b[1m" + a(59) + "\uD83D" + a(10) + "\x1b[0m\n")).toBe(a(59) + "\uFFFD" + a(10) + "\n");
    expect(clean("\x1b[1m" + a(59) + "\uDE00" + a(10) + "\x1b[0m\n")).toBe(a(59) + "\uFFFD" + a(10) + "\n");
  });

  it("reads a '\\r' at the end of a block and of a chunk", () => {
    expect(clean(a(7) + "\r\n" + a(15) + "\r\n" + b(3) + "\n")).toBe(a(7) + "\n" + a(15) + "\n" + b(3) + "\n");
    expect(clean(a(31) + "\r\n" + a(40) + "\n")).toBe(a(31) + "\n" + a(40) + "\n");
    expect(clean("\x1b[1m" + a(59) + "\r\n" + b(70) + "\x1b[0m\n")).toBe(a(59) + "\n" + b(70) + "\n");
    expect(clean("\x1b[1mDownloading " + a(47) + "\r\x1b[1mDownloading " + b(60) + "\n")).toBe("Downloading " + b(60) + "\n");
  });

  it("ends coloured lines at \"\\r\\n\" as at \"\\n\", repeats included", () => {
    expect(clean("\x1b[1mabc\x1b[0m\r\n".repeat(10) + "\x1b[1m" + a(70) + "\r\n" + b(3) + "\r\n")).toBe("abc (repeated 10 times)\n" + a(70) + "\n" + b(3) + "\n");
    expect(clean("\x1b[1m" + a(70) + "\r\n\r\n\r\nx\r")).toBe(a(70) + "\n\n\nx");
  });

  it("collapses repeats found inside a chunk", () => {
    expect(clean("\x1b[1mabc\x1b[0m\n".repeat(10))).toBe("abc (repeated 10 times)\n");
    expect(clean("\x1b[1mabc\x1b[0m\n".repeat(10) + "\x1b[1mnext\x1b[0m\n")).toBe("abc (repeated 10 times)\nnext\n");
    // Equal lengths, other text; a run too short to gain.
    expect(clean("\x1b[1mabc\x1b[0m\n\x1b[1mxyz\x1b[0m\n".repeat(6))).toBe("abc\nxyz\n".repeat(6));
    expect(clean("\x1b[1mab\x1b[0m\n".repeat(3) + a(70) + "\n")).toBe("ab\nab\nab\n" + a(70) + "\n");
    expect(clean((a(15) + "\n").repeat(4))).toBe(a(15) + " (repeated 4 times)\n");
    expect(clean((a(31) + "\n").repeat(4))).toBe(a(31) + " (repeated 4 times)\n");
  });

  it("hands the rest of a long coloured line to the line editor", () => {
    expect(clean("\x1b[1m" + a(70) + "\x1b[2Knew\n")).toBe("new\n");
    expect(clean("\x1b[1m" + a(70) + "\x1b[1Kb\n")).toBe(" ".repeat(70) + "b\n");
    expect(clean("\x1b[1m" + a(70) + "\x1b[5GXY\n")).toBe(a(4) + "XY" + a(64) + "\n");
    expect(clean("\x1b[1m" + a(70) + "\x1b[0Kb\x1b[m\n")).toBe(a(70) + "b\n");
    expect(clean("\x1b[1m" + a(70) + "\x1b[?1mb\n")).toBe(a(70) + "b\n");
    expect(clean("\x1b[1m" + a(70) + "\b\bXY\n")).toBe(a(68) + "XY\n");
    expect(clean("\x1b[1m" + a(10) + "\u9fff\ufffd" + a(60) + "\x1b[0m\n")).toBe(a(10) + "\u9fff\ufffd" + a(60) + "\n");
    expect(clean("\x1b[1m" + a(70) + "\x7f\x07b\x1b[0m\n")).toBe(a(70) + "b\n");
    expect(clean("\x1b[1m" + a(70) + "\u009b31mb\n")).toBe(a(70) + "b\n");
    expect(clean("\x1b[1m" + a(70) + "x\0y\x1b[0m\n")).toBe(a(70) + "x\ny\n");
  });

  it("reads the lines after CJK text (units from U+8000 up) with the line editor alike", () => {
    // 성공 (c131 acf5) after a colour; 한 (d55c) at a line's start.
    const cjk = "\x1b[32m\uc131\uacf5\x1b[0m " + a(60) + "\n";
    const bold = "\x1b[1m" + b(70) + "\x1b[0m\n";
    expect(clean(cjk.repeat(3) + bold.repeat(20) + "\x1b[1m\ud55c" + a(70) + "\r\n")).toBe(
      "\uc131\uacf5 " + a(60) + " (repeated 3 times)\n" + b(70) + " (repeated 20 times)\n\ud55c" + a(70) + "\n",
    );
  });

  it("tells other escapes and colour-like text from colours", () => {
    expect(clean("\x1b[1m" + a(70) + "\x1b7m\x1b[0m\n")).toBe(a(70) + "m\n");
    expect(clean("\x1b[1m" + a(59) + "\x1b7m" + a(10) + "\n")).toBe(a(59) + "m" + a(10) + "\n");
    expect(clean("\x1b[1m[01;35m 5K m K [K [" + a(60) + "\n")).toBe("[01;35m 5K m K [K [" + a(60) + "\n");
  });
});
