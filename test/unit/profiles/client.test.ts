/** The one rule that says which profile (and so which history file) a run of the console or `desk` belongs to. */
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { adhocProfileId, resolveClient } from '../../../src-main/core/profiles/client.js'
import { createProfileService } from '../../../src-main/core/profiles/service.js'
import { createMemoryStorage } from '../../../src-main/core/profiles/storage.js'
import { createSecretVault } from '../../../src-main/core/vault/vault.js'
import { createTestCipher } from '../../../src-main/core/vault/cipher.js'
import { createRedactor } from '../../../src-main/core/shared/redact.js'
import { createManualClock } from '../../../src-main/core/shared/clock.js'
import { timelineFile } from '../../../src-main/core/desk/index.js'
import { run } from '../cli/helpers.js'

const DIR = '/data'
const setup = () => {
  const vault = createSecretVault({ cipher: createTestCipher(), storage: createMemoryStorage(), redactor: createRedactor() })
  let n = 0
  const service = createProfileService({ storage: createMemoryStorage(), vault, clock: createManualClock(1_000), newId: () => `id-${++n}` })
  return service
}
const custom = (name: string, couponBaseUrl: string, username: string) => ({
  name, environment: 'custom' as const, couponBaseUrl, feedApiUrl: 'https://feed.test', cdnUrl: 'https://cdn.test', username, language: 'uk',
  legacyMode: false, timeZone: 'local' as const, listener: { enabled: false, host: '127.0.0.1', port: 0, path: '/cb' },
})

describe('resolveClient', () => {
  it('no flags: the active profile, with the file the console opens for it', () => {
    const profiles = setup()
    const r = resolveClient(DIR, profiles, {})
    expect(r).toMatchObject({ how: 'active', profile: { id: 'demo' } })
    expect(r.historyFile).toBe(timelineFile(DIR, 'demo'))
    expect(r.historyFile).toBe(join(DIR, 'profiles', 'demo', 'timeline.sqlite'))
  })

  it('URL flags on Demo: an unnamed custom client keyed by URL + username, never Demo; Demo username alone stays Demo', () => {
    const profiles = setup()
    const r = resolveClient(DIR, profiles, { couponUrl: 'http://127.0.0.1:8099', username: 'demo' })
    expect(r.how).toBe('adhoc')
    expect(r.profile).toMatchObject({ id: adhocProfileId('http://127.0.0.1:8099', 'demo'), environment: 'custom', couponBaseUrl: 'http://127.0.0.1:8099', username: 'demo' })
    expect(r.historyFile).not.toBe(timelineFile(DIR, 'demo'))
    // username taken from Demo when not given: the same client as the explicit one
    expect(resolveClient(DIR, profiles, { couponUrl: 'http://127.0.0.1:8099' }).historyFile).toBe(r.historyFile)
    expect(resolveClient(DIR, profiles, { couponUrl: 'http://127.0.0.1:8099', username: 'demo2' }).historyFile).not.toBe(r.historyFile)
    expect(resolveClient(DIR, profiles, { username: 'demo2' })).toMatchObject({ how: 'active', profile: { id: 'demo' } })
    expect(resolveClient(DIR, profiles, { feedUrl: 'http://127.0.0.1:8099/feed' })).toMatchObject({ how: 'active', profile: { id: 'demo' } })
    // --profile Demo with a coupon URL is not Demo either
    expect(resolveClient(DIR, profiles, { profile: 'Demo', couponUrl: 'http://127.0.0.1:8099' }).historyFile).toBe(r.historyFile)
  })

  it('flags that describe a saved custom profile use it; the active one first; two alike must be picked', () => {
    const profiles = setup()
    const prod = profiles.save(custom('Prod', 'https://coupons.test', 'alice'))
    expect(resolveClient(DIR, profiles, { couponUrl: 'https://coupons.test', username: 'alice' })).toMatchObject({ how: 'matched', profile: { id: prod.id } })
    profiles.select(prod.id)
    expect(resolveClient(DIR, profiles, { couponUrl: 'https://coupons.test' })).toMatchObject({ how: 'active', profile: { id: prod.id } })
    expect(resolveClient(DIR, profiles, { feedUrl: 'https://elsewhere.test' })).toMatchObject({ how: 'active', profile: { id: prod.id } })
    // another username on the same service is another client
    const bob = resolveClient(DIR, profiles, { username: 'bob' })
    expect(bob).toMatchObject({ how: 'adhoc', profile: { couponBaseUrl: 'https://coupons.test', username: 'bob', language: 'uk', timeZone: 'local' } })
    expect(resolveClient(DIR, profiles, { profile: 'prod' })).toMatchObject({ how: 'named', profile: { id: prod.id } })
    profiles.select('demo')
    profiles.save(custom('Prod copy', 'https://coupons.test', 'alice'))
    expect(() => resolveClient(DIR, profiles, { couponUrl: 'https://coupons.test', username: 'alice' })).toThrow(/pick one with --profile/)
    expect(() => resolveClient(DIR, profiles, { profile: 'ghost' })).toThrow(expect.objectContaining({ code: 'profile_not_found' }))
  })

  it('an unnamed client id is stable, depends on exactly URL and username, and stays a safe folder name', () => {
    fc.assert(
      fc.property(fc.webUrl(), fc.string(), fc.string(), (url, a, b) => {
        const id = adhocProfileId(url, a)
        expect(id).toMatch(/^adhoc-[0-9a-f]{16}$/)
        expect(adhocProfileId(url, a)).toBe(id)
        if (a !== b) expect(adhocProfileId(url, b)).not.toBe(id)
      }),
      { numRuns: 50 },
    )
  })
})

describe('a stored secret goes only to the service it was entered for', () => {
  it('--coupon-url elsewhere never receives the active custom profile\'s vault password: it is asked for', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs')
    const { tmpdir } = await import('node:os')
    const dir = mkdtempSync(join(tmpdir(), 'desk-secret-origin-'))
    try {
      const add = await run(['profiles', 'add', '--name', 'Prod', '--coupon-url', 'http://127.0.0.1:9', '--feed-url', 'http://127.0.0.1:9/feed', '--cdn-url', 'http://127.0.0.1:9/cdn', '--username', 'alice', '--use', '--data-dir', dir], {
        env: { DESK_PASSWORD: 'Stored-Pw-555', DESK_FEED_KEY: 'k', DESK_CALLBACK_SECRET: 's' },
      })
      expect(add.code, add.stderr).toBe(0)
      const asked: string[] = []
      const elsewhere = await run(['balance', '--data-dir', dir, '--coupon-url', 'http://127.0.0.2:9'], { prompt: (q) => (asked.push(q), null) })
      expect(elsewhere.code).toBe(4)
      expect(elsewhere.stderr).toMatch(/^error missing_secret: /m)
      expect(asked).toHaveLength(1)
      // its own service: the stored password is used without asking (transport error: nothing listens there)
      const own = await run(['balance', '--data-dir', dir], { prompt: (q) => (asked.push(q), null) })
      expect(own.code).toBe(3)
      expect(asked).toHaveLength(1)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
