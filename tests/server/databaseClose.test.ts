import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { afterAll, describe, expect, it } from 'vitest'
import { startServer } from '../e2e/server.ts'

// Closing must settle in a process that has nothing else to wait for: a test runner keeps its
// own event loop busy, so each case runs in a fresh Node process of its own.

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-close-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

/** Runs a module with tsx's loader; answers its exit code and what it printed. */
function runModule(file: string, ...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.once('error', reject)
    child.once('exit', (exitCode) => resolve({ code: exitCode, output }))
  })
}

describe('closing a SQLite database', () => {
  it('settles when nothing else keeps the process alive', async () => {
    const { code, output } = await runModule('tests/server/openAndClose.ts', path.join(dataDir, 'closed.db'))
    expect({ code, output: output.trim() }).toEqual({ code: 0, output: 'closed' })
  })

  it("is awaited by the server's shutdown on SIGTERM", async () => {
    const server = await startServer({ LOG_FORMAT: 'json' })
    await server.stop()
    expect(server.logs()).toContain('shut down: requests finished, database closed')
  })
})
