import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PROFILE_ID } from '../../../src-main/core/profiles/index.js'
import { createHarness, type Harness } from './helpers.js'

/**
 * Issue 8 #19: the Demo profile chooses how its embedded simulator varies its answers. With `none`
 * every envelope comes in one shape and order; with `all` the same request meets the variations a
 * real service may send (absent or null optional fields, shuffled keys, unknown fields).
 */
let h: Harness
beforeAll(async () => {
  h = await createHarness()
})
afterAll(() => h?.close())

async function demoWith(simVariations: string | undefined) {
  const demo = h.profiles.get(DEMO_PROFILE_ID)
  const { createdAt: _createdAt, ...input } = demo
  const saved = await h.core.handlers.profiles.save({ ...input, simVariations })
  const info = await h.core.handlers.app.info(undefined)
  return { saved, couponsUrl: info.endpoints.coupons }
}

async function healthTexts(base: string, n: number): Promise<Set<string>> {
  const texts = new Set<string>()
  for (let i = 0; i < n; i++) {
    const text = await (await fetch(`${base}/api/partner/health`)).text()
    texts.add(JSON.stringify(Object.keys(JSON.parse(text)))) // which envelope fields, in which order
  }
  return texts
}

describe('Demo profile: simulator variations', () => {
  it('none: one envelope shape; all: the shapes a real service may vary between; the choice is kept in the profile', async () => {
    const plain = await demoWith('none')
    expect(plain.saved.simVariations).toBe('none')
    expect((await healthTexts(plain.couponsUrl, 12)).size).toBe(1)

    const varied = await demoWith('all')
    expect(varied.saved.simVariations).toBe('all')
    expect(h.profiles.get(DEMO_PROFILE_ID).simVariations).toBe('all')
    expect(varied.couponsUrl).not.toBe(plain.couponsUrl) // a simulator of its own for this choice
    expect((await healthTexts(varied.couponsUrl, 12)).size).toBeGreaterThan(1)
  })

  it('refuses a name the simulator does not know, and stores nothing', async () => {
    await expect(demoWith('sometimes')).rejects.toMatchObject({ code: 'validation' })
    expect(h.profiles.get(DEMO_PROFILE_ID).simVariations).toBe('all')
  })
})
