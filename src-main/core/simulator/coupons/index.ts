import type { SimClock } from '../clock.js'
import type { SimHandler } from '../http.js'
import { SPORT_BY_ID, TOURNAMENT_BY_ID } from '../world/catalog.js'
import type { I18nText, SimWorld } from '../world/types.js'
import { createAuth } from './auth.js'
import { createCallbackSender, type DeliveryLogEntry, type FailPlan } from './callbacks.js'
import type { ServiceContext } from './context.js'
import { createControlHandler } from './control.js'
import { legacyFail, newFail } from './envelope.js'
import { createFaults } from './faults.js'
import { callbackSnapshot } from './model.js'
import { createLegacyRoutes } from './routes-legacy.js'
import { createNewRoutes } from './routes-new.js'
import { createSettlement } from './settlement.js'
import { createCouponStore, type CouponStore } from './store.js'
import type { CouponRecord } from './types.js'

/** The simulated Coupon Client API: routes, control API, settlement, signed callbacks. */
export interface CouponServiceOptions {
  world: SimWorld
  clock: SimClock
  callbackSecret: string
  tokenTtlSec: number
  /** Real ms before a callback POST counts as timed out. Default 10 000. */
  callbackTimeoutMs?: number
  /** JSON text of a callback payload (simulator variations); default plain JSON. */
  callbackText?: (payload: unknown) => string
  /** Real ms a placement works before it commits. Default DEFAULT_PLACEMENT_LATENCY_MS. */
  placementLatencyMs?: number
}

export interface CouponService {
  handler: SimHandler
  controlHandler: SimHandler
  setPublicBaseUrl?(url: string): void
  /** Internal state, for tests and the CLI. */
  store: CouponStore
  deliveries(): DeliveryLogEntry[]
  failCallbacks(plan: FailPlan): void
  setCallbackTimeoutMs(ms: number): void
  /** Resolves when no callback delivery attempt is in flight. */
  whenCallbacksIdle(): Promise<void>
  stop(): Promise<void>
}

function sportName(sportId: number): I18nText {
  return SPORT_BY_ID.get(sportId)?.name ?? { en: `Sport ${sportId}` }
}

function tournamentName(tournamentId: number): I18nText {
  return TOURNAMENT_BY_ID.get(tournamentId)?.name ?? { en: '' }
}

/** Production places in tens of milliseconds; a few are enough to keep the order of send and commit readable. */
export const DEFAULT_PLACEMENT_LATENCY_MS = 5

export function createCouponService(options: CouponServiceOptions): CouponService {
  const { world, clock } = options
  const store = createCouponStore()
  const auth = createAuth({ clock, store, tokenTtlSec: options.tokenTtlSec })
  const faults = createFaults()
  const sender = createCallbackSender({ clock, secret: options.callbackSecret, timeoutMs: options.callbackTimeoutMs, text: options.callbackText })
  const settlement = createSettlement({ clock, store, world })

  function dispatch(coupons: CouponRecord[]) {
    // One batch stream per client and URL: a batch never mixes two clients' coupons.
    const groups = new Map<string, { url: string; list: CouponRecord[] }>()
    for (const c of coupons) {
      if (!c.callbackUrl || c.suppressCallbacks) continue
      const key = `${c.owner}\n${c.callbackUrl}`
      const group = groups.get(key) ?? { url: c.callbackUrl, list: [] }
      group.list.push(c)
      groups.set(key, group)
    }
    for (const { url, list } of groups.values()) {
      const clientId = store.account(list[0].owner)?.clientId
      sender.send(url, list.map((c) => ({ code: c.code, snapshot: callbackSnapshot(c) })), clientId)
    }
  }

  const ctx: ServiceContext = {
    world, clock, store, auth, faults, settlement, sender, dispatch,
    placement: { world, clock, store, sportName, tournamentName },
    // A real placement checks lines, limits and the balance before it commits: it takes milliseconds,
    // never none. Without them a loopback placement commits within the millisecond it was sent, where
    // no clock can tell it from a coupon made just before the send (see coupons/resolution.ts).
    placementWork: () => new Promise<void>((resolve) => setTimeout(resolve, options.placementLatencyMs ?? DEFAULT_PLACEMENT_LATENCY_MS)),
  }
  const unsubscribe = world.onMatchFinished((event) => dispatch(settlement.onMatchFinished(event)))
  const newRoutes = createNewRoutes(ctx)
  const legacyRoutes = createLegacyRoutes(ctx)

  return {
    async handler(req) {
      const path = req.path.length > 1 && req.path.endsWith('/') ? req.path.slice(0, -1) : req.path
      try {
        return (await newRoutes(req, path)) ?? (await legacyRoutes(req, path))
      } catch (error) {
        // An unexpected failure still answers in the route family's envelope with error 10000.
        console.error('[sim-coupons] request failed:', error instanceof Error ? error.message : error)
        const env = { clock, startedAt: performance.now(), path }
        return path.startsWith('/api/partner/') || (path.startsWith('/api/v3/partner/bet/') && path !== '/api/v3/partner/bet/list')
          ? newFail(env, 10000, 'internal error', null, 500)
          : legacyFail(clock, 10000, 'internal error', null, 500)
      }
    },
    controlHandler: createControlHandler(ctx),
    setPublicBaseUrl() {},
    store,
    deliveries: () => sender.deliveries(),
    failCallbacks: (plan) => sender.fail(plan),
    setCallbackTimeoutMs: (ms) => sender.setTimeoutMs(ms),
    whenCallbacksIdle: () => sender.whenIdle(),
    async stop() {
      unsubscribe()
      faults.stop()
      await sender.stop()
    },
  }
}
