import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger, createMemorySink } from '../../../src-main/core/shared/log.js'
import { createRedactor } from '../../../src-main/core/shared/redact.js'
import { DEMO_CREDENTIALS } from '../../../src-main/core/desk/types.js'
import { createHarness, type Harness } from './helpers.js'

/** The desk hands its logger to the coupon and feed clients: their HTTP attempts are logged under their module. */
let h: Harness
const sink = createMemorySink()
// Its own redactor: the process-wide one may hold secrets other tests' vaults saw (the password `demo` masks the profile id).
const redactor = createRedactor()
beforeAll(async () => {
  h = await createHarness({ redactor, logger: createLogger({ sink, level: 'debug', redactor }) })
})
afterAll(async () => {
  await h?.close()
})

const lines = () => sink.lines.map((line) => JSON.parse(line) as Record<string, unknown>)

describe('desk client logging', () => {
  it('coupon and feed HTTP attempts are logged with their module and profile, never with a secret', async () => {
    await h.core.handlers.session.login(undefined)
    await h.core.handlers.feed.menu({ lineType: 'line' })
    const attempts = lines().filter((l) => l.msg === 'http attempt')
    expect(attempts.some((l) => l.module === 'coupons' && l.profile === 'demo')).toBe(true)
    expect(attempts.some((l) => l.module === 'feed' && l.profile === 'demo')).toBe(true)
    const all = sink.lines.join('\n')
    expect(all).not.toContain(DEMO_CREDENTIALS.feedApiKey)
    expect(all).not.toMatch(/password|authorization|bearer/i)
  })
})
