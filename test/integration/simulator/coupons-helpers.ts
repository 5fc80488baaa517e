import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'
import type { SimMatch, SimOutcome } from '../../../src-main/core/simulator/world/types.js'

/** Shared helpers of the simulated coupon service tests (real HTTP on 127.0.0.1). */
export async function startSim(): Promise<RunningSimulator> {
  return startSimulator({ port: 0, clockTickMs: 0, seed: 1, matches: 120, variations: 'none' })
}

/** Parsed JSON of a response; tests assert on its shape. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any

export interface ApiResult {
  status: number
  json: Json
  text: string
}

export interface CallOptions {
  token?: string
  body?: unknown
  raw?: string
  headers?: Record<string, string>
}

export async function call(base: string, method: string, path: string, opts: CallOptions = {}): Promise<ApiResult> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers }
  if (opts.token) headers.authorization = `Bearer ${opts.token}`
  let body: string | undefined
  if (opts.raw !== undefined) body = opts.raw
  else if (opts.body !== undefined) body = JSON.stringify(opts.body)
  if (body !== undefined) headers['content-type'] ??= 'application/json'
  const res = await fetch(base + path, { method, headers, body })
  const text = await res.text()
  let json: unknown
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  return { status: res.status, json, text }
}

export async function login(sim: RunningSimulator, username = 'demo'): Promise<string> {
  const r = await call(sim.couponBaseUrl, 'POST', '/api/partner/login', { body: { username, password: 'demo' } })
  if (r.json?.code !== 1) throw new Error(`login failed for ${username}: ${r.text}`)
  return r.json.body.token as string
}

export function control(sim: RunningSimulator, method: string, path: string, body?: unknown): Promise<ApiResult> {
  return call(sim.couponBaseUrl, method, '/__sim' + path, { body })
}

export function pointerOf(m: SimMatch, o: SimOutcome, coef = o.rate): string {
  const base = `${m.lineType}#${m.gameId}#${o.groupId}#${o.typeId}#${o.param}#${coef}`
  return o.playerId === null ? base : `${base}#${o.playerId}`
}

export function outcome(m: SimMatch, groupId: number, typeId: number): SimOutcome {
  const o = m.markets.find((x) => x.groupId === groupId)?.outcomes.find((x) => x.typeId === typeId && x.param === '0')
  if (!o) throw new Error(`no outcome ${groupId}/${typeId} on ${m.gameId}`)
  return o
}

/** Prematch main football matches with an unblocked 1X2 market (W1 = type 1, X = 2, W2 = 3). */
export function footballMatches(sim: RunningSimulator, count: number, lineType: 'line' | 'live' = 'line', exclude?: Set<object>): SimMatch[] {
  const found = sim.world
    .matches(lineType)
    .filter((m) => m.sportId === 1 && m.mainGameId === null && m.state !== 'finished' && !exclude?.has(m) && m.opp1.en !== 'Home')
    .filter((m) => {
      const market = m.markets.find((x) => x.groupId === 1)
      return !!market && [1, 2, 3].every((t) => market.outcomes.some((o) => o.typeId === t && o.param === '0' && !o.blocked))
    })
  if (found.length < count) throw new Error(`only ${found.length} football matches`)
  return found.slice(0, count)
}

/** Any prematch main matches (distinct trees) with one unblocked outcome each. */
export function anyPointers(sim: RunningSimulator, count: number): string[] {
  const out: string[] = []
  for (const m of sim.world.matches('line')) {
    if (m.mainGameId !== null) continue
    const o = m.markets.flatMap((x) => x.outcomes).find((x) => !x.blocked && !x.withdrawn)
    if (o) out.push(pointerOf(m, o))
    if (out.length === count) break
  }
  if (out.length < count) throw new Error('not enough matches')
  return out
}

export const W1 = 1
export const X = 2
export const W2 = 3
