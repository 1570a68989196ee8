// Deterministic tool output for record i of writer `name`: numbered lines
// naming both, sized between min and max bytes (ASCII, so bytes = chars).
export function expectedOutput(name, i, min, max) {
  const size = min + ((i * 7919) % Math.max(1, max - min + 1));
  const lines = [];
  let length = 0;
  for (let n = 1; length < size; n++) {
    const line = `${name} record ${i} line ${n} ${"x".repeat(n % 50)}`;
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join("\n").slice(0, size);
}

const bases = new Map();

/** Output of record i in "forever" mode: `record i` then one shared big text. */
export function foreverOutput(name, i, min, max) {
  const key = `${name}:${min}:${max}`;
  if (!bases.has(key)) bases.set(key, expectedOutput(name, 0, min, max));
  return `record ${i}\n${bases.get(key)}`;
}
