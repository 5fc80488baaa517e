import { describe, expect, it } from 'vitest'
import { call, currentEpoch, DeskCallError, onEpochChange, onEvent } from '@renderer/api/desk.js'
import { attempt, recentErrors } from '@renderer/composables/errors.js'
import { installFakeDesk, signedOut } from './fake-desk.js'

describe('api/desk call()', () => {
  it('unwraps ok results and throws DeskCallError with the code and message otherwise', async () => {
    installFakeDesk({
      'balance.get': () => ({ balance: 5, at: 1 }),
      'coupons.get': () => ({ ok: false, code: 'coupon_not_found', message: 'coupon not found' }),
    })
    await expect(call('balance', 'get')).resolves.toEqual({ balance: 5, at: 1 })
    const err = await call('coupons', 'get', { code: '1' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(DeskCallError)
    expect(err).toMatchObject({ code: 'coupon_not_found', message: 'coupon not found' })
  })

  it('a required input is required by the type (checked by vue-tsc)', async () => {
    installFakeDesk()
    // @ts-expect-error coupons.place has no optional input
    const missing = call('coupons', 'place').catch((e: unknown) => e)
    // @ts-expect-error the input is checked against the method's schema type
    const wrong = call('coupons', 'get', { kode: '1' }).catch((e: unknown) => e)
    // No input schema: the input may be left out.
    const fine = call('balance', 'get').catch((e: unknown) => e)
    await Promise.all([missing, wrong, fine])
  })

  it('turns a throwing or missing bridge into DeskCallError instead of crashing', async () => {
    const fake = installFakeDesk()
    ;(fake.desk as unknown as Record<string, unknown>).balance = {
      get: () => {
        throw new Error('ipc closed')
      },
    }
    await expect(call('balance', 'get')).rejects.toMatchObject({ code: 'BRIDGE_ERROR', message: 'ipc closed' })
    ;(fake.desk as unknown as Record<string, unknown>).balance = { get: async () => undefined }
    await expect(call('balance', 'get')).rejects.toMatchObject({ code: 'BAD_RESULT' })
    const saved = window.desk
    // @ts-expect-error simulating a page without the bridge
    delete window.desk
    await expect(call('balance', 'get')).rejects.toMatchObject({ code: 'BRIDGE_MISSING' })
    expect(onEvent('session.changed', () => {})).toBeTypeOf('function')
    window.desk = saved
  })

  it('onEvent returns an unsubscribe that stops delivery', () => {
    const fake = installFakeDesk()
    const seen: string[] = []
    const off = onEvent('session.changed', (e) => seen.push(e.status.state))
    fake.emit({ type: 'session.changed', status: signedOut })
    off()
    fake.emit({ type: 'session.changed', status: { ...signedOut, state: 'signed-in' } })
    expect(seen).toEqual(['signed-out'])
  })
})

describe('api/desk: the profile epoch', () => {
  it('adopts the newest epoch from results and events, runs the epoch hooks once per change, drops older events', async () => {
    const fake = installFakeDesk()
    expect(currentEpoch()).toBeNull()
    await call('app', 'info')
    expect(currentEpoch()).toBe(1)
    const changes: Array<[number, number]> = []
    onEpochChange((epoch, previous) => changes.push([epoch, previous]))
    const seen: Array<{ state: string; epoch: number }> = []
    onEvent('session.changed', (e) => seen.push({ state: e.status.state, epoch: e.epoch }))

    fake.switchProfile('b')
    fake.switchProfile('c')
    expect(currentEpoch()).toBe(3)
    expect(changes).toEqual([
      [2, 1],
      [3, 2],
    ])
    fake.emit({ type: 'session.changed', status: signedOut, epoch: 2 }) // from the previous profile's session
    fake.emit({ type: 'session.changed', status: { ...signedOut, state: 'signed-in' } })
    expect(seen).toEqual([{ state: 'signed-in', epoch: 3 }])
  })

  it('a result of an older epoch throws stale_epoch, which attempt() drops without a report', async () => {
    const fake = installFakeDesk({ 'balance.get': () => ({ ok: true, value: { balance: 1, at: 1 }, epoch: 1 }) })
    await call('app', 'info')
    fake.switchProfile('b')
    await expect(call('balance', 'get')).rejects.toMatchObject({ code: 'stale_epoch' })
    const before = recentErrors.value.length
    await expect(attempt(() => call('balance', 'get'), 'balance.get')).resolves.toBeUndefined()
    expect(recentErrors.value.length).toBe(before)
  })

  it('an answer the bridge made up itself (no epoch) belongs to the current epoch', async () => {
    const fake = installFakeDesk()
    fake.switchProfile('b')
    ;(fake.desk as unknown as Record<string, unknown>).session = { status: async () => ({ ok: false, code: 'bridge_disconnected', message: 'lost' }) }
    await expect(call('session', 'status')).rejects.toMatchObject({ code: 'bridge_disconnected' })
  })
})

describe('api/desk: calls that move the epoch themselves', () => {
  it('a profiles answer stamped with the epoch it started under is kept (it is what changed the profile)', async () => {
    const fake = installFakeDesk()
    await call('app', 'info')
    fake.handle('profiles.setSecret', () => {
      fake.switchProfile('demo') // editing the active profile issues a new epoch while the call runs
      return { ok: true, value: { id: 'demo' } as never, epoch: 1 }
    })
    await expect(call('profiles', 'setSecret', { id: 'demo', kind: 'password', value: 'x' })).resolves.toEqual({ id: 'demo' })
  })
})
