import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { defaultRetryAnswer, failedBeforeSending, parseRetryAfter } from '../../../src-main/core/shared/http.js'

describe('Retry-After', () => {
  it('delta-seconds (also fractional) and HTTP dates relative to the injected now', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 86_400 }), fc.integer({ min: 0, max: 4_000_000_000 }), (seconds, nowSec) => {
        const now = nowSec * 1000
        expect(parseRetryAfter(String(seconds), now)).toBe(seconds * 1000)
        expect(parseRetryAfter(new Date(now + seconds * 1000).toUTCString(), now)).toBe(seconds * 1000)
        // A date in the past means "now", never a negative wait.
        expect(parseRetryAfter(new Date(now - seconds * 1000).toUTCString(), now)).toBe(0)
      }),
    )
    expect(parseRetryAfter(' 0.25 ', 0)).toBe(250)
  })

  it('absent or unreadable: undefined (the doubling backoff applies)', () => {
    for (const value of [null, '', 'soon', '-1', '1e3']) expect(parseRetryAfter(value, 0)).toBeUndefined()
  })
})

describe('what is retried and what was never sent', () => {
  it('default retryable answers: 429 and 5xx only', () => {
    const retried = [200, 201, 204, 301, 400, 401, 403, 404, 408, 409, 429, 500, 502, 503, 504].filter((status) => defaultRetryAnswer({ status }))
    expect(retried).toEqual([429, 500, 502, 503, 504])
  })

  it('only a refused connection or an unresolvable name counts as never sent, at any depth of causes', () => {
    const wrap = (code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error('connect'), { code }) })
    expect(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN'].map((c) => failedBeforeSending(wrap(c)))).toEqual([true, true, true])
    expect(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'].map((c) => failedBeforeSending(wrap(c)))).toEqual([false, false, false])
    expect(failedBeforeSending(new DOMException('timed out', 'TimeoutError'))).toBe(false)
  })
})
