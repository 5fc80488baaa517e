import { TZDate } from '@date-fns/tz'
import { format, subDays } from 'date-fns'
import { FEED_LANGUAGE_CODES } from '../../shared/feed-languages.js'
import { SPORTS } from '../world/catalog.js'

/**
 * Feed API keys (header `Package`) and their account data, shaped like production's `/v1/account`.
 * Each demo key exists to produce one of production's key states; expiry and start are relative to
 * the simulator's start time unless the run configures them.
 */
export type AccessMode = 'off' | 'monitor' | 'enforce'

export interface FeedKeyConfig {
  type: 'test' | 'prod'
  /** `paused` answers "Package is blocked". */
  status: 'active' | 'paused'
  label: string
  /** Unix ms or null (active since creation). */
  startsAt: number | null
  expiresAt: number
  /** 'all' or the sport ids the plan opens. */
  sports: 'all' | number[]
  /** Vendor language codes the key may use. */
  languages: string[]
  accessMode: AccessMode
  allowedIps: string[]
  allowedDomains: string[]
}

/** The vendor's own language codes (69, from its published OpenAPI `LanguageCode` enum). */
export const VENDOR_LANGUAGES: readonly string[] = FEED_LANGUAGE_CODES
export const VENDOR_LANGUAGE_SET: ReadonlySet<string> = new Set(VENDOR_LANGUAGES)

const DAY = 24 * 3600 * 1000
const EXAMPLE_IPS = ['203.0.113.7', '198.51.100.0/24']
const EXAMPLE_DOMAINS = ['example.com', '*.example.com']

/** The keys of the simulated client. `startMs` is the simulator's start (simulated clock). */
export function defaultFeedKeys(startMs: number): Record<string, FeedKeyConfig> {
  const base: FeedKeyConfig = {
    type: 'test', status: 'active', label: 'demo', startsAt: null, expiresAt: startMs + 30 * DAY, sports: 'all',
    languages: ['en', 'ru', 'ua', 'de', 'es', 'fr', 'it', 'pt', 'tr', 'pl'], accessMode: 'off', allowedIps: [], allowedDomains: [],
  }
  return {
    'demo-key': { ...base, label: 'demo 30 days' },
    'demo-key-limited': { ...base, type: 'prod', label: 'football, basketball, tennis', expiresAt: startMs + 12 * DAY, sports: [1, 3, 4], languages: ['en'], accessMode: 'monitor', allowedIps: EXAMPLE_IPS },
    'demo-key-expired': { ...base, label: 'expired yesterday', expiresAt: startMs - DAY },
    'demo-key-blocked': { ...base, status: 'paused', label: 'paused by the manager' },
    'demo-key-future': { ...base, label: 'starts in two days', startsAt: startMs + 2 * DAY, expiresAt: startMs + 32 * DAY },
    'demo-key-ip': { ...base, label: 'office IPs only', accessMode: 'enforce', allowedIps: EXAMPLE_IPS },
    'demo-key-site': { ...base, label: 'own site only', accessMode: 'enforce', allowedDomains: EXAMPLE_DOMAINS },
  }
}

export const CLIENT = { public_id: 'f47ad380-39e2-4549-ac76-aa422df628ea', name: 'Partner Desk Demo' }
/** `sports: "all"` opens every sport, also ones the catalogue does not have (they are simply empty). */
class AllSports extends Set<number> {
  override has(): boolean {
    return true
  }
}
const ALL_SPORTS: ReadonlySet<number> = new AllSports(SPORTS.map((s) => s.id))

export function sportsOf(key: FeedKeyConfig): ReadonlySet<number> {
  return key.sports === 'all' ? ALL_SPORTS : new Set(key.sports)
}

/** Why a key cannot be used now, as production words it; null when it can. */
export function keyStateError(key: FeedKeyConfig, now: number): string | null {
  if (key.status === 'paused') return 'Package is blocked'
  if (key.startsAt !== null && now < key.startsAt) return 'Package is not active yet'
  if (now >= key.expiresAt) return 'Package has expired'
  return null
}

function ipv4(ip: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip)
  if (!m) return null
  const parts = m.slice(1).map(Number)
  return parts.some((p) => p > 255) ? null : parts.reduce((acc, p) => acc * 256 + p, 0)
}

/** Plain addresses or IPv4 CIDR subnets. */
export function ipAllowed(ip: string, allowed: string[]): boolean {
  const value = ipv4(ip)
  return allowed.some((rule) => {
    const [net, bits] = rule.split('/')
    if (bits === undefined) return rule === ip
    const base = ipv4(net)
    if (value === null || base === null) return false
    const size = 2 ** (32 - Number(bits))
    return Math.floor(value / size) === Math.floor(base / size)
  })
}

/** Exact hosts or `*.` wildcards (a wildcard does not match the bare domain). */
export function domainAllowed(host: string, allowed: string[]): boolean {
  return allowed.some((rule) => (rule.startsWith('*.') ? host.endsWith(rule.slice(1)) : host === rule))
}

const kyivDay = (ms: number) => format(new TZDate(ms, 'Europe/Kyiv'), 'yyyy-MM-dd')

/** Requests per key and Kyiv day, counted as they arrive; `last_used_at` per key. */
export function createUsage() {
  const counts = new Map<string, Map<string, number>>()
  const lastUsed = new Map<string, number>()
  return {
    count(key: string, now: number) {
      const days = counts.get(key) ?? new Map<string, number>()
      const day = kyivDay(now)
      days.set(day, (days.get(day) ?? 0) + 1)
      counts.set(key, days)
      lastUsed.set(key, now)
    },
    /** The last seven days, oldest first, today included. */
    last7(key: string, now: number) {
      const days = counts.get(key)
      return Array.from({ length: 7 }, (_, i) => {
        const date = kyivDay(subDays(new TZDate(now, 'Europe/Kyiv'), 6 - i).getTime())
        return { date, requests: days?.get(date) ?? 0 }
      })
    },
    lastUsed: (key: string) => lastUsed.get(key) ?? null,
  }
}
export type Usage = ReturnType<typeof createUsage>

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** The body of `/v1/account` for the key in use: every key of the client, the current one flagged. */
export function accountBody(keys: Record<string, FeedKeyConfig>, current: string, ip: string, usage: Usage, now: number) {
  return {
    client: { ...CLIENT },
    your_ip: ip,
    keys: Object.entries(keys).map(([name, key]) => ({
      key: `…${name.slice(-4)}`,
      current: name === current,
      type: key.type,
      status: key.status,
      label: key.label,
      starts_at: iso(key.startsAt),
      expires_at: iso(key.expiresAt),
      days_left: Math.max(0, Math.ceil((key.expiresAt - now) / DAY)),
      active: keyStateError(key, now) === null,
      sports: key.sports === 'all' ? 'all' : [...key.sports],
      languages: [...key.languages],
      last_used_at: iso(usage.lastUsed(name)),
      access_mode: key.accessMode,
      allowed_ips: [...key.allowedIps],
      allowed_domains: [...key.allowedDomains],
      usage_7d: usage.last7(name, now),
    })),
  }
}
