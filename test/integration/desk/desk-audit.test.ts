import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inputs, type AuditEntryDto, type DeskHandlers } from '../../../src-shared/contract.js'
import { createRedactor } from '../../../src-main/core/shared/redact.js'
import { createHarness, errorOf, type Harness } from './helpers.js'

/** Operator actions land in the active profile's audit log, with their outcome and never a secret. */
let h: Harness
let api: DeskHandlers
let simBase = ''
// Distinct enough that finding one anywhere means it leaked; none of them is the Demo's own.
const PASSWORD = 'Pw-audit-7c1e9f2b'
const WRONG = 'Wrong-pass-55aa01'
const FEED_KEY = 'Key-audit-0d93be44'

beforeAll(async () => {
  h = await createHarness({ redactor: createRedactor() })
  api = h.core.handlers
  simBase = (await api.app.info(undefined)).endpoints.coupons
  const res = await fetch(`${simBase}/__sim/accounts/auditor`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD, balance: 500 }),
  })
  expect(res.status).toBe(200)
})
afterAll(async () => {
  await h?.close()
})

async function pointer(): Promise<string> {
  const menu = await api.feed.menu({ lineType: 'line' })
  for (const sport of menu) {
    const events = await api.feed.events({ lineType: 'line', sportId: sport.id, tournamentId: 0 })
    for (const match of events.flatMap((e) => e.matches)) {
      const o = (match.markets ?? []).flatMap((m) => m.columns.flat()).find((x) => !x.blocked && x.pointer)
      if (o) return o.pointer
    }
  }
  throw new Error('no bettable outcome')
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

describe('audit log (desk core, Demo)', () => {
  let rows: AuditEntryDto[] = []

  it('records sign-in (failed and ok), a secret set, a placement and a scenario, newest first', async () => {
    expect((await errorOf(api.session.signIn({ username: 'auditor', password: WRONG }))).code).toBeTruthy()
    await api.session.signIn({ username: 'auditor', password: PASSWORD })
    const custom = await api.profiles.save({
      name: 'Client B',
      environment: 'custom',
      couponBaseUrl: 'http://127.0.0.1:9/c',
      feedApiUrl: 'http://127.0.0.1:9/f',
      cdnUrl: 'http://127.0.0.1:9/cdn',
      username: 'b',
      language: 'en',
      legacyMode: false,
      timeZone: 'utc',
      listener: { enabled: false, host: '127.0.0.1', port: 0, path: '/callbacks', maxBodyBytes: 65536 },
    })
    await api.profiles.setSecret({ id: custom.id, kind: 'feedApiKey', value: FEED_KEY })
    const placed = await api.coupons.place({ pointers: [await pointer()], amount: 3, multi: false, mode: 'accept', confirmed: false })
    if (placed.outcome !== 'placed') throw new Error(`placement ${placed.outcome}`)
    const code = placed.coupons[0].couponCode
    const refused = await api.coupons.place({ pointers: [await pointer()], amount: 99_999, multi: false, mode: 'accept', confirmed: false })
    expect(refused.outcome).toBe('rejected')
    await api.demo.settle({ code, result: 'win' })
    await api.audit.record({ action: 'export', what: 'audit', rows: 7, format: 'csv' })

    rows = (await api.audit.query({})).items
    const actions = rows.map((r) => `${r.action}:${r.outcome ?? '-'}`)
    // Newest first; the failed sign-in comes before the good one.
    expect(actions.indexOf('session.signIn:failed')).toBeGreaterThan(actions.indexOf('session.signIn:ok'))
    expect(actions).toEqual(expect.arrayContaining(['profiles.save:ok', 'profiles.setSecret:ok', 'coupons.place:ok', 'demo.settle:ok', 'export:-']))
    const place = rows.find((r) => r.action === 'coupons.place' && r.outcome === 'ok')!
    expect(place).toMatchObject({ actor: 'operator', profile: 'Demo', data: { amount: 3, selections: 1, result: 'placed', codes: code } })
    // A placement the service refused is a failed action, with the refusal's code.
    expect(rows.find((r) => r.action === 'coupons.place' && r.outcome === 'failed')!.data).toMatchObject({ amount: 99_999, result: 'rejected', refusal: expect.any(String) })
    expect(rows.find((r) => r.action === 'demo.settle')!.data).toEqual({ code, result: 'win' })
    expect(rows.find((r) => r.action === 'profiles.setSecret')!.data).toEqual({ profileId: custom.id, kind: 'feedApiKey' })
    expect(rows.find((r) => r.action === 'session.signIn' && r.outcome === 'ok')!.data).toEqual({ username: 'auditor', newPassword: true })
    expect(rows.find((r) => r.action === 'export')!.data).toEqual({ what: 'audit', rows: 7, format: 'csv' })
  })

  it('no row and no file of the data folder holds a password or a key', async () => {
    const text = JSON.stringify(rows)
    for (const secret of [PASSWORD, WRONG, FEED_KEY]) expect(text).not.toContain(secret)
    const files = filesUnder(h.dataDir).filter((f) => f.includes('timeline.sqlite'))
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) {
      const bytes = readFileSync(file).toString('latin1')
      for (const secret of [PASSWORD, WRONG, FEED_KEY]) expect(bytes.includes(secret), `${secret} in ${file}`).toBe(false)
    }
    // The test can fail: the same search finds what the log does hold.
    expect(files.some((f) => readFileSync(f).toString('latin1').includes('auditor'))).toBe(true)
  })

  it('filters by action, text and time, and pages back', async () => {
    const settles = await api.audit.query({ actions: ['demo.settle'] })
    expect(settles.items.map((r) => r.action)).toEqual(['demo.settle'])
    const byText = await api.audit.query({ text: 'feedApiKey' })
    expect(byText.items.map((r) => r.action)).toEqual(['profiles.setSecret'])
    const none = await api.audit.query({ from: Date.now() + 60_000 })
    expect(none.items).toEqual([])
    const first = await api.audit.query({ limit: 2 })
    expect(first.items).toHaveLength(2)
    const next = await api.audit.query({ limit: 2, cursor: first.nextCursor! })
    expect(next.items[0].id).toBeLessThan(first.items[1].id)
  })

  it('a window may report only an export, with figures', () => {
    expect(inputs.audit.record.safeParse({ action: 'export', what: 'coupons', rows: 3, format: 'csv' }).success).toBe(true)
    expect(inputs.audit.record.safeParse({ action: 'coupons.place', what: 'coupons', rows: 3, format: 'csv' }).success).toBe(false)
    expect(inputs.audit.record.safeParse({ action: 'export', what: 'coupons', rows: 3, format: 'csv', note: 'x' }).success).toBe(false)
    expect(inputs.audit.record.safeParse({ action: 'export', what: 'Bad Name!', rows: 3, format: 'csv' }).success).toBe(false)
  })
})
