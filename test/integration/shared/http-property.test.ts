/**
 * Money path: whatever a server answers (or how it fails), a `never` call (a placement) reaches it
 * exactly once, and a `read` call reaches it once per attempt until an answer that is not retryable
 * or the retries run out. Real loopback server, scripted per run.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { DeskError } from '../../../src-main/core/shared/errors.js'
import { createHttpClient } from '../../../src-main/core/shared/http.js'
import { useLoopback } from '../../support/loopback.js'

type Step = 200 | 400 | 404 | 429 | 500 | 502 | 503 | 'drop'
const retryable = (step: Step) => step === 'drop' || step === 429 || (typeof step === 'number' && step >= 500)

let script: Step[] = []
let hits = 0

const server = useLoopback((req, res) => {
  req.resume()
  req.on('end', () => {
    hits++
    const step = script.shift() ?? 200
    if (step === 'drop') return void req.socket.destroy()
    res.writeHead(step, { 'content-type': 'application/json', ...(step === 503 ? { 'retry-after': '0' } : {}) })
    res.end(JSON.stringify({ step }))
  })
})

const steps = fc.array(fc.constantFrom<Step>(200, 400, 404, 429, 500, 502, 503, 'drop'), { minLength: 1, maxLength: 5 })

describe('call classes over any sequence of answers', () => {
  it('never: exactly one request; read: one per attempt up to the first final answer', async () => {
    await fc.assert(
      fc.asyncProperty(steps, fc.integer({ min: 0, max: 3 }), fc.constantFrom<'read' | 'never'>('read', 'never'), async (plan, retries, retry) => {
        script = [...plan]
        hits = 0
        const http = createHttpClient({ name: 'prop', codes: { timeout: 'coupon_timeout', network: 'coupon_network', too_large: 'coupon_too_large' }, baseURL: server.origin, retries, retryDelayMs: 0, timeoutMs: 5_000 })
        const outcome = await http.request({ method: 'POST', path: '/p', body: { amount: 1 }, retry }).then(
          (answer) => answer.status,
          (error: unknown) => (error instanceof DeskError ? error.code : 'other'),
        )
        const allowed = retry === 'never' ? 0 : retries
        let expected = 1
        while (expected <= allowed && expected < plan.length + 1 && retryable(plan[expected - 1] ?? 200)) expected++
        expect(hits).toBe(expected)
        const last = plan[expected - 1] ?? 200
        expect(outcome).toBe(last === 'drop' ? 'coupon_network' : last)
      }),
      { numRuns: 60 },
    )
  }, 60_000)
})
