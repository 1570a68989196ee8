// Packs the static data of a core module (the component's, see build-component.mjs).
//
// AssemblyScript lays every static string out as its own object: a 20-byte header
// and UTF-16 code units, written into memory by one or two active data segments
// each. For ~1,700 mostly ASCII literals that is more bytes of segment encoding,
// headers and zero high bytes than of text. This step replaces all the segments
// with one packed image and a small decoder that rebuilds the exact same memory
// before the module's own start code runs:
//   - the packed image is one active segment at the top of the initial memory,
//     above everything the segments wrote (and the start code has not run yet,
//     so no heap block lives there); the decoder's probabilities go just below it;
//   - `_initialize` becomes a new function that decodes the image into place,
//     zeroes the packed copy and the probabilities, then calls the original
//     start function.
// The memory after `_initialize` is byte-identical to the unpacked module's:
// `packCoreData` instantiates both and compares them before returning.
//
// Image format: a sequence of tokens, range-coded (see rangeEncode). Each token is a LEB128 value v, with
// t = v & 7 and n = v >>> 3 (memory starts zeroed, so zeros are skipped):
//   0  skip n zero bytes
//   1  copy n literal bytes
//   2  n bytes, each followed by a zero byte (UTF-16 code units below 256)
//   3  copy n bytes from `dist` bytes back (a second LEB128), overlapping allowed
//   4  the header of a String object of n code units, at the next position
//      whose payload is 16-byte aligned (the runtime's static layout)
//   5  as 4, then n code units as in 2
//   6  the header of an object of n bytes with class id `id` (a second LEB128)
import binaryen from "binaryen";
import { leb, readLeb } from "./wasm-leb.mjs";

const PAGE = 65536;
const STRING_ID = 2;
const MIN_MATCH = 3;
const MAX_RUN = 256;
const MAX_CHAIN = 256;
const MAX_MATCH = 4096;
/** Match lengths tried below the longest one (the longest is always tried). */
const MATCH_TRIES = 64;
// What the parse counts per byte of each field: after entropy coding a literal
// or a token byte costs less than a byte, a match distance more than one (measured
// on the component core: these weights give the smallest image).
const LITERAL_COST = 0.8;
const TOKEN_COST = 0.8;
const SECOND_COST = 1.3;
/**
 * The image is parsed again this many times, each time with what the previous parse's
 * fields cost by their frequencies (fieldCosts): a literal's own byte, a count's or a
 * distance's own value and a token's first byte after the token type before it, not a
 * fixed weight per byte; the smallest encoding is kept (with the nearer matches parseImage
 * weighs, ~380 bytes less than one parse by fixed weights on the component core; each
 * parse settles the costs a little more: eight take ~60 bytes less than three, ~3 s each).
 */
const REPARSES = 8;
/** Token types (0-6): the first byte of a token's value is coded by the type before it. */
const TYPES = 7;
/** The count every byte value starts from in fieldCosts: a value unseen in a parse still costs a finite amount. */
const PRIOR_COUNT = 0.5;

// --- reading and writing the binary -----------------------------------------

const lebLength = (value) => leb(value).length;

/** The module's sections in order: { id, body } with body a view of the payload. */
function sections(module) {
  const out = [];
  let at = 8;
  while (at < module.length) {
    const id = module[at];
    const size = readLeb(module, at + 1);
    out.push({ id, body: module.subarray(size.at, size.at + size.value) });
    at = size.at + size.value;
  }
  return out;
}

function section(id, body) {
  return Uint8Array.from([id, ...leb(body.length), ...body]);
}

/** Entries of a vector section: [count, ...entries], each entry parsed by `entry(body, at)` -> next at. */
function vectorEntries(body, entry) {
  const count = readLeb(body, 0);
  const entries = [];
  let at = count.at;
  for (let k = 0; k < count.value; k++) {
    const next = entry(body, at);
    entries.push(body.subarray(at, next));
    at = next;
  }
  return entries;
}

function vector(entries) {
  return Uint8Array.from([...leb(entries.length), ...entries.flatMap((e) => [...e])]);
}

