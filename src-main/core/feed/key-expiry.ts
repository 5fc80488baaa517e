/**
 * `X-Key-Expires`: every successful feed answer carries the key's expiry, an ISO-8601 UTC time
 * (`2026-11-03T14:34:23.479Z`; milliseconds optional). Anything else is ignored (null), never guessed.
 */
const ISO_UTC = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(Z|[+-]00:?00)$/

export function parseKeyExpires(value: string | null | undefined): number | null {
  if (typeof value !== 'string') return null
  const m = ISO_UTC.exec(value.trim())
  if (!m) return null
  const [, y, mo, d, h, mi, s, frac] = m
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0)
  // Date.UTC rolls 2026-02-30 over into March: such a value is not a real time.
  const back = new Date(ms)
  if (back.getUTCDate() !== Number(d) || back.getUTCMonth() !== Number(mo) - 1 || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null
  return ms
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
