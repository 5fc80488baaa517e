import { describe, expect, it } from 'vitest'
import { createProfileService, FAVOURITES_KEY, MAX_MARKET_FAVOURITES } from '../../../src-main/core/profiles/service.js'
import { createMemoryStorage } from '../../../src-main/core/profiles/storage.js'
import { createSecretVault } from '../../../src-main/core/vault/vault.js'
import { createTestCipher } from '../../../src-main/core/vault/cipher.js'
import { createRedactor } from '../../../src-main/core/shared/redact.js'
import { createManualClock } from '../../../src-main/core/shared/clock.js'

const setup = (initial: Record<string, unknown> = {}) => {
  const storage = createMemoryStorage(initial)
  const vault = createSecretVault({ cipher: createTestCipher(), storage: createMemoryStorage(), redactor: createRedactor() })
  let n = 0
  const service = createProfileService({ storage, vault, clock: createManualClock(1_000), newId: () => `id-${++n}` })
  return { storage, service }
}

const staging = {
  name: 'Staging', environment: 'demo' as const, couponBaseUrl: '', feedApiUrl: '', cdnUrl: '', username: 'u', language: 'en',
  legacyMode: false, timeZone: 'utc' as const, listener: { enabled: false, host: '127.0.0.1', port: 0, path: '/cb' },
}

describe('favourite market types per profile', () => {
  it('stars and unstars group ids per profile, in the order starred, stored beside the profiles', () => {
    const { storage, service } = setup()
    const other = service.save(staging)
    expect(service.marketFavourites('demo')).toEqual([])
    expect(service.setMarketFavourite('demo', 17, true)).toEqual([17])
    expect(service.setMarketFavourite('demo', 1, true)).toEqual([17, 1])
    expect(service.setMarketFavourite('demo', 17, true)).toEqual([17, 1])
    expect(service.setMarketFavourite(other.id, 2, true)).toEqual([2])
    expect(service.setMarketFavourite('demo', 17, false)).toEqual([1])
    expect(service.marketFavourites('demo')).toEqual([1])
    expect(service.marketFavourites(other.id)).toEqual([2])
    expect(storage.dump()[FAVOURITES_KEY]).toEqual({ demo: [1], [other.id]: [2] })
    // Profile entries themselves are untouched (their schema is strict).
    expect(service.list().map((p) => Object.keys(p).includes('favourites'))).toEqual([false, false])
  })

  it('removing a profile forgets its favourites; an unknown profile is refused', () => {
    const { storage, service } = setup()
    const other = service.save(staging)
    service.setMarketFavourite(other.id, 2, true)
    service.remove(other.id)
    expect(storage.dump()[FAVOURITES_KEY]).toEqual({})
    expect(() => service.marketFavourites(other.id)).toThrow(/No profile/)
    expect(() => service.setMarketFavourite('nope', 1, true)).toThrow(/No profile/)
  })

  it('a damaged stored value reads as none and is replaced on the next star; the count is bounded', () => {
    const { storage, service } = setup({ [FAVOURITES_KEY]: { demo: ['x'], other: [3] } })
    expect(service.marketFavourites('demo')).toEqual([])
    expect(service.setMarketFavourite('demo', 5, true)).toEqual([5])
    // Another profile's entry is not lost with the damaged one.
    expect(storage.dump()[FAVOURITES_KEY]).toEqual({ demo: [5], other: [3] })
    expect(setup({ [FAVOURITES_KEY]: 'garbage' }).service.marketFavourites('demo')).toEqual([])
    const full = setup({ [FAVOURITES_KEY]: { demo: Array.from({ length: MAX_MARKET_FAVOURITES }, (_, i) => i) } })
    expect(() => full.service.setMarketFavourite('demo', MAX_MARKET_FAVOURITES, true)).toThrow(/At most/)
    expect(full.service.setMarketFavourite('demo', 0, false)).toHaveLength(MAX_MARKET_FAVOURITES - 1)
  })
})
