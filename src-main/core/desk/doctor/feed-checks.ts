import type { DoctorAdvice } from '../../../../src-shared/vocabulary/doctor.js'
import type { FeedAccount, FeedAccountKey } from '../../feed/index.js'
import { toDeskError, type DeskError } from '../../shared/errors.js'
import { addressAllowed } from './network-scope.js'
import { fail, failedWith, pass, skip, warn } from './outcome.js'
import type { CheckDef, DoctorProbes } from './types.js'

const DAY = 24 * 3600 * 1000

/** The feed's key errors: which state each names and what to do. */
const KEY_ERRORS: Record<string, { status: string; advice: DoctorAdvice }> = {
  feed_key_missing: { status: 'missing', advice: 'storeFeedKey' },
  feed_key_invalid: { status: 'invalid', advice: 'checkFeedKey' },
  feed_key_expired: { status: 'expired', advice: 'renewFeedKey' },
  feed_key_blocked: { status: 'blocked', advice: 'unblockFeedKey' },
  feed_key_not_active: { status: 'notActive', advice: 'waitKeyStart' },
}
/** Refusals the service makes only after the key itself passed (production checks the key's state first). */
const ADDRESS_ERRORS = new Set(['feed_ip_not_allowed', 'feed_site_not_allowed'])

type AccountRead = { ok: true; account: FeedAccount; headerExpiresAt: number | null } | { ok: false; error: DeskError }

async function read(probes: DoctorProbes): Promise<AccountRead> {
  try {
    return { ok: true, ...(await probes.account()) }
  } catch (error) {
    return { ok: false, error: toDeskError(error) }
  }
}

const currentKey = (account: FeedAccount): FeedAccountKey | null => account.keys.find((k) => k.current) ?? (account.keys.length === 1 ? account.keys[0]! : null)

export const key: CheckDef = {
  id: 'feed.key',
  network: true,
  async run(probes) {
    if (!probes.feed()) return fail('auth', { kind: 'keyStatus', value: 'missing' }, 'storeFeedKey')
    const r = await read(probes)
    if (!r.ok) {
      const known = KEY_ERRORS[r.error.code]
      if (known) return fail('auth', { kind: 'keyStatus', value: known.status }, known.advice, r.error.message)
      if (ADDRESS_ERRORS.has(r.error.code)) return pass({ kind: 'keyStatus', value: 'active', extra: { inferred: true } })
      return failedWith(r.error, 'checkFeedUrl')
    }
    const k = currentKey(r.account)
    if (!k) return pass({ kind: 'keyStatus', value: 'active' })
    const now = probes.now()
    if (k.status === 'paused') return fail('auth', { kind: 'keyStatus', value: 'blocked' }, 'unblockFeedKey')
    // The service's own word that the key works now outranks this machine's clock: a wrong clock is
    // the clock check's fault, named once there, not an expired or not-yet-active key.
    const serviceSaysActive = k.active && k.status === 'active'
    if (!serviceSaysActive && k.startsAtMs !== null && k.startsAtMs > now) return fail('auth', { kind: 'keyStatus', value: 'notActive' }, 'waitKeyStart')
    if (!serviceSaysActive && k.expiresAtMs !== null && k.expiresAtMs <= now) return fail('auth', { kind: 'keyStatus', value: 'expired' }, 'renewFeedKey')
    if (k.status !== 'active') return warn({ kind: 'keyStatus', value: k.status }, 'checkFeedKey')
    return pass({ kind: 'keyStatus', value: 'active', extra: { type: k.type } })
  },
}

const daysOf = (ms: number | null, now: number) => (ms === null ? null : Math.floor(((ms - now) / DAY) * 10) / 10)

