import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/host/**/*.test.ts"],
    // A guard against a hang, not a measure of speed: a test on a machine loaded to its limit
    // (CI's two busy cores) may take minutes and must still pass. No test asserts on time.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: "forks",
    globalSetup: ["tests/host/support/temp-root.ts"],
  },
});
