// Sizing the core's memory for one call, by the host, before it lowers the input.

/**
 * Grows memory once so that `bytes` more fit without growing again. The allocator
 * otherwise grows by doubling whenever a block does not fit: a call that needs 45 MB
 * ends with 85 MB, and the step from one doubling to the next is a cliff in time (a
 * 32 MB input took four times as long as a 30 MB one). The block is allocated and freed
 * at once, unwritten: the memory stays with the allocator as one free block, and a page
 * costs nothing until the call writes it.
 */
export function reserveMemory(bytes: i32): void {
  if (bytes <= 0) return;
  heap.free(heap.alloc(<usize>bytes));
}