/** The active segments of a data section written by asc: flag 0, `i32.const offset; end`. */
function dataSegments(body) {
  const segments = [];
  vectorEntries(body, (b, at) => {
    if (b[at] !== 0 || b[at + 1] !== 0x41) throw new Error("pack-core-data: only active segments at constant offsets are supported");
    const offset = readLeb(b, at + 2);
    if (b[offset.at] !== 0x0b) throw new Error("pack-core-data: unexpected segment offset expression");
    const length = readLeb(b, offset.at + 1);
    segments.push({ offset: offset.value, data: b.subarray(length.at, length.at + length.value) });
    return length.at + length.value;
  });
  return segments;
}

// --- the encoder ------------------------------------------------------------

/**
 * Tokens for `image` (memory from address `base` on), chosen by dynamic
 * programming over positions and the type of the token before, for the fewest bytes:
 * with `costs` (fieldCosts), as the previous parse's fields were distributed; without,
 * by fixed weights per byte.
 */
function parseImage(image, base, costs = null) {
  const n = image.length;
  const u32 = (i) => (i + 4 <= n ? image[i] | (image[i + 1] << 8) | (image[i + 2] << 16) | (image[i + 3] << 24) : -1) >>> 0;

  // Longest earlier match at each position (3-byte hash chains).
  const head = new Int32Array(1 << 16).fill(-1);
  const prev = new Int32Array(n).fill(-1);
  const matchLength = new Int32Array(n);
  const matchDistance = new Int32Array(n);
  // Shorter matches nearer than the longest, as [length, distance, ...]: a nearer distance may cost less.
  const nearer = new Array(n);
  for (let i = 0; i + MIN_MATCH <= n; i++) {
    const h = ((image[i] << 10) ^ (image[i + 1] << 5) ^ image[i + 2]) & 0xffff;
    let best = 0;
    let distance = 0;
    const shorter = [];
    for (let j = head[h], tries = 0; j >= 0 && tries < MAX_CHAIN; j = prev[j], tries++) {
      let l = 0;
      while (i + l < n && l < MAX_MATCH && image[j + l] === image[i + l]) l++;
      if (l > best) {
        if (best >= MIN_MATCH) shorter.push(best, distance);
        best = l;
        distance = i - j;
      }
    }
    nearer[i] = shorter;
    matchLength[i] = best;
    matchDistance[i] = distance;
    prev[i] = head[h];
    head[h] = i;
  }
  const zeros = new Int32Array(n + 1);
  for (let i = n - 1; i >= 0; i--) zeros[i] = image[i] === 0 ? zeros[i + 1] + 1 : 0;
  const narrow = new Int32Array(n + 2);
  for (let i = n - 2; i >= 0; i--) narrow[i] = image[i + 1] === 0 ? narrow[i + 2] + 1 : 0;

  /** The object header at image offset h, if one is there. */
  function header(h) {
    if (h + 20 > n || u32(h + 4) !== 0 || u32(h + 8) !== 0) return null;
    const id = u32(h + 12);
    const size = u32(h + 16);
    if (size > 0x0fffffff || u32(h) !== objectInfo(size)) return null;
    return { id, size };
  }

  // cost[i * TYPES + p]: the fewest bytes for the image from offset i on, after a token of type p.
  const cost = new Float64Array((n + 1) * TYPES).fill(Infinity);
  const choice = new Array((n + 1) * TYPES);
  for (let p = 0; p < TYPES; p++) cost[n * TYPES + p] = 0;
  // A token's value costs its first byte, after a token of type p, and its further bytes.
  let firstCost = (p, b) => TOKEN_COST;
  let rest = (v) => TOKEN_COST * (lebLength(v) - 1);
  let second = (v) => SECOND_COST * lebLength(v);
  let bytes = (i, k) => LITERAL_COST * k;
  let units = (i, k) => LITERAL_COST * k;
  if (costs) {
    const value = (v, first, restOf) => leb(v).reduce((sum, b, k) => sum + (k === 0 ? first : restOf(k))[b], 0);
    firstCost = (p, b) => costs.firsts[p][b];
    rest = (v) => leb(v).reduce((sum, b, k) => sum + (k === 0 ? 0 : costs.rest[b]), 0);
    second = (v) => value(v, costs.distance, (k) => costs.places[Math.min(k, costs.places.length) - 1]);
    // Literal costs summed from each offset to the image's end: a run's is a difference.
    const fromBytes = new Float64Array(n + 1);
    for (let i = n - 1; i >= 0; i--) fromBytes[i] = fromBytes[i + 1] + costs.bytes[literalContext(base + i) - 10][image[i]];
    const fromUnits = new Float64Array(n + 2);
    for (let i = n - 1; i >= 0; i--) fromUnits[i] = fromUnits[i + 2] + costs.units[narrowContext(image, i) - 16][image[i]];
    bytes = (i, k) => fromBytes[i] - fromBytes[i + k];
    units = (i, k) => fromUnits[i] - fromUnits[i + 2 * k];
  }
  const best = new Float64Array(TYPES);
  const picks = new Array(TYPES);
  for (let i = n - 1; i >= 0; i--) {
    best.fill(Infinity);
    // A token of type t and `count`, whose other fields cost c, with the image from `end` on after it.
    const consider = (t, count, c, end, pick) => {
      const v = count * 8 + t;
      const b0 = v < 128 ? v : (v & 127) | 128;
      const after = c + rest(v) + cost[end * TYPES + t];
      for (let p = 0; p < TYPES; p++) {
        const total = after + firstCost(p, b0);
        if (total < best[p]) {
          best[p] = total;
          picks[p] = pick;
        }
      }
    };
    if (zeros[i] > 0) consider(0, zeros[i], 0, i + zeros[i], { t: 0, count: zeros[i], span: zeros[i] });
    for (let k = 1; k <= MAX_RUN && i + k <= n; k++) consider(1, k, bytes(i, k), i + k, { t: 1, count: k, span: k });
    for (let k = 1; k <= Math.min(narrow[i], MAX_RUN); k++) consider(2, k, units(i, k), i + 2 * k, { t: 2, count: k, span: 2 * k });
    if (matchLength[i] >= MIN_MATCH) {
      const d = matchDistance[i];
      const longest = matchLength[i];
      const sd = second(d);
      for (let l = MIN_MATCH; l <= longest; l = l < MATCH_TRIES || l === longest ? l + 1 : longest) consider(3, l, sd, i + l, { t: 3, count: l, span: l, extra: d });
      const shorter = nearer[i];
      for (let k = 0; k < shorter.length; k += 2) {
        const near = shorter[k + 1];
        const sn = second(near);
        for (let l = MIN_MATCH; l <= shorter[k]; l++) consider(3, l, sn, i + l, { t: 3, count: l, span: l, extra: near });
      }
    }
    const h = headerPosition(base + i) - base;
    if (zeros[i] >= h - i) {
      const found = header(h);
      if (found && found.id === STRING_ID && found.size % 2 === 0) {
        const length = found.size / 2;
        consider(4, length, 0, h + 20, { t: 4, count: length, span: h + 20 - i });
        if (length > 0 && narrow[h + 20] >= length) consider(5, length, units(h + 20, length), h + 20 + 2 * length, { t: 5, count: length, span: h + 20 + 2 * length - i });
      } else if (found) {
        consider(6, found.size, second(found.id), h + 20, { t: 6, count: found.size, span: h + 20 - i, extra: found.id });
      }
    }
    for (let p = 0; p < TYPES; p++) {
      cost[i * TYPES + p] = best[p];
      choice[i * TYPES + p] = picks[p];
    }
  }

  const tokens = [];
  for (let i = 0, p = 0; i < n; ) {
    const { t, count, span, extra } = choice[i * TYPES + p];
    let literals = null;
    if (t === 1) literals = image.subarray(i, i + count);
    else if (t === 2 || t === 5) literals = Uint8Array.from({ length: count }, (_, k) => image[i + span - 2 * count + 2 * k]);
    tokens.push({ t, count, extra, literals });
    i += span;
    p = t;
  }
  return tokens;
}

