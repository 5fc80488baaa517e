import { createHmac, randomUUID } from 'node:crypto'
import type { SimClock } from '../clock.js'

/**
 * `coupons.settled` sender: batches of ≤100 snapshots, one new `batchId` per delivery version,
 * HMAC-SHA256 signature (`sha256=` + lowercase hex) over the exact body bytes, one attempt at once
 * and retries of temporary failures after 1, 5, 15, 60 simulated minutes (five tries, same batchId
 * and bytes), each attempt with a 10 s timeout, then gives up.
 */
export const MAX_BATCH = 100
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000]

export type DeliveryOutcome = 'delivered' | 'final-error' | 'retry-scheduled' | 'gave-up'

export interface DeliveryLogEntry {
  batchId: string
  url: string
  attempt: number
  /** Partner HTTP status, null for a transport error or timeout. */
  status: number | null
  outcome: DeliveryOutcome
  error: string | null
  couponCodes: string[]
  /** Simulated time of the attempt, Unix ms. */
  at: number
}

export interface FailPlan {
  count?: number
  untilMs?: number
  as?: 'transport' | '503'
}

export interface CallbackSender {
  send(url: string, coupons: Array<{ code: string; snapshot: unknown }>, clientId?: number): string[]
  deliveries(): DeliveryLogEntry[]
  fail(plan: FailPlan): void
  setTimeoutMs(ms: number): void
  /** Resolves when no delivery attempt is in flight (scheduled retries do not count). */
  whenIdle(): Promise<void>
  stop(): Promise<void>
}

interface Batch {
  batchId: string
  url: string
  body: Buffer
  couponCount: number
  codes: string[]
}

export function sign(secret: string, body: Buffer | string): string {
  return 'sha256=' + createHmac('sha256', secret).update(body).digest('hex')
}

type Verdict = { kind: 'ok' } | { kind: 'final'; error: string } | { kind: 'temporary'; error: string }

export function classifyResponse(status: number, text: string, couponCount: number): Verdict {
  if (status === 500 || status === 502 || status === 503 || status === 504) return { kind: 'temporary', error: `HTTP ${status}` }
  if (status !== 200) return { kind: 'final', error: `HTTP ${status}` }
  if (text.trim() === '') return { kind: 'ok' }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return { kind: 'final', error: 'unrecognised response body' }
  }
  const obj = parsed as { success?: unknown; processed?: unknown }
  if (typeof obj !== 'object' || obj === null || obj.success !== true) return { kind: 'final', error: 'partner answered success false' }
  if (typeof obj.processed !== 'number' || obj.processed < couponCount) return { kind: 'final', error: 'partner processed fewer coupons than sent' }
  return { kind: 'ok' }
}

export function createCallbackSender(opts: { clock: SimClock; secret: string; timeoutMs?: number; text?: (payload: unknown) => string }): CallbackSender {
  const { clock, secret } = opts
  let timeoutMs = opts.timeoutMs ?? 10_000
  const log: DeliveryLogEntry[] = []
  const inflight = new Set<Promise<void>>()
  const cancels = new Set<() => void>()
  let chain: Promise<void> = Promise.resolve()
  let failCount = 0
  let failUntil = 0
  let failAs: 'transport' | '503' = 'transport'
  let stopped = false
  const stopController = new AbortController()

  function simulatedFailure(): boolean {
    if (failCount > 0) {
      failCount--
      return true
    }
    return clock.now() < failUntil
  }

  async function post(batch: Batch): Promise<{ status: number | null; verdict: Verdict }> {
    if (simulatedFailure())
      return failAs === '503'
        ? { status: 503, verdict: { kind: 'temporary', error: 'simulated HTTP 503' } }
        : { status: null, verdict: { kind: 'temporary', error: 'simulated transport error' } }
    try {
      const res = await fetch(batch.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Coupon-Signature': sign(secret, batch.body) },
        body: batch.body,
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), stopController.signal]),
        redirect: 'manual',
      })
      const text = await res.text()
      return { status: res.status, verdict: classifyResponse(res.status, text, batch.couponCount) }
    } catch (error) {
      const name = error instanceof Error ? error.name : ''
      return { status: null, verdict: { kind: 'temporary', error: name === 'TimeoutError' ? 'timeout' : 'transport error' } }
    }
  }

  async function attempt(batch: Batch, n: number): Promise<void> {
    if (stopped) return
    const at = clock.now()
    const { status, verdict } = await post(batch)
    let outcome: DeliveryOutcome
    if (verdict.kind === 'ok') outcome = 'delivered'
    else if (verdict.kind === 'final') outcome = 'final-error'
    else if (n <= RETRY_DELAYS_MS.length && !stopped) {
      outcome = 'retry-scheduled'
      const cancel = clock.after(RETRY_DELAYS_MS[n - 1], () => {
        cancels.delete(cancel)
        return track(attempt(batch, n + 1))
      })
      cancels.add(cancel)
    } else outcome = 'gave-up'
    log.push({
      batchId: batch.batchId, url: batch.url, attempt: n, status, outcome,
      error: verdict.kind === 'ok' ? null : verdict.error, couponCodes: batch.codes, at,
    })
  }

  function track(p: Promise<void>): Promise<void> {
    inflight.add(p)
    void p.finally(() => inflight.delete(p))
    return p
  }

  return {
    send(url, coupons, clientId) {
      const ids: string[] = []
      for (let i = 0; i < coupons.length; i += MAX_BATCH) {
        const slice = coupons.slice(i, i + MAX_BATCH)
        // 32 lowercase hex digits, as production's batch ids.
        const batchId = randomUUID().replaceAll('-', '')
        const payload = { event: 'coupons.settled', batchId, ...(clientId === undefined ? {} : { clientId }), couponCount: slice.length, coupons: slice.map((c) => c.snapshot) }
        const batch: Batch = { batchId, url, body: Buffer.from((opts.text ?? JSON.stringify)(payload)), couponCount: slice.length, codes: slice.map((c) => c.code) }
        ids.push(batchId)
        // First attempts go out one after another so versions of one coupon arrive in order.
        chain = chain.then(() => track(attempt(batch, 1)))
        track(chain)
      }
      return ids
    },
    deliveries: () => log.slice(),
    fail(plan) {
      if (plan.count !== undefined) failCount = Math.max(0, Math.floor(plan.count))
      if (plan.untilMs !== undefined) failUntil = plan.untilMs
      failAs = plan.as ?? 'transport'
    },
    setTimeoutMs(ms) {
      timeoutMs = ms
    },
    async whenIdle() {
      while (inflight.size > 0) await Promise.allSettled([...inflight])
    },
    async stop() {
      stopped = true
      stopController.abort()
      for (const cancel of cancels) cancel()
      cancels.clear()
      await Promise.allSettled([...inflight])
    },
  }
}
