/**
 * The real processes: `simulator/cli.ts --port 0` (ready line on stdout) and `desk` (cli/main.ts)
 * spawned as separate Node processes, checking stdout JSON and exit codes. Kept to a handful of
 * spawns (the rest of the command logic is tested in-process in commands.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CouponDto, MatchDto, TournamentEventsDto } from '../../../src-shared/contract.js'
import { run } from '../../unit/cli/helpers.js'
import { markerEnv, waitNoSurvivors } from '../callbacks/cli-process.js'

const root = resolve(import.meta.dirname, '../../..')
const tsx = ['--import', 'tsx']
let simProc: ChildProcess
let ready: { couponBaseUrl: string; feedApiUrl: string; cdnUrl: string }
let dataDir: string

interface Done {
  code: number | null
  stdout: string
  stderr: string
}

function desk(args: string[], env: Record<string, string> = {}): Promise<Done> {
  return new Promise((resolveDone, reject) => {
    const child = spawn(process.execPath, [...tsx, 'src-main/core/cli/main.ts', ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: dataDir, PARTNER_DESK_HOME: dataDir, ...markerEnv(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => resolveDone({ code, stdout, stderr }))
  })
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'desk-cli-spawn-'))
  simProc = spawn(process.execPath, [...tsx, 'src-main/core/simulator/cli.ts', '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...markerEnv() } })
  const lines = createInterface({ input: simProc.stdout! })
  ready = await new Promise((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error('simulator did not print a ready line')), 20_000)
    lines.once('line', (line) => {
      clearTimeout(timer)
      resolveReady(JSON.parse(line))
    })
    simProc.once('exit', (code) => reject(new Error(`simulator exited with ${code}`)))
  })
}, 30_000)

afterAll(async () => {
  if (simProc && simProc.exitCode === null) {
    const exited = new Promise((r) => simProc.once('exit', r))
    simProc.kill('SIGTERM')
    await exited
  }
  rmSync(dataDir, { recursive: true, force: true })
  // The suite fails when a process it started outlives it.
  expect(await waitNoSurvivors(), 'child processes left running').toEqual([])
})

const urls = () => ['--coupon-url', ready.couponBaseUrl, '--feed-url', ready.feedApiUrl, '--cdn-url', ready.cdnUrl]

describe('desk as a process against the simulator process', () => {
  it('places a coupon with --yes, then `coupons active --json` prints it in one JSON array', async () => {
    // A fresh pointer from the same simulator (in-process run of the same CLI code).
    const events = await run(['feed', 'events', '--sport', '1', '--json', '--data-dir', dataDir, ...urls()])
    expect(events.code, events.stderr).toBe(0)
    const match = events
      .json<TournamentEventsDto[]>()
      .flatMap((t) => t.matches)
      .find((m: MatchDto) => m.markets?.[0]?.columns.flat().some((o) => !o.blocked && o.pointer))!
    const pointer = match.markets![0]!.columns.flat().find((o) => !o.blocked && o.pointer)!.pointer

    const placed = await desk(['place', '--pointer', pointer, '--amount', '7', '--yes', '--json', ...urls()], { DESK_PASSWORD: 'demo' })
    expect(placed.code, placed.stderr).toBe(0)
    const placement = JSON.parse(placed.stdout) as { outcome: string; coupons: CouponDto[] }
    expect(placement.outcome).toBe('placed')

    const active = await desk(['coupons', 'active', '--json', ...urls()], { DESK_PASSWORD: 'demo' })
    expect(active.code, active.stderr).toBe(0)
    const list = JSON.parse(active.stdout) as CouponDto[]
    expect(Array.isArray(list)).toBe(true)
    expect(list.map((c) => c.couponCode)).toContain(placement.coupons[0]!.couponCode)
    expect(list.find((c) => c.couponCode === placement.coupons[0]!.couponCode)).toMatchObject({ amount: 7, status: 0, bets: [{ pointer: expect.stringContaining('#') }] })
  })

  it('exit codes: business 1, transport 3, bad credentials 4, --password 2', async () => {
    const [business, transport] = await Promise.all([
      desk(['coupons', 'get', '000000000000', '--json', ...urls()], { DESK_PASSWORD: 'demo' }),
      desk(['coupons', 'active', '--json', '--coupon-url', 'http://127.0.0.1:9', '--feed-url', 'http://127.0.0.1:9'], { DESK_PASSWORD: 'demo' }),
    ])
    expect(business.code).toBe(1)
    // --json: the error is the one JSON document on stdout
    expect(JSON.parse(business.stdout)).toMatchObject({ code: 'coupon_business', error_code: 471, changes: [] })
    expect(business.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^error coupon_business: /)])
    expect(transport.code).toBe(3)
    expect(transport.stderr).toMatch(/^error coupon_network: /m)

    const [badCredentials, passwordFlag] = await Promise.all([
      desk(['coupons', 'active', '--json', ...urls()], { DESK_PASSWORD: 'Wr0ng-Pass-123' }),
      desk(['coupons', 'active', '--password', 'demo', ...urls()]),
    ])
    expect(badCredentials.code).toBe(4)
    expect(badCredentials.stderr).toMatch(/^error auth_failed: /m)
    expect(badCredentials.stderr).not.toContain('Wr0ng-Pass-123')
    expect(passwordFlag.code).toBe(2)
    expect(passwordFlag.stderr).toMatch(/^error usage: --password is not accepted/m)
    expect(passwordFlag.stdout).toBe('')
  }, 40_000)
})
