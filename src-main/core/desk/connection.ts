import type { ConnectionState, ConnectionStatus, StateReason } from '../../../src-shared/contract.js'
import { FEED_ERROR_CATEGORY, type FeedAnswerErrorCode } from '../../../src-shared/vocabulary/errors.js'
import { DeskError } from '../shared/errors.js'
import type { Emit } from '../shared/events.js'

type Service = 'coupons' | 'feed' | 'listener'

/** Tracks each service's reachability and emits `connection.changed` only on transitions. */
export interface ConnectionMonitor {
  report(service: Service, state: ConnectionState, reason?: StateReason | null): void
  state(service: Service): ConnectionState
  /** Every service's current state and why. */
  snapshot(): Record<Service, ConnectionStatus>
  /** Runs a call and reports the service online (it answered) or offline (transport / 5xx failure). */
  track<T>(service: Service, call: () => Promise<T>): Promise<T>
  reset(): void
  /** Called after each transition (the listener watch topic follows its service). */
  onChange(listener: (service: Service) => void): () => void
}

/**
 * Answers that say "reachable, but it will not serve us" (credentials refused, account or key
 * unusable): the dot must not stay green while nothing works. A token that merely expired is left
 * out: the session signs in again by itself.
 */
const COUPON_ACCESS_REFUSED: ReadonlySet<string> = new Set(['auth_failed', 'access_denied', 'account_disabled', 'account_expired'])

export function isAccessRefused(error: unknown): boolean {
  if (!(error instanceof DeskError)) return false
  // The feed's refusals are its answers the vocabulary files under `auth` (key and address checks).
  return COUPON_ACCESS_REFUSED.has(error.code) || FEED_ERROR_CATEGORY[error.code as FeedAnswerErrorCode] === 'auth'
}

/** A failure that says "the service is not reachable", as opposed to a business answer. */
export function isOutage(error: unknown): boolean {
  if (!(error instanceof DeskError)) return false
  if (/timeout|network|unreachable/.test(error.code)) return true
  return (typeof error.status === 'number' && error.status >= 500) || (error.data as { errorCode?: unknown } | undefined)?.errorCode === 10000 // 10000 may come as HTTP 200 code 0
}

export function createConnectionMonitor(emit: Emit): ConnectionMonitor {
  const changes = new Set<(service: Service) => void>()
  const states = new Map<Service, ConnectionStatus>()
  const stateOf = (service: Service): ConnectionState => states.get(service)?.state ?? 'unknown'
  const report: ConnectionMonitor['report'] = (service, state, reason = null) => {
    const was = states.get(service)
    if (was?.state === state && (was.reason?.code ?? null) === (reason?.code ?? null)) return
    states.set(service, { state, reason })
    emit({ type: 'connection.changed', service, state, reason })
    for (const listener of [...changes]) listener(service)
  }
  return {
    report,
    state: stateOf,
    snapshot: () => {
      const of = (service: Service) => states.get(service) ?? { state: 'unknown' as const, reason: null }
      return { coupons: of('coupons'), feed: of('feed'), listener: of('listener') }
    },
    async track(service, call) {
      try {
        const value = await call()
        report(service, 'online')
        return value
      } catch (error) {
        if (isOutage(error)) report(service, 'offline', { code: (error as DeskError).code, detail: (error as DeskError).message })
        else if (isAccessRefused(error)) report(service, 'degraded', { code: (error as DeskError).code, detail: (error as DeskError).message })
        else if (error instanceof DeskError && typeof error.status === 'number') report(service, 'online')
        throw error
      }
    },
    reset() {
      for (const service of [...states.keys()]) report(service, 'unknown')
    },
    onChange(listener) {
      changes.add(listener)
      return () => changes.delete(listener)
    },
  }
}
