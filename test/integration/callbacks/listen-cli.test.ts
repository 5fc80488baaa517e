import { afterAll, describe, expect, it } from 'vitest'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { connect } from 'node:net'
import { execFileSync } from 'node:child_process'
import { openProfileStore } from '../../../src-main/core/profiles/open.js'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import { profileTimelineFile } from '../../../src-main/core/timeline/paths.js'
import { signPayload } from '../../../src-main/core/callbacks/signature.js'
import { killAllAndCheck, runCli, runToEnd, survivors, waitReady, type CliRun } from './cli-process.js'
import { batch, bet, coupon, deliver, send, tempDir } from './helpers.js'

const SECRET = 'cli-test-secret'
const WITH_SECRET = { DESK_CALLBACK_SECRET: SECRET }
const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

/** True when nothing accepts connections on the port any more. */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => (socket.destroy(), resolve(false)))
    socket.once('error', () => resolve(true))
  })
}

describe('desk listen / desk timeline (child processes)', () => {
  const tmp = tempDir('desk-cli-')
  afterAll(async () => {
    // The suite fails when any process it started (wrapper or listener) outlives it.
    const left = await killAllAndCheck()
    tmp.cleanup()
    expect(left, 'child processes left running').toEqual([])
  })

  const start = async (args: string[] = [], env: Record<string, string> = WITH_SECRET) => {
    const run = runCli(['listen', '--port', '0', '--data-dir', tmp.dir, ...args], env)
    const ready = await waitReady(run)
    return { run, ready }
  }

  it('kill -9 of the listener process group: the listener is really gone, the acknowledged batch is on disk, a replay is not applied twice', async () => {
    const first = await start()
    expect(first.ready.event).toBe('ready')
    expect(first.ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callbacks$/)
    expect(Object.keys(first.ready)).toEqual(['event', 'url'])

    const payload = batch('kill-1', [coupon('000000000701', 4, [bet('1', 1)], { real_win: 40 })])
    const answer = await deliver(first.ready.url, SECRET, payload)
    expect(answer.json).toEqual({ success: true, processed: 1 })
    first.run.signal('SIGKILL')
    expect((await first.run.exit).signal).toBe('SIGKILL')
    // the process that listened is dead, not only the tsx wrapper
    const port = Number(new URL(first.ready.url).port)
    for (let i = 0; i < 40 && !(await refused(port)); i++) await new Promise((r) => setTimeout(r, 50))
    expect(await refused(port)).toBe(true)
    expect(survivors()).toEqual([])

    // the acknowledged batch is on disk, in the active profile's history (Demo on a fresh data dir): no flags, no other file
    const store = openTimelineStore(profileTimelineFile(tmp.dir, 'demo'))
    expect(store.query().items.map((e) => [e.kind, e.couponCode, e.batchId])).toEqual([['settled', '000000000701', 'kill-1']])
    store.close()

    const second = await start()
    const replay = await deliver(second.ready.url, SECRET, payload)
    expect(replay.json).toEqual({ success: true, processed: 1 })
    const forged = await deliver(second.ready.url, 'wrong', batch('kill-2', []))
    expect(forged.status).toBe(401)

    // a second listener on the same port fails clearly, without a ready line
    const clash = await runToEnd(['listen', '--port', new URL(second.ready.url).port, '--data-dir', join(tmp.dir, 'other')], WITH_SECRET)
    expect(clash.code).not.toBe(0)
    expect(clash.stdout).toBe('')
    expect(clash.stderr).toContain('listener_port_in_use')
    expect(clash.stderr).not.toContain(SECRET)

    second.run.signal('SIGTERM')
    expect((await second.run.exit).code).toBe(0)
    expect(second.run.stdout().trim().split('\n')).toHaveLength(1)

    const timeline = await runToEnd(['timeline', '--data-dir', tmp.dir, '--json'])
    expect(timeline.code).toBe(0)
    const entries = JSON.parse(timeline.stdout) as Array<{ kind: string; couponCode: string }>
    expect(entries.map((e) => e.kind)).toEqual(['settled'])

    expect(existsSync(join(tmp.dir, 'timeline.sqlite'))).toBe(false)
    const check = openTimelineStore(profileTimelineFile(tmp.dir, 'demo'))
    const deliveries = check.deliveries().items
    expect(deliveries.map((d) => [d.batchId, d.duplicate, d.answerStatus])).toEqual([
      [null, false, 401],
      ['kill-1', true, 200],
      ['kill-1', false, 200],
    ])
    // the clean shutdown was recorded, the killed one was not
    expect(check.auditEntries().map((a) => a.action)).toEqual(['listener.stop', 'listener.start', 'listener.start'])
    check.close()
  }, 120_000)

  it('refuses --secret on the command line (exit 2, no ready line, the value never echoed); no secret and no terminal → missing_secret (exit 4)', async () => {
    const runs = await Promise.all([
      runToEnd(['listen', '--port', '0', '--data-dir', tmp.dir, '--secret', 'Argv-Secret-91'], {}),
      runToEnd(['listen', '--port', '0', '--data-dir', tmp.dir, '--secret=Argv-Secret-91'], {}),
      runToEnd(['listen', '--port', '0', '--data-dir', tmp.dir], { DESK_CALLBACK_SECRET: '' }),
    ])
    for (const refusedRun of runs.slice(0, 2)) {
      expect(refusedRun.code).toBe(2)
      expect(refusedRun.stdout).toBe('')
      expect(refusedRun.stderr).toMatch(/^error usage: --secret is not accepted.*DESK_CALLBACK_SECRET/m)
      expect(refusedRun.stderr).not.toContain('Argv-Secret-91')
    }
    const none = runs[2]!
    expect(none.code).toBe(4)
    expect(none.stdout).toBe('')
    expect(none.stderr).toMatch(/^error missing_secret: .*DESK_CALLBACK_SECRET/m)
  }, 60_000)

  it("--profile: the secret comes from the profile's vault, its body limit applies (retried 503, logged on stderr), history goes to the profile's database", async () => {
    const dir = join(tmp.dir, 'with-profile')
    const opened = openProfileStore({ dataDir: dir })
    const saved = opened.profiles.save({
      name: 'Partner',
      environment: 'custom',
      couponBaseUrl: 'https://coupons.example.test',
      feedApiUrl: 'https://feed.example.test',
      cdnUrl: 'https://cdn.example.test',
      username: 'partner',
      language: 'en',
      legacyMode: false,
      timeZone: 'utc',
      listener: { enabled: false, host: '127.0.0.1', port: 0, path: '/callbacks', maxBodyBytes: 64 * 1024 },
    })
    opened.profiles.setSecret(saved.id, 'callbackSecret', 'Vault-Secret-42')
    const { run, ready } = await (async () => {
      const r = runCli(['listen', '--port', '0', '--data-dir', dir, '--profile', 'partner'], {})
      return { run: r, ready: await waitReady(r) }
    })()
    expect((await deliver(ready.url, 'Vault-Secret-42', batch('vault-1', [coupon('000000000711', 2, [bet('1', 1)], { realWin: 9 })]))).json).toEqual({ success: true, processed: 1 })
    const big = Buffer.from(JSON.stringify(batch('vault-big', [{ ...coupon('000000000712', 2, []), pad: 'ж'.repeat(40_000) }])))
    const tooBig = await send(ready.url, { body: big, headers: { 'x-coupon-signature': signPayload('Vault-Secret-42', big) } })
    expect(tooBig.status).toBe(503)
    run.signal('SIGTERM')
    expect((await run.exit).code).toBe(0)
    expect(run.stdout().trim().split('\n')).toEqual([JSON.stringify({ event: 'ready', url: ready.url })])
    expect(run.stderr()).toMatch(/"level":"error".*body over the listener limit.*"maxBodyBytes":65536/)
    expect(run.stderr()).not.toContain('Vault-Secret-42')
    const history = openTimelineStore(profileTimelineFile(dir, saved.id))
    expect(history.query().items.map((e) => e.couponCode)).toEqual(['000000000711'])
    expect(history.deliveries().items[0]).toMatchObject({ verdict: 'too_large', answerStatus: 503 })
    history.close()
  }, 60_000)

  it('--max-body and --max-connections are validated (exit 2)', async () => {
    const [small, conns] = await Promise.all([
      runToEnd(['listen', '--port', '0', '--data-dir', tmp.dir, '--max-body', '10'], WITH_SECRET),
      runToEnd(['listen', '--port', '0', '--data-dir', tmp.dir, '--max-connections', '0'], WITH_SECRET),
    ])
    expect(small.code).toBe(2)
    expect(small.stderr).toMatch(/max-body.*64KiB/)
    expect(conns.code).toBe(2)
  }, 60_000)

  it('timeline --json on an empty data dir prints []', async () => {
    const res = await runToEnd(['timeline', '--data-dir', join(tmp.dir, 'empty'), '--json'])
    expect(res.code).toBe(0)
    expect(JSON.parse(res.stdout)).toEqual([])
  }, 30_000)

  it.skipIf(!hasOpenssl)('serves HTTPS with --tls-cert/--tls-key and refuses one without the other', async () => {
    const half = runCli(['listen', '--port', '0', '--data-dir', tmp.dir, '--tls-cert', join(tmp.dir, 'cert.pem')], WITH_SECRET)
    expect((await half.exit).code).not.toBe(0)
    expect(half.stderr()).toMatch(/--tls-cert and --tls-key go together/)
    expect(half.stdout()).toBe('')

    const cert = join(tmp.dir, 'cert.pem')
    const key = join(tmp.dir, 'key.pem')
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' })
    const tls = runCli(['listen', '--port', '0', '--data-dir', tmp.dir, '--tls-cert', cert, '--tls-key', key], WITH_SECRET)
    const ready = await waitReady(tls)
    expect(ready.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/callbacks$/)
    tls.signal('SIGTERM')
    expect((await tls.exit).code).toBe(0)
  }, 60_000)
})

export type { CliRun }
