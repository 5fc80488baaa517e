import { afterAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { execFileSync } from 'node:child_process'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import { runCli, runToEnd, waitReady, type CliRun } from './cli-process.js'
import { batch, bet, coupon, deliver, tempDir } from './helpers.js'

const SECRET = 'cli-test-secret'
const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

describe('desk listen / desk timeline (child processes)', () => {
  const tmp = tempDir('desk-cli-')
  const running: CliRun[] = []
  afterAll(() => {
    for (const r of running) if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill('SIGKILL')
    tmp.cleanup()
  })

  const start = async () => {
    const run = runCli(['listen', '--port', '0', '--secret', SECRET, '--data-dir', tmp.dir])
    running.push(run)
    const ready = await waitReady(run)
    return { run, ready }
  }

  it('survives SIGKILL after an acknowledged batch, never applies a replay twice, reports a taken port', async () => {
    const first = await start()
    expect(first.ready.event).toBe('ready')
    expect(first.ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callbacks$/)
    expect(Object.keys(first.ready)).toEqual(['event', 'url'])

    const payload = batch('kill-1', [coupon('000000000701', 4, [bet('1', 1)], { real_win: 40 })])
    const answer = await deliver(first.ready.url, SECRET, payload)
    expect(answer.json).toEqual({ success: true, processed: 1 })
    first.run.child.kill('SIGKILL')
    expect((await first.run.exit).signal).toBe('SIGKILL')

    // the acknowledged batch is on disk
    const store = openTimelineStore(join(tmp.dir, 'timeline.sqlite'))
    expect(store.query().items.map((e) => [e.kind, e.couponCode, e.batchId])).toEqual([['settled', '000000000701', 'kill-1']])
    store.close()

    const second = await start()
    const replay = await deliver(second.ready.url, SECRET, payload)
    expect(replay.json).toEqual({ success: true, processed: 1 })
    const forged = await deliver(second.ready.url, 'wrong', batch('kill-2', []))
    expect(forged.status).toBe(401)

    // a second listener on the same port fails clearly, without a ready line
    const clash = await runToEnd(['listen', '--port', new URL(second.ready.url).port, '--secret', SECRET, '--data-dir', join(tmp.dir, 'other')])
    expect(clash.code).not.toBe(0)
    expect(clash.stdout).toBe('')
    expect(clash.stderr).toContain('listener_port_in_use')
    expect(clash.stderr).not.toContain(SECRET)

    second.run.child.kill('SIGTERM')
    expect((await second.run.exit).code).toBe(0)
    expect(second.run.stdout().trim().split('\n')).toHaveLength(1)

    const timeline = await runToEnd(['timeline', '--data-dir', tmp.dir, '--json'])
    expect(timeline.code).toBe(0)
    const entries = JSON.parse(timeline.stdout) as Array<{ kind: string; couponCode: string }>
    expect(Array.isArray(entries)).toBe(true)
    expect(entries.map((e) => e.kind)).toEqual(['settled'])

    const check = openTimelineStore(join(tmp.dir, 'timeline.sqlite'))
    const deliveries = check.deliveries().items
    expect(deliveries.map((d) => [d.batchId, d.duplicate, d.answerStatus])).toEqual([
      [null, false, 401],
      ['kill-1', true, 200],
      ['kill-1', false, 200],
    ])
    // the clean shutdown was recorded, the killed one was not
    expect(check.auditEntries().map((a) => a.action)).toEqual(['listener.stop', 'listener.start', 'listener.start'])
    check.close()
  })

  it('timeline --json on an empty data dir prints []', async () => {
    const res = await runToEnd(['timeline', '--data-dir', join(tmp.dir, 'empty'), '--json'])
    expect(res.code).toBe(0)
    expect(JSON.parse(res.stdout)).toEqual([])
  })

  it.skipIf(!hasOpenssl)('serves HTTPS with --tls-cert/--tls-key and refuses one without the other', async () => {
    const half = runCli(['listen', '--port', '0', '--secret', SECRET, '--data-dir', tmp.dir, '--tls-cert', join(tmp.dir, 'cert.pem')])
    running.push(half)
    expect((await half.exit).code).not.toBe(0)
    expect(half.stderr()).toMatch(/--tls-cert and --tls-key go together/)
    expect(half.stdout()).toBe('')

    const cert = join(tmp.dir, 'cert.pem')
    const key = join(tmp.dir, 'key.pem')
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' })
    const tls = runCli(['listen', '--port', '0', '--secret', SECRET, '--data-dir', tmp.dir, '--tls-cert', cert, '--tls-key', key])
    running.push(tls)
    const ready = await waitReady(tls)
    expect(ready.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/callbacks$/)
    tls.child.kill('SIGTERM')
    expect((await tls.exit).code).toBe(0)
  })
})
