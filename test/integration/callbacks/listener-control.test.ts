import { afterAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import type { DeskEventBody } from '../../../src-shared/contract.js'
import { createConnectionMonitor } from '../../../src-main/core/desk/connection.js'
import { createListenerControl } from '../../../src-main/core/desk/listener.js'
import { demoProfile, validateProfileInput } from '../../../src-main/core/profiles/schema.js'
import { signPayload } from '../../../src-main/core/callbacks/signature.js'
import { systemClock } from '../../../src-main/core/shared/clock.js'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import { batch, deliver, send, tempDir } from './helpers.js'

describe("the profile's listener settings in the desk", () => {
  const tmp = tempDir('desk-control-')
  const store = openTimelineStore(join(tmp.dir, 'timeline.sqlite'))
  afterAll(() => {
    store.close()
    tmp.cleanup()
  })

  it("applies the profile's body limit and turns the listener indicator amber on a refused delivery, green on the next stored one", async () => {
    const events: DeskEventBody[] = []
    const connection = createConnectionMonitor((e) => events.push(e))
    const profile = { ...demoProfile(0), listener: { enabled: true, host: '127.0.0.1', port: 0, path: '/callbacks', maxBodyBytes: 64 * 1024 } }
    const control = createListenerControl({ profile, secret: () => 'demo-secret', store: () => store, connection, clock: systemClock })
    const { url } = await control.start()
    const big = Buffer.from(JSON.stringify(batch('ctl-big', [{ coupon_code: '000000000901', status: 2, realWin: 1, pad: 'ё'.repeat(40_000) }])))
    expect((await send(url!, { body: big, headers: { 'x-coupon-signature': signPayload('demo-secret', big) } })).status).toBe(503)
    expect(connection.snapshot().listener).toMatchObject({ state: 'degraded', reason: { code: 'callback_refused', detail: expect.stringContaining('body_too_large') } })
    expect((await deliver(url!, 'demo-secret', batch('ctl-ok', []))).status).toBe(200)
    expect(connection.state('listener')).toBe('online')
    await control.stop()
  })

  it('the profile setting is validated (64 KiB .. 256 MiB) and optional', () => {
    const input = { name: 'P', environment: 'demo' as const, couponBaseUrl: '', feedApiUrl: '', cdnUrl: '', username: 'demo', language: 'en', legacyMode: false, timeZone: 'utc' as const }
    const listener = { enabled: true, host: '127.0.0.1', port: 0, path: '/callbacks' }
    expect(validateProfileInput({ ...input, listener }).listener.maxBodyBytes).toBeUndefined()
    expect(validateProfileInput({ ...input, listener: { ...listener, maxBodyBytes: 32 * 1024 * 1024 } }).listener.maxBodyBytes).toBe(32 * 1024 * 1024)
    expect(() => validateProfileInput({ ...input, listener: { ...listener, maxBodyBytes: 1000 } })).toThrow(/maxBodyBytes/)
  })
})
