/**
 * The environment doctor's test delivery. It travels the listener's real path (body limits, then the
 * signature over the exact bytes) and is answered like a delivery, but it is not a settlement: it
 * credits nothing, so the listener neither stores it nor keeps it as a refused body. Only a small body
 * of exactly this shape is a probe; anything else, `coupons.settled` above all, takes the normal path.
 */
export const PROBE_EVENT = 'desk.doctor.probe'
const PROBE_MAX_BYTES = 512
const NONCE = /^[A-Za-z0-9_-]{8,64}$/

export function probeBody(nonce: string): string {
  return JSON.stringify({ event: PROBE_EVENT, nonce })
}

/** True for a doctor's probe body (any signature; the caller checks it as for every delivery). */
export function isProbeBody(body: Buffer): boolean {
  if (body.length > PROBE_MAX_BYTES) return false
  let parsed: unknown
  try {
    parsed = JSON.parse(body.toString('utf8'))
  } catch {
    return false
  }
  return isProbePayload(parsed, body.length)
}

/** The same test on a body the listener has already parsed (`size`: its length in bytes): one parse per delivery. */
export function isProbePayload(parsed: unknown, size: number): boolean {
  if (size > PROBE_MAX_BYTES || !parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return false
  const p = parsed as Record<string, unknown>
  if (p.event !== PROBE_EVENT) return false
  return Object.keys(p).length === 2 && typeof p.nonce === 'string' && NONCE.test(p.nonce)
}
