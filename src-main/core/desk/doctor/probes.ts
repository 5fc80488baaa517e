import { createCouponClient } from '../../coupons/index.js'
import { createFeedClient, type FeedClient } from '../../feed/index.js'
import { ensurePrivateDatabase } from '../../profiles/index.js'
import { systemClock } from '../../shared/clock.js'
import { DeskError } from '../../shared/errors.js'
import { openTimelineStore, type TimelineStore } from '../../timeline/index.js'
import type { DoctorProbes, DoctorTarget } from './types.js'

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | null = null
  return () => (p ??= make())
}

/**
 * The doctor's own clients: a fresh sign-in (the desk's session is neither used nor disturbed), no
 * retries (a check reports what one attempt met), and the history opened only when the host holds none.
 */
export function createProbes(target: DoctorTarget, timeoutMs: number): DoctorProbes & { close(): void } {
  const clock = target.clock ?? systemClock
  const now = () => clock.now()
  const couponClient = () => createCouponClient({
    baseURL: target.endpoints.coupons,
    mode: target.profile.legacyMode ? 'legacy' : 'new',
    clock,
    timeoutMs,
    readRetries: 0,
    credentials: async () => {
      if (!target.password) throw new DeskError('missing_secret', 'No password is stored for this profile')
      return { username: target.username, password: target.password }
    },
  })
  const coupons = couponClient()
  const feed: FeedClient | null =
    target.feedApiKey && target.endpoints.feed ? createFeedClient({ baseURL: target.endpoints.feed, apiKey: target.feedApiKey, clock, timeoutMs, retries: 0 }) : null
  let opened: TimelineStore | null = null

  const timed = async <T>(read: () => Promise<T>): Promise<{ value: T; ms: number }> => {
    const started = performance.now()
    const value = await read()
    return { value, ms: Math.round(performance.now() - started) }
  }

  return {
    target,
    now,
    coupons,
    health: once(async () => ({ ms: (await timed(() => coupons.health())).ms })),
    login: once(async () => {
      const { value, ms } = await timed(() => coupons.login())
      return { ms, expiresAt: value.expiresAt }
    }),
    async relogin() {
      const again = couponClient()
      const { ms } = await timed(() => again.login())
      again.logout()
      return ms
    },
    account: once(async () => {
      if (!feed) throw new DeskError('missing_secret', 'No feed API key is stored for this profile')
      const account = await feed.account()
      return { account, headerExpiresAt: account.keyExpiresAtMs }
    }),
    feed: () => feed,
    store() {
      if (target.store) return target.store()
      opened ??= openTimelineStore(ensurePrivateDatabase(target.historyFile, target.dataDir), { clock })
      return opened
    },
    close() {
      coupons.logout()
      opened?.close()
      opened = null
    },
  }
}
