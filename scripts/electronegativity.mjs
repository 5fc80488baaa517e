// Runs Doyensec's Electronegativity over the shipped source folders and fails on any HIGH or MEDIUM
// finding that electronegativity.waivers.json does not waive with a written reason.
import { createRequire } from 'node:module'
import { readFileSync, existsSync, cpSync, rmSync, mkdirSync } from 'node:fs'
import { resolve } from 'node:path'

const require = createRequire(import.meta.url)
const run = require('@doyensec/electronegativity')
const root = resolve(import.meta.dirname, '..')
const folders = ['src-main/electron', 'src-preload', 'src-renderer']
const waivers = JSON.parse(readFileSync(resolve(root, 'electronegativity.waivers.json'), 'utf8')).waivers

for (const waiver of waivers) {
  if (!waiver.check || !waiver.reason || waiver.reason.trim().length < 20) {
    console.error(`electronegativity: waiver ${JSON.stringify(waiver)} needs a check id and a written reason`)
    process.exit(2)
  }
}

// One scan over a staging copy of the shipped folders, so global checks (navigation limits,
// permission handler, CSP) see the whole app at once and node_modules is never walked.
const stage = resolve(root, '.tmp/electronegativity')
rmSync(stage, { recursive: true, force: true })
for (const folder of folders) {
  if (existsSync(resolve(root, folder))) {
    mkdirSync(resolve(stage, folder, '..'), { recursive: true })
    cpSync(resolve(root, folder), resolve(stage, folder), { recursive: true })
  }
}
const blocking = []
let total = 0
const quiet = console.log
console.log = () => {} // the library prints a progress bar and a table we do not want in CI logs
let result
try {
  result = await run({ input: stage, isRelative: true, electronVersionOverride: '45.0.0' }, false)
} finally {
  console.log = quiet
}
for (const issue of result.issues) {
  total++
  const severity = String(issue.severity?.name ?? issue.severity ?? '').toUpperCase()
  const file = String(issue.file)
  const waived = waivers.find((w) => w.check === issue.id && (!w.file || file.startsWith(w.file)))
  const line = `${severity.padEnd(13)} ${issue.id} ${file}:${issue.location?.line ?? '?'}${waived ? `  (waived: ${waived.reason})` : ''}`
  console.log(line)
  if (!waived && (severity === 'HIGH' || severity === 'MEDIUM')) blocking.push(line)
}
console.log(`electronegativity: ${total} findings, ${blocking.length} blocking (HIGH/MEDIUM not waived)`)
process.exit(blocking.length ? 1 : 0)
