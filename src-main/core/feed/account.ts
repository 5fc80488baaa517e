import { z } from 'zod'
import { DeskError } from '../shared/errors.js'
import { extraOf, parseItem } from './parse.js'
import { optArr, optBool, optNum, optStr } from './schemas.js'
import type { Extra, FeedStamp, FeedWarning } from './types.js'

/**
 * `GET /v1/account`: the client, the caller's address and every key of the client (any key reads
 * all of them). Field names become camelCase; nulls and missing fields are tolerated (null / []),
 * a value of the wrong type is defaulted with a warning, unknown fields stay in `extra`.
 */
export interface FeedAccountUsageDay {
  /** `YYYY-MM-DD` as sent. */
  date: string
  requests: number
}

export interface FeedAccountKey {
  /** As the service shows it: only the last characters (`…c55f`); never the whole key. */
  key: string
  current: boolean
  /** `test` | `prod` (other values kept raw). */
  type: string
  /** `active` | `paused` (other values kept raw). */
  status: string
  label: string
  startsAtMs: number | null
  expiresAtMs: number | null
  daysLeft: number | null
  active: boolean
  /** `'all'` or the sport ids the key opens; null when not sent or unreadable. */
  sports: 'all' | number[] | null
  /** The vendor's language codes this key may use (`ru`, `en`, `ua`, ...). */
  languages: string[]
  lastUsedAtMs: number | null
  /** `off` | `monitor` | `enforce` (raw). */
  accessMode: string | null
  /** Plain addresses or CIDR subnets, as sent. */
  allowedIps: string[]
  /** Domains, wildcards included (`*.example.com`), as sent. */
  allowedDomains: string[]
  usage7d: FeedAccountUsageDay[]
  extra: Extra
}

export interface FeedAccount extends FeedStamp {
  client: { publicId: string | null; name: string | null }
  yourIp: string | null
  keys: FeedAccountKey[]
  warnings: FeedWarning[]
  extra: Extra
}

const AccountSchema = z.looseObject({
  client: z.looseObject({ public_id: optStr, name: optStr }).nullish().catch(null),
  your_ip: optStr,
  keys: optArr,
})

const KeySchema = z.looseObject({
  key: z.string(),
  current: optBool,
  type: optStr,
  status: optStr,
  label: optStr,
  starts_at: optStr,
  expires_at: optStr,
  days_left: optNum,
  active: optBool,
  sports: z.unknown().optional(),
  languages: optArr,
  last_used_at: optStr,
  access_mode: optStr,
  allowed_ips: optArr,
  allowed_domains: optArr,
  usage_7d: optArr,
})

const UsageSchema = z.looseObject({ date: z.string(), requests: optNum })

const ACCOUNT_KEYS = new Set(Object.keys(AccountSchema.shape))
const KEY_KEYS = new Set(Object.keys(KeySchema.shape))

function timeOf(value: string | null | undefined, path: string, warnings: FeedWarning[]): number | null {
  if (value === null || value === undefined || value === '') return null
  const ms = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2}))?$/.test(value) ? Date.parse(value) : Number.NaN
  if (Number.isNaN(ms)) warnings.push({ path, message: `ignored unreadable time ${JSON.stringify(value)}` })
  return Number.isNaN(ms) ? null : ms
}

function strings(raw: unknown[] | null | undefined, path: string, warnings: FeedWarning[]): string[] {
  const out: string[] = []
  ;(raw ?? []).forEach((v, i) => {
    if (typeof v === 'string') out.push(v)
    else warnings.push({ path: `${path}[${i}]`, message: `ignored value of type ${v === null ? 'null' : typeof v}` })
  })
  return out
}

function sportsOf(raw: unknown, path: string, warnings: FeedWarning[]): 'all' | number[] | null {
  if (raw === undefined || raw === null) return null
  if (typeof raw === 'string' && raw.trim().toLowerCase() === 'all') return 'all'
  if (Array.isArray(raw)) {
    const ids = raw.map((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v))
    if (ids.every((v): v is number => typeof v === 'number' && Number.isSafeInteger(v))) return ids
  }
  warnings.push({ path, message: `ignored unreadable sports ${JSON.stringify(raw).slice(0, 60)}` })
  return null
}

function keyOf(raw: unknown, path: string, warnings: FeedWarning[]): FeedAccountKey | null {
  const k = parseItem(KeySchema, raw, path, warnings)
  if (!k) return null
  const usage: FeedAccountUsageDay[] = []
  ;(k.usage_7d ?? []).forEach((item, i) => {
    const u = parseItem(UsageSchema, item, `${path}.usage_7d[${i}]`, warnings)
    if (u) usage.push({ date: u.date, requests: u.requests ?? 0 })
  })
  return {
    key: k.key,
    current: k.current === true,
    type: k.type ?? '',
    status: k.status ?? '',
    label: k.label ?? '',
    startsAtMs: timeOf(k.starts_at, `${path}.starts_at`, warnings),
    expiresAtMs: timeOf(k.expires_at, `${path}.expires_at`, warnings),
    daysLeft: k.days_left ?? null,
    active: k.active === true,
    sports: sportsOf(k.sports, `${path}.sports`, warnings),
    languages: strings(k.languages, `${path}.languages`, warnings),
    lastUsedAtMs: timeOf(k.last_used_at, `${path}.last_used_at`, warnings),
    accessMode: k.access_mode ?? null,
    allowedIps: strings(k.allowed_ips, `${path}.allowed_ips`, warnings),
    allowedDomains: strings(k.allowed_domains, `${path}.allowed_domains`, warnings),
    usage7d: usage,
    extra: extraOf(raw, KEY_KEYS),
  }
}

export function normaliseAccount(body: unknown): Omit<FeedAccount, keyof FeedStamp> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new DeskError('feed_shape', `account: expected an object body, got ${Array.isArray(body) ? 'array' : body === null ? 'null' : typeof body}`)
  }
  const warnings: FeedWarning[] = []
  const a = parseItem(AccountSchema, body, 'body', warnings)
  if (!a) throw new DeskError('feed_shape', `account: ${warnings[0]?.message ?? 'malformed body'}`)
  const keys: FeedAccountKey[] = []
  ;(a.keys ?? []).forEach((raw, i) => {
    const key = keyOf(raw, `body.keys[${i}]`, warnings)
    if (key) keys.push(key)
  })
  return {
    client: { publicId: a.client?.public_id ?? null, name: a.client?.name ?? null },
    yourIp: a.your_ip ?? null,
    keys,
    warnings,
    extra: extraOf(body, ACCOUNT_KEYS),
  }
}
