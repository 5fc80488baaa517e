import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createProfileService } from '../../../src-main/core/profiles/service.js'
import { createMemoryStorage } from '../../../src-main/core/profiles/storage.js'
import { openProfileStore } from '../../../src-main/core/profiles/open.js'
import type { ProfileInput } from '../../../src-main/core/profiles/schema.js'
import { createSecretVault } from '../../../src-main/core/vault/vault.js'
import { createTestCipher } from '../../../src-main/core/vault/cipher.js'
import { createRedactor } from '../../../src-main/core/shared/redact.js'
import { createManualClock } from '../../../src-main/core/shared/clock.js'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const setup = () => {
  const storage = createMemoryStorage()
  const vault = createSecretVault({ cipher: createTestCipher(), storage: createMemoryStorage(), redactor: createRedactor() })
  let n = 0
  const service = createProfileService({ storage, vault, clock: createManualClock(1_000), newId: () => `id-${++n}` })
  return { storage, vault, service }
}

const custom = (overrides: Partial<ProfileInput> = {}): ProfileInput => ({
  name: 'Staging',
  environment: 'custom',
  couponBaseUrl: 'https://coupons.example.test/',
  feedApiUrl: 'https://feed.example.test/api',
  cdnUrl: 'https://cdn.example.test',
  username: 'partner1',
  language: 'de',
  legacyMode: false,
  timeZone: 'local',
  listener: { enabled: true, host: '0.0.0.0', port: 8443, path: '/cb' },
  ...overrides,
})

describe('profile service', () => {
  it('creates Demo on first start, active, with public demo secrets', () => {
    const { service, storage } = setup()
    const active = service.active()
    expect(active).toMatchObject({
      id: 'demo',
      environment: 'demo',
      username: 'demo',
      language: 'en',
      legacyMode: false,
      timeZone: 'utc',
      listener: { enabled: true, host: '127.0.0.1', port: 0, path: '/callbacks' },
      createdAt: 1_000,
    })
    expect(storage.get('activeProfileId')).toBe('demo')
    expect(service.secret('demo', 'password')).toBe('demo')
    expect(service.secret('demo', 'feedApiKey')).toBe('demo-key')
    expect(service.secret('demo', 'callbackSecret')).toBe('demo-secret')
    expect(service.secret('demo', 'jwt')).toBeNull()
    expect(service.toDto(active).secrets).toEqual({ password: true, feedApiKey: true, callbackSecret: true })
  })

  it('saves a custom profile with normalised URLs and selects it', () => {
    const { service } = setup()
    const saved = service.save(custom())
    expect(saved.id).toBe('id-1')
    expect(saved.couponBaseUrl).toBe('https://coupons.example.test')
    expect(saved.feedApiUrl).toBe('https://feed.example.test/api')
    expect(service.list().map((p) => p.name)).toEqual(['Demo', 'Staging'])
    service.select(saved.id)
    expect(service.active().id).toBe('id-1')
    expect(service.find('staging')?.id).toBe('id-1')
    expect(service.find('id-1')?.name).toBe('Staging')
    const dto = service.toDto(saved)
    expect(dto).not.toHaveProperty('createdAt')
    expect(dto.secrets).toEqual({ password: false, feedApiKey: false, callbackSecret: false })
  })

  it('updates in place, keeping id and createdAt', () => {
    const { service } = setup()
    const saved = service.save(custom())
    const updated = service.save({ ...custom({ name: 'Staging 2', legacyMode: true }), id: saved.id })
    expect(updated).toMatchObject({ id: saved.id, createdAt: saved.createdAt, name: 'Staging 2', legacyMode: true })
    expect(service.list()).toHaveLength(2)
    expect(() => service.save({ ...custom(), id: 'missing' })).toThrow(/No profile/)
  })

  it.each([
    ['ftp://coupons.example.test', /only http and https/],
    ['https://user:pw@coupons.example.test', /must not contain credentials/],
    ['https://coupons.example.test/?token=abc', /query or fragment/],
    ['not a url', /not a valid URL/],
    ['', /required for a custom environment/],
  ])('rejects coupon URL %s', (url, message) => {
    const { service } = setup()
    expect(() => service.save(custom({ couponBaseUrl: url }))).toThrow(message)
    expect(service.list()).toHaveLength(1)
  })

  it('rejects duplicate names, bad language, unknown fields and empty custom username', () => {
    const { service } = setup()
    expect(() => service.save(custom({ name: 'demo' }))).toThrow(/already exists/)
    expect(() => service.save(custom({ language: 'english!' }))).toThrow(/language/)
    expect(() => service.save({ ...custom(), extra: 1 } as never)).toThrow(/Invalid profile/)
    expect(() => service.save(custom({ username: ' ' }))).toThrow(/username/)
    expect(() => service.save(custom({ listener: { enabled: true, host: 'h', port: 70000, path: '/cb' } }))).toThrow(/listener/)
  })

  it('removes profiles: never the last, active falls back to Demo, secrets go too', () => {
    const { service, vault } = setup()
    const a = service.save(custom({ name: 'A' }))
    const b = service.save(custom({ name: 'B' }))
    service.setSecret(a.id, 'password', 'a-password')
    service.select(a.id)
    expect(service.remove(a.id)).toEqual({ activeId: 'demo' })
    expect(vault.status(a.id).password).toBe(false)
    service.select(b.id)
    expect(service.remove('demo')).toEqual({ activeId: b.id })
    expect(() => service.remove(b.id)).toThrow(/last profile/)
    expect(() => service.remove('nope')).toThrow(/No profile/)
  })

  it('sets and clears secrets; a new password drops the cached token', () => {
    const { service, vault } = setup()
    const p = service.save(custom())
    service.setSecret(p.id, 'password', 'first-password')
    vault.set(p.id, 'jwt', 'cached.jwt.value')
    service.setSecret(p.id, 'password', 'second-password')
    expect(vault.has(p.id, 'jwt')).toBe(false)
    expect(service.secret(p.id, 'password')).toBe('second-password')
    expect(service.toDto(service.get(p.id)).secrets.password).toBe(true)
    service.clearSecret(p.id, 'password')
    expect(service.secret(p.id, 'password')).toBeNull()
    expect(() => service.setSecret(p.id, 'jwt' as never, 'x')).toThrow(/Unknown secret kind/)
  })

  it('keeps invalid stored entries untouched and repairs a dangling active id', () => {
    const storage = createMemoryStorage({ profiles: [{ id: 'broken', name: 5 }], activeProfileId: 'gone' })
    const vault = createSecretVault({ cipher: createTestCipher(), storage: createMemoryStorage(), redactor: createRedactor() })
    const service = createProfileService({ storage, vault })
    expect(service.list().map((p) => p.id)).toEqual(['demo'])
    expect(service.activeId()).toBe('demo')
    expect(service.problems()).toHaveLength(1)
    expect(storage.get('profiles')).toContainEqual({ id: 'broken', name: 5 })
  })
})

