import type { DeskEventBody, FeedKeyDto } from '../../../src-shared/contract.js'
import { keyExpiryWarning, KEY_EXPIRY_WARN_DAYS } from '../feed/index.js'
import type { Clock } from '../shared/clock.js'

/**
 * The active profile's feed key expiry, as the service reports it on every answer (`X-Key-Expires`)
 * or, before any answer, in `/v1/account` for the current key. Pushes `feed.key` when it changes.
 */
export interface FeedKeyTracker {
  observe(expiresAtMs: number): void
  status(): FeedKeyDto
}

const DAY_MS = 86_400_000

export function createFeedKeyTracker(options: { profileId: string; clock: Clock; emit: (event: DeskEventBody) => void; warnDays?: number }): FeedKeyTracker {
  const warnDays = options.warnDays ?? KEY_EXPIRY_WARN_DAYS
  let expiresAt: number | null = null

  const status = (): FeedKeyDto => {
    const now = options.clock.now()
    return {
      profileId: options.profileId,
      expiresAt,
      state: expiresAt === null ? 'unknown' : keyExpiryWarning(expiresAt, now, warnDays),
      daysLeft: expiresAt === null ? null : Math.max(0, Math.floor((expiresAt - now) / DAY_MS)),
      warnDays,
    }
  }

  return {
    observe(ms) {
      if (!Number.isFinite(ms) || ms === expiresAt) return
      expiresAt = ms
      options.emit({ type: 'feed.key', key: status() })
    },
    status,
  }
}
