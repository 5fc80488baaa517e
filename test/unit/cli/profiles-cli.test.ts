import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { ProfileDto } from '../../../src-shared/contract.js'
import { run } from './helpers.js'

const dataDir = mkdtempSync(join(tmpdir(), 'desk-cli-profiles-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const dd = ['--data-dir', dataDir]

type Row = ProfileDto & { active: boolean }

describe('desk profiles', () => {
  it('lists Demo as the active profile on first start (one JSON array)', async () => {
    const r = await run(['profiles', '--json', ...dd])
    expect(r.code).toBe(0)
    const rows = r.json<Row[]>()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ id: 'demo', name: 'Demo', environment: 'demo', active: true, secrets: { password: true, feedApiKey: true, callbackSecret: true } })
  })

  it('uses PARTNER_DESK_HOME, then ~/.partner-desk', async () => {
    const home = mkdtempSync(join(tmpdir(), 'desk-home-'))
    const viaEnv = join(home, 'via-env')
    expect((await run(['profiles'], { env: { PARTNER_DESK_HOME: viaEnv } })).code).toBe(0)
    expect(readdirSync(viaEnv)).toContain('profiles.json')
    expect((await run(['profiles'], { homeDir: home })).code).toBe(0)
    expect(readdirSync(join(home, '.partner-desk'))).toContain('profiles.json')
    rmSync(home, { recursive: true, force: true })
  })

  it('adds a custom profile with secrets from env and prompt, never echoing them', async () => {
    const env = { DESK_PASSWORD: 'env-password-881', DESK_FEED_KEY: 'env-feed-key-882' }
    const r = await run(
      ['profiles', 'add', '--name', 'Staging', '--coupon-url', 'https://coupons.example.test/', '--feed-url', 'https://feed.example.test', '--cdn-url', 'https://cdn.example.test', '--username', 'bob', '--time-zone', 'local', '--json', ...dd],
      { env, prompt: (q) => (q.startsWith('Callback') ? 'prompted-secret-883' : null) },
    )
    expect(r.code, r.stderr).toBe(0)
    const dto = r.json<Row>()
    expect(dto).toMatchObject({ name: 'Staging', couponBaseUrl: 'https://coupons.example.test', username: 'bob', timeZone: 'local', active: false })
    expect(dto.secrets).toEqual({ password: true, feedApiKey: true, callbackSecret: true })
    for (const secret of [...Object.values(env), 'prompted-secret-883']) {
      expect(r.stdout + r.stderr).not.toContain(secret)
      for (const file of readdirSync(dataDir, { recursive: true }) as string[]) {
        const path = join(dataDir, file)
        if (file.endsWith('.json') || file.endsWith('.log')) expect(readFileSync(path, 'utf8')).not.toContain(secret)
      }
    }
  })

  it('refuses invalid URLs with exit 2', async () => {
    const r = await run(['profiles', 'add', '--name', 'Bad', '--coupon-url', 'https://u:p@x.test', '--feed-url', 'https://f.test', '--cdn-url', 'https://c.test', '--username', 'x', ...dd])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^error usage: --coupon-url: the URL must not contain credentials\n$/)
  })

  it('selects by name and removes, falling back to Demo', async () => {
    const use = await run(['profiles', 'use', 'staging', '--json', ...dd])
    expect(use.code).toBe(0)
    expect(use.json<Row>()).toMatchObject({ name: 'Staging', active: true })
    const list = await run(['--json', ...dd, 'profiles'])
    expect(list.json<Row[]>().find((p) => p.active)?.name).toBe('Staging')
    const removed = await run(['profiles', 'remove', 'Staging', '--json', ...dd])
    expect(removed.json()).toEqual({ activeId: 'demo' })
    const missing = await run(['profiles', 'use', 'nope', ...dd])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('error profile_not_found:')
    const last = await run(['profiles', 'remove', 'demo', ...dd])
    expect(last.code).toBe(2)
  })

  it('rejects secret flags on the command line without echoing the value', async () => {
    for (const argv of [['balance', '--password', 'argv-secret-1'], ['--password=argv-secret-1', 'login'], ['profiles', 'add', '--feed-key', 'argv-secret-1']]) {
      const r = await run([...argv, ...dd])
      expect(r.code).toBe(2)
      expect(r.stderr).toMatch(/^error usage: --(password|feed-key) is not accepted/)
      expect(r.stderr).not.toContain('argv-secret-1')
      expect(r.stdout).toBe('')
    }
  })

  it('reports usage errors on one stderr line with exit 2', async () => {
    const r = await run(['coupons', 'results', '--bogus', ...dd])
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/^error usage: unknown option '--bogus'\n$/)
    expect((await run(['help'])).code).toBe(0)
    const bare = await run(['feed'])
    expect(bare.code).toBe(2)
    expect(bare.stderr).toContain('Usage: desk feed')
    expect(bare.stdout).toBe('')
    expect((await run(['--help'])).stdout).toContain('Usage: desk')
  })
})
