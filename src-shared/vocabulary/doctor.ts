/**
 * The environment doctor's vocabulary: which checks exist, their verdicts, and the report both the
 * console and `desk doctor` are built from. Words for people are not here: the renderer words a check
 * through i18n keys (`doctor.check.<id>`, `doctor.figure.<figure.kind>`, `doctor.advice.<advice>`), the
 * command line through its own table. No zod here: the renderer imports this file.
 */

/** Every check, in the order a report lists them before sorting by verdict. */
export const DOCTOR_CHECK_IDS = [
  'coupons.health',
  'coupons.login',
  'coupons.account',
  'coupons.balance',
  'coupons.token',
  'feed.key',
  'feed.keyExpiry',
  'feed.address',
  'feed.language',
  'feed.sports',
  'clock.offset',
  'listener.bound',
  'listener.signed',
  'listener.unsigned',
  'listener.secret',
  'listener.reachable',
  'coupons.callbackUrl',
  'storage.history',
  'storage.disk',
  'storage.permissions',
] as const
export type DoctorCheckId = (typeof DOCTOR_CHECK_IDS)[number]

/**
 * `skip`: the check could not run because one it depends on failed (no login, no account read); the
 * failing one is the fault, a skipped one is not another.
 */
export const DOCTOR_VERDICTS = ['pass', 'warn', 'fail', 'skip'] as const
export type DoctorVerdict = (typeof DOCTOR_VERDICTS)[number]

/** What kind of failure a `fail` is; decides the command line's exit code (auth 4, transport 3, other 1). */
export type DoctorFailureKind = 'auth' | 'transport' | 'other'

/**
 * The figure behind a verdict, as data: `kind` names what it measures, `value` the number or text
 * measured (ms, days, bytes, a count, an address, a state word from the service), `unit` its unit.
 */
export interface DoctorFigureDto {
  kind: string
  value: number | string | boolean | null
  unit?: 'ms' | 's' | 'days' | 'bytes' | 'count' | 'mode' | null
  /** More measured values the words may use (`{ bound: 2 }` for an offset's error bound). */
  extra?: Record<string, number | string | boolean | null>
}

export interface DoctorCheckDto {
  id: DoctorCheckId
  verdict: DoctorVerdict
  figure: DoctorFigureDto | null
  /** What to do, as an advice code (`null` when there is nothing to do). */
  advice: string | null
  /** Only on `fail`. */
  failure?: DoctorFailureKind
  /** Raw text the service answered with, shown as data (an unknown code, an error message). */
  raw?: string | null
  /** How long the check took. */
  ms: number
}

export interface DoctorReportDto {
  profileId: string
  profileName: string
  /** When the run started (local clock, Unix ms). */
  at: number
  /** The worst verdict over all checks (`skip` counts as nothing). */
  verdict: 'pass' | 'warn' | 'fail'
  /** Failing checks first, then warnings, then passes, then skips; within a verdict, DOCTOR_CHECK_IDS order. */
  checks: DoctorCheckDto[]
}

const RANK: Record<DoctorVerdict, number> = { fail: 0, warn: 1, pass: 2, skip: 3 }
/** Failing first, then warnings, passes and skips; the id order breaks ties. */
export function sortChecks<T extends { id: DoctorCheckId; verdict: DoctorVerdict }>(checks: readonly T[]): T[] {
  const order = (id: DoctorCheckId) => DOCTOR_CHECK_IDS.indexOf(id)
  return [...checks].sort((a, b) => RANK[a.verdict] - RANK[b.verdict] || order(a.id) - order(b.id))
}
/** The worst verdict over `checks`. */
export function worstVerdict(checks: readonly { verdict: DoctorVerdict }[]): 'pass' | 'warn' | 'fail' {
  if (checks.some((c) => c.verdict === 'fail')) return 'fail'
  if (checks.some((c) => c.verdict === 'warn')) return 'warn'
  return 'pass'
}

/**
 * The advice codes a check may give (`DoctorCheckDto.advice`), so every word table (i18n, the command
 * line) can be checked against one list.
 */
export const DOCTOR_ADVICE = [
  'checkServiceUrl',
  'retryLater',
  'checkPassword',
  'storePassword',
  'accountDisabled',
  'accountExpired',
  'topUpBalance',
  'checkSession',
  'tokenShort',
  'storeFeedKey',
  'checkFeedKey',
  'renewFeedKey',
  'unblockFeedKey',
  'waitKeyStart',
  'allowAddress',
  'allowSite',
  'addressMonitored',
  'chooseKeyLanguage',
  'chooseKeySports',
  'checkFeedUrl',
  'syncClock',
  'enableListener',
  'startListener',
  'storeCallbackSecret',
  'checkListenerSecret',
  'listenerAcceptsUnsigned',
  'fixCallbackSecret',
  'publicCallbackUrl',
  'strandedCoupons',
  'checkHistory',
  'freeDisk',
  'tightenPermissions',
] as const
export type DoctorAdvice = (typeof DOCTOR_ADVICE)[number]

/**
 * What a figure's `kind` measures (`value`, `unit`, `extra` as listed):
 * latency (ms) · error (a DeskError code; `raw` on the check has the message) · errorCode (the service's
 * number) · secret (`missing`) · accountState (`ok` | `disabled` | `expired` | `no_balance`) · balance
 * (the client balance) · tokenLifetime (s until `exp` on the service's clock, null for an opaque token;
 * extra.reloginMs) · clockOffset (ms, server − local; extra.bound ms; extra.simulated: the Demo clock's deliberate lead, already taken off) · keyStatus (`active` | `missing` |
 * `invalid` | `expired` | `blocked` | `notActive` | a raw status) · daysLeft (days; extra.fromHeader,
 * extra.fromAccount, extra.warnDays) · address (the IP the feed sees; extra.accessMode, extra.allowed
 * count) · language (the profile's; extra.allowed: the key's, comma-separated) · sports (`all` or a count
 * of sports the key opens; extra.outside: pinned sports outside it) · url (the callback URL, null when none;
 * extra.enabled) · httpStatus (the listener's answer) · refusedDeliveries (count; extra.hours) · host (the
 * callback host; extra.scope and extra.serviceScope: `loopback` | `private` | `public`) · strandedCoupons
 * (count; extra.url: the listener's address) · bytes (history size) · freeBytes (free disk; extra.path) ·
 * mode (the data folder's permission bits as octal text, null where the platform has none; extra.platform)
 * · timeout (ms the check was given).
 */
export const DOCTOR_FIGURE_KINDS = [
  'latency',
  'error',
  'errorCode',
  'secret',
  'accountState',
  'balance',
  'tokenLifetime',
  'clockOffset',
  'keyStatus',
  'daysLeft',
  'address',
  'language',
  'sports',
  'url',
  'httpStatus',
  'refusedDeliveries',
  'host',
  'strandedCoupons',
  'bytes',
  'freeBytes',
  'mode',
  'timeout',
] as const
export type DoctorFigureKind = (typeof DOCTOR_FIGURE_KINDS)[number]

/** Clock offset thresholds (absolute, ms): placement windows and "recently settled" depend on the clock. */
export const DOCTOR_CLOCK_WARN_MS = 2_000
export const DOCTOR_CLOCK_FAIL_MS = 30_000
