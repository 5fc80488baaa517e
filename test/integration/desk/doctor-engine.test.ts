/**
 * The doctor's runner against services that never answer: every check ends within its own timeout,
 * independent checks run at once (the whole run takes about one timeout, not one per check), the
 * unanswered ones are transport failures, and what needs them is skipped.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runDoctor } from '../../../src-main/core/desk/doctor/index.js'
import { demoProfile } from '../../../src-main/core/profiles/index.js'

let stalled: Server
let url = ''
const sockets = new Set<Socket>()
let dataDir: string

beforeAll(async () => {
  // Accepts connections and never answers.
  stalled = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(stalled.address() as { port: number }).port}`
  dataDir = mkdtempSync(join(tmpdir(), 'desk-doctor-engine-'))
})
afterAll(async () => {
  for (const s of sockets) s.destroy()
  await new Promise<void>((resolve) => stalled.close(() => resolve()))
  rmSync(dataDir, { recursive: true, force: true })
})

describe('doctor runner', () => {
  it('services that never answer: transport failures within the timeout, run concurrently, dependants skipped', async () => {
    const timeout = 1200
    const started = Date.now()
    const report = await runDoctor({
      profile: { ...demoProfile(0), environment: 'custom' },
      profileId: 'stalled',
      profileName: 'Stalled',
      endpoints: { coupons: url, feed: `${url}/feed` },
      username: 'demo',
      password: 'demo',
      feedApiKey: 'demo-key',
      callbackSecret: 'demo-secret',
      listenerEnabled: true,
      listenerUrl: `${url}/callbacks`,
      historyFile: join(dataDir, 'profiles', 'stalled', 'timeline.sqlite'),
      dataDir,
      warnDays: 7,
      watchedSports: [],
      checkTimeoutMs: timeout,
    })
    const elapsed = Date.now() - started
    const verdict = (id: string) => report.checks.find((c) => c.id === id)!
    for (const id of ['coupons.health', 'feed.key', 'listener.bound']) expect(verdict(id)).toMatchObject({ verdict: 'fail', failure: 'transport' })
    for (const id of ['coupons.login', 'coupons.account', 'coupons.balance', 'coupons.token', 'clock.offset', 'feed.keyExpiry', 'feed.address', 'listener.signed', 'listener.unsigned'])
      expect(verdict(id).verdict, id).toBe('skip')
    for (const id of ['storage.history', 'storage.disk', 'storage.permissions', 'listener.secret', 'coupons.callbackUrl']) expect(verdict(id).verdict, id).toBe('pass')
    for (const c of report.checks) expect(c.ms, c.id).toBeLessThanOrEqual(timeout + 300)
    // Three chains of one timeout each, at once: far below one timeout per check.
    expect(elapsed).toBeLessThan(3 * timeout)
    expect(report.verdict).toBe('fail')
    expect(report.checks.slice(0, 3).every((c) => c.verdict === 'fail')).toBe(true)
  })
})
