// The minimal level (≈ 800 chars) on a real capture of the tuning part of the corpus: a
// failed run's lines that an alarm sign opens are its failures, though they hold no error word.
import { describe, expect, it } from "vitest";
import { minimalOf as minimal } from "./support/tuning-fixture.js";

describe("minimal level: a failed run's lines opened by an alarm sign", () => {
  it("shows the refs a push refused, whose lines open with \" ! \" and hold no error word (git push)", () => {
    const text = minimal("git-push-hook-rejected");
    expect(text).toMatch(/^\d+:  ! \[rejected\] +main -> main \(fetch first\)$/m);
    expect(text).toMatch(/^\d+:  ! \[remote rejected\] release-2\.4 -> release-2\.4 \(hook declined\)$/m);
    // The ref pushed is no failure: its sign is another.
    expect(text).not.toContain("[new branch]");
  });

  it("shows a typesetter's complaints, whose lines open with \"! \" and a capital among its pages and files (pdflatex)", () => {
    const text = minimal("pdflatex-undefined-macros-missing-figure");
    // Line 58, the first complaint, holds no error word: it is kept for its sign, with its number.
    expect(text).toMatch(/^58: ! Undefined control sequence\.$/m);
    expect(text).toMatch(/^\d+: ! Package pdftex\.def Error: File `figures\/davos-drift\.pdf' not found/m);
  });
});
