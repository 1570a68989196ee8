import { encodedRunAtEnd, headPieces, isEncodedLine } from "../../assembly/important/encoded";
import { keepImportant } from "../../assembly/important";

function encodedLine(s: string): bool {
  return isEncodedLine(s, 0, s.length);
}

/** `count` lines "<prefix><i>" padded to `width` units with `fill`, each with its '\n'. */
function lines(prefix: string, count: i32, width: i32, fill: string): string {
  let out = "";
  for (let i = 1; i <= count; i++) {
    let line = prefix + i.toString();
    while (line.length < width) line += fill;
    out += line + "\n";
  }
  return out;
}

// 20 lines of text (49 units with '\n'), 20 of a modulus (50), 20 of text: 2,960 units.
const MODULUS_LINE = "    00:d2:7b:46:cf:c7:7e:45:86:ac:64:67:ca:08:a2:";
function certLike(): string {
  let mod = "";
  for (let i = 0; i < 20; i++) mod += MODULUS_LINE + "\n";
  return lines("text before ", 20, 48, ".") + mod + lines("text after ", 20, 48, ".");
}

describe("isEncodedLine", () => {
  it("takes hex pairs each followed by ':' or a space, four pairs at least, not digits only", () => {
    expect(encodedLine(MODULUS_LINE)).toBe(true);
    expect(encodedLine("        76:44:95:8f")).toBe(true);
    expect(encodedLine("7e f3 41 31 7e 27 91 b8")).toBe(true);
    // Too few pairs, or digits only: a time, a version, a row of numbers.
    expect(encodedLine("                    aa:a1")).toBe(false);
    expect(encodedLine("12:30:45")).toBe(false);
    expect(encodedLine("10 20 30 40 50")).toBe(false);
    // Groups of four digits, or a word among the pairs, are something else.
    expect(encodedLine("7ef3 4131 7e27 91b8")).toBe(false);
    expect(encodedLine("fa fa 00 [fd] fd fd")).toBe(false);
    expect(encodedLine("add bee fed dad")).toBe(false);
  });

  it("takes one word of base64 or hex digits, 32 units at least, not digits only", () => {
    expect(encodedLine("MIIGnzCCBYegAwIBAgIUOwn7Z6m2bhw/qd3mAdnbxX8AY64wDQYJKoZIhvcNAQEL")).toBe(true);
    expect(encodedLine("18344c56cafc92bb9766962f0a5d93c4dd6251e2")).toBe(true);
    expect(encodedLine("O0lT1Dj/opDjcdlG7GqYaL6k4A==")).toBe(false);
    expect(encodedLine("-----BEGIN CERTIFICATE-----")).toBe(false);
    expect(encodedLine("abcdefghijklmnopqrstuvwxyzabcdefghij")).toBe(false);
    expect(encodedLine("Modulus:")).toBe(false);
  });
});

describe("headPieces", () => {
  it("keeps a run's first line and folds the rest behind one marker's units", () => {
    const text = certLike();
    // Lines 1–20 (980 units) and line 21 (50) are kept, lines 22–40 (950) cost a
    // marker's 100 units, and the 270 left take lines 41–45.
    const p = headPieces(text, 1400, 100);
    expect(p.reshaped).toBe(true);
    expect(p.gaps.length).toBe(1);
    expect(<i32>(p.gaps[0] >> 32)).toBe(1030);
    expect(<i32>(p.gaps[0] & 0xffffffff)).toBe(1980);
    expect(p.used).toBe(980 + 50 + 100 + 5 * 49);
    expect(p.extent).toBe(1980 + 5 * 49);
  });

  it("does not fold a run at the start, nor one that is half the output or more", () => {
    let mod = "";
    for (let i = 0; i < 20; i++) mod += MODULUS_LINE + "\n";
    expect(headPieces(mod + lines("text after ", 20, 48, "."), 1400, 100).reshaped).toBe(false);
    expect(headPieces(lines("text before ", 2, 48, ".") + mod + lines("text after ", 2, 48, "."), 1400, 100).reshaped).toBe(false);
  });

  it("does not fold a run shorter than its marker", () => {
    // Lines 2–3 of the run are 100 units, no more than the 100 of a marker.
    const text = lines("text before ", 20, 48, ".") + MODULUS_LINE + "\n" + MODULUS_LINE + "\n" + MODULUS_LINE + "\n" + lines("text after ", 20, 48, ".");
    expect(headPieces(text, 1400, 100).reshaped).toBe(false);
  });

  it("shows the start of a long line the head would drop whole, not of the last line", () => {
    const long = lines("long ", 1, 600, "x");
    const text = lines("text ", 5, 48, ".") + long + lines("text after ", 20, 48, ".");
    // 5 lines (245 units), then 155 units of the 601-unit line 6.
    const p = headPieces(text, 400, 100);
    expect(p.reshaped).toBe(true);
    expect(p.extent).toBe(400);
    // With room for more, 240 units tell what the line is; the rest goes to the tail and the middle.
    const wide = headPieces(text, 700, 100);
    expect(wide.extent).toBe(245 + 240);
    expect(wide.used).toBe(245 + 240);
    expect(headPieces(lines("text ", 5, 48, ".") + long, 400, 100).reshaped).toBe(false);
  });
});

