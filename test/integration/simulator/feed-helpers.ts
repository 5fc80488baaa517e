import { startSimulator, type RunningSimulator, type SimulatorOptions } from '../../../src-main/core/simulator/server.js'

/** Shared helpers of the feed simulator tests: real HTTP on 127.0.0.1, simulated clock moved by hand. */
/** Wire JSON in these tests: the assertions check it field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any

export const START_MS = Date.UTC(2026, 10, 21, 12, 0, 0)

/** timeScale 0 freezes simulated time: it moves only through /__sim/clock/advance. */
export function startFeedSim(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  return startSimulator({ port: 0, clockTickMs: 0, seed: 1, startMs: START_MS, timeScale: 0, variations: 'none', ...options })
}

export interface FeedReply<T = Json> {
  http: number
  status: number
  page: string
  body: T
  raw: Json
}

export async function feed<T = Json>(sim: RunningSimulator, path: string, key: string | null = 'demo-key'): Promise<FeedReply<T>> {
  const headers: Record<string, string> = {}
  if (key !== null) headers.Package = key
  const res = await fetch(`${sim.feedApiUrl}${path}`, { headers })
  const raw: Json = await res.json()
  return { http: res.status, status: raw.status, page: raw.page, body: raw.body, raw }
}

export async function control<T = Json>(sim: RunningSimulator, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(`${sim.couponBaseUrl}/__sim${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  return { status: res.status, json: (await res.json()) as T }
}

/** All matches of an `events` body, flattened. */
export const rows = (body: Json[]): Json[] => body.flatMap((t) => t.events_list)
