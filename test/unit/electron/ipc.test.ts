import { describe, expect, it } from 'vitest'
import { registerIpc, isTrustedFrame, type SenderPolicy } from '../../../src-main/electron/ipc.js'
import { createDispatcher } from '../../../src-main/core/shared/dispatch.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'
import { methodTable, channelOf, type DeskHandlers } from '../../../src-shared/contract.js'
import { createFakeIpcMain, fakeEvent } from '../../support/fake-electron.js'

const APP = 'file:///opt/partner-desk/out/renderer/index.html'
const policy: SenderPolicy = { allowedOrigins: ['http://localhost:5173'], fileUrlPrefix: 'file:///opt/partner-desk/out/renderer/' }

function setup() {
  const calls: unknown[] = []
  const handlers = {
    coupons: {
      get: async (input: { code: string }) => {
        calls.push(input)
        if (input.code === '000000000471') throw new DeskError('coupon_business', 'Coupon not found (471)', { data: { secret: 'never-cross' } })
        if (input.code === '000000000500') throw new Error('database password=hunter2 leaked in a stack')
        return { couponCode: input.code }
      },
    },
  } as unknown as DeskHandlers
  const ipcMain = createFakeIpcMain()
  const ipc = registerIpc(ipcMain, createDispatcher(handlers, { epoch: () => 7 }), policy)
  return { ipcMain, calls, dispose: ipc.dispose }
}

