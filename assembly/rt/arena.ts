// The core's memory manager: a bump allocator whose collection drops, in one step, everything a
// call allocated that nothing outlives it. Each call of the core allocates a few hundred objects
// and keeps none of them (its result is lifted by the host before the collection), so allocation
// is a pointer increment and collection resets that pointer: no free lists, no per-object sweep.
//
// Memory is split at `floor`: below it, objects that live for the instance's life (static data,
// what the module's top-level code made, anything promoted since); above it, the current epoch's
// objects, up to `offset`. __collect keeps of the epoch only what is still reachable:
//   - from a pinned object (arguments the host lowered and still holds, the resident long text
//     of host/core.ts withResidentText): kept, and dropped by the first collection after the unpin;
//   - from a global, or from an old object given a reference during the epoch (the write barrier
//     __link remembers each such object): promoted, `floor` raised over it for good. A lazily made
//     table or cache costs its epoch's garbage below it once, when it is first made (host/core.ts
//     settles a fresh instance so that the core's one such table is made before any call).
// Objects never move, so whatever lies below the highest kept object stays with it.
//
// Memory freed within a call is never reused: a buffer grown in place when it is the newest block,
// copied (the old copy left behind) otherwise. What a call allocates in all is what it needs.
//
// asc builds a custom runtime as it builds its incremental one (ASC_RUNTIME): the standard library
// then leaves zeroing new arrays and buffers to __new, which does it here (strings excepted, as
// they are always written whole), and asc would add a shadow stack, which only an incremental
// collector reads: asconfig.json's `"stackSize": -1` keeps it out.
import { AL_MASK, BLOCK_MAXSIZE, BLOCK_OVERHEAD, OBJECT, OBJECT_MAXSIZE, OBJECT_OVERHEAD, TOTAL_OVERHEAD } from "~lib/rt/common";
import { E_ALLOCATION_TOO_LARGE, E_ALREADY_PINNED, E_NOT_PINNED } from "~lib/util/error";

// @ts-ignore: decorator
@inline const STRING_ID: u32 = 2;
/** Flags in an object's gcInfo2. */
// @ts-ignore: decorator
@inline const PINNED: u32 = 1;
// @ts-ignore: decorator
@inline const REMEMBERED: u32 = 2;
/** Pins tracked one by one; past this many a collection keeps the whole epoch. */
// @ts-ignore: decorator
@inline const MAX_PINS: i32 = 64;
/** Old objects remembered one by one by the write barrier; past this many the whole epoch is promoted. */
// @ts-ignore: decorator
@inline const MAX_REMEMBERED: i32 = 256;
/**
 * Bytes kept free past the last block: small objects are zeroed 16 bytes at a time, which may
 * write up to 12 bytes past their block (into the next block's header, not yet written).
 */
// @ts-ignore: decorator
@inline const ZERO_SLACK: usize = 16;
/** Objects up to this size are zeroed by vector stores rather than memory.fill. */
// @ts-ignore: decorator
@inline const SMALL_OBJECT: usize = 64;
/** Depth of the trace from a root; deeper, the whole epoch is kept (pins) or promoted (the rest). */
// @ts-ignore: decorator
@inline const MAX_DEPTH: i32 = 1000;

// @ts-ignore: decorator
@lazy const start: usize = ((__heap_base + BLOCK_OVERHEAD + AL_MASK) & ~AL_MASK) - BLOCK_OVERHEAD;
// @ts-ignore: decorator
@lazy let floor: usize = start;
// @ts-ignore: decorator
@lazy let offset: usize = start;
/** How far blocks may reach before memory grows (0 until the first allocation asks). */
// @ts-ignore: decorator
@lazy let limit: usize = 0;

// @ts-ignore: decorator
@lazy const pins: usize = memory.data(MAX_PINS << alignof<usize>());
// @ts-ignore: decorator
@lazy let pinCount: i32 = 0;
// @ts-ignore: decorator
@lazy let pinsUntracked: i32 = 0;
// @ts-ignore: decorator
@lazy const remembered: usize = memory.data(MAX_REMEMBERED << alignof<usize>());
// @ts-ignore: decorator
@lazy let rememberedCount: i32 = 0;

/** The mark of the current collection (an object's gcInfo), and what the trace found. */
// @ts-ignore: decorator
@lazy let epoch: u32 = 0;
// @ts-ignore: decorator
@lazy let reached: usize = 0;
// @ts-ignore: decorator
@lazy let depth: i32 = 0;
// @ts-ignore: decorator
@lazy let tooDeep: bool = false;

/**
 * Grows memory so that a block of `payload` bytes fits at `ptr`, and `limit` with it. Memory
 * doubles, as under the TLSF allocator, so that a call that keeps allocating grows it a few times.
 */
