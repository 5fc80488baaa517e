/// <reference types="node" />
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createDeskI18n } from '@renderer/i18n/index.js'
import { feedErrorTexts, FEED_ERROR_CODES, readFeedError } from '@renderer/composables/feed-errors.js'
import { feedErrorOf } from '../../src-main/core/feed/errors.js'

// The renderer reads the vendor's code and text back out of main's message: both sides are real here
// (main's mapper, the vendor's published error answers), so a change of main's wording fails this test.
const CAPTURES = resolve(process.cwd(), '../shared/real-captures/feed-errors')
// Under CI the captures are required: a missing folder fails (readdirSync throws) instead of skipping.
const SKIP = !existsSync(CAPTURES) && process.env.CI !== 'true'
const i18n = createDeskI18n().global
const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params ?? {})

const viewOf = (body: Record<string, unknown>) => {
  const e = feedErrorOf(body, '/v1/events/1/0/sub/50/line/en', 401)
  return readFeedError(e.code, e.message)
}

describe('typed feed errors as the UI shows them', () => {
  it.skipIf(SKIP)("every documented error answer: what is wrong, what to do, and the vendor's text verbatim", () => {
    const files = readdirSync(CAPTURES).filter((f) => f.endsWith('.json'))
    let typed = 0
    for (const file of files) {
      const body = JSON.parse(readFileSync(join(CAPTURES, file), 'utf8')) as Record<string, unknown>
      if (!Object.hasOwn(body, 'error_code')) continue // `event` messages (game gone) are not errors
      const view = viewOf(body)
      expect(view, file).not.toBeNull()
      expect(view!.code, file).not.toBe('feed_error')
      expect(view!.vendorText, file).toBe(body.error_message)
      expect(view!.vendorCode, file).toBe(String(body.error_code))
      const texts = feedErrorTexts(t, view!)
      expect(texts.title, file).not.toContain('feedErrors.')
      expect(texts.action, file).not.toContain('feedErrors.')
      typed++
    }
    expect(typed).toBeGreaterThanOrEqual(10)
  })
  if (SKIP) it.skip(`real captures not found at ${CAPTURES}`, () => {})

  it('names the refused address and says to add it to the allowed IPs', () => {
    const view = viewOf({ error_code: 100, error_message: 'Access from IP 198.51.100.23 is not allowed for this Package' })!
    expect(view.code).toBe('feed_ip_not_allowed')
    expect(view.ip).toBe('198.51.100.23')
    expect(feedErrorTexts(t, view).action).toBe("Ask your account manager to add 198.51.100.23 to the key's allowed IPs.")
  })

  it('an expired key: renew with the account manager, paste in Settings', () => {
    const view = viewOf({ error_code: 100, error_message: 'Package has expired' })!
    const texts = feedErrorTexts(t, view)
    expect(texts.title).toBe('The feed key has expired')
    expect(texts.action).toBe('Ask your account manager to renew it, then paste the new key in Settings → Profiles → Feed API key.')
    expect(texts.category).toBe('Feed key problem')
  })

  it('an unknown code is shown raw, text included, even with parentheses', () => {
    const view = viewOf({ error_code: 777, error_message: 'Quota exceeded (try later)' })!
    expect(view.code).toBe('feed_error')
    expect(view.category).toBe('unknown')
    expect(view.vendorCode).toBe('777')
    expect(view.vendorText).toBe('Quota exceeded (try later)')
  })

  it('every typed code has its own words; other codes are not feed errors', () => {
    for (const code of FEED_ERROR_CODES) {
      const texts = feedErrorTexts(t, readFeedError(code, 'x')!)
      expect(texts.title, code).not.toContain('feedErrors.')
      expect(texts.action, code).not.toContain('feedErrors.')
    }
    expect(readFeedError('feed_network', 'timeout')).toBeNull()
    expect(readFeedError('missing_secret', 'No password is stored for this profile')).toBeNull()
    expect(readFeedError('missing_secret', 'No feed API key is stored for this profile')?.category).toBe('auth')
  })
})
