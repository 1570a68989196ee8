// A small JavaScript inventory module and its test cases, shared by the JavaScript test
// runners (node:test, jest, mocha, vitest). Most cases pass; three fail for real reasons
// (a rounding bug, an unhandled accent, a stock check that throws), placed mid-file.

export const INVENTORY = `// Inventory helpers under test.
export function parseQty(text) {
  const n = Number.parseInt(text, 10);
  if (Number.isNaN(n)) throw new Error(\`bad quantity: \${text}\`);
  return n;
}

export function reserve(stock, sku, qty) {
  const have = stock.get(sku) ?? 0;
  if (qty > have) throw new RangeError(\`insufficient stock for \${sku}: \${have} < \${qty}\`);
  stock.set(sku, have - qty);
  return have - qty;
}

export function priceWithVat(cents, rate) {
  return Math.floor((cents * (100 + rate)) / 100);
}

export function slug(name) {
  return name.toLowerCase().replace(/\\s+/g, "-");
}
`;

/** Test cases as [name, body] pairs; `expect` style is given by the runner's adapter. */
export function cases() {
  const out = [];
  for (let i = 1; i <= 40; i++) {
    out.push([`parseQty reads ${i * 3}`, { kind: "equal", actual: `parseQty("${i * 3}")`, expected: String(i * 3) }]);
    if (i === 20) {
      out.push(["priceWithVat rounds half to even cents", { kind: "equal", actual: "priceWithVat(1999, 19)", expected: "2379" }]);
      out.push(["slug strips accents", { kind: "equal", actual: `slug("Café Crème")`, expected: `"cafe-creme"` }]);
      out.push(["reserve takes the last unit", { kind: "equal", actual: `reserve(new Map([["A-7", 2]]), "A-7", 3)`, expected: "0" }]);
    }
    out.push([`reserve leaves ${i} of ${i + 5}`, { kind: "equal", actual: `reserve(new Map([["S-${i}", ${i + 5}]]), "S-${i}", 5)`, expected: String(i) }]);
  }
  return out;
}