function growMemory(ptr: usize, payload: usize): void {
  const end = <u64>ptr + <u64>payload + <u64>ZERO_SLACK;
  if (end > (<u64>1 << 32)) unreachable(); // past the 4 GiB a 32-bit memory can address
  const pagesBefore = memory.size();
  const maxOffset = <u64>pagesBefore << 16;
  if (end > maxOffset) {
    const pagesNeeded = <i32>((end - maxOffset + 0xffff) >>> 16);
    if (memory.grow(max(pagesBefore, pagesNeeded)) < 0) {
      if (memory.grow(pagesNeeded) < 0) unreachable();
    }
  }
  limit = <usize>((<u64>memory.size() << 16) - ZERO_SLACK);
}

// @ts-ignore: decorator
@inline function payloadSize(size: usize): usize {
  return ((size + BLOCK_OVERHEAD + AL_MASK) & ~AL_MASK) - BLOCK_OVERHEAD;
}

/** A block of at least `size` bytes at the bump pointer; its payload's address. */
// @ts-ignore: decorator
@inline function allocateBlock(size: usize): usize {
  const ptr = offset + BLOCK_OVERHEAD;
  const payload = payloadSize(size);
  const end = ptr + payload;
  // (`end < ptr`: the sum wrapped around 4 GiB.)
  if (end > limit || end < ptr) growMemory(ptr, payload);
  store<usize>(ptr - BLOCK_OVERHEAD, payload);
  offset = end;
  return ptr;
}

// @ts-ignore: decorator
@global @unsafe
export function __alloc(size: usize): usize {
  if (size > BLOCK_MAXSIZE) throw new Error(E_ALLOCATION_TOO_LARGE);
  return allocateBlock(size);
}

/** Zeroes an object's payload: a small one (most are) in a few vector stores. */
// @ts-ignore: decorator
@inline function zeroPayload(ptr: usize, size: usize): void {
  if (size <= SMALL_OBJECT) {
    for (let at = ptr, end = ptr + size; at < end; at += 16) v128.store(at, i64x2.splat(0));
  } else {
    memory.fill(ptr, 0, size);
  }
}

// @ts-ignore: decorator
@global @unsafe
export function __realloc(ptr: usize, size: usize): usize {
  const capacity = load<usize>(ptr - BLOCK_OVERHEAD);
  const payload = payloadSize(size);
  if (ptr + capacity == offset && ptr >= floor) {
    // The newest block grows or shrinks where it is.
    if (size > BLOCK_MAXSIZE) throw new Error(E_ALLOCATION_TOO_LARGE);
    if (ptr + payload > limit || ptr + payload < ptr) growMemory(ptr, payload);
    store<usize>(ptr - BLOCK_OVERHEAD, payload);
    offset = ptr + payload;
    return ptr;
  }
  if (size <= capacity) return ptr;
  const moved = __alloc(size);
  memory.copy(moved, ptr, capacity);
  return moved;
}

// @ts-ignore: decorator
@global @unsafe
export function __free(ptr: usize): void {
  // Only the newest block can be given back: reserveMemory's alloc-then-free leaves memory grown.
  if (ptr + load<usize>(ptr - BLOCK_OVERHEAD) == offset && ptr >= floor) offset = ptr - BLOCK_OVERHEAD;
}

// @ts-ignore: decorator
@global @unsafe
export function __new(size: usize, id: u32): usize {
  // The Node builds take the object's header in place: every array a call makes comes here, and
  // V8 inlines no call between wasm functions. The size-optimised build calls it.
  const ptr = ASC_SHRINK_LEVEL < 2 ? newObject(size, id) : __newUninitialized(size, id);
  // The standard library counts on zeroed objects under a runtime of its own (arrays, buffers);
  // a string is always written whole.
  if (id != STRING_ID) zeroPayload(ptr, size);
  return ptr;
}

/** An object of `size` bytes whose payload the caller writes whole: the host's lowered arguments. */
export function __newUninitialized(size: usize, id: u32): usize {
  return newObject(size, id);
}

/** An object of `size` bytes, its header written and its payload not. */
// @ts-ignore: decorator
@inline function newObject(size: usize, id: u32): usize {
  if (size > OBJECT_MAXSIZE) throw new Error(E_ALLOCATION_TOO_LARGE);
  const ptr = allocateBlock(OBJECT_OVERHEAD + size) + OBJECT_OVERHEAD;
  const object = changetype<OBJECT>(ptr - TOTAL_OVERHEAD);
  object.gcInfo = 0;
  object.gcInfo2 = 0;
  object.rtId = id;
  object.rtSize = <u32>size;
  return ptr;
}

// @ts-ignore: decorator
@global @unsafe
export function __renew(oldPtr: usize, size: usize): usize {
  if (size > OBJECT_MAXSIZE) throw new Error(E_ALLOCATION_TOO_LARGE);
  const old = changetype<OBJECT>(oldPtr - TOTAL_OVERHEAD);
  const oldSize = <usize>old.rtSize;
  const id = old.rtId;
  let ptr: usize;
  if (oldPtr < __heap_base) {
    // Static data is never resized in place.
    ptr = __new(size, id);
    memory.copy(ptr, oldPtr, min(size, oldSize));
    return ptr;
  }
  ptr = __realloc(oldPtr - OBJECT_OVERHEAD, OBJECT_OVERHEAD + size) + OBJECT_OVERHEAD;
  const object = changetype<OBJECT>(ptr - TOTAL_OVERHEAD);
  if (ptr != oldPtr) {
    object.gcInfo = 0;
    object.gcInfo2 = 0;
    object.rtId = id;
  }
  object.rtSize = <u32>size;
  if (size > oldSize && id != STRING_ID) memory.fill(ptr + oldSize, 0, size - oldSize);
  return ptr;
}

