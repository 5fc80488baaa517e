import { isValid, parseISO } from 'date-fns'
/**
 * `X-Key-Expires`: every successful feed answer carries the key's expiry, an ISO-8601 UTC time
 * (`2026-11-03T14:34:23.479Z`; milliseconds optional). Anything else is ignored (null), never guessed.
 */
// A zone-less or non-UTC time would be a guess about the zone: refused.
const UTC_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]00:?00)$/

export function parseKeyExpires(value: string | null | undefined): number | null {
  if (typeof value !== 'string' || !UTC_DATE_TIME.test(value.trim())) return null
  const date = parseISO(value.trim())
  return isValid(date) ? date.getTime() : null
}

export type KeyExpiryState = 'ok' | 'soon' | 'expired'

/** Default warning horizon: a week leaves time to renew a key over a weekend. */
export const KEY_EXPIRY_WARN_DAYS = 7
const DAY_MS = 86_400_000

/** 'expired' at or after the expiry, 'soon' within `warnDays` before it, else 'ok' (also when unknown). */
export function keyExpiryWarning(expiresAtMs: number | null | undefined, nowMs: number, warnDays = KEY_EXPIRY_WARN_DAYS): KeyExpiryState {
  if (typeof expiresAtMs !== 'number' || !Number.isFinite(expiresAtMs)) return 'ok'
  if (expiresAtMs <= nowMs) return 'expired'
  return expiresAtMs - nowMs <= Math.max(0, warnDays) * DAY_MS ? 'soon' : 'ok'
}