/**
 * What each field's byte values cost, in bytes, by how often `tokens` hold them: the first
 * byte of a token's value by the type of the token before it and its further bytes, a second value's first byte and its further
 * bytes by place, a type 1 literal, and a string's literal by the context rangeEncode codes it in.
 */
function fieldCosts(tokens, image, base) {
  const table = () => ({ counts: new Float64Array(256).fill(PRIOR_COUNT), total: 256 * PRIOR_COUNT });
  const count = (t, b) => {
    t.counts[b]++;
    t.total++;
  };
  const firsts = Array.from({ length: TYPES }, table);
  const rest = table();
  const distance = table();
  const places = [table(), table(), table(), table()];
  const bytes = [table(), table()];
  const units = Array.from({ length: NARROW_CONTEXTS }, table);
  let o = 0;
  let previous = 0;
  for (const { t, count: n, extra, literals } of tokens) {
    leb(n * 8 + t).forEach((b, k) => count(k === 0 ? firsts[previous] : rest, b));
    previous = t;
    if (t === 3 || t === 6) leb(extra).forEach((b, k) => count(k === 0 ? distance : places[Math.min(k, places.length) - 1], b));
    if (t === 0 || t === 3) o += n;
    if (t >= 4) o = headerPosition(base + o) - base + 20;
    if (t === 1) for (const b of literals) count(bytes[literalContext(base + o) - 10], b), o++;
    if (t === 2 || t === 5) for (const b of literals) count(units[narrowContext(image, o) - 16], b), (o += 2);
  }
  const bits = (t) => Float64Array.from(t.counts, (c) => -Math.log2(c / t.total) / 8);
  return { firsts: firsts.map(bits), rest: bits(rest), distance: bits(distance), places: places.map(bits), bytes: bytes.map(bits), units: units.map(bits) };
}

