import { createHmac, timingSafeEqual, type KeyObject } from 'node:crypto'

export const SIGNATURE_HEADER = 'x-coupon-signature'
const PREFIX = 'sha256='
const HEX64 = /^[0-9a-fA-F]{64}$/

export type SignatureVerdict =
  | { ok: true }
  | { ok: false; reason: 'signature_missing' | 'signature_multiple' | 'signature_malformed' | 'signature_mismatch' }

/** `sha256=<hex>` of HMAC-SHA256 over the exact bytes. */
export function signPayload(secret: string | Buffer, body: string | Buffer): string {
  return PREFIX + createHmac('sha256', secret).update(body).digest('hex')
}

/**
 * Checks `X-Coupon-Signature` against the raw body bytes before anything parses them. The prefix
 * must be exactly `sha256=`; the 64 hex digits may be either case (hex is case-free). Comparison is
 * on the 32 decoded bytes with `timingSafeEqual`, after the format check guarantees equal lengths.
 * `header` is the list of received values (several headers = rejected). A listener passes its secret
 * as a KeyObject, made once: the key is not converted again for every delivery.
 */
export function verifySignature(secret: string | Buffer | KeyObject, body: Buffer, header: string | string[] | undefined): SignatureVerdict {
  const values = header === undefined ? [] : Array.isArray(header) ? header : [header]
  if (values.length === 0) return { ok: false, reason: 'signature_missing' }
  if (values.length > 1) return { ok: false, reason: 'signature_multiple' }
  const value = values[0]
  if (value.length === 0) return { ok: false, reason: 'signature_missing' }
  if (!value.startsWith(PREFIX)) return { ok: false, reason: 'signature_malformed' }
  const hex = value.slice(PREFIX.length)
  if (!HEX64.test(hex)) return { ok: false, reason: 'signature_malformed' }
  const given = Buffer.from(hex, 'hex')
  const expected = createHmac('sha256', secret).update(body).digest()
  if (given.length !== expected.length) return { ok: false, reason: 'signature_malformed' }
  return timingSafeEqual(given, expected) ? { ok: true } : { ok: false, reason: 'signature_mismatch' }
}

/** Every value of one header, in order, from `rawHeaders` (no per-request map of all headers). */
export function headerValues(rawHeaders: string[], name: string): string[] {
  const values: string[] = []
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if (rawHeaders[i].length === name.length && rawHeaders[i].toLowerCase() === name) values.push(rawHeaders[i + 1])
  }
  return values
}
