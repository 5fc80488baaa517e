import type { RunningSimulator } from '../simulator/server.js'
import { parseVariations } from '../simulator/variations.js'
import { DeskError } from '../shared/errors.js'
import { createHttpClient, type FetchLike } from '../shared/http.js'
import type { Logger } from '../shared/log.js'

/**
 * The embedded simulator behind Demo profiles: started on first use (port 0, real time scale 1,
 * its real-time clock ticking), one per seed, kept across profile switches so a demo's coupons
 * survive switching away and back; closed by `dispose`.
 */
export interface DemoSimulators {
  /**
   * `variations`: the Demo profile's choice of simulator variations ('all', 'none' or a comma list,
   * see simulator/variations.ts); else `DESK_DEMO_VARIATIONS`; else the simulator's default (none in
   * the app, all under tests).
   */
  get(seed: number, variations?: string): Promise<RunningSimulator>
  dispose(): Promise<void>
}

/** Throws `validation` unless `variations` names simulator variations ('none', 'all' or a comma list). */
export function checkVariations(variations: string | undefined): void {
  if (variations === undefined || variations === '') return
  try {
    parseVariations(variations)
  } catch (error) {
    throw new DeskError('validation', `Demo simulator variations: ${error instanceof Error ? error.message : String(error)}`)
  }
}

export function createDemoSimulators(options: { clockTickMs?: number; variations?: string } = {}): DemoSimulators {
  const running = new Map<string, Promise<RunningSimulator>>()
  let disposed = false
  return {
    get(seed, variations = options.variations ?? process.env.DESK_DEMO_VARIATIONS) {
      if (disposed) return Promise.reject(new DeskError('disposed', 'The desk core is shut down'))
      try {
        checkVariations(variations)
      } catch (error) {
        return Promise.reject(error)
      }
      // One simulator per seed and choice of variations: switching the choice starts a fresh one.
      const key = `${seed}|${variations ?? ''}`
      let sim = running.get(key)
      if (!sim) {
        // DESK_DEMO_MATCHES sizes the demo world (a big line for measurements and load demos).
        const matches = Number(process.env.DESK_DEMO_MATCHES) || undefined
        // Loaded on first use: a desk on custom profiles never holds the simulator's code and data tables.
        sim = import('../simulator/server.js').then(({ startSimulator }) =>
          startSimulator({ port: 0, seed, timeScale: 1, clockTickMs: options.clockTickMs ?? 250, variations, matches }),
        )
        running.set(key, sim)
        sim.catch(() => running.delete(key))
      }
      return sim
    },
    async dispose() {
      disposed = true
      const all = [...running.values()]
      running.clear()
      await Promise.all(all.map(async (p) => (await p.catch(() => null))?.close()))
    },
  }
}

export type SimResult = 'win' | 'lose' | 'return'

/**
 * Calls the simulator's control API (`/__sim/...`) over HTTP, like an external operator would. A
 * control call changes the simulated world (settles, advances the clock), so it is sent once: a
 * transport failure is `demo_unreachable` and is never repeated.
 */
export async function simControl(
  sim: RunningSimulator,
  path: string,
  body: unknown,
  options: { logger?: Logger; fetch?: FetchLike; method?: 'GET' | 'POST' } = {},
): Promise<unknown> {
  const http = createHttpClient({
    name: 'demo',
    codes: { timeout: 'demo_unreachable', network: 'demo_unreachable', too_large: 'demo_failed' },
    baseURL: `${sim.couponBaseUrl}/__sim`,
    logger: options.logger,
    fetch: options.fetch,
    timeoutMs: 10_000,
    maxResponseBytes: 1024 * 1024,
    transportError: (failure) =>
      failure.kind === 'too_large'
        ? new DeskError('demo_failed', `Demo simulator answer to ${path} is over ${failure.limitBytes} bytes`, { status: failure.status })
        : new DeskError('demo_unreachable', 'The demo simulator did not answer', { cause: failure.cause, data: { sent: failure.sent } }),
  })
  const method = options.method ?? 'POST'
  const res = await http.request({ method, path, body: method === 'GET' ? undefined : body, retry: 'never' })
  let json: unknown
  try {
    json = res.text ? JSON.parse(res.text) : null
  } catch {
    json = null
  }
  if (res.status < 200 || res.status >= 300) {
    const detail = (json as { error?: unknown } | null)?.error
    const message = typeof detail === 'string' ? detail : `HTTP ${res.status}`
    const code = res.status === 404 ? 'not_found' : res.status === 409 ? 'demo_conflict' : 'demo_failed'
    throw new DeskError(code, `Demo simulator refused ${path}: ${message}`, { status: res.status })
  }
  return json
}
