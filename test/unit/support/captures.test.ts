import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'

/** Captures are optional on a developer's machine and required in CI: there the gate must not pass by skipping. */
const dirs: string[] = []
async function loaderWith(env: { CI?: string; files?: string[] }) {
  const root = mkdtempSync(join(tmpdir(), 'captures-'))
  dirs.push(root)
  if (env.files) {
    mkdirSync(join(root, 'coupon'))
    for (const f of env.files) writeFileSync(join(root, 'coupon', f), '{}')
  }
  vi.stubEnv('CI', env.CI ?? '')
  vi.stubEnv('REAL_CAPTURES_DIR', root)
  return import('../../support/captures.js')
}

afterEach(() => {
  vi.unstubAllEnvs()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('test/support/captures.ts', () => {
  it('outside CI a missing folder or an empty list means: skip', async () => {
    const m = await loaderWith({})
    expect(m.haveCaptures('coupon')).toBe(false)
    expect(m.captureNames('coupon')).toEqual([])
    const empty = await loaderWith({ files: ['health.json'] })
    expect(empty.captureNames('coupon', 'place-request-')).toEqual([])
  })

  it('under CI=true a missing folder throws with a clear message', async () => {
    const m = await loaderWith({ CI: 'true' })
    expect(() => m.haveCaptures('coupon')).toThrow(/CI=true: the real captures are required but .*coupon is missing/)
    expect(() => m.captureNames('coupon')).toThrow(/CI=true/)
  })

  it('under CI=true an empty list throws', async () => {
    const m = await loaderWith({ CI: 'true', files: ['health.json'] })
    expect(m.captureNames('coupon')).toEqual(['health.json'])
    expect(() => m.captureNames('coupon', 'place-request-')).toThrow(/CI=true: no place-request-\*\.json capture/)
  })

  it('names the captures that gained no case, and the cases without a capture', async () => {
    const m = await loaderWith({ files: ['place-request-a.json', 'place-request-b.json'] })
    expect(m.missingCases('coupon', 'place-request-', ['place-request-a', 'place-request-c.json'])).toEqual({ notBuilt: ['place-request-b'], noCapture: ['place-request-c'] })
  })
})
