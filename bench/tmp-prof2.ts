import { readFileSync } from 'node:fs'
import { normaliseEvents } from '../src-main/core/feed/index.js'
const text = readFileSync('/tmp/bench-events.json', 'utf8')
const g = (globalThis as { gc?: () => void }).gc!
const cpu = (fn: () => unknown) => { const a = process.cpuUsage(); fn(); const b = process.cpuUsage(a); return (b.user + b.system) / 1000 }
for (let i = 0; i < 5; i++) {
  g(); const p = cpu(() => JSON.parse(text))
  g(); const f = cpu(() => normaliseEvents((JSON.parse(text) as { body: unknown }).body, 'line'))
  console.log('parse', p.toFixed(0), 'norm', (f - p).toFixed(0))
}
