// npm run machines:export: writes docs/machines from src/machines (see scripts/machineDocs.ts).
import fs from 'node:fs'
import path from 'node:path'
import { DOCS_DIR, machineDocuments } from './machineDocs.ts'

const documents = await machineDocuments()
fs.rmSync(DOCS_DIR, { recursive: true, force: true })
fs.mkdirSync(DOCS_DIR, { recursive: true })
for (const { file, content } of documents) fs.writeFileSync(file, content)
console.log(`Wrote ${documents.length} files to ${path.relative(process.cwd(), DOCS_DIR)}`)
