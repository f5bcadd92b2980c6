import { defineConfig } from 'vitest/config'

// The browser suite: real server, real Chromium. Files run one after another so that the
// 2-core machine is not asked to drive several browsers at once.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    globalSetup: ['tests/e2e/globalSetup.ts'],
  },
})
