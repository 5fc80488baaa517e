import { createHmac, hash, timingSafeEqual, type KeyObject } from 'node:crypto'

export const SIGNATURE_HEADER = 'x-coupon-signature'
const PREFIX = 'sha256='
const HEX64 = /^[0-9a-fA-F]{64}$/

export type SignatureVerdict =
  | { ok: true }
  | { ok: false; reason: 'signature_missing' | 'signature_multiple' | 'signature_malformed' | 'signature_mismatch' }

const BLOCK = 64
const DIGEST = 32

/**
 * An HMAC-SHA256 key made once for many messages: the key padded and XORed with ipad and opad
 * (RFC 2104). Each message is then two one-shot hashes, with no Hmac object per delivery (its
 * construction and its native handle cost more than hashing a delivery).
 */
export interface HmacKey {
  readonly inner: Buffer
  /** The opad block followed by room for the inner digest (filled and hashed synchronously, so shared). */
  readonly outer: Buffer
}

export function hmacKey(secret: string | Buffer): HmacKey {
  let key = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret
  if (key.length > BLOCK) key = hash('sha256', key, 'buffer')
  const inner = Buffer.alloc(BLOCK)
  const outer = Buffer.alloc(BLOCK + DIGEST)
  for (let i = 0; i < BLOCK; i++) {
    const byte = i < key.length ? key[i]! : 0
    inner[i] = byte ^ 0x36
    outer[i] = byte ^ 0x5c
  }
  return { inner, outer }
}

function isHmacKey(secret: string | Buffer | KeyObject | HmacKey): secret is HmacKey {
  return typeof secret === 'object' && 'inner' in secret && 'outer' in secret
}

function hmacSha256(secret: string | Buffer | KeyObject | HmacKey, body: Buffer): Buffer {
  if (!isHmacKey(secret)) return createHmac('sha256', secret).update(body).digest()
  // Digests come out as binary (latin1) strings (one byte a char): the 'buffer' output takes a slow path through the encoding checks.
  const inner = hash('sha256', Buffer.concat([secret.inner, body], BLOCK + body.length), 'binary')
  secret.outer.write(inner, BLOCK, DIGEST, 'latin1')
  return Buffer.from(hash('sha256', secret.outer, 'binary'), 'latin1')
}

/** `sha256=<hex>` of HMAC-SHA256 over the exact bytes. */
export function signPayload(secret: string | Buffer, body: string | Buffer): string {
  return PREFIX + createHmac('sha256', secret).update(body).digest('hex')
}

/**
 * Checks `X-Coupon-Signature` against the raw body bytes before anything parses them. The prefix
 * must be exactly `sha256=`; the 64 hex digits may be either case (hex is case-free). Comparison is
 * on the 32 decoded bytes with `timingSafeEqual`, after the format check guarantees equal lengths.
 * `header` is the list of received values (several headers = rejected). A listener passes its secret
 * as an HmacKey (hmacKey), made once: the key is not converted again for every delivery.
 */
export function verifySignature(secret: string | Buffer | KeyObject | HmacKey, body: Buffer, header: string | string[] | undefined): SignatureVerdict {
  const values = header === undefined ? [] : Array.isArray(header) ? header : [header]
  if (values.length === 0) return { ok: false, reason: 'signature_missing' }
  if (values.length > 1) return { ok: false, reason: 'signature_multiple' }
  const value = values[0]
  if (value.length === 0) return { ok: false, reason: 'signature_missing' }
  if (!value.startsWith(PREFIX)) return { ok: false, reason: 'signature_malformed' }
  const hex = value.slice(PREFIX.length)
  if (!HEX64.test(hex)) return { ok: false, reason: 'signature_malformed' }
  const given = Buffer.from(hex, 'hex')
  const expected = hmacSha256(secret, body)
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
