/**
 * `npm run check:engines`: fails when an installed package declares `engines` that the running
 * Node (or npm) does not satisfy, which is what `npm install` reports as EBADENGINE and otherwise
 * only warns about (the README promises Node 20.19+, and the tree must say the same).
 * It reads every package the lock file lists and node_modules holds, with npm's own rule
 * (npm-install-checks: semver.satisfies with prereleases included).
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import semver from 'semver'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'))
const nodeVersion = process.version
const npmVersion = execFileSync('npm', ['--version'], { encoding: 'utf8', cwd: root }).trim()
const options = { includePrerelease: true }

const refusals = []
for (const location of Object.keys(lock.packages ?? {})) {
  const manifestFile = path.join(root, location, 'package.json')
  // Another platform's optional binaries are in the lock but not installed: npm skips them too.
  if (!fs.existsSync(manifestFile)) continue
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
  const engines = manifest.engines
  if (!engines || typeof engines !== 'object' || Array.isArray(engines)) continue
  const wanted = []
  if (typeof engines.node === 'string' && !semver.satisfies(nodeVersion, engines.node, options))
    wanted.push(`node ${engines.node}`)
  if (typeof engines.npm === 'string' && !semver.satisfies(npmVersion, engines.npm, options))
    wanted.push(`npm ${engines.npm}`)
  if (wanted.length > 0)
    refusals.push(
      `${manifest.name ?? location}@${manifest.version} (${location || '.'}) wants ${wanted.join(', ')}`,
    )
}

if (refusals.length > 0) {
  console.error(`EBADENGINE: on node ${nodeVersion} and npm ${npmVersion}, these packages ask for more:`)
  for (const refusal of refusals) console.error(`  ${refusal}`)
  console.error(
    'Pin or override them (package.json "overrides"), or raise "engines" and the README together.',
  )
  process.exit(1)
}
console.log(`engines: every installed package accepts node ${nodeVersion} and npm ${npmVersion}`)
