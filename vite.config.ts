import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { localeParts } from './scripts/viteLocaleParts.ts'
import { CHUNK_GROUPS } from './scripts/chunkGroups.ts'
import { firstScreen } from './scripts/viteFirstScreen.ts'
import { prerender } from './scripts/vitePrerender.ts'
import { precompress } from './scripts/vitePrecompress.ts'
import { pwa } from './scripts/vitePwa.ts'

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`

export default defineConfig({
  plugins: [react(), tailwindcss(), localeParts(), firstScreen(), prerender(), pwa(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  // Every browser the app supports knows modulepreload (issue 17: no polyfill on the first screen).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: { codeSplitting: { groups: CHUNK_GROUPS } },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'] },
      },
      // Stays are dates, not instants: the same tests must pass east and west of UTC.
      ...[
        { name: 'unit-riyadh', TZ: 'Asia/Riyadh' },
        { name: 'unit-la', TZ: 'America/Los_Angeles' },
      ].map(({ name, TZ }) => ({
        extends: true as const,
        test: { name, environment: 'node' as const, include: ['tests/unit/timezones.test.ts'], env: { TZ } },
      })),
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'happy-dom',
          include: ['tests/ui/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/ui/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'reliability',
          environment: 'node',
          include: ['tests/reliability/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
