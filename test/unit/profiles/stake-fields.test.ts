import { describe, expect, it } from 'vitest'
import { validateProfileInput } from '../../../src-main/core/profiles/schema.js'

const base = {
  name: 'Desk',
  environment: 'demo' as const,
  couponBaseUrl: '',
  feedApiUrl: '',
  cdnUrl: '',
  username: 'demo',
  language: 'en',
  legacyMode: false,
  timeZone: 'utc' as const,
  listener: { enabled: false, host: '127.0.0.1', port: 0, path: '/callbacks' },
}

describe('a profile’s stake fields', () => {
  it('keeps a minor unit, a minimum and a default that agree', () => {
    expect(validateProfileInput({ ...base, stakeDecimals: 0, minStake: 5, defaultStake: 20 })).toMatchObject({ stakeDecimals: 0, minStake: 5, defaultStake: 20 })
  })

  it('refuses a minimum finer than the minor unit and a default below the minimum', () => {
    expect(() => validateProfileInput({ ...base, stakeDecimals: 0, minStake: 0.5 })).toThrow(/minStake has more than 0 decimals/)
    expect(() => validateProfileInput({ ...base, minStake: 10, defaultStake: 5 })).toThrow(/default stake is below the minimum/)
    expect(() => validateProfileInput({ ...base, stakeDecimals: 7 })).toThrow(/stakeDecimals/)
  })
})
