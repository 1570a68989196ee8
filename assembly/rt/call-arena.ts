// The component's memory manager: a bump allocator that the canonical-ABI glue
// (assembly/component.ts) empties between calls. Below `floor` lies what lives for the
// instance's life: static data, what the module's top-level code made, and the tables the glue
// makes before the first call (__settle). Above it, one call's objects: the arguments the host
// lowered, everything the core made, and the results the host reads before it lowers the next
// call's arguments, whose first block drops them all at once (__collect).
//
// Nothing is traced, so the module carries no collector and no per-class visitors: an object of
// a call that a global still held after the call would point into memory the next call reuses.
// The core keeps none (the one table it makes on first use is made by __settle's caller);
// tests/host/component-arena.test.ts checks that this stays so.
//
// Memory freed within a call is never reused: a buffer grown in place when it is the newest
// block, copied otherwise. asc builds a custom runtime as it builds its incremental one: the
// standard library leaves zeroing new arrays and buffers to __new, which does it here (strings
// excepted, as they are always written whole), and asconfig.component.json's `"stackSize": -1`
// keeps out the shadow stack only a tracing collector reads.
import { AL_MASK, BLOCK_MAXSIZE, BLOCK_OVERHEAD, OBJECT, OBJECT_MAXSIZE, OBJECT_OVERHEAD, TOTAL_OVERHEAD } from "~lib/rt/common";
import { E_ALLOCATION_TOO_LARGE } from "~lib/util/error";

// @ts-ignore: decorator
@inline const STRING_ID: u32 = 2;

// @ts-ignore: decorator
@lazy let floor: usize = ((__heap_base + BLOCK_OVERHEAD + AL_MASK) & ~AL_MASK) - BLOCK_OVERHEAD;
// @ts-ignore: decorator
@lazy let offset: usize = floor;

/**
 * Grows memory so that a block from `ptr` to `end` fits; memory doubles, so that a call that
 * keeps allocating grows it a few times.
 */
function reach(ptr: usize, end: usize): void {
  // (`end` below `ptr`: the sum wrapped around 4 GiB.)
  if (end < ptr) unreachable();
  const pagesBefore = memory.size();
  // In 64 bits: a memory of 4 GiB ends past what a usize holds.
  const maxOffset = <u64>pagesBefore << 16;
  if (<u64>end > maxOffset) {
    const pagesNeeded = <i32>((<u64>end - maxOffset + 0xffff) >>> 16);
    if (memory.grow(max(pagesBefore, pagesNeeded)) < 0) {
      if (memory.grow(pagesNeeded) < 0) unreachable();
    }
  }
}

// @ts-ignore: decorator
@inline function payloadSize(size: usize): usize {
  return ((size + BLOCK_OVERHEAD + AL_MASK) & ~AL_MASK) - BLOCK_OVERHEAD;
}

// @ts-ignore: decorator
@global @unsafe
export function __alloc(size: usize): usize {
  if (size > BLOCK_MAXSIZE) throw new Error(E_ALLOCATION_TOO_LARGE);
  const ptr = offset + BLOCK_OVERHEAD;
  const end = ptr + payloadSize(size);
  reach(ptr, end);
  store<usize>(offset, end - ptr);
  offset = end;
  return ptr;
}

// @ts-ignore: decorator
@global @unsafe
export function __realloc(ptr: usize, size: usize): usize {
  const capacity = load<usize>(ptr - BLOCK_OVERHEAD);
  if (ptr + capacity == offset && ptr > floor) {
    // The newest block grows or shrinks where it is.
    if (size > BLOCK_MAXSIZE) throw new Error(E_ALLOCATION_TOO_LARGE);
    const end = ptr + payloadSize(size);
    reach(ptr, end);
    store<usize>(ptr - BLOCK_OVERHEAD, end - ptr);
    offset = end;
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
  // Only the newest block can be given back.
  if (ptr + load<usize>(ptr - BLOCK_OVERHEAD) == offset && ptr > floor) offset = ptr - BLOCK_OVERHEAD;
}

// @ts-ignore: decorator
@global @unsafe
export function __new(size: usize, id: u32): usize {
  if (size > OBJECT_MAXSIZE) throw new Error(E_ALLOCATION_TOO_LARGE);
  const ptr = __alloc(OBJECT_OVERHEAD + size) + OBJECT_OVERHEAD;
  // The header's two collector words are left as they are: nothing here traces or reads them.
  const object = changetype<OBJECT>(ptr - TOTAL_OVERHEAD);
  object.rtId = id;
  object.rtSize = <u32>size;
  // Memory a previous call used is not zero; a string is always written whole.
  if (id != STRING_ID) memory.fill(ptr, 0, size);
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
  if (ptr != oldPtr) object.rtId = id;
  object.rtSize = <u32>size;
  if (size > oldSize && id != STRING_ID) memory.fill(ptr + oldSize, 0, size - oldSize);
  return ptr;
}

// Nothing is traced: links, visits and pins need no bookkeeping.

// @ts-ignore: decorator
@global @unsafe
export function __link(parentPtr: usize, childPtr: usize, expectMultiple: bool): void {}

// @ts-ignore: decorator
@global @unsafe
export function __visit(ptr: usize, cookie: u32): void {}

// @ts-ignore: decorator
@global @unsafe
export function __pin(ptr: usize): usize {
  return ptr;
}

// @ts-ignore: decorator
@global @unsafe
export function __unpin(ptr: usize): void {}

/** Drops everything made since the last __settle. */
// @ts-ignore: decorator
@global @unsafe
export function __collect(): void {
  offset = floor;
}

/** Keeps everything made so far for the instance's life. */
// @ts-ignore: decorator
@global @unsafe
export function __settle(): void {
  floor = offset;
}
