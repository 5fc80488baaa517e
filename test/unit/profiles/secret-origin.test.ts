import { createServer, type Server } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createDeskCore, type DeskCore } from '../../../src-main/core/desk/index.js'
import { createMemoryStorage, createProfileService, secretOrigin, type ProfileInput } from '../../../src-main/core/profiles/index.js'
import { createSecretVault, createTestCipher } from '../../../src-main/core/vault/index.js'

// Item: a profile's secrets are bound to the origin they were entered for. Saving the profile with
// a service URL on another origin (through the contract, as a compromised renderer could) must not
// send the stored password or feed key to the new host.
const PASSWORD = 'pw-entered-for-the-first-host'
const FEED_KEY = 'feed-key-entered-for-the-first-host'
const CALLBACK = 'callback-secret-for-the-first-host'

interface Recorder {
  server: Server
  url: string
  seen: string[]
}

async function recordingServer(): Promise<Recorder> {
  const seen: string[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += String(chunk)))
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} ${JSON.stringify(req.headers)} ${body}`)
      res.writeHead(500, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, seen }
}

const cleanup: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step()
})

async function core(): Promise<{ core: DeskCore; profiles: ReturnType<typeof createProfileService> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-origin-'))
  const vault = createSecretVault({ cipher: createTestCipher(), storage: createMemoryStorage() })
  const profiles = createProfileService({ storage: createMemoryStorage(), vault })
  const desk = await createDeskCore({ dataDir, profiles, vault, bridge: 'web', version: 'test', emit: () => undefined })
  cleanup.push(async () => {
    await desk.dispose()
    rmSync(dataDir, { recursive: true, force: true })
  })
  return { core: desk, profiles }
}

const input = (base: string, overrides: Partial<ProfileInput> = {}): ProfileInput => ({
  name: 'Partner',
  environment: 'custom',
  couponBaseUrl: `${base}/coupons`,
  feedApiUrl: `${base}/feed`,
  cdnUrl: `${base}/cdn`,
  username: 'partner1',
  language: 'en',
  legacyMode: false,
  timeZone: 'utc',
  listener: { enabled: false, host: '127.0.0.1', port: 0, path: '/cb' },
  ...overrides,
})

describe('secrets are bound to the origin they were entered for', () => {
  it('a URL change to another host through the contract sends no stored secret there; the DTO asks for them again', async () => {
    const first = await recordingServer()
    const second = await recordingServer()
    cleanup.push(() => new Promise<void>((resolve) => first.server.close(() => resolve())))
    cleanup.push(() => new Promise<void>((resolve) => second.server.close(() => resolve())))
    const { core: desk } = await core()
    const h = desk.handlers.profiles
    const saved = await h.save(input(first.url))
    await h.select({ id: saved.id })
    await h.setSecret({ id: saved.id, kind: 'password', value: PASSWORD })
    await h.setSecret({ id: saved.id, kind: 'feedApiKey', value: FEED_KEY })
    const withSecrets = await h.setSecret({ id: saved.id, kind: 'callbackSecret', value: CALLBACK })
    expect(withSecrets.secrets).toEqual({ password: true, feedApiKey: true, callbackSecret: true })

    // The attacker's edit: same profile, the services now on another origin.
    const moved = await h.save({ ...input(second.url), id: saved.id })
    expect(moved.secrets).toEqual({ password: false, feedApiKey: false, callbackSecret: false })
    await expect(desk.handlers.session.login(undefined)).rejects.toMatchObject({ code: 'missing_secret', message: /No password is stored/ })
    await expect(desk.handlers.feed.menu({ lineType: 'line' })).rejects.toMatchObject({ code: 'missing_secret' })
    const leaked = second.seen.filter((line) => line.includes(PASSWORD) || line.includes(FEED_KEY) || line.includes(CALLBACK))
    expect(leaked).toEqual([])
  })

  it('a change on the same origin (another path) keeps the secrets; moving back does not bring them back', async () => {
    const { profiles } = await core()
    const saved = profiles.save(input('https://coupons.example.test'))
    profiles.setSecret(saved.id, 'password', PASSWORD)
    profiles.setSecret(saved.id, 'feedApiKey', FEED_KEY)
    profiles.save({ ...input('https://coupons.example.test', { couponBaseUrl: 'https://coupons.example.test/v2' }), id: saved.id })
    expect(profiles.secret(saved.id, 'password')).toBe(PASSWORD)
    expect(profiles.secret(saved.id, 'feedApiKey')).toBe(FEED_KEY)

    // Only the feed moves: only the feed key is forgotten.
    profiles.save({ ...input('https://coupons.example.test', { feedApiUrl: 'https://feed.elsewhere.test' }), id: saved.id })
    expect(profiles.secret(saved.id, 'password')).toBe(PASSWORD)
    expect(profiles.secret(saved.id, 'feedApiKey')).toBeNull()
    profiles.save({ ...input('https://coupons.example.test'), id: saved.id })
    expect(profiles.secret(saved.id, 'feedApiKey')).toBeNull()
  })

  it('the vault hands a value out only for the origin it was stored for (even if storage was edited behind the service)', () => {
    const vault = createSecretVault({ cipher: createTestCipher(), storage: createMemoryStorage() })
    vault.set('p', 'password', PASSWORD, 'https://a.test')
    expect(vault.get('p', 'password', 'https://a.test')).toBe(PASSWORD)
    expect(vault.get('p', 'password', 'https://b.test')).toBeNull()
    expect(vault.status('p', { password: 'https://b.test' }).password).toBe(false)
    expect(vault.has('p', 'password', 'https://a.test')).toBe(true)
  })

  it('origins: coupon service for password, token and callback secret; the feed for its key; demo = embedded', () => {
    const p = { couponBaseUrl: 'https://c.test:8443/api', feedApiUrl: 'http://f.test/x' }
    expect(secretOrigin(p, 'password')).toBe('https://c.test:8443')
    expect(secretOrigin(p, 'jwt')).toBe('https://c.test:8443')
    expect(secretOrigin(p, 'callbackSecret')).toBe('https://c.test:8443')
    expect(secretOrigin(p, 'feedApiKey')).toBe('http://f.test')
    expect(secretOrigin({ couponBaseUrl: '', feedApiUrl: '' }, 'password')).toBe('embedded:')
  })
})
