import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { feed, rows, startFeedSim } from './feed-helpers.js'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
/** One node process, as the npm scripts run it (the tsx CLI wrapper relays signals with a 30 ms deadline). */
const TSX = ['--import', 'tsx']

let sim: RunningSimulator
beforeAll(async () => {
  sim = await startFeedSim({ matches: 200 })
})
afterAll(async () => {
  await sim?.close()
})

async function image(url: string) {
  const res = await fetch(url)
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) }
}

describe('CDN', () => {
  it('serves a small WebP for every icon the feed references, 404 for unknown ones', async () => {
    const list = rows((await feed(sim, '/v1/events/1/0/sub/50/line/en?match=all')).body)
    const m = list[0]
    // Production's icon names: md5 hashes, numbers, capital extensions, the shared default.
    const icons = [...new Set(list.flatMap((x) => [x.opp_1_icon, x.opp_2_icon]))]
    const pick = (re: RegExp) => icons.find((i) => re.test(i))
    const forms = [pick(/^[0-9a-f]{32}\.png$/), pick(/^\d+\.png$/), pick(/\.PNG$/), pick(/^teamdefault\.png$/)]
    expect(forms.every(Boolean), forms.join()).toBe(true)
    const base = (icon: string) => icon.replace(/\.[A-Za-z0-9]+$/, '')
    const urls = [
      `${sim.cdnUrl}/sports/v1/color/${m.sport_id}.webp`,
      `${sim.cdnUrl}/flags/v1/color/${m.country_id}.webp`,
      `${sim.cdnUrl}/tournaments/v1/color/${m.tournament_id}.webp`,
      ...forms.map((icon) => `${sim.cdnUrl}/opp/v1/color/${base(icon!)}.webp`),
    ]
    for (const url of urls) {
      const r = await image(url)
      expect(r.status, url).toBe(200)
      expect(r.type).toBe('image/webp')
      expect(r.bytes.subarray(0, 4).toString('latin1')).toBe('RIFF')
      expect(r.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP')
      expect(r.bytes.readUInt32LE(4)).toBe(r.bytes.length - 8)
    }
    for (const url of [
      `${sim.cdnUrl}/sports/v1/color/9999.webp`,
      `${sim.cdnUrl}/flags/v1/color/abc.webp`,
      `${sim.cdnUrl}/tournaments/v1/color/1.webp`,
      `${sim.cdnUrl}/opp/v1/color/${m.opp_1_icon}.webp`,
      `${sim.cdnUrl}/opp/v1/color/nobody.webp`,
      `${sim.cdnUrl}/sports/v1/color/1.png`,
    ]) {
      expect((await image(url)).status, url).toBe(404)
    }
  })
})

describe('simulator CLI', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('prints exactly one ready line, serves, and exits 0 on %s', async (signal) => {
    // tsx itself (not the npx/npm wrapper, whose `sh -c` does not forward SIGTERM).
    const child = spawn(process.execPath, [...TSX, 'src-main/core/simulator/cli.ts', '--port', '0', '--seed', '5', '--matches', '50', '--time-scale', '2', '--callback-secret', 'other-secret', '--feed-error-status', '200'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const lines: string[] = []
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    const firstLine = new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(line)
        resolve(line)
      })
      child.on('exit', () => reject(new Error('exited before ready')))
    })
    try {
      const ready = JSON.parse(await firstLine)
      expect(Object.keys(ready).sort()).toEqual(['cdnUrl', 'couponBaseUrl', 'event', 'feedApiUrl'])
      expect(ready.event).toBe('ready')
      expect(ready.couponBaseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(ready.feedApiUrl).toBe(`${ready.couponBaseUrl}/feed`)
      expect(ready.cdnUrl).toBe(`${ready.couponBaseUrl}/cdn`)
      const res = await fetch(`${ready.feedApiUrl}/v1/menu/line/en`, { headers: { Package: 'demo-key' } })
      expect(res.status).toBe(200)
      const body = (await res.json()) as { status: number; body: Array<{ counter: number }> }
      expect(body.status).toBe(1)
      const img = await fetch(`${ready.cdnUrl}/sports/v1/color/1.webp`)
      expect(img.status).toBe(200)
      // --feed-error-status 200: error answers come with HTTP 200 (production's status is not defined).
      const bad = await fetch(`${ready.feedApiUrl}/v1/menu/line/en`, { headers: { Package: 'nope' } })
      expect([bad.status, await bad.json()]).toEqual([200, { error_code: 100, error_message: 'Invalid Package' }])
    } finally {
      child.kill(signal)
    }
    expect(await exited).toBe(0)
    expect(lines).toHaveLength(1)
  })

  it('starts through `npm run simulator` (the documented command) and exits 0 when npm gets SIGTERM', async () => {
    // The npm script execs node, so npm's signal forwarding reaches the simulator itself.
    const child = spawn('npm', ['run', '-s', 'simulator', '--', '--port', '0', '--matches', '30'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
    const lines: string[] = []
    const first = new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(line)
        resolve(line)
      })
      child.on('exit', () => reject(new Error('exited before ready')))
    })
    let base: string
    try {
      const ready = JSON.parse(await first)
      base = ready.couponBaseUrl
      expect(ready.event).toBe('ready')
      const res = await fetch(`${ready.feedApiUrl}/v1/sports/live/en`, { headers: { Package: 'demo-key' } })
      expect(res.status).toBe(200)
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
    expect(lines).toHaveLength(1)
    // The server itself closed (not just the wrapper).
    await expect(fetch(`${base}/feed/v1/sports/live/en`)).rejects.toThrow()
  })

  it('rejects invalid flags with exit code 2 and a message on stderr, nothing on stdout', async () => {
    const cases = [['--port', 'abc'], ['--bogus'], ['--time-scale', '-1'], ['--matches', '1e3'], ['--feed-error-status', 'sometimes'], ['--feed-error-status', '99']]
    const results = await Promise.all(
      cases.map(async (args) => {
        const child = spawn(process.execPath, [...TSX, 'src-main/core/simulator/cli.ts', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
        let out = ''
        let err = ''
        child.stdout.on('data', (d) => (out += String(d)))
        child.stderr.on('data', (d) => (err += String(d)))
        const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
        return { args: args.join(' '), code, out, err }
      }),
    )
    for (const r of results) {
      expect(r.code, r.args).toBe(2)
      expect(r.out).toBe('')
      expect(r.err).toMatch(/simulator:/)
    }
  }, 90_000) // six tsx start-ups on two cores: seconds each under load
})
