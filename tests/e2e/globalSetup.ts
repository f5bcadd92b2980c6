import fs from 'node:fs'
import { execFileSync } from 'node:child_process'
import { buildServer } from '../../scripts/buildServer.ts'
import { CHROMIUM_PATH } from './browser.ts'
import { SERVER_BUNDLE_ENV } from './server.ts'

/** The browser suite drives the production build, client and server, as `npm start` serves it. */
export default async function setup() {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: install Debian's chromium (apt-get install -y chromium)`)
  }
  // Vitest sets NODE_ENV=test, which would make Vite build React's development bundle and leave
  // out what only production does (the service worker): the suite tests what `npm start` serves.
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  // Read by startServer here and in the test files' processes, which inherit this one's environment.
  process.env[SERVER_BUNDLE_ENV] = await buildServer()
}
