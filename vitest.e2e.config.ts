import { defineConfig } from 'vitest/config'

// The suite's properties are in Saudi Arabia (Asia/Riyadh), and each test lays its stays around
// its own "today": the test, the server and Chromium all run in that zone (they inherit TZ), so
// that a run between 21:00 and 24:00 UTC agrees with the properties' today.
process.env.TZ = 'Asia/Riyadh'

// The browser suite: real server, real Chromium, two files at once. A file's server, browser and
// test mostly wait on one another, so one file at a time left a core idle (docs/decisions.md,
// "The browser suite runs two files at once").
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: true,
    maxWorkers: 2,
    // A browser and a server on a busy 2-core machine: what a poll waits for (a sync parsed in
    // the workers, a live event) can take seconds, where vitest gives it one.
    expect: { poll: { timeout: 10_000 } },
    globalSetup: ['tests/e2e/globalSetup.ts'],
  },
})
