/**
 * The only module that touches `window.desk`. Everything else calls `call()` / `onEvent()`.
 * `call` unwraps `Result<T>` into the value or throws a `DeskCallError { code, message }`.
 */
import type { DeskApi, DeskEventOf, DeskEventType, Domain, InputOf, MethodOf, OutputOf, Result } from '../../src-shared/contract.js'

export class DeskCallError extends Error {
  readonly code: string
  constructor(code: string, message: string) {
    super(message)
    this.name = 'DeskCallError'
    this.code = code
  }
}

function bridge(): DeskApi | undefined {
  return typeof window === 'undefined' ? undefined : (window as { desk?: DeskApi }).desk
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

export async function call<D extends Domain, M extends MethodOf<D>>(domain: D, method: M, input?: InputOf<D, M>): Promise<OutputOf<D, M>> {
  const desk = bridge()
  const fn = (desk?.[domain] as Record<string, AnyMethod> | undefined)?.[method]
  if (!desk || typeof fn !== 'function') throw new DeskCallError('BRIDGE_MISSING', `desk.${domain}.${method} is not available`)
  let res: Result<unknown>
  try {
    res = await fn(input)
  } catch (err) {
    throw new DeskCallError('BRIDGE_ERROR', err instanceof Error ? err.message : String(err))
  }
  if (!res || typeof res !== 'object' || typeof res.ok !== 'boolean') throw new DeskCallError('BAD_RESULT', `desk.${domain}.${method} returned no Result`)
  if (res.ok) {
    notify(domain, method, true, null)
    return res.value as OutputOf<D, M>
  }
  notify(domain, method, false, String(res.code ?? 'UNKNOWN'))
  throw new DeskCallError(String(res.code ?? 'UNKNOWN'), String(res.message ?? ''))
}

/** Subscribe to a pushed event; returns the unsubscribe function (a no-op without a bridge). */
export function onEvent<T extends DeskEventType>(type: T, listener: (event: DeskEventOf<T>) => void): () => void {
  const desk = bridge()
  if (!desk || typeof desk.on !== 'function') return () => {}
  return desk.on(type, listener)
}

export function toDeskError(err: unknown): DeskCallError {
  if (err instanceof DeskCallError) return err
  if (err instanceof Error) return new DeskCallError('UI_ERROR', err.message)
  return new DeskCallError('UI_ERROR', String(err))
}
