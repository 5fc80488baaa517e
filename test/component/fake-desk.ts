/**
 * A fake of the contract boundary (`window.desk`): named async methods answering `Result<T>`, and an
 * event hub for `on()`. Tests give handlers per "domain.method"; every call is recorded.
 */
import type { AppInfo, DeskApi, DeskEvent, Result, SessionStatus } from '../../src-shared/contract.js'

export type Handler = (input: unknown) => unknown | Promise<unknown>
export interface FakeDesk {
  desk: DeskApi
  calls: Array<{ name: string; input: unknown }>
  callsTo(name: string): unknown[]
  emit(event: DeskEvent): void
  listenerCount(type: string): number
  handle(name: string, handler: Handler): void
}

/** A handler result that is already a Result is passed through; anything else is wrapped as ok. */
export function fail(code: string, message = code): Result<never> {
  return { ok: false, code, message }
}

export function demoInfo(over: Partial<AppInfo> = {}): AppInfo {
  return {
    version: '0.1.0',
    bridge: 'web',
    profileId: 'demo',
    profileName: 'Demo',
    environment: 'demo',
    endpoints: { coupons: 'http://127.0.0.1:1/coupons', feed: 'http://127.0.0.1:1/feed', cdn: 'http://127.0.0.1:1/cdn' },
    connections: { coupons: { state: 'unknown', message: null }, feed: { state: 'unknown', message: null }, listener: { state: 'unknown', message: null } },
    ...over,
  }
}

export const signedOut: SessionStatus = { state: 'signed-out', username: null, accountState: 'unknown', tokenTail: null, expiresAt: null, message: null }

const DOMAINS = ['app', 'session', 'profiles', 'feed', 'coupons', 'balance', 'timeline', 'listener', 'demo'] as const

export function installFakeDesk(handlers: Record<string, Handler> = {}): FakeDesk {
  const table = new Map<string, Handler>(Object.entries({ 'app.info': () => demoInfo(), 'session.status': () => signedOut, 'coupons.pendingPlacements': () => [], ...handlers }))
  const calls: FakeDesk['calls'] = []
  const listeners = new Map<string, Set<(e: DeskEvent) => void>>()

  const domainProxy = (domain: string) =>
    new Proxy(
      {},
      {
        get: (_t, method: string) => async (input?: unknown) => {
          const name = `${domain}.${method}`
          calls.push({ name, input })
          const h = table.get(name)
          if (!h) return fail('NOT_FAKED', `${name} is not faked`)
          try {
            const v = await h(input)
            if (v && typeof v === 'object' && 'ok' in v && typeof (v as { ok: unknown }).ok === 'boolean') return v
            return { ok: true, value: v }
          } catch (err) {
            return fail('FAKE_THREW', String(err))
          }
        },
      },
    )

  const desk = Object.fromEntries(DOMAINS.map((d) => [d, domainProxy(d)])) as unknown as DeskApi
  ;(desk as { on: DeskApi['on'] }).on = ((type: string, listener: (e: DeskEvent) => void) => {
    const set = listeners.get(type) ?? new Set()
    set.add(listener)
    listeners.set(type, set)
    return () => set.delete(listener)
  }) as DeskApi['on']
  window.desk = desk

  return {
    desk,
    calls,
    callsTo: (name) => calls.filter((c) => c.name === name).map((c) => c.input),
    emit: (event) => listeners.get(event.type)?.forEach((l) => l(event)),
    listenerCount: (type) => listeners.get(type)?.size ?? 0,
    handle: (name, handler) => void table.set(name, handler),
  }
}

/** A promise you settle from the test, to hold a call in flight. */
export function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}
