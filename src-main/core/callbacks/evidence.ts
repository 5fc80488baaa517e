import type { ReceivedHeader } from '../timeline/index.js'

/** Header values that carry credentials anywhere on the way (proxies add some): stored as a placeholder. */
const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie)$|secret|token|password|passwd|api[-_]?key|session|credential/i
export const REDACTED = '[redacted]'
/** Node reads at most 16 KiB of headers; the stored copy is held to the same. */
const MAX_HEADER_TEXT = 16 * 1024

/**
 * The received headers as the inspector shows them, in order and with repeats (several signature
 * headers are a refusal reason). The signature is not a secret and is kept as sent (a re-verify needs
 * it); a value that names a credential, or that contains our secret, is replaced.
 */
export function receivedHeaders(rawHeaders: string[], secret: string | Buffer): ReceivedHeader[] {
  const ours = typeof secret === 'string' ? secret : secret.toString('utf8')
  const out: ReceivedHeader[] = []
  let size = 0
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]
    let value = rawHeaders[i + 1]
    if (SECRET_HEADER.test(name) || (ours.length >= 4 && value.includes(ours))) value = REDACTED
    size += name.length + value.length
    if (size > MAX_HEADER_TEXT) break
    out.push([name, value])
  }
  return out
}

/** Largest refused body parsed for what it claims (a bigger one is kept raw, unread). */
const MAX_CLAIM_PARSE = 4 * 1024 * 1024

/**
 * What a refused body says of itself: its batchId and coupon codes, for the inspector to show as
 * claimed. Never trusted: nothing is applied or deduplicated on it.
 */
export function claimsOf(body: Buffer): { batchId: string | null; codes: string[] } | undefined {
  if (body.length === 0 || body.length > MAX_CLAIM_PARSE) return undefined
  let json: unknown
  try {
    json = JSON.parse(body.toString('utf8'))
  } catch {
    return undefined
  }
  if (typeof json !== 'object' || json === null) return undefined
  const p = json as { batchId?: unknown; coupons?: unknown }
  const batchId = typeof p.batchId === 'string' ? p.batchId.slice(0, 256) : null
  const codes = Array.isArray(p.coupons)
    ? p.coupons
        .slice(0, 100)
        .map((c) => (c && typeof c === 'object' ? (c as { coupon_code?: unknown }).coupon_code : undefined))
        .filter((c): c is string => typeof c === 'string' && c.length > 0 && c.length <= 64)
    : []
  return { batchId, codes }
}

/** A schema failure in words: where and what, never the values received. */
export function schemaDetail(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): string {
  return issues
    .slice(0, 5)
    .map((i) => `${i.path.map(String).join('.') || '(payload)'}: ${i.message}`)
    .join('; ')
    .slice(0, 500)
}
