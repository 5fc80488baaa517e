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
