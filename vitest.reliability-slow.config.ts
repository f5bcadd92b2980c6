import { defineConfig } from 'vitest/config'

// The slow half of the reliability suite (`npm run test:reliability:slow`, run by .ci/run): the
// real server killed mid-work, a conflict storm and a 60 s soak. One file at a time: each drives
// a whole server or holds a latency bound, which files run beside it would measure instead.
export default defineConfig({
  test: {
    include: ['tests/reliability/**/*.slow.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
})