describe("keepImportant with encoded runs", () => {
  it("states the folded lines in a marker and reaches the lines after the run", () => {
    const out = keepImportant(certLike(), 2400, 0.5, "");
    // Line 21 (the run's first line) is shown, lines 22–40 are folded, line 41 follows.
    expect(out.includes("text before 20....")).toBe(true, "line 20");
    expect(out.includes(MODULUS_LINE + "\n[...950 chars omitted...] lines 22–40 of 60\ntext after 1....")).toBe(true, "the fold");
    // The tail keeps the end as before: the last line is kept.
    expect(out.includes("text after 20....")).toBe(true, "the last line");
    expect(out.length).toBeLessThanOrEqual(2400);
  });
});

/** `count` modulus lines, each with its '\n' (50 units each). */
function modulus(count: i32): string {
  let out = "";
  for (let i = 0; i < count; i++) out += MODULUS_LINE + "\n";
  return out;
}

describe("encodedRunAtEnd", () => {
  it("finds the run that ends a text after its text lines", () => {
    // 20 lines of text (980 units), then 12 of a modulus (600): the run starts at 980.
    const text = lines("text ", 20, 48, ".") + modulus(12);
    expect(encodedRunAtEnd(text)).toBe(980);
    // The last line without its '\n' is read as well.
    expect(encodedRunAtEnd(text.substring(0, text.length - 1))).toBe(980);
  });

  it("finds none in a run inside the text, too short, alone, or half the text or more", () => {
    expect(encodedRunAtEnd(certLike())).toBe(certLike().length);
    const short = lines("text ", 20, 48, ".") + modulus(2);
    expect(encodedRunAtEnd(short)).toBe(short.length);
    expect(encodedRunAtEnd(modulus(12))).toBe(600);
    // 5 lines of text (245 units) before 12 of a modulus (600): the run is the content.
    const dump = lines("text ", 5, 48, ".") + modulus(12);
    expect(encodedRunAtEnd(dump)).toBe(dump.length);
    // A blank line after the run: the text does not end in it.
    const blank = lines("text ", 20, 48, ".") + modulus(12) + "\n";
    expect(encodedRunAtEnd(blank)).toBe(blank.length);
  });
});

describe("keepImportant with an encoded run at the end", () => {
  it("gives the tail's room to the head and leaves the run to the marker", () => {
    // 30 lines of 49 units (line 3 an error, so lines are chosen, not cut plainly),
    // then 12 lines of a signature (600 units) that end the text: 2,070 units.
    let text = "";
    for (let i = 1; i <= 30; i++) {
      let line = (i == 3 ? "error: line " : "text ") + i.toString();
      while (line.length < 48) line += ".";
      text += line + "\n";
    }
    text += modulus(12);
    const out = keepImportant(text, 1000, 0.5, "");
    // Numbered, one marker: the head runs on to line 16, where half the room
    // would have stopped near line 8 and shown signature lines after it.
    expect(out.startsWith("[...1,286 chars omitted...] 16 of 42 lines shown, numbered\n1: text 1.")).toBe(true, "the marker");
    expect(out.includes("\n3: error: line 3.")).toBe(true, "the error");
    expect(out.endsWith("\n16: text 16.........................................\n")).toBe(true, "line 16 last");
    expect(out.includes(MODULUS_LINE)).toBe(false, "the run");
    expect(out.length).toBeLessThanOrEqual(1000);
  });
});