describe('node profile store (conf files)', () => {
  it('persists across instances in 0600 files without secrets in clear', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'desk-profiles-'))
    dirs.push(dataDir)
    const first = openProfileStore({ dataDir, redactor: createRedactor() })
    const p = first.profiles.save(custom())
    first.profiles.select(p.id)
    first.profiles.setSecret(p.id, 'password', 'persisted-password-1')
    const second = openProfileStore({ dataDir, redactor: createRedactor() })
    expect(second.profiles.active().id).toBe(p.id)
    expect(second.profiles.secret(p.id, 'password')).toBe('persisted-password-1')
    for (const file of [first.profileStorage.path!, first.vaultStorage.path!]) {
      expect(statSync(file).mode & 0o777).toBe(0o600)
      expect(readFileSync(file, 'utf8')).not.toContain('persisted-password-1')
    }
    expect(JSON.parse(readFileSync(first.profileStorage.path!, 'utf8')).activeProfileId).toBe(p.id)
  })
})

describe('quick stakes of a profile', () => {
  it('are kept as given, and refused when one is not whole cents, repeats, or there are too many', () => {
    const { service } = setup()
    expect(service.toDto(service.save(custom({ quickStakes: [5, 12.5, 100] }))).quickStakes).toEqual([5, 12.5, 100])
    expect(service.toDto(service.save(custom({ name: 'Other' }))).quickStakes).toBeUndefined()
    expect(() => service.save(custom({ name: 'A', quickStakes: [0.001] }))).toThrow(/whole number of cents/)
    expect(() => service.save(custom({ name: 'B', quickStakes: [10, 10] }))).toThrow(/repeat/)
    expect(() => service.save(custom({ name: 'C', quickStakes: [1, 2, 3, 4, 5, 6, 7] }))).toThrow()
  })
})

