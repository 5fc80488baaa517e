import { describe, expect, it } from 'vitest'
import { registerIpc, type SenderPolicy } from '../../../src-main/electron/ipc.js'
import { createCallerScopes, createDispatcher } from '../../../src-main/core/shared/dispatch.js'
import type { DeskEvent, DeskHandlers } from '../../../src-shared/contract.js'
import { createFakeIpcMain, fakeEvent } from '../../support/fake-electron.js'

const APP = 'file:///opt/partner-desk/out/renderer/index.html'
const policy: SenderPolicy = { allowedOrigins: [], fileUrlPrefix: 'file:///opt/partner-desk/out/renderer/' }
const handlers = {
  watch: {
    subscribe: async ({ subscriptionId }: { subscriptionId: string }) => ({ subscriptionId }),
    unsubscribe: async () => ({ removed: true }),
  },
} as unknown as DeskHandlers
const dispatch = () => createDispatcher(handlers, { epoch: () => 1 })
const sub = (subscriptionId: string) => ({ subscriptionId, topic: { name: 'balance' } })
const delta = (subscriptionId: string): DeskEvent => ({ type: 'watch.delta', subscriptionId, seq: 2, topic: 'balance', delta: { balance: 1, at: 1 }, epoch: 1 })
const changed: DeskEvent = { type: 'profile.changed', profileId: 'p', epoch: 2 }

/** Which window an event goes to is one question, answered by the caller scopes from the subscription's owner. */
describe('event routing to windows', () => {
  it('caller scopes answer for a caller: its own watch events, every other event, nothing of a caller without a scope', async () => {
    const scopes = createCallerScopes(dispatch())
    const one = {}
    const two = {}
    await scopes.open(one).dispatch('desk:watch:subscribe', sub('window-one-1'))
    await scopes.open(two).dispatch('desk:watch:subscribe', sub('window-two-1'))
    expect([scopes.wants(one, delta('window-one-1')), scopes.wants(one, delta('window-two-1')), scopes.wants(two, delta('window-two-1'))]).toEqual([true, false, true])
    expect(scopes.wants({}, delta('window-one-1'))).toBe(false)
    expect(scopes.wants({}, changed)).toBe(true)
  })

  it('a page that reloads gets only the subscriptions of its new page, and the old page\'s late release does not take them', async () => {
    const ipcMain = createFakeIpcMain()
    const ipc = registerIpc(ipcMain, dispatch(), policy)
    const listeners = new Map<string, Array<(...a: unknown[]) => void>>()
    const event = fakeEvent(APP)
    const add = (name: string, l: (...a: unknown[]) => void) => listeners.set(name, [...(listeners.get(name) ?? []), l])
    const page = { ...event, sender: Object.assign(event.sender, { on: add, once: add }) }
    const fire = (name: string, ...args: unknown[]) => listeners.get(name)?.forEach((l) => l(...args))
    expect(ipc.wants(page.sender, changed)).toBe(true) // a window that never called still gets the rest
    await ipcMain.invoke('desk:watch:subscribe', page, sub('first-page'))
    fire('did-start-navigation', { isMainFrame: true, isSameDocument: false }) // reload: the first page's scope is released
    await ipcMain.invoke('desk:watch:subscribe', page, sub('second-page'))
    await new Promise((r) => setImmediate(r))
    expect([ipc.wants(page.sender, delta('first-page')), ipc.wants(page.sender, delta('second-page'))]).toEqual([false, true])
    ipc.dispose()
    expect(ipc.wants(page.sender, delta('second-page'))).toBe(false)
    expect(ipc.wants(page.sender, changed)).toBe(true)
  })
})
