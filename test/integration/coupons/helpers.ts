import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { createCouponClient } from '../../../src-main/core/coupons/index.js'
import type { CouponClientOptions } from '../../../src-main/core/coupons/types.js'
import type { SimMatch, SimOutcome } from '../../../src-main/core/simulator/world/types.js'

export async function startSim(): Promise<RunningSimulator> {
  return startSimulator({ port: 0, clockTickMs: 0, seed: 1 })
}

/** A fetch that records every request (method, path, query, JSON body) before passing it on. */
export interface Recorded {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
}

export function countingFetch(inner: typeof fetch = globalThis.fetch) {
  const calls: Recorded[] = []
  const wrapped: typeof fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url)
    let body: unknown
    if (typeof init?.body === 'string') {
      try {
        body = JSON.parse(init.body)
      } catch {
        body = init.body
      }
    }
    calls.push({ method: (init?.method ?? 'GET').toUpperCase(), path: url.pathname, query: url.searchParams, body })
    return inner(input, init)
  }
  return { fetch: wrapped, calls, count: (path: string) => calls.filter((c) => c.path === path).length, reset: () => void calls.splice(0) }
}

export function makeClient(sim: RunningSimulator, extra: Partial<CouponClientOptions> & { username?: string; password?: string } = {}) {
  const { username = 'demo', password = 'demo', ...rest } = extra
  return createCouponClient({
    baseURL: sim.couponBaseUrl,
    credentials: async () => ({ username, password }),
    retryDelayMs: 10,
    timeoutMs: 3000,
    ...rest,
  })
}

export async function control(sim: RunningSimulator, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${sim.couponBaseUrl}/__sim${path}`, {
    method: body === undefined && path === '/world' ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`control ${path} answered ${res.status}: ${await res.text()}`)
  const text = await res.text()
  return text ? JSON.parse(text) : undefined
}

export interface PickedOutcome {
  match: SimMatch
  outcome: SimOutcome
  pointer: string
}

const pointerOf = (m: SimMatch, o: SimOutcome, coef = o.rate) =>
  `${m.lineType}#${m.gameId}#${o.groupId}#${o.typeId}#${o.param}#${coef}${o.playerId === null ? '' : `#${o.playerId}`}`

export { pointerOf }

/**
 * `count` open outcomes of prematch matches from different match trees, skipping `skip` trees
 * (so each test can take fresh matches).
 */
export function outcomes(sim: RunningSimulator, count: number, skip = 0): PickedOutcome[] {
  const roots = new Set<number>()
  const out: PickedOutcome[] = []
  let skipped = 0
  for (const match of sim.world.matches('line')) {
    if (match.mainGameId !== null || match.state !== 'prematch') continue
    const root = sim.world.matchTreeRoot(match.gameId)
    if (roots.has(root)) continue
    const outcome = match.markets.flatMap((mk) => mk.outcomes).find((o) => !o.blocked && o.playerId === null)
    if (!outcome) continue
    roots.add(root)
    if (skipped++ < skip) continue
    out.push({ match, outcome, pointer: pointerOf(match, outcome) })
    if (out.length === count) return out
  }
  throw new Error(`only ${out.length} usable outcomes found`)
}

/** A main match and one of its sub-games that both have an open outcome (same match tree). */
export function subGamePair(sim: RunningSimulator): [string, string] {
  for (const sub of sim.world.matches('line')) {
    if (sub.mainGameId === null) continue
    const main = sim.world.getMatch(sub.mainGameId, 'line')
    if (!main) continue
    const o1 = main.markets.flatMap((m) => m.outcomes).find((o) => !o.blocked && o.playerId === null)
    const o2 = sub.markets.flatMap((m) => m.outcomes).find((o) => !o.blocked && o.playerId === null)
    if (o1 && o2) return [pointerOf(main, o1), pointerOf(sub, o2)]
  }
  throw new Error('no main match with a sub-game found')
}
