/**
 * `npm run bench:timeline`: the calendar's timeline with 50 properties × 60 days must
 * scroll without dropping frames. Builds bench/timeline/ (the real Timeline view, the app's
 * styles and translations) into a temporary folder, serves it, and in Chromium scrolls the
 * timeline sideways, to and fro, for 2 s while requestAnimationFrame records every frame. A frame
 * is dropped when it takes longer than two frames at 60 Hz. The baseline is the same scroll over
 * the same rows without a stay, in the same browser; three rounds of each, alternating, and the
 * median round of each is reported. Exits 1 when more than 5 % of the frames are dropped, or
 * when the baseline draws a bar or the timeline none. BENCH_QUICK=1: one short round, the drops
 * printed but not held to the target (bench/quick.ts).
 */
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import type { Browser } from 'playwright-core'
import { build } from 'vite'
import { localeParts } from '../scripts/viteLocaleParts.ts'
import { launchBrowser } from '../tests/e2e/browser.ts'
import { sized, timingMissed } from './quick.ts'
import { ROWS_PER_STEP } from '../src/ui/calendar/Timeline.tsx'

const PROPERTIES = 50
const SCROLL_MS = sized(2_000, 500)
const ROUNDS = sized(3, 1)
const DROPPED_MS = 2 * (1000 / 60)
const TARGET_DROPPED = 0.05
const VIEWPORT = { width: 1280, height: 860 }
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

type Run = { frames: number; dropped: number; p95: number; worst: number; rendered: number }

async function buildPage(outDir: string) {
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    // The app's own plugins for what the page imports: its words are `virtual:locale/…` modules.
    plugins: [react(), tailwindcss(), localeParts()],
    build: {
      outDir,
      emptyOutDir: true,
      rollupOptions: { input: path.join(root, 'bench/timeline/index.html') },
    },
  })
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }

/** Serves the built folder; anything else is 404. */
function serve(dir: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const file = path.join(dir, decodeURIComponent(new URL(request.url ?? '/', 'http://bench').pathname))
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end()
      return
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' })
    fs.createReadStream(file).pipe(response)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/**
 * Runs in the page: scrolls the timeline 24 px a frame (about a screen's width a second), to and
 * fro, for `duration` ms and times every frame. Kept as text, so that no build step renames it.
 */
const SCROLL = `async (duration) => {
  const region = document.querySelector('[data-testid="timeline-scroll"]')
  const rendered = document.querySelectorAll('[data-testid="timeline-bar"]').length
  const max = region.scrollWidth - region.clientWidth
  const frameTimes = []
  await new Promise((done) => {
    let direction = 1
    let last = 0
    let started = 0
    const frame = (now) => {
      if (started === 0) started = now
      else frameTimes.push(now - last)
      last = now
      const next = region.scrollLeft + direction * 24
      if (next >= max || next <= 0) direction = -direction
      region.scrollLeft = Math.min(max, Math.max(0, next))
      if (now - started < duration) requestAnimationFrame(frame)
      else done()
    }
    requestAnimationFrame(frame)
  })
  const sorted = [...frameTimes].sort((a, b) => a - b)
  return {
    frames: frameTimes.length,
    dropped: frameTimes.filter((time) => time > ${DROPPED_MS}).length,
    p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0,
    worst: sorted.at(-1) ?? 0,
    rendered,
  }
}`

/** Opens the page and scrolls its timeline for `ms`. */
async function measure(browser: Browser, url: string, ms: number): Promise<Run> {
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    const page = await context.newPage()
    await page.goto(url)
    // The rows a screen draws at first: the rest are drawn as the last nears the screen.
    await page
      .getByTestId('timeline-row')
      .nth(Math.min(PROPERTIES, ROWS_PER_STEP) - 1)
      .waitFor()
    return (await page.evaluate(`(${SCROLL})(${ms})`)) as Run
  } finally {
    await context.close()
  }
}

const started = performance.now()
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-timeline-'))
let server: http.Server | undefined
let browser: Browser | undefined
try {
  await buildPage(temp)
  server = await serve(temp)
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench/timeline/index.html`
  browser = await launchBrowser()
  // A short scroll of each first, so that neither run pays for the browser's first paint.
  await measure(browser, `${base}?properties=${PROPERTIES}&stays=0`, 300)
  await measure(browser, `${base}?properties=${PROPERTIES}`, 300)
  // Rounds alternate between the two, and each keeps its median round: a neighbour's burst of
  // work on a shared machine lands on one round, not on one side.
  const rounds: { empty: Run; full: Run }[] = []
  for (let round = 0; round < ROUNDS; round++)
    rounds.push({
      empty: await measure(browser, `${base}?properties=${PROPERTIES}&stays=0`, SCROLL_MS),
      full: await measure(browser, `${base}?properties=${PROPERTIES}`, SCROLL_MS),
    })
  const share = (run: Run) => run.dropped / Math.max(1, run.frames)
  const median = (runs: Run[]) => [...runs].sort((a, b) => share(a) - share(b))[Math.floor(runs.length / 2)]!
  const empty = median(rounds.map((round) => round.empty))
  const full = median(rounds.map((round) => round.full))
  console.log(
    `Timeline benchmark: ${PROPERTIES} properties × 60 days scrolled sideways for ${SCROLL_MS / 1000} s ` +
      `in Chromium at ${VIEWPORT.width}×${VIEWPORT.height}; a frame over ${DROPPED_MS.toFixed(1)} ms is dropped. ` +
      `Median of ${ROUNDS} rounds; each round's dropped %: baseline ` +
      `${rounds.map((round) => (share(round.empty) * 100).toFixed(1)).join(', ')}; with stays ` +
      `${rounds.map((round) => (share(round.full) * 100).toFixed(1)).join(', ')}.`,
  )
  console.table(
    [
      { run: 'empty timeline (baseline)', ...empty },
      { run: 'timeline with stays', ...full },
    ].map((row) => ({
      run: row.run,
      bars: row.rendered,
      frames: row.frames,
      dropped: row.dropped,
      'dropped %': Number((share(row) * 100).toFixed(1)),
      'p95 ms': Number(row.p95.toFixed(1)),
      'worst ms': Number(row.worst.toFixed(1)),
    })),
  )
  console.log(
    `p95 frame vs baseline: ${(full.p95 / Math.max(1, empty.p95)).toFixed(2)}×. ` +
      `Target: <= ${TARGET_DROPPED * 100} % dropped. ` +
      `Finished in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  )
  // The two pages must be what they claim: every round's baseline without a bar, every other with some.
  if (rounds.some((round) => round.empty.rendered > 0 || round.full.rendered === 0)) {
    console.error('A page drew the wrong timeline: bars on the baseline, or none with stays.')
    process.exitCode = 1
  }
  if (share(full) > TARGET_DROPPED) timingMissed('The target was missed.')
} finally {
  await browser?.close()
  server?.close()
  fs.rmSync(temp, { recursive: true, force: true })
}
