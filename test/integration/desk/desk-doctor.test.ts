import { existsSync, statSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskHandlers } from '../../../src-shared/contract.js'
import { DOCTOR_CHECK_IDS } from '../../../src-shared/vocabulary/doctor.js'
import { doctorReportFile, readLastDoctorReport } from '../../../src-main/core/desk/doctor/index.js'
import { createHarness, type Harness } from './helpers.js'

/** `doctor.run` / `doctor.last` on the Demo profile: the embedded simulator, its listener and history. */
let h: Harness
let api: DeskHandlers
beforeAll(async () => {
  h = await createHarness()
  api = h.core.handlers
})
afterAll(async () => {
  await h?.close()
})

describe('the environment doctor in the desk core', () => {
  it('before any run there is no last report', async () => {
    expect(await api.doctor.last(undefined)).toBeNull()
  })

  it('on a healthy Demo every check passes, each once, with a figure; the report is kept privately and read back', async () => {
    const report = await h.call(() => api.doctor.run(undefined))
    const bad = report.checks.filter((c) => c.verdict !== 'pass')
    expect(bad, JSON.stringify(bad, null, 1)).toEqual([])
    expect(report.verdict).toBe('pass')
    expect(report.checks.map((c) => c.id).sort()).toEqual([...DOCTOR_CHECK_IDS].sort())
    for (const c of report.checks) expect(c.figure, c.id).not.toBeNull()
    expect(report.profileId).toBe('demo')
    const file = doctorReportFile(h.dataDir, 'demo')
    expect(existsSync(file)).toBe(true)
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readLastDoctorReport(h.dataDir, 'demo')).toEqual(report)
    expect(await api.doctor.last(undefined)).toEqual(report)
    // Nothing secret in the report: not the password, key or callback secret.
    expect(JSON.stringify(report)).not.toMatch(/demo-secret|demo-key"/)
  })

  it("the listener's test deliveries leave the history untouched", async () => {
    const before = await api.timeline.deliveries({ limit: 50 }).catch(() => null)
    await api.doctor.run(undefined)
    const after = await api.timeline.deliveries({ limit: 50 }).catch(() => null)
    expect(after).toEqual(before)
  })

  const only = (report: { checks: Array<{ id: string; verdict: string }> }) => report.checks.filter((c) => c.verdict === 'fail' || c.verdict === 'warn').map((c) => [c.id, c.verdict])

  it("Demo's clock moved by a scenario is no fault; an offset planted on the service is", async () => {
    await api.demo.advanceClock({ ms: 2 * 3600 * 1000 })
    expect(only(await api.doctor.run(undefined))).toEqual([])
    const env = await api.app.info(undefined)
    const set = await fetch(`${env.endpoints.coupons}/__sim/clock/offset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"ms":-5000}' })
    expect(set.status).toBe(200)
    try {
      const report = await api.doctor.run(undefined)
      expect(only(report)).toEqual([['clock.offset', 'warn']])
      const figure = report.checks.find((c) => c.id === 'clock.offset')!.figure!
      expect(Math.abs(Number(figure.value) + 5000)).toBeLessThan(1000)
    } finally {
      await fetch(`${env.endpoints.coupons}/__sim/clock/offset`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"ms":0}' })
    }
  })

  it("the listener stopped from the console: the report names it (transport) and the test deliveries skip", async () => {
    await api.listener.stop(undefined)
    try {
      const report = await api.doctor.run(undefined)
      expect(only(report)).toEqual([['listener.bound', 'fail']])
      expect(report.checks[0]).toMatchObject({ id: 'listener.bound', failure: 'transport', advice: 'startListener' })
      expect(report.checks.filter((c) => c.verdict === 'skip').map((c) => c.id).sort()).toEqual(['listener.reachable', 'listener.signed', 'listener.unsigned'])
    } finally {
      await api.listener.start(undefined)
    }
  })

  it('a wrong password stored for Demo: the sign-in fails (auth) and the report is kept as the last one', async () => {
    await api.profiles.setSecret({ id: 'demo', kind: 'password', value: 'not-demo' })
    try {
      const report = await api.doctor.run(undefined)
      expect(only(report)).toEqual([['coupons.login', 'fail']])
      expect(report.checks[0]).toMatchObject({ failure: 'auth', advice: 'checkPassword', figure: { kind: 'errorCode', value: 1003 } })
      expect((await api.doctor.last(undefined))?.at).toBe(report.at)
    } finally {
      await api.profiles.clearSecret({ id: 'demo', kind: 'password' })
    }
  })
})