export const keyExpiry: CheckDef = {
  id: 'feed.keyExpiry',
  needs: ['feed.key'],
  network: true,
  async run(probes) {
    const r = await read(probes)
    if (!r.ok) return skip()
    // `days_left` is the service's own count, on its clock. When it puts the service's today more than a
    // day away from this machine's, this machine's clock is off (the clock check says so): the dates are
    // counted from the service's today instead, so a wrong clock is not also an expiring key.
    const current = currentKey(r.account)
    const local = probes.now()
    const serviceToday = current?.daysLeft != null && current.expiresAtMs !== null ? current.expiresAtMs - current.daysLeft * DAY : local
    const now = Math.abs(serviceToday - local) > DAY ? serviceToday : local
    const fromHeader = daysOf(r.headerExpiresAt, now)
    const fromAccount = current?.daysLeft ?? daysOf(current?.expiresAtMs ?? null, now)
    const known = [fromHeader, fromAccount].filter((d): d is number => d !== null)
    const days = known.length ? Math.min(...known) : null
    const warnDays = probes.target.warnDays
    const figure = { kind: 'daysLeft', value: days, unit: 'days' as const, extra: { fromHeader, fromAccount, warnDays } }
    if (days !== null && days <= 0) return fail('auth', figure, 'renewFeedKey')
    if (days !== null && days <= warnDays) return warn(figure, 'renewFeedKey')
    return pass(figure)
  },
}

const ipIn = (message: string) => /access from ip\s+(\S+)/i.exec(message)?.[1] ?? null

export const address: CheckDef = {
  id: 'feed.address',
  needs: ['feed.key'],
  network: true,
  async run(probes) {
    const r = await read(probes)
    if (!r.ok) {
      if (r.error.code === 'feed_ip_not_allowed') return fail('auth', { kind: 'address', value: ipIn(r.error.message) }, 'allowAddress', r.error.message)
      if (r.error.code === 'feed_site_not_allowed') return fail('auth', { kind: 'address', value: null }, 'allowSite', r.error.message)
      return skip()
    }
    const k = currentKey(r.account)
    const ip = r.account.yourIp
    const mode = k?.accessMode ?? null
    const allowed = k?.allowedIps ?? []
    const figure = { kind: 'address', value: ip, extra: { accessMode: mode, allowed: allowed.length, domains: k?.allowedDomains.length ?? 0 } }
    // `monitor` lets every address through but logs it: the key would refuse us once enforced.
    if (ip && allowed.length > 0 && (mode === 'enforce' || mode === 'monitor') && !addressAllowed(ip, allowed)) {
      return mode === 'enforce' ? fail('auth', figure, 'allowAddress') : warn(figure, 'addressMonitored')
    }
    return pass(figure)
  },
}

export const language: CheckDef = {
  id: 'feed.language',
  needs: ['feed.key', 'feed.address'],
  network: true,
  async run(probes) {
    const r = await read(probes)
    if (!r.ok) return skip()
    const lang = probes.target.profile.language
    const allowed = currentKey(r.account)?.languages ?? []
    const figure = { kind: 'language', value: lang, extra: { allowed: allowed.join(',') } }
    if (allowed.length > 0 && !allowed.some((l) => l.toLowerCase() === lang.toLowerCase())) return fail('auth', figure, 'chooseKeyLanguage')
    return pass(figure)
  },
}

export const sports: CheckDef = {
  id: 'feed.sports',
  needs: ['feed.key', 'feed.address'],
  network: true,
  async run(probes) {
    const r = await read(probes)
    if (!r.ok) return skip()
    const open = currentKey(r.account)?.sports ?? null
    const watched = [...new Set(probes.target.watchedSports)]
    const outside = open === null || open === 'all' ? 0 : watched.filter((s) => !open.includes(s)).length
    const figure = { kind: 'sports', value: open === null ? null : open === 'all' ? 'all' : open.length, extra: { outside } }
    return outside > 0 ? warn(figure, 'chooseKeySports') : pass(figure)
  },
}

export const FEED_CHECKS: CheckDef[] = [key, keyExpiry, address, language, sports]
