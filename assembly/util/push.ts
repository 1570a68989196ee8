// Appending to an i32 array in a hot loop. Array#push calls the standard library's
// capacity check out of line for every element; a scan's arrays take an element per
// flagged line, five at a time, so the Node core's build appends in place while the
// array's buffer has room and leaves growing it to Array#push.

/** a.push(v), written in place when a's buffer has room for it. */
// @ts-ignore: decorator
@inline export function pushInt(a: i32[], v: i32): void {
  if (ASC_SHRINK_LEVEL < 2) {
    const at = changetype<usize>(a);
    const len = load<i32>(at, offsetof<i32[]>("length_"));
    if (len < load<i32>(at, offsetof<i32[]>("byteLength")) >> 2) {
      store<i32>(a.dataStart + (<usize>len << 2), v);
      store<i32>(at, len + 1, offsetof<i32[]>("length_"));
      return;
    }
  }
  a.push(v);
}
