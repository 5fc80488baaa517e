import { describe, expect, it } from 'vitest'
import { call, DeskCallError, onEvent } from '@renderer/api/desk.js'
import { installFakeDesk } from './fake-desk.js'

describe('api/desk call()', () => {
  it('unwraps ok results and throws DeskCallError with the code and message otherwise', async () => {
    installFakeDesk({
      'balance.get': () => ({ balance: 5, at: 1 }),
      'coupons.get': () => ({ ok: false, code: 'COUPON_NOT_FOUND', message: 'coupon not found' }),
    })
    await expect(call('balance', 'get')).resolves.toEqual({ balance: 5, at: 1 })
    const err = await call('coupons', 'get', { code: '1' }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(DeskCallError)
    expect(err).toMatchObject({ code: 'COUPON_NOT_FOUND', message: 'coupon not found' })
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
    expect(onEvent('balance.changed', () => {})).toBeTypeOf('function')
    window.desk = saved
  })

  it('onEvent returns an unsubscribe that stops delivery', () => {
    const fake = installFakeDesk()
    const seen: number[] = []
    const off = onEvent('balance.changed', (e) => seen.push(e.balance.balance))
    fake.emit({ type: 'balance.changed', balance: { balance: 1, at: 1 } })
    off()
    fake.emit({ type: 'balance.changed', balance: { balance: 2, at: 2 } })
    expect(seen).toEqual([1])
    expect(fake.listenerCount('balance.changed')).toBe(0)
  })
})