describe('validated IPC wrapper', () => {
  it('registers exactly the contract channels', () => {
    const { ipcMain } = setup()
    expect([...ipcMain.handlers.keys()].sort()).toEqual(methodTable.map(([d, m]) => channelOf(d, m)).sort())
    expect([...ipcMain.handlers.keys()].every((c) => /^desk:[a-z]+:[A-Za-z]+$/.test(c))).toBe(true)
  })

  it('answers a valid call from the app frame', async () => {
    const { ipcMain, calls } = setup()
    const result = await ipcMain.invoke('desk:coupons:get', fakeEvent(APP), { code: '000000000123' })
    expect(result).toEqual({ ok: true, value: { couponCode: '000000000123' }, epoch: 7 })
    expect(calls).toHaveLength(1)
  })

  it('refuses a foreign frame without calling the handler', async () => {
    const { ipcMain, calls } = setup()
    for (const url of ['https://evil.example/index.html', 'file:///tmp/evil.html', 'http://localhost:5174/', 'about:blank', 'not a url', '']) {
      const result = await ipcMain.invoke('desk:coupons:get', fakeEvent(url), { code: '000000000123' })
      expect(result).toMatchObject({ ok: false, code: 'forbidden_sender' })
    }
    const fromIframe = await ipcMain.invoke('desk:coupons:get', fakeEvent(APP, { subFrame: true }), { code: '1' })
    expect(fromIframe).toMatchObject({ ok: false, code: 'forbidden_sender' })
    const noFrame = await ipcMain.invoke('desk:coupons:get', { senderFrame: null }, { code: '1' })
    expect(noFrame).toMatchObject({ ok: false, code: 'forbidden_sender' })
    expect(calls).toHaveLength(0)
  })

  it('rejects a bad payload with bad_input and never calls the handler', async () => {
    const { ipcMain, calls } = setup()
    for (const payload of [undefined, {}, { code: 42 }, { code: '' }, { code: '1', extra: true }, 'text', [1]]) {
      const result = await ipcMain.invoke('desk:coupons:get', fakeEvent(APP), payload)
      expect(result).toMatchObject({ ok: false, code: 'bad_input' })
    }
    expect(calls).toHaveLength(0)
  })

  it('has no handler for unknown channels, and the dispatcher refuses them too', async () => {
    const { ipcMain } = setup()
    await expect(ipcMain.invoke('desk:coupons:delete', fakeEvent(APP), {})).rejects.toThrow(/No handler/)
    await expect(ipcMain.invoke('shell:openExternal', fakeEvent(APP), {})).rejects.toThrow(/No handler/)
    const dispatch = createDispatcher({} as DeskHandlers, { epoch: () => 7 })
    for (const channel of ['desk:coupons:delete', 'desk:__proto__:constructor', 'desk:coupons:toString', 'coupons:get', '']) {
      expect(await dispatch(channel, {})).toMatchObject({ ok: false, code: 'unknown_channel' })
    }
  })

  it('turns errors into {ok:false, code, message} without data or internals', async () => {
    const { ipcMain } = setup()
    const business = await ipcMain.invoke('desk:coupons:get', fakeEvent(APP), { code: '000000000471' })
    expect(business).toEqual({ ok: false, code: 'coupon_business', message: 'Coupon not found (471)', epoch: 7 })
    const internal = await ipcMain.invoke('desk:coupons:get', fakeEvent(APP), { code: '000000000500' })
    expect(internal).toEqual({ ok: false, code: 'internal', message: expect.any(String), epoch: 7 })
    expect(JSON.stringify(internal)).not.toContain('hunter2')
  })

  it('dispose removes every handler', () => {
    const { ipcMain, dispose } = setup()
    dispose()
    expect(ipcMain.handlers.size).toBe(0)
  })

  it('trusts file:// only under the renderer folder and http only for listed origins', () => {
    expect(isTrustedFrame({ url: APP }, policy)).toBe(true)
    expect(isTrustedFrame({ url: 'file:///opt/partner-desk/out/renderer-evil/index.html' }, policy)).toBe(false)
    expect(isTrustedFrame({ url: 'http://localhost:5173/#/coupons' }, policy)).toBe(true)
    expect(isTrustedFrame({ url: 'http://localhost.evil.com:5173/' }, policy)).toBe(false)
  })

  it('a page\'s watch subscriptions are its own and end when it reloads or its webContents is destroyed', async () => {
    const calls: string[] = []
    const handlers = {
      watch: {
        subscribe: async ({ subscriptionId }: { subscriptionId: string }) => (calls.push(`+${subscriptionId}`), { subscriptionId }),
        unsubscribe: async ({ subscriptionId }: { subscriptionId: string }) => (calls.push(`-${subscriptionId}`), { removed: true }),
      },
    } as unknown as DeskHandlers
    const ipcMain = createFakeIpcMain()
    const ipc = registerIpc(ipcMain, createDispatcher(handlers, { epoch: () => 1 }), policy)
    const page = (): ReturnType<typeof fakeEvent> & { sender: { on: (n: string, l: (...a: unknown[]) => void) => void; once: (n: string, l: () => void) => void; fire: (n: string, ...a: unknown[]) => void } } => {
      const event = fakeEvent(APP)
      const listeners = new Map<string, Array<(...a: unknown[]) => void>>()
      const add = (name: string, listener: (...a: unknown[]) => void) => listeners.set(name, [...(listeners.get(name) ?? []), listener])
      return { ...event, sender: Object.assign(event.sender, { on: add, once: add, fire: (name: string, ...args: unknown[]) => listeners.get(name)?.forEach((l) => l(...args)) }) }
    }
    const one = page()
    const two = page()
    const sub = (subscriptionId: string) => ({ subscriptionId, topic: { name: 'balance' } })
    await ipcMain.invoke('desk:watch:subscribe', one, sub('window-one-1'))
    await ipcMain.invoke('desk:watch:subscribe', two, sub('window-two-1'))
    const delta = (subscriptionId: string) => ({ type: 'watch.delta' as const, subscriptionId, seq: 2, topic: 'balance' as const, delta: { balance: 1, at: 1 }, epoch: 1 })
    expect([ipc.wants(one.sender, delta('window-one-1')), ipc.wants(one.sender, delta('window-two-1'))]).toEqual([true, false])
    one.sender.fire('did-start-navigation', { isMainFrame: false, isSameDocument: false })
    one.sender.fire('did-start-navigation', { isMainFrame: true, isSameDocument: true })
    expect(calls).toEqual(['+window-one-1', '+window-two-1'])
    one.sender.fire('did-start-navigation', { isMainFrame: true, isSameDocument: false }) // reload
    two.sender.fire('destroyed')
    await new Promise((r) => setImmediate(r))
    expect(calls.slice(2).sort()).toEqual(['-window-one-1', '-window-two-1'])
    expect(ipc.wants(one.sender, delta('window-one-1'))).toBe(false)
  })
})
