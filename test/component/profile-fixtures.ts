import type { ProfileDto } from '../../src-shared/contract.js'

/** The Demo profile as main lists it (secrets stored), with any field overridden. */
export const demoProfileDto = (over: Partial<ProfileDto> = {}): ProfileDto => ({
  id: 'demo',
  name: 'Demo',
  environment: 'demo',
  couponBaseUrl: '',
  feedApiUrl: '',
  cdnUrl: '',
  username: 'demo',
  language: 'en',
  legacyMode: false,
  timeZone: 'utc',
  listener: { enabled: true, host: '127.0.0.1', port: 0, path: '/callbacks' },
  secrets: { password: true, feedApiKey: true, callbackSecret: true },
  ...over,
})
