// Where the package's files are. This module sits one level below the package root
// both as host/paths.ts (tests) and as dist/paths.js or inside a bundle in dist/,
// so every path is computed here, once, from that fact.
export const PACKAGE_ROOT = new URL("../", import.meta.url);
