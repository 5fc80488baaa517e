import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createFileSink, createLogger, createMemorySink } from '../../../src-main/core/shared/log.js'
import { createRedactor } from '../../../src-main/core/shared/redact.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'
import { openProfileStore } from '../../../src-main/core/profiles/open.js'

const dataDir = mkdtempSync(join(tmpdir(), 'desk-log-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('logger', () => {
  it('filters by level and writes one JSON line per entry', () => {
    const sink = createMemorySink()
    const log = createLogger({ sink, level: 'info', redactor: createRedactor() }).child({ module: 'test' })
    log.debug('hidden')
    log.info('shown', { n: 1 })
    log.error('failed', new DeskError('coupon_http', 'boom', { status: 502 }))
    expect(sink.lines).toHaveLength(2)
    const [info, error] = sink.lines.map((line) => JSON.parse(line))
    expect(info).toMatchObject({ level: 'info', msg: 'shown', module: 'test', n: 1 })
    expect(error.err).toMatchObject({ code: 'coupon_http', status: 502, message: 'boom' })
  })

  it('never writes a registered secret to the log file or the profile / vault files', () => {
    const redactor = createRedactor()
    const store = openProfileStore({ dataDir, redactor })
    const profile = store.profiles.save({
      name: 'Live',
      environment: 'custom',
      couponBaseUrl: 'https://coupons.example.test',
      feedApiUrl: 'https://feed.example.test',
      cdnUrl: 'https://cdn.example.test',
      username: 'partner',
      language: 'en',
      legacyMode: false,
      timeZone: 'utc',
      listener: { enabled: false, host: '127.0.0.1', port: 0, path: '/callbacks' },
    })
    const secrets = {
      password: 'Zq9-password-value',
      feedApiKey: 'feed-key-7f3a91c2',
      callbackSecret: 'cb-signing-secret-55',
    } as const
    for (const [kind, value] of Object.entries(secrets)) store.profiles.setSecret(profile.id, kind as keyof typeof secrets, value)
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJwYXJ0bmVyIn0.dGhpcy1pcy1hLXNpZ25hdHVyZQ'
    store.vault.set(profile.id, 'jwt', jwt)
    const all = [...Object.values(secrets), jwt]

    const logFile = join(dataDir, 'logs', 'desk.log')
    const log = createLogger({ sink: createFileSink(logFile), level: 'debug', redactor })
    // A fresh redactor only knows what the vault has seen: read everything back through it.
    for (const kind of ['password', 'feedApiKey', 'callbackSecret', 'jwt'] as const) expect(store.profiles.secret(profile.id, kind)).toBeTruthy()
    log.info(`login as partner with ${secrets.password}`)
    log.debug('request', { url: `https://feed.example.test/v1/menu?key=${secrets.feedApiKey}`, headers: { Package: secrets.feedApiKey, Authorization: `Bearer ${jwt}` } })
    log.warn('callback signature', { note: `hmac(${secrets.callbackSecret})`, list: [secrets.password, { deep: secrets.callbackSecret }] })
    log.error('login failed', new DeskError('auth_failed', `bad password ${secrets.password}`, { data: { body: { password: secrets.password } }, cause: new Error(jwt) }))
    log.error(`raw ${JSON.stringify({ token: jwt, apiKey: secrets.feedApiKey })}`)
    log.info('numbers', [1, secrets.feedApiKey])

    const logText = readFileSync(logFile, 'utf8')
    expect(logText.trim().split('\n')).toHaveLength(6)
    expect(statSync(logFile).mode & 0o777).toBe(0o600)
    const storeFiles = readdirSync(dataDir).filter((f) => f.endsWith('.json')).map((f) => join(dataDir, f))
    expect(storeFiles).toHaveLength(2)
    for (const file of [logFile, ...storeFiles]) {
      const text = readFileSync(file, 'utf8')
      for (const secret of all) expect(text, `${secret} in ${file}`).not.toContain(secret)
    }
    expect(logText).toContain('login as partner with ***')
  })
})
