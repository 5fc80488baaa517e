// `node scripts/parallel.mjs a b c`: runs `npm run a`, `npm run b`, … at once and fails if any fails.
// The checks before the tests (tsc, vue-tsc, eslint, the audit, the build) each keep one core busy
// for a while and read nothing of one another: side by side they take the time of the longest pair
// instead of the sum. Each one's output is held and printed whole when it ends, so none interleave.
import { spawn } from 'node:child_process'

const names = process.argv.slice(2)
if (names.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script> [<npm script> …]')
  process.exit(2)
}

const started = Date.now()
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const t0 = Date.now()
        const chunks = []
        const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } })
        child.stdout.on('data', (c) => chunks.push(c))
        child.stderr.on('data', (c) => chunks.push(c))
        let ended = false
        const done = (code) => {
          if (ended) return
          ended = true
          const seconds = ((Date.now() - t0) / 1000).toFixed(1)
          const output = Buffer.concat(chunks).toString().trimEnd()
          process.stdout.write(`\n── npm run ${name}: ${code === 0 ? 'ok' : `failed (${code})`} in ${seconds} s\n${output ? `${output}\n` : ''}`)
          resolve({ name, code })
        }
        child.on('error', (error) => {
          chunks.push(Buffer.from(String(error)))
          done(1)
        })
        child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)))
      }),
  ),
)
const failed = results.filter((r) => r.code !== 0).map((r) => r.name)
console.log(`\n${names.length - failed.length} of ${names.length} passed in ${((Date.now() - started) / 1000).toFixed(1)} s${failed.length ? `; failed: ${failed.join(', ')}` : ''}`)
process.exit(failed.length ? 1 : 0)
