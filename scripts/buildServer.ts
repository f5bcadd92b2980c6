// The server bundled for plain Node (docs/decisions.md, "`npm start` builds first, and runs a
// bundle"): its own TypeScript in one file per thread, its packages left to node_modules. Each
// worker's bundle takes the name of the boot file the source starts it by, so one
// `new URL(..., import.meta.url)` finds the loader-registering boot file under tsx and the bundle
// here. The output sits one directory below the repository, as server/ does, so the paths the
// server resolves from its own file (the client's dist/) are the same either way.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SERVER_BUNDLE_DIR = path.join(root, 'dist-server')

/** Writes dist-server/main.mjs and its workers; returns the entry's path. */
export async function buildServer() {
  // Written over in place, not removed first: a server already running from here may start a
  // worker while the build runs.
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'server/main.ts',
      'parseWorker.boot': 'server/sync/parseWorker.ts',
      'feedWriterWorker.boot': 'server/calendar/feedWriterWorker.ts',
    },
    outdir: SERVER_BUNDLE_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  })
  // Plain JavaScript already, started by its path beside the bundle.
  fs.copyFileSync(
    path.join(root, 'server/db/walCheckpoint.worker.mjs'),
    path.join(SERVER_BUNDLE_DIR, 'walCheckpoint.worker.mjs'),
  )
  return path.join(SERVER_BUNDLE_DIR, 'main.mjs')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer()
