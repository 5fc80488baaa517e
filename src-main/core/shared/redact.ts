/**
 * Masks secrets before anything is written to a log, printed or serialised for support.
 *
 * Three layers, applied together:
 * 1. registered values: every secret the vault stores or reads is registered and replaced wherever
 *    it appears (substring match, so it also catches secrets embedded in URLs or bodies);
 * 2. shapes: `Authorization: Bearer …`, bare `Bearer …`, JWT-looking strings (`eyJ….….…`),
 *    `user:pass@` in URLs and `password=…` / `"token":"…"` pairs inside free text;
 * 3. keys: in objects, any value under a sensitive key (password, token, secret, apiKey, Package,
 *    authorization, jwt, signature, cookie) is masked, booleans excepted (so "secret is set" flags
 *    stay readable).
 */
export const MASK = '***'

/** Registered values shorter than this are not masked as substrings (would shred ordinary words). */
export const MIN_SECRET_LENGTH = 3

const SENSITIVE_KEY = /pass(word|wd|phrase)?$|^pwd$|token|secret|api[-_]?key|^package$|authorization|^auth$|jwt|signature|cookie|credential/i

// `Authorization: Bearer x`, `authorization=Bearer x`, bare `Bearer x` (exactly what follows the scheme).
const BEARER = /(\bBearer\s+)[^\s"',;]+/gi
const BASIC = /(\bBasic\s+)[A-Za-z0-9+/=]{8,}/g
// JWT: three base64url segments, the first starting with `eyJ` (`{"`); signature may be empty.
const JWT = /\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g
// Credentials in URLs: scheme://user:pass@host.
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*:\/\/[^/\s:@]*:)[^@/\s]+@/gi
// key=value / key: value / "key":"value" pairs in free text (query strings, JSON text, headers).
const TEXT_PAIR =
  /((?:["']?)(?:[A-Za-z_-]*(?:password|passwd|token|secret|api[-_]?key|jwt|signature)|package|x-coupon-signature)["']?\s*[:=]\s*["']?)([^\s"'&,;}\]]+)/gi

export interface Redactor {
  /** Remembers a secret value so that it is masked everywhere from now on. */
  register(secret: string | null | undefined): void
  /** Forgets a value (e.g. after the secret was replaced). Masking of shapes stays. */
  unregister(secret: string): void
  /** Masks a piece of text. */
  redact(text: string): string
  /** Deep copy of any value with every secret masked (objects, arrays, errors, Maps are walked). */
  redactValue(value: unknown): unknown
  /** Number of registered values (for tests and diagnostics; never the values). */
  size(): number
}

export function createRedactor(): Redactor {
  const secrets = new Set<string>()
  // Longest first, so a secret containing another one is masked whole.
  let ordered: string[] = []

  const rebuild = (): void => {
    ordered = [...secrets].sort((a, b) => b.length - a.length)
  }

  const redact = (text: string): string => {
    let out = text
    for (const secret of ordered) {
      if (out.includes(secret)) out = out.split(secret).join(MASK)
    }
    return out
      .replace(BEARER, `$1${MASK}`)
      .replace(BASIC, `$1${MASK}`)
      .replace(JWT, `${MASK}jwt${MASK}`)
      .replace(URL_CREDENTIALS, `$1${MASK}@`)
      .replace(TEXT_PAIR, (_match, prefix: string, value: string) => (value === MASK || value === 'true' || value === 'false' ? prefix + value : prefix + MASK))
  }

  const walk = (value: unknown, sensitive: boolean, seen: WeakSet<object>, depth: number): unknown => {
    if (value === null || value === undefined || typeof value === 'boolean') return value
    if (typeof value === 'string') return sensitive ? MASK : redact(value)
    if (typeof value === 'number' || typeof value === 'bigint') return sensitive ? MASK : value
    if (typeof value === 'symbol' || typeof value === 'function') return sensitive ? MASK : String(value)
    if (typeof value !== 'object') return MASK
    if (seen.has(value)) return '[circular]'
    if (depth > 12) return '[deep]'
    seen.add(value)
    try {
      if (value instanceof Error) {
        const out: Record<string, unknown> = { name: value.name, message: redact(value.message) }
        const extra = value as unknown as Record<string, unknown>
        for (const key of ['code', 'status', 'retry']) if (extra[key] !== undefined) out[key] = walk(extra[key], false, seen, depth + 1)
        if (extra.data !== undefined) out.data = walk(extra.data, false, seen, depth + 1)
        if (value.stack) out.stack = redact(value.stack)
        if (value.cause !== undefined) out.cause = walk(value.cause, false, seen, depth + 1)
        return out
      }
      if (Array.isArray(value)) return value.map((item) => walk(item, sensitive, seen, depth + 1))
      if (value instanceof Map) return walk(Object.fromEntries(value), sensitive, seen, depth)
      if (value instanceof Set) return walk([...value], sensitive, seen, depth)
      if (value instanceof Date) return value.toISOString()
      if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return sensitive ? MASK : `[${value.byteLength} bytes]`
      const out: Record<string, unknown> = {}
      for (const [key, item] of Object.entries(value)) {
        out[key] = walk(item, sensitive || SENSITIVE_KEY.test(key), seen, depth + 1)
      }
      return out
    } finally {
      seen.delete(value)
    }
  }

  return {
    register(secret) {
      if (typeof secret !== 'string' || secret.length < MIN_SECRET_LENGTH || secrets.has(secret)) return
      secrets.add(secret)
      rebuild()
    },
    unregister(secret) {
      if (secrets.delete(secret)) rebuild()
    },
    redact,
    redactValue: (value) => walk(value, false, new WeakSet(), 0),
    size: () => secrets.size,
  }
}

/** True when a key name is treated as sensitive (its values are always masked). */
export function isSensitiveKey(key: string): boolean {
  return SENSITIVE_KEY.test(key)
}

/**
 * The process-wide redactor: the vault registers into it and loggers read from it unless they are
 * given their own. One per process is what "mask everything the vault has seen" needs.
 */
export const defaultRedactor: Redactor = createRedactor()
