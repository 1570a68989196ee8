// Session and call ids need to be unlikely to collide in a shared log, not to be
// unguessable: Math.random (seeded per process from the OS) is enough, and the
// first draw from node:crypto costs ~10-25 ms of loading and seeding on a cold
// start, which would be most of a harness's first tool call.

/** Six random lowercase hex digits (24 bits), as one flat string. */
export function randomHex6(): string {
  return Math.floor(Math.random() * 0x1000000)
    .toString(16)
    .padStart(6, "0");
}
