// LEB128 numbers as the WebAssembly binary format writes them (section sizes, counts, names),
// for the build scripts that rewrite sections of a module.

/** The unsigned number at `at`, and where the next field starts. */
export function readLeb(bytes, at) {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return { value, at };
}

/** The bytes of an unsigned number. */
export function leb(value) {
  const out = [];
  do {
    let byte = value & 0x7f;
    value = Math.floor(value / 128);
    if (value > 0) byte |= 0x80;
    out.push(byte);
  } while (value > 0);
  return out;
}
