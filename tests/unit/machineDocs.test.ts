import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { DOCS_DIR, machineDocuments } from '../../scripts/machineDocs.ts'

describe('docs/machines', () => {
  it('matches the machines: run `npm run machines:export` after changing one', async () => {
    const documents = await machineDocuments()
    const expected = documents.map(({ file }) => path.basename(file)).sort()
    const committed = fs.existsSync(DOCS_DIR) ? fs.readdirSync(DOCS_DIR).sort() : []
    expect(committed).toEqual(expected)
    for (const { file, content } of documents) {
      expect(fs.readFileSync(file, 'utf8'), `${path.basename(file)} is stale`).toBe(content)
    }
  })
})