// --- the entropy coder ------------------------------------------------------
// An adaptive binary range coder (the one LZMA uses): each byte is coded as 8
// bits down a binary tree of probabilities, one tree per context:
//   0-6   the first byte of a token, by the type of the token before it
//   7     a token's further bytes
//   8, 9  a second value's first byte: a match distance's, a class id's
//   10, 11 a literal byte of type 1, at an even address or an odd one (an i32's low
//         bytes and its high ones are distributed apart: 95 bytes less image on the
//         component core)
//   12-15 a second value's further bytes, one context per place (a distance's high
//         bytes are distributed unlike its low ones)
//   16-24 a literal byte of types 2 and 5 (a string's text), by the top three bits of
//         the unit before it: what follows a letter differs from what follows a space;
//         after a lowercase vowel (24) rather than a consonant (19), as English words
//         alternate them (109 bytes less image on the component core, ~20 more decoder)

const PROB_BITS = 11;
const PROB_INIT = 1 << (PROB_BITS - 1);
// Each coded bit moves its probability 1/16 of the way (LZMA: 1/32): the image is small,
// a few thousand tokens, and adapts faster than it would settle. The contexts below
// FAST_CONTEXTS (tokens, second values' first bytes, type 1 literals: the fewest symbols)
// move 1/8 of the way. Their probabilities can then fall to 7/2048, so a bit may need two
// bytes of renormalisation.
const MOVE_BITS = 4;
const FAST_CONTEXTS = 12;
const moveBits = (index) => (index < FAST_CONTEXTS * 256 ? MOVE_BITS - 1 : MOVE_BITS);
const TOP = 2 ** 24;
const CONTEXTS = 25;
/** Probabilities are u16 in memory while decoding: one tree of 256 per context. */
const PROBS_BYTES = CONTEXTS * 256 * 2;

function rangeEncode(tokens, image, base) {
  const probs = new Uint16Array(CONTEXTS * 256).fill(PROB_INIT);
  const out = [];
  let low = 0;
  let range = 0xffffffff;
  let cache = 0;
  let cacheSize = 1;
  const shiftLow = () => {
    if (low < 0xff000000 || low >= 2 ** 32) {
      const carry = low >= 2 ** 32 ? 1 : 0;
      let temp = cache;
      do {
        out.push((temp + carry) & 0xff);
        temp = 0xff;
      } while (--cacheSize !== 0);
      cache = Math.floor(low / TOP) & 0xff;
    }
    cacheSize++;
    low = (low % TOP) * 256;
  };
  const bit = (index, value) => {
    const p = probs[index];
    const bound = (range >>> PROB_BITS) * p;
    if (value === 0) {
      range = bound;
      probs[index] = p + (((1 << PROB_BITS) - p) >> moveBits(index));
    } else {
      low += bound;
      range -= bound;
      probs[index] = p - (p >> moveBits(index));
    }
    while (range < TOP) {
      range *= 256;
      shiftLow();
    }
  };
  const byte = (context, value) => {
    let m = 1;
    for (let k = 7; k >= 0; k--) {
      const b = (value >> k) & 1;
      bit(context * 256 + m, b);
      m = (m << 1) | b;
    }
  };
  const value = (first, rest, v) => leb(v).forEach((b, k) => byte(k === 0 ? first : rest, b));
  const second = (t, v) => leb(v).forEach((b, k) => byte(k === 0 ? (t === 6 ? 9 : 8) : 11 + k, b));
  let previous = 0;
  // Where the decoder writes: a string's literal is coded by the unit written before it.
  let o = 0;
  for (const { t, count, extra, literals } of tokens) {
    value(previous, 7, count * 8 + t);
    if (t === 3 || t === 6) second(t, extra);
    if (t === 0 || t === 3) o += count;
    if (t >= 4) o = headerPosition(base + o) - base + 20;
    if (t === 1) for (const b of literals) byte(literalContext(base + o), b), o++;
    if (t === 2 || t === 5) for (const b of literals) byte(narrowContext(image, o), b), (o += 2);
    previous = t;
  }
  for (let k = 0; k < 5; k++) shiftLow();
  // The first byte out is always 0: the decoder starts as if it had read it.
  return Uint8Array.from(out.slice(1));
}

