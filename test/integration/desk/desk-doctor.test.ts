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
})