/**
 * The write barrier: an old object that gets a reference to an object of this epoch is remembered
 * (once), and the collection traces what it holds then.
 */
// @ts-ignore: decorator
@global @unsafe
export function __link(parentPtr: usize, childPtr: usize, expectMultiple: bool): void {
  if (childPtr >= floor && parentPtr < floor) remember(parentPtr);
}

/** Lists an old object for the next collection to trace, once. */
function remember(parentPtr: usize): void {
  const parent = changetype<OBJECT>(parentPtr - TOTAL_OVERHEAD);
  if (parent.gcInfo2 & REMEMBERED) return;
  const n = rememberedCount;
  rememberedCount = n + 1;
  if (n >= MAX_REMEMBERED) return;
  // Flagged only when listed: the collection clears the flags of the objects it lists.
  parent.gcInfo2 |= REMEMBERED;
  store<usize>(remembered + (<usize>n << alignof<usize>()), parentPtr);
}

// @ts-ignore: decorator
@global @unsafe
export function __visit(ptr: usize, cookie: u32): void {
  if (ptr < floor || ptr >= offset) return;
  const object = changetype<OBJECT>(ptr - TOTAL_OVERHEAD);
  if (object.gcInfo == epoch) return;
  object.gcInfo = epoch;
  // Where its block ends, which is where the next block may start.
  const end = ptr - OBJECT_OVERHEAD + object.mmInfo;
  if (end > reached) reached = end;
  if (depth >= MAX_DEPTH) {
    tooDeep = true;
    return;
  }
  depth++;
  __visit_members(ptr, cookie);
  depth--;
}

// @ts-ignore: decorator
@global @unsafe
export function __pin(ptr: usize): usize {
  if (ptr) {
    const object = changetype<OBJECT>(ptr - TOTAL_OVERHEAD);
    if (object.gcInfo2 & PINNED) throw new Error(E_ALREADY_PINNED);
    object.gcInfo2 |= PINNED;
    const n = pinCount;
    if (n < MAX_PINS) {
      store<usize>(pins + (<usize>n << alignof<usize>()), ptr);
      pinCount = n + 1;
    } else {
      pinsUntracked++;
    }
  }
  return ptr;
}

// @ts-ignore: decorator
@global @unsafe
export function __unpin(ptr: usize): void {
  if (!ptr) return;
  const object = changetype<OBJECT>(ptr - TOTAL_OVERHEAD);
  if (!(object.gcInfo2 & PINNED)) throw new Error(E_NOT_PINNED);
  object.gcInfo2 &= ~PINNED;
  const n = pinCount;
  for (let i = 0; i < n; i++) {
    const at = pins + (<usize>i << alignof<usize>());
    if (load<usize>(at) == ptr) {
      store<usize>(at, load<usize>(pins + (<usize>(n - 1) << alignof<usize>())));
      pinCount = n - 1;
      return;
    }
  }
  pinsUntracked--;
}

/** Starts a trace: nothing reached yet. */
function beginTrace(): void {
  // 0 is the mark of an object never traced.
  if (++epoch == 0) epoch = 1;
  reached = floor;
  depth = 0;
  tooDeep = false;
}

// @ts-ignore: decorator
@global @unsafe
export function __collect(): void {
  // What outlives the epoch through globals and old objects: promoted.
  beginTrace();
  __visit_globals(0);
  const n = rememberedCount;
  if (n > MAX_REMEMBERED) tooDeep = true;
  for (let i = 0, listed = min(n, MAX_REMEMBERED); i < listed; i++) {
    const parentPtr = load<usize>(remembered + (<usize>i << alignof<usize>()));
    __visit_members(parentPtr, 0);
    changetype<OBJECT>(parentPtr - TOTAL_OVERHEAD).gcInfo2 &= ~REMEMBERED;
  }
  rememberedCount = 0;
  floor = tooDeep ? offset : reached;
  // What pinned objects hold: kept while they are pinned.
  if (pinsUntracked > 0) return;
  beginTrace();
  for (let i = 0; i < pinCount; i++) __visit(load<usize>(pins + (<usize>i << alignof<usize>())), 0);
  if (!tooDeep) offset = reached;
}

/** Bytes held for the instance's life (static data excluded): what collections have promoted. */
export function __arenaKept(): usize {
  return floor - start;
}

/** Bytes in use: what is held for good, and what the current epoch allocated or keeps pinned. */
export function __arenaUsed(): usize {
  return offset - start;
}
