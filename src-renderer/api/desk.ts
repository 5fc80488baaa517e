/**
 * The only module that touches `window.desk`. Everything else calls `call()` / `onEvent()`.
 * `call` unwraps `Result<T>` into the value or throws a `DeskCallError { code, message }`.
 *
 * The profile epoch is tracked here and nowhere else: the newest epoch seen (app.info, any result,
 * any event) is adopted; a result from an older epoch throws `stale_epoch` (which `attempt()` drops
 * silently) and an event from an older epoch never reaches a listener.
 */
import type { ArgsOf, DeskApi, DeskEventOf, DeskEventType, Domain, Epoch, MethodOf, OutputOf, Result } from '../../src-shared/contract.js'
import { adoptEpoch, isStale } from './epoch.js'

export { currentEpoch, onEpochChange, epochRef } from './epoch.js'

export class DeskCallError extends Error {
  readonly code: string
  constructor(code: string, message: string) {
    super(message)
    this.name = 'DeskCallError'
    this.code = code
  }
}

export const STALE_EPOCH = 'stale_epoch'
/** An answer that belongs to a profile no longer active: nobody's error, nothing to show. */
export function isStaleEpoch(err: unknown): boolean {
  return err instanceof DeskCallError && err.code === STALE_EPOCH
}

const following = new WeakSet<DeskApi>()
/** The api layer itself follows profile switches, whether or not any store listens for them. */
function bridge(): DeskApi | undefined {
  const desk = typeof window === 'undefined' ? undefined : (window as { desk?: DeskApi }).desk
  if (desk && typeof desk.on === 'function' && !following.has(desk)) {
    following.add(desk)
    desk.on('profile.changed', (e) => {
      const epoch = epochOf(e)
      if (epoch !== null) adoptEpoch(epoch)
    })
  }
  return desk
}

export function hasBridge(): boolean {
  return bridge() !== undefined
}

type AnyMethod = (input?: unknown) => Promise<Result<unknown>>

/** Observers of call outcomes (the connection store uses them to learn a service answered). */
export type CallObserver = (domain: Domain, method: string, ok: boolean, code: string | null) => void
const observers = new Set<CallObserver>()
export function observeCalls(observer: CallObserver): () => void {
  observers.add(observer)
  return () => observers.delete(observer)
}
function notify(domain: Domain, method: string, ok: boolean, code: string | null): void {
  for (const o of observers) {
    try {
      o(domain, method, ok, code)
    } catch {
      /* an observer never breaks a call */
    }
  }
}

/**
 * Profile management is about the list of profiles, not the active one's data, and its own calls
 * (select, save of the active profile, a secret of it) are what moves the epoch on: main stamps their
 * answers with the epoch they started under, so they are never dropped as stale. A sign-in with new
 * credentials moves it too (it stores them first), so its answer is kept the same way.
 */
const EPOCH_FREE = new Set<string>(['profiles', 'session.signIn'])

/** Answers the bridge made up itself (a dropped socket) carry no epoch: they belong to the current one. */
function epochOf(res: { epoch?: unknown }): Epoch | null {
  return typeof res.epoch === 'number' ? res.epoch : null
}

export async function call<D extends Domain, M extends MethodOf<D>>(domain: D, method: M, ...args: ArgsOf<D, M>): Promise<OutputOf<D, M>> {
  const desk = bridge()
  const fn = (desk?.[domain] as Record<string, AnyMethod> | undefined)?.[method]
  if (!desk || typeof fn !== 'function') throw new DeskCallError('BRIDGE_MISSING', `desk.${domain}.${method} is not available`)
  let res: Result<unknown>
  try {
    res = await fn(args[0])
  } catch (err) {
    throw new DeskCallError('BRIDGE_ERROR', err instanceof Error ? err.message : String(err))
  }
  if (!res || typeof res !== 'object' || typeof res.ok !== 'boolean') throw new DeskCallError('BAD_RESULT', `desk.${domain}.${method} returned no Result`)
  const epoch = epochOf(res)
  if (epoch !== null) {
    if (isStale(epoch) && !EPOCH_FREE.has(domain) && !EPOCH_FREE.has(`${domain}.${method}`)) throw new DeskCallError(STALE_EPOCH, `desk.${domain}.${method} answered for an earlier profile`)
    adoptEpoch(epoch)
  }
  if (res.ok) {
    notify(domain, method, true, null)
    return res.value as OutputOf<D, M>
  }
  notify(domain, method, false, String(res.code ?? 'UNKNOWN'))
  throw new DeskCallError(String(res.code ?? 'UNKNOWN'), String(res.message ?? ''))
}

/**
 * Subscribe to a pushed event; returns the unsubscribe function (a no-op without a bridge). Events of
 * an earlier epoch are dropped; a newer epoch is adopted (epoch hooks run) before the listener runs.
 */
export function onEvent<T extends DeskEventType>(type: T, listener: (event: DeskEventOf<T>) => void): () => void {
  const desk = bridge()
  if (!desk || typeof desk.on !== 'function') return () => {}
  return desk.on(type, (event) => {
    const epoch = epochOf(event)
    if (epoch !== null) {
      if (isStale(epoch)) return
      adoptEpoch(epoch)
    }
    listener(event)
  })
}

export function toDeskError(err: unknown): DeskCallError {
  if (err instanceof DeskCallError) return err
  if (err instanceof Error) return new DeskCallError('UI_ERROR', err.message)
  return new DeskCallError('UI_ERROR', String(err))
}