/** Bit k set: the unit 0x60 + k is a lowercase vowel ("a", "e", "i", "o", "u"). */
const LOWER_VOWELS = 0x208222;
/** Contexts of a string's literal units (16 on). */
const NARROW_CONTEXTS = 9;

/** The context of a literal byte of type 1 written at `address`. */
function literalContext(address) {
  return 10 + (address & 1);
}

/** The context of a literal unit written at image offset o (types 2 and 5). */
function narrowContext(image, o) {
  const unit = o >= 2 ? image[o - 2] : 0;
  return 16 + (unit >> 5) + (unit >> 5 === 3 && (LOWER_VOWELS >> (unit & 31)) & 1 ? 5 : 0);
}

/** An object's first header word for a payload of `size` bytes, as the runtime writes it for static data. */
function objectInfo(size) {
  return ((size + 35) & ~15) - 4;
}

/** Where the header of the next object goes at or after `address`: its payload 16-byte aligned. */
function headerPosition(address) {
  return ((address + 35) & ~15) - 20;
}

/** The decoder, in JavaScript over a zeroed image: the same steps as decoderBody's. */
function decodeImage(packed, base, length) {
  const image = new Uint8Array(length + 64);
  const view = new DataView(image.buffer);
  const probs = new Uint16Array(CONTEXTS * 256).fill(PROB_INIT);
  let ip = 0;
  let code = 0;
  let range = 0xffffffff;
  for (let k = 0; k < 4; k++) code = ((code << 8) | packed[ip++]) >>> 0;
  const byte = (context) => {
    let m = 1;
    while (m < 256) {
      const index = context * 256 + m;
      const p = probs[index];
      const bound = (range >>> PROB_BITS) * p;
      if (code < bound) {
        range = bound;
        probs[index] = p + (((1 << PROB_BITS) - p) >> moveBits(index));
        m <<= 1;
      } else {
        code -= bound;
        range -= bound;
        probs[index] = p - (p >> moveBits(index));
        m = (m << 1) | 1;
      }
      while (range < TOP) {
        range = (range * 256) >>> 0;
        code = ((code * 256) % 2 ** 32) + (packed[ip++] ?? 0);
      }
    }
    return m - 256;
  };
  // A second value (rest null) codes each further byte in the context of its place.
  const value = (first, rest) => {
    let v = 0;
    for (let shift = 0, b = 0x80, k = 0; b & 0x80; shift += 7, k++) {
      b = byte(k === 0 ? first : rest === null ? 11 + k : rest);
      v += (b & 0x7f) * 2 ** shift;
    }
    return v;
  };
  let o = 0;
  let previous = 0;
  while (o < length) {
    const v = value(previous, 7);
    const t = v & 7;
    previous = t;
    let count = v >>> 3;
    if (t === 0) o += count;
    else if (t === 3) {
      const d = value(8, null);
      for (; count > 0; count--, o++) image[o] = image[o - d];
    } else {
      if (t >= 4) {
        const id = t === 6 ? value(9, null) : STRING_ID;
        const size = t === 6 ? count : count * 2;
        o = headerPosition(base + o) - base;
        view.setUint32(o, objectInfo(size), true);
        view.setUint32(o + 12, id, true);
        view.setUint32(o + 16, size, true);
        o += 20;
      }
      const stride = t === 1 ? 1 : 2;
      if (t !== 4 && t !== 6) for (; count > 0; count--, o += stride) image[o] = byte(t === 1 ? literalContext(base + o) : narrowContext(image, o));
    }
  }
  return image.subarray(0, length);
}

// --- the decoder in WebAssembly --------------------------------------------

