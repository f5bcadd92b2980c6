import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import type { Property } from '../../contract/property.ts'
import { aUser, signIn } from '../server/builders.ts'
import { startTestApp } from '../server/harness.ts'
import { aJpeg, aProperty, uploadedFiles } from '../server/multipart.ts'

const run = promisify(execFile)
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'manzil-backup-'))
const stops: Array<() => Promise<void>> = []

afterAll(async () => {
  for (const stop of stops.reverse()) await stop()
  fs.rmSync(scratch, { recursive: true, force: true })
})

async function started(env: Record<string, string> = {}) {
  const app = await startTestApp('sqlite', { env })
  stops.push(app.stop)
  return app
}

const propertiesOf = async (app: Awaited<ReturnType<typeof started>>['app'], cookie: string) =>
  (await app.inject({ url: '/api/property/list', headers: { cookie } })).json<Property[]>()

describe('npm run backup', () => {
  it('copies a serving database and its photos consistently; the copy starts and holds the data', async () => {
    const live = await started()
    const host = await aUser(live.db, { name: 'Backed Up' })
    const cookie = await signIn(live.app, host.email, host.password)
    const photo = await aJpeg({ width: 320, height: 200 })
    const before: Property[] = []
    for (let index = 0; index < 3; index++) {
      before.push(await aProperty(live.app, cookie, { name: `Before ${index}` }, [photo]))
    }

    // The backup runs in its own process, as `npm run backup` does, while this app keeps writing.
    let writing = true
    const during: string[] = []
    const writer = (async () => {
      for (let index = 0; writing; index++) {
        during.push((await aProperty(live.app, cookie, { name: `During ${index}` }, [photo])).name)
      }
    })()
    const backup = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/backup.ts', path.join(scratch, 'out')],
      {
        env: { ...process.env, DATA_DIR: live.config.dataDir, DATABASE_URL: '' },
      },
    )
    writing = false
    await writer
    expect(during.length).toBeGreaterThan(0)

    const dir = /Backup written to (.+)/.exec(backup.stdout)?.[1]?.trim()
    expect(dir).toMatch(/manzil-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/)

    // Restore: the folder's contents become a new DATA_DIR, and the app starts on it.
    const restoredDir = path.join(scratch, 'restored')
    fs.cpSync(dir!, restoredDir, { recursive: true })
    const restored = await started({ DATA_DIR: restoredDir })
    const restoredCookie = await signIn(restored.app, host.email, host.password)
    const properties = await propertiesOf(restored.app, restoredCookie)
    const names = properties.map((property) => property.name)
    expect(names).toEqual(expect.arrayContaining(before.map((property) => property.name)))
    // Whatever was written during the backup is there whole or not at all, never half.
    const allWritten = [...before.map((property) => property.name), ...during]
    expect(names.every((name) => allWritten.includes(name))).toBe(true)
    for (const property of properties) {
      expect(property.images).toHaveLength(1)
      const image = await restored.app.inject({ url: property.images[0]!.url })
      expect(image.statusCode).toBe(200)
      expect(image.headers['content-type']).toMatch(/^image\//)
    }
    // Exactly the photos the copied database names: two files (photo and thumbnail) each.
    expect(uploadedFiles(restoredDir)).toHaveLength(2 * properties.length)
  })

  it('refuses PostgreSQL with a pointer to pg_dump', async () => {
    const refused = await run(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', scratch], {
      env: { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/none' },
    }).catch((error: { code: number; stderr: string }) => error)
    expect('code' in refused && refused.code).toBe(1)
    expect(refused.stderr).toContain('pg_dump')
  })
})
