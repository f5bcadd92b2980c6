import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

/**
 * A virtual screen (Xvfb) for a headed Chromium, whose notifications are its own pop-ups there,
 * and xdotool to press them as a person would: DevTools can show a notification but not click
 * one, so the service worker's `notificationclick` runs only from a real press.
 */
export type VirtualScreen = { display: string; stop: () => void }

const installed = (command: string, args: string[]) =>
  run(command, args).then(
    () => true,
    (failure: NodeJS.ErrnoException) => failure.code !== 'ENOENT',
  )

/** A new screen, or null when Xvfb or xdotool is not installed (the caller says so and skips). */
export async function startScreen(): Promise<VirtualScreen | null> {
  if (!(await installed('xdotool', ['version'])) || !(await installed('Xvfb', ['-help']))) return null
  // Xvfb picks a free display and writes its number on descriptor 3.
  const xvfb: ChildProcess = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    },
  )
  const number = await new Promise<string>((resolve, reject) => {
    let written = ''
    xvfb.stdio[3]!.on('data', (chunk: Buffer) => {
      written += chunk.toString()
      if (written.includes('\n')) resolve(written.trim())
    })
    xvfb.once('exit', (code) => reject(new Error(`Xvfb ended (${code}) before naming its display`)))
  })
  return { display: `:${number}`, stop: () => xvfb.kill() }
}

type Window = { id: string; x: number; y: number; width: number; height: number }

async function visibleWindows(display: string): Promise<Window[]> {
  const env = { ...process.env, DISPLAY: display }
  const ids = await run('xdotool', ['search', '--onlyvisible', '--name', ''], { env }).then(
    ({ stdout }) => stdout.split('\n').filter(Boolean),
    // xdotool exits 1 when no window matches.
    () => [],
  )
  const windows: Window[] = []
  for (const id of ids) {
    const { stdout } = await run('xdotool', ['getwindowgeometry', id], { env })
    const place = /Position: (\d+),(\d+)/.exec(stdout)
    const size = /Geometry: (\d+)x(\d+)/.exec(stdout)
    if (place && size) windows.push({ id, x: +place[1]!, y: +place[2]!, width: +size[1]!, height: +size[2]! })
  }
  return windows
}

/** A notification pop-up: Chromium's are about 360 px wide and under 200 px high. */
const isPopUp = (window: Window) => window.width >= 300 && window.width <= 420 && window.height <= 200

/** Presses the first notification pop-up on `display` once one is up; false if none came. */
export async function pressNotification(display: string, timeoutMs = 10_000): Promise<boolean> {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    const popUp = (await visibleWindows(display)).find(isPopUp)
    if (popUp) {
      // The middle of its text, away from the close and settings buttons at its end.
      const x = String(popUp.x + Math.round(popUp.width / 3))
      const y = String(popUp.y + Math.round(popUp.height / 2))
      await run('xdotool', ['mousemove', '--sync', x, y, 'click', '1'], {
        env: { ...process.env, DISPLAY: display },
      })
      return true
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return false
}
