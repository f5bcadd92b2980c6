// `npm run bench`: every `bench:*` script of package.json, one after another, so a new benchmark
// only needs its script. Each runs to the end even when an earlier one missed its target; the
// exit code is 1 when any did. Each one's time is printed as it ends and again in the summary.
// With BENCH_QUICK=1 (bench/quick.ts), which the scripts inherit, this is CI's check that every
// benchmark still runs.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
const names = Object.keys(scripts).filter((name) => name.startsWith('bench:'))
const runs = []
for (const name of names) {
  console.log(`\n=== npm run ${name} ===`)
  const started = performance.now()
  const { status } = spawnSync('npm', ['run', '--silent', name], { stdio: 'inherit' })
  const seconds = Math.round((performance.now() - started) / 1000)
  console.log(`=== npm run ${name}: exit ${status}, ${seconds} s ===`)
  runs.push({ benchmark: name, exit: status, seconds })
}
const failed = runs.filter((run) => run.exit !== 0).map((run) => run.benchmark)
console.log()
console.table(runs)
const total = runs.reduce((sum, run) => sum + run.seconds, 0)
console.log(`${names.length - failed.length} of ${names.length} benchmarks passed, in ${total} s.`)
if (failed.length > 0) {
  console.error(`Failed: ${failed.join(', ')}`)
  process.exitCode = 1
}