/**
 * The body of the new start function: decodes the packed image at `from`
 * (with its probabilities at `probs`, zeroed memory) into memory from `base`
 * up to `end`, zeroes the scratch bytes [probs, scratchEnd), and calls
 * function `start`. One byte decoder serves every field: a state says which
 * (0 a token's value, 1 its second value, 2 its literal bytes).
 */
function decoderBody({ probs, from, scratchEnd, base, end, start }) {
  // Probabilities are stored less PROB_INIT so that zeroed memory is the initial state.
  const wat = `(module
  (import "m" "start" (func $start))
  (memory 1)
  (func $unpack (export "unpack")
    (local $ip i32) (local $o i32) (local $code i32) (local $range i32) (local $m i32) (local $pa i32)
    (local $p i32) (local $bound i32) (local $state i32) (local $v i32) (local $s i32) (local $t i32)
    (local $n i32) (local $d i32) (local $size i32) (local $stride i32) (local $b i32) (local $mv i32)
    (local $u i32) (local $t5 i32)
    (local.set $ip (i32.const ${from}))
    (local.set $o (i32.const ${base}))
    (local.set $range (i32.const -1))
    (loop $init
      (local.set $code (i32.or (i32.shl (local.get $code) (i32.const 8)) (i32.load8_u (local.get $ip))))
      (br_if $init (i32.and (local.tee $ip (i32.add (local.get $ip) (i32.const 1))) (i32.const 3))))
    (block $done
      (loop $next
        (br_if $done (i32.and (i32.ge_u (local.get $o) (i32.const ${end})) (i32.eqz (local.get $state))))
        ;; one byte down the tree of its context (see rangeEncode)
        (local.set $pa (i32.add (i32.const ${probs}) (i32.shl
          (if (result i32) (i32.eq (local.get $state) (i32.const 2))
            (then (if (result i32) (i32.eq (local.get $stride) (i32.const 1))
              (then (i32.add (i32.and (local.get $o) (i32.const 1)) (i32.const 10)))
              (else (i32.add
                (i32.add (local.tee $t5 (i32.shr_u (local.tee $u (i32.load8_u (i32.sub (local.get $o) (i32.const 2)))) (i32.const 5))) (i32.const 16))
                (i32.mul (i32.and (i32.eq (local.get $t5) (i32.const 3)) (i32.shr_u (i32.const ${LOWER_VOWELS}) (local.get $u))) (i32.const 5))))))
            (else (if (result i32) (local.get $state)
              (then (if (result i32) (local.get $s)
                (then (i32.add (i32.div_u (local.get $s) (i32.const 7)) (i32.const 11)))
                (else (i32.add (i32.eq (local.get $t) (i32.const 6)) (i32.const 8)))))
              (else (select (i32.const 7) (local.get $t) (local.get $s))))))
          (i32.const 9))))
        (local.set $mv (i32.add (i32.const ${MOVE_BITS - 1}) (i32.ge_u (local.get $pa) (i32.const ${probs + FAST_CONTEXTS * 512}))))
        (local.set $m (i32.const 1))
        (loop $bit
          (local.set $p (i32.add (i32.load16_s (local.tee $b (i32.add (local.get $pa) (i32.shl (local.get $m) (i32.const 1))))) (i32.const ${PROB_INIT})))
          (local.set $bound (i32.mul (i32.shr_u (local.get $range) (i32.const ${PROB_BITS})) (local.get $p)))
          (local.set $m (i32.shl (local.get $m) (i32.const 1)))
          (if (i32.lt_u (local.get $code) (local.get $bound))
            (then
              (local.set $range (local.get $bound))
              (local.set $p (i32.add (local.get $p) (i32.shr_u (i32.sub (i32.const ${1 << PROB_BITS}) (local.get $p)) (local.get $mv)))))
            (else
              (local.set $code (i32.sub (local.get $code) (local.get $bound)))
              (local.set $range (i32.sub (local.get $range) (local.get $bound)))
              (local.set $p (i32.sub (local.get $p) (i32.shr_u (local.get $p) (local.get $mv))))
              (local.set $m (i32.or (local.get $m) (i32.const 1)))))
          (i32.store16 (local.get $b) (i32.sub (local.get $p) (i32.const ${PROB_INIT})))
          (loop $normalize
            (if (i32.lt_u (local.get $range) (i32.const ${TOP}))
              (then
                (local.set $range (i32.shl (local.get $range) (i32.const 8)))
                (local.set $code (i32.or (i32.shl (local.get $code) (i32.const 8)) (i32.load8_u (local.get $ip))))
                (local.set $ip (i32.add (local.get $ip) (i32.const 1)))
                (br $normalize))))
          (br_if $bit (i32.lt_u (local.get $m) (i32.const 256))))
        (local.set $b (i32.and (local.get $m) (i32.const 255)))
        (if (i32.eq (local.get $state) (i32.const 2))
          (then
            (i32.store8 (local.get $o) (local.get $b))
            (local.set $o (i32.add (local.get $o) (local.get $stride)))
            (if (i32.eqz (local.tee $n (i32.sub (local.get $n) (i32.const 1)))) (then (local.set $state (i32.const 0))))
            (br $next)))
        (local.set $v (i32.or (local.get $v) (i32.shl (i32.and (local.get $b) (i32.const 127)) (local.get $s))))
        (local.set $s (i32.add (local.get $s) (i32.const 7)))
        (br_if $next (i32.and (local.get $b) (i32.const 128)))
        (local.set $s (i32.const 0))
        (block $header
          (if (local.get $state)
            (then
              (local.set $state (i32.const 0))
              (local.set $d (local.get $v))
              (local.set $v (i32.const 0))
              (if (i32.eq (local.get $t) (i32.const 3))
                (then
                  (loop $copy
                    (i32.store8 (local.get $o) (i32.load8_u (i32.sub (local.get $o) (local.get $d))))
                    (local.set $o (i32.add (local.get $o) (i32.const 1)))
                    (br_if $copy (local.tee $n (i32.sub (local.get $n) (i32.const 1)))))
                  (br $next)))
              (local.set $size (local.get $n))
              (br $header)))
          (local.set $t (i32.and (local.get $v) (i32.const 7)))
          (local.set $n (i32.shr_u (local.get $v) (i32.const 3)))
          (local.set $v (i32.const 0))
          (if (i32.or (i32.eq (local.get $t) (i32.const 3)) (i32.eq (local.get $t) (i32.const 6)))
            (then (local.set $state (i32.const 1)) (br $next)))
          (if (i32.eqz (local.get $t))
            (then (local.set $o (i32.add (local.get $o) (local.get $n))) (br $next)))
          (if (i32.le_u (local.get $t) (i32.const 2))
            (then (local.set $stride (local.get $t)) (local.set $state (i32.const 2)) (br $next)))
          (local.set $d (i32.const ${STRING_ID}))
          (local.set $size (i32.shl (local.get $n) (i32.const 1))))
        (local.set $o (i32.sub (i32.and (i32.add (local.get $o) (i32.const 35)) (i32.const -16)) (i32.const 20)))
        (i32.store (local.get $o) (i32.sub (i32.and (i32.add (local.get $size) (i32.const 35)) (i32.const -16)) (i32.const 4)))
        (i32.store offset=12 (local.get $o) (local.get $d))
        (i32.store offset=16 (local.get $o) (local.get $size))
        (local.set $o (i32.add (local.get $o) (i32.const 20)))
        (if (i32.eq (local.get $t) (i32.const 5))
          (then (local.set $stride (i32.const 2)) (local.set $state (i32.const 2))))
        (br $next)))
    (memory.fill (i32.const ${probs}) (i32.const 0) (i32.const ${scratchEnd - probs}))
    (call $start)))`;
  const module = binaryen.parseText(wat);
  module.setFeatures(binaryen.Features.MVP | binaryen.Features.BulkMemory | binaryen.Features.BulkMemoryOpt | binaryen.Features.SignExt);
  binaryen.setOptimizeLevel(2);
  binaryen.setShrinkLevel(2);
  module.optimize();
  if (!module.validate()) throw new Error("pack-core-data: the decoder does not validate");
  const code = sections(module.emitBinary()).find((s) => s.id === 10);
  module.dispose();
  const [entry] = vectorEntries(code.body, (b, at) => {
    const size = readLeb(b, at);
    return size.at + size.value;
  });
  const size = readLeb(entry, 0);
  const body = entry.subarray(size.at);
  // The body ends with `call 0; end` (the imported start): call the real one instead.
  const tail = body.length - 3;
  if (body[tail] !== 0x10 || body[tail + 1] !== 0x00 || body[tail + 2] !== 0x0b) throw new Error("pack-core-data: unexpected decoder tail");
  const patched = Uint8Array.from([...body.subarray(0, tail), 0x10, ...leb(start), 0x0b]);
  return Uint8Array.from([...leb(patched.length), ...patched]);
}

