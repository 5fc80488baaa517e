import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { request } from 'node:https'
import { connect } from 'node:net'
import { join } from 'node:path'
import { createCallbackListener } from '../../../src-main/core/callbacks/listener.js'
import { signPayload } from '../../../src-main/core/callbacks/signature.js'
import { openTimelineStore, type TimelineStore } from '../../../src-main/core/timeline/store.js'
import { batch, bet, coupon, tempDir } from './helpers.js'

const SECRET = 'transport-secret'

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

describe('listener transport', () => {
  const tmp = tempDir('desk-tls-')
  let store: TimelineStore
  beforeAll(() => {
    store = openTimelineStore(join(tmp.dir, 'timeline.sqlite'))
  })
  afterAll(() => {
    store.close()
    tmp.cleanup()
  })

  it.skipIf(!hasOpenssl())('serves HTTPS with the given certificate', async () => {
    const key = join(tmp.dir, 'key.pem')
    const cert = join(tmp.dir, 'cert.pem')
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' })
    const listener = createCallbackListener({ port: 0, secret: SECRET, store, tls: { cert: readFileSync(cert), key: readFileSync(key) } })
    const { url } = await listener.start()
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/callbacks$/)
    const body = JSON.stringify(batch('tls-1', [coupon('000000000801', 2, [bet('1', 1)], { real_win: 12 })]))
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const target = new URL(url)
      const req = request(
        { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', rejectUnauthorized: false,
          headers: { 'content-type': 'application/json', 'x-coupon-signature': signPayload(SECRET, body) } },
        (res) => {
          let text = ''
          res.on('data', (d: Buffer) => (text += d.toString()))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
        },
      )
      req.on('error', reject)
      req.end(body)
    })
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.text)).toEqual({ success: true, processed: 1 })
    expect(store.coupon('000000000801')?.status).toBe(2)
    await listener.stop()
  })

  it('drops a client that never finishes its headers', async () => {
    const listener = createCallbackListener({ port: 0, secret: SECRET, store, headersTimeoutMs: 300, bodyIdleMs: 300 })
    const { url } = await listener.start()
    const started = Date.now()
    const text = await new Promise<string>((resolve) => {
      const socket = connect(Number(new URL(url).port), '127.0.0.1', () => socket.write('POST /callbacks HTTP/1.1\r\nhost: x\r\nx-slow: '))
      let got = ''
      socket.on('data', (d) => (got += d.toString()))
      socket.on('close', () => resolve(got))
      socket.on('error', () => resolve(got))
    })
    expect(Date.now() - started).toBeLessThan(4000)
    expect(text).toMatch(/^HTTP\/1\.1 503/)
    await listener.stop()
  })
})
