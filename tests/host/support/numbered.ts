// Under a small budget the core numbers the lines it keeps ("12: text") under one
// marker. Tests that look for a line as the output printed it read past the numbers.

const NUMBERED = /^\[\.\.\.[\d,]+ chars omitted\.\.\.\] [\d,]+ of [\d,]+ lines shown, numbered/m;

/** The text with each kept line's number taken off, when the cut is numbered; otherwise the text. */
export function withoutLineNumbers(text: string): string {
  return NUMBERED.test(text) ? text.replace(/^\d+: /gm, "") : text;
}
