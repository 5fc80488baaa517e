import { z } from 'zod'
import type { SimClock } from './clock.js'
import { json, parseJsonBody, type SimHandler, type SimReply } from './http.js'

/** A service clock set this far off: what `date` fields and headers report, nothing the world runs on. */
export const MAX_CLOCK_OFFSET_MS = 7 * 24 * 3600 * 1000

const Offset = z.object({ ms: z.number().int().min(-MAX_CLOCK_OFFSET_MS).max(MAX_CLOCK_OFFSET_MS) }).strict()

/**
 * The clock the service reports: the simulated clock plus an offset (a server whose clock is wrong).
 * Only what the answers say is shifted (the coupon envelope's `date`, every answer's `Date` header);
 * settlement, kick-offs and token lifetimes keep running on the simulated clock.
 */
export interface ReportedClock {
  offsetMs(): number
  set(ms: number): void
  /** The reply as the service sends it: `date` of a coupon envelope (top level) and the `Date` header shifted. */
  shift(reply: SimReply, envelope: boolean): SimReply
  /** `GET /__sim/clock/offset` reads it, `POST {"ms":N}` sets it (negative: the service is behind). */
  control: SimHandler
}

export function createReportedClock(clock: SimClock, initialMs = 0): ReportedClock {
  let offset = initialMs
  const view = () => json(200, { ms: offset, serviceNow: clock.now() + offset })
  return {
    offsetMs: () => offset,
    set(ms) {
      offset = ms
    },
    shift(reply, envelope) {
      if (offset === 0 || reply.destroy) return reply
      const headers = { ...reply.headers, date: new Date(clock.now() + offset).toUTCString() }
      const body = reply.body as Record<string, unknown> | null | undefined
      const dated = envelope && body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body) && typeof body.date === 'number'
      return { ...reply, headers, ...(dated ? { body: { ...body, date: (body.date as number) + offset } } : {}) }
    },
    async control(req) {
      if (req.path !== '/clock/offset') return undefined
      if (req.method === 'GET') return view()
      if (req.method !== 'POST') return json(405, { error: 'method_not_allowed' })
      const body = parseJsonBody(req)
      const parsed = body.ok ? Offset.safeParse(body.value) : null
      if (!parsed?.success) return json(400, { error: 'bad_request', message: `body must be {"ms": N} with |N| <= ${MAX_CLOCK_OFFSET_MS}` })
      offset = parsed.data.ms
      return view()
    },
  }
}
