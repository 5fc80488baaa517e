import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createSimClock, type SimClock } from './clock.js'
import { createReportedClock, type ReportedClock } from './clock-offset.js'
import { readBody, writeReply, type SimHandler, type SimReply, type SimRequest } from './http.js'
import { createWorld } from './world/world.js'
import { createFeedHandler, createCdnHandler, createFeedControlHandler, createUsage, defaultFeedKeys, type FeedKeyConfig } from './feed/index.js'
import { createCouponService, type CouponService } from './coupons/index.js'
import type { FeedWorld } from './world/model.js'
import { createVariations, defaultVariations, type Variations } from './variations.js'

export interface SimulatorOptions {
  host?: string
  /** 0 picks a free port. */
  port?: number
  seed?: number
  callbackSecret?: string
  timeScale?: number
  /** Prematch line size. */
  matches?: number
  /** JWT lifetime in seconds (spec: not shown). */
  tokenTtlSec?: number
  /** Real-time clock tick in ms; 0 = time moves only through /__sim/clock/advance. */
  clockTickMs?: number
  /** Simulated start time in ms (defaults to now). */
  startMs?: number
  /**
   * HTTP status of feed error answers (`{error_code, error_message}`): production's is not defined.
   * 'by-kind' (default): key 401, permission 403, bad request 400, unknown route 404; or one status for all (e.g. 200).
   */
  feedErrorStatus?: 'by-kind' | number
  /** Feed keys: changes to the demo keys (by name; expiry etc. in Unix ms) or keys of your own. */
  feedKeys?: Record<string, Partial<FeedKeyConfig>>
  /** Real ms before a callback POST counts as timed out (default 10 000). */
  callbackTimeoutMs?: number
  /**
   * Ways a real service may vary within the specs (variations.ts): 'all', 'none' or a comma list.
   * Default: env SIM_VARIATIONS, else 'all' under vitest (tests prove clients against them), else 'none'.
   */
  variations?: string
  /** The service clock this far off (ms, negative = behind): the coupon envelope's `date` and every `Date` header. */
  clockOffsetMs?: number
}

export interface RunningSimulator {
  couponBaseUrl: string
  feedApiUrl: string
  cdnUrl: string
  port: number
  clock: SimClock
  world: FeedWorld
  coupons: CouponService
  variations: Variations
  /** What the service's answers say the time is (`/__sim/clock/offset`). */
  reportedClock: ReportedClock
  close(): Promise<void>
}

export const DEFAULT_CALLBACK_SECRET = 'demo-secret'

/** Starts both simulated services on one loopback port: coupons at /, feed at /feed, CDN at /cdn, controls at /__sim. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const host = options.host ?? '127.0.0.1'
  const clock = createSimClock({ timeScale: options.timeScale ?? 1, startMs: options.startMs, tickMs: options.clockTickMs })
  const feedKeys = defaultFeedKeys(clock.now())
  for (const [name, patch] of Object.entries(options.feedKeys ?? {})) feedKeys[name] = { ...(feedKeys[name] ?? feedKeys['demo-key']), ...patch }
  const feedErrors = { status: options.feedErrorStatus ?? 'by-kind' }
  const variations = createVariations(options.variations ?? defaultVariations(), options.seed ?? 1)
  const world = createWorld({
    seed: options.seed ?? 1, matches: options.matches ?? 300, clock,
    specialBets: variations.enabled.has('special-bets'), periodLiteral: variations.enabled.has('period-literal'),
  })
  const coupons = createCouponService({
    world,
    clock,
    callbackSecret: options.callbackSecret ?? DEFAULT_CALLBACK_SECRET,
    tokenTtlSec: options.tokenTtlSec ?? 3600,
    callbackTimeoutMs: options.callbackTimeoutMs,
    callbackText: variations.callbackText,
  })
  const reportedClock = createReportedClock(clock, options.clockOffsetMs ?? 0)
  const mounts: Array<{ prefix: string; handler: SimHandler; vary?: (path: string, reply: SimReply) => SimReply; service?: 'coupons' | 'feed' }> = [
    { prefix: '/__sim', handler: reportedClock.control },
    { prefix: '/__sim', handler: createFeedControlHandler({ world, clock, keys: feedKeys }) },
    { prefix: '/__sim', handler: coupons.controlHandler },
    { prefix: '/feed', handler: createFeedHandler({ world, keys: feedKeys, usage: createUsage(), errors: feedErrors }), vary: variations.feed, service: 'feed' },
    { prefix: '/cdn', handler: createCdnHandler() },
    { prefix: '', handler: coupons.handler, vary: variations.coupon, service: 'coupons' },
  ]

  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://sim.local')
      let body: Buffer
      try {
        body = await readBody(req)
      } catch {
        writeReply(res, { status: 413, body: { error: 'payload too large' } })
        return
      }
      for (const mount of mounts) {
        if (mount.prefix && url.pathname !== mount.prefix && !url.pathname.startsWith(mount.prefix + '/')) continue
        const simReq: SimRequest = {
          method: req.method ?? 'GET',
          path: url.pathname.slice(mount.prefix.length) || '/',
          query: url.searchParams,
          headers: req.headers,
          body,
          raw: req,
        }
        const reply = await mount.handler(simReq)
        if (reply) {
          const varied = mount.vary ? mount.vary(simReq.path, reply) : reply
          writeReply(res, mount.service ? reportedClock.shift(varied, mount.service === 'coupons') : varied)
          return
        }
      }
      writeReply(res, { status: 404, body: { error: 'not found', path: url.pathname } })
    } catch (error) {
      writeReply(res, { status: 500, body: { error: error instanceof Error ? error.message : 'internal error' } })
    }
  })
  server.keepAliveTimeout = 1000

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  const base = `http://${host}:${port}`
  coupons.setPublicBaseUrl?.(base)

  return {
    couponBaseUrl: base,
    feedApiUrl: `${base}/feed`,
    cdnUrl: `${base}/cdn`,
    port,
    clock,
    world,
    coupons,
    variations,
    reportedClock,
    async close() {
      clock.stop()
      world.stop()
      await coupons.stop()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
