// `npm run bench`: every `bench:*` script of package.json, one after another, so a new benchmark
// only needs its script. Each runs to the end even when an earlier one missed its target; the
// exit code is 1 when any did.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
const names = Object.keys(scripts).filter((name) => name.startsWith('bench:'))
const failed = []
for (const name of names) {
  console.log(`\n=== npm run ${name} ===`)
  const { status } = spawnSync('npm', ['run', '--silent', name], { stdio: 'inherit' })
  if (status !== 0) failed.push(name)
}
console.log(`\n${names.length - failed.length} of ${names.length} benchmarks met their targets.`)
if (failed.length > 0) {
  console.error(`Missed: ${failed.join(', ')}`)
  process.exitCode = 1
}