// --- putting it together ----------------------------------------------------

/** Memory after `_initialize`, for the check that packing changed nothing. */
function memoryAfterStart(module) {
  const { exports } = new WebAssembly.Instance(new WebAssembly.Module(module), {});
  exports._initialize();
  return new Uint8Array(exports.memory.buffer);
}

/**
 * `module` with its data segments packed (see the top of this file). The
 * module must import no functions and export its start code as `_initialize`.
 * Returns the module unchanged when packing would not make it smaller.
 */
export function packCoreData(module) {
  const all = sections(module);
  const find = (id) => all.find((s) => s.id === id);
  if (find(2)) throw new Error("pack-core-data: modules with imports are not supported");
  const data = find(11);
  if (!data) return module;
  const segments = dataSegments(data.body);
  if (segments.length === 0) return module;
  const base = Math.min(...segments.map((s) => s.offset));
  const end = Math.max(...segments.map((s) => s.offset + s.data.length));
  const image = new Uint8Array(end - base);
  for (const s of segments) image.set(s.data, s.offset - base);
  let tokens = parseImage(image, base);
  let packed = rangeEncode(tokens, image, base);
  for (let round = 0; round < REPARSES; round++) {
    tokens = parseImage(image, base, fieldCosts(tokens, image, base));
    const again = rangeEncode(tokens, image, base);
    if (again.length < packed.length) packed = again;
  }
  const check = decodeImage(packed, base, image.length);
  if (!check.every((byte, k) => byte === image[k])) throw new Error("pack-core-data: the packed image does not decode to the original");

  // The packed image goes at the top of the initial memory (one memory: limits flag, initial pages).
  const memory = find(5).body;
  if (memory[0] !== 1 || memory[1] > 1) throw new Error("pack-core-data: expected one memory");
  const limits = readLeb(memory, 2);
  const scratchEnd = limits.value * PAGE;
  // The decoder may read a byte or two past the image: padding keeps that in memory.
  const from = (scratchEnd - packed.length - 8) & ~7;
  const probs = from - PROBS_BYTES;
  if (probs < end) throw new Error("pack-core-data: no room for the packed image above the static data in the initial memory");

  // The new start function: the function and code sections get one entry each.
  const functionTypes = vectorEntries(find(3).body, (b, at) => readLeb(b, at).at);
  const bodies = vectorEntries(find(10).body, (b, at) => {
    const size = readLeb(b, at);
    return size.at + size.value;
  });
  const exports = vectorEntries(find(7).body, (b, at) => {
    const name = readLeb(b, at);
    return readLeb(b, name.at + name.value + 1).at;
  });
  let start = -1;
  let startExport = -1;
  exports.forEach((e, k) => {
    const name = readLeb(e, 0);
    if (Buffer.from(e.subarray(name.at, name.at + name.value)).toString("utf8") === "_initialize" && e[name.at + name.value] === 0) {
      start = readLeb(e, name.at + name.value + 1).value;
      startExport = k;
    }
  });
  if (start < 0) throw new Error("pack-core-data: no _initialize export");
  const unpack = functionTypes.length;
  const newExports = exports.slice();
  const name = Buffer.from("_initialize", "utf8");
  newExports[startExport] = Uint8Array.from([...leb(name.length), ...name, 0, ...leb(unpack)]);

  const out = [module.subarray(0, 8)];
  for (const s of all) {
    if (s.id === 3) out.push(section(3, vector([...functionTypes, functionTypes[start]])));
    else if (s.id === 7) out.push(section(7, vector(newExports)));
    else if (s.id === 12) out.push(section(12, Uint8Array.from(leb(1))));
    else if (s.id === 10) out.push(section(10, vector([...bodies, decoderBody({ probs, from, scratchEnd, base, end, start })])));
    else if (s.id === 11) out.push(section(11, vector([Uint8Array.from([0, 0x41, ...leb(from), 0x0b, ...leb(packed.length), ...packed])])));
    else out.push(section(s.id, s.body));
  }
  const result = Buffer.concat(out);
  if (result.length >= module.length) return module;

  const before = memoryAfterStart(module);
  const after = memoryAfterStart(result);
  const same = before.length === after.length ? before.every((byte, k) => byte === after[k]) : false;
  if (!same) throw new Error("pack-core-data: memory after _initialize differs from the unpacked module's");
  return result;
}
