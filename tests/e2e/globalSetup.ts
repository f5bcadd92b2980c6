import fs from 'node:fs'
import { execFileSync } from 'node:child_process'
import { CHROMIUM_PATH } from './browser.ts'

/** The browser suite drives the production build through the real server. */
export default function setup() {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: install Debian's chromium (apt-get install -y chromium)`)
  }
  // Vitest sets NODE_ENV=test, which would make Vite build React's development bundle and leave
  // out what only production does (the service worker): the suite tests what `npm start` serves.
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
}
