import { DOCTOR_CHECK_IDS, sortChecks, worstVerdict, type DoctorCheckDto, type DoctorCheckId, type DoctorReportDto } from '../../../../src-shared/vocabulary/doctor.js'
import { systemClock } from '../../shared/clock.js'
import { clockOffset } from './clock-check.js'
import { COUPON_CHECKS } from './coupon-checks.js'
import { FEED_CHECKS } from './feed-checks.js'
import { LISTENER_CHECKS } from './listener-checks.js'
import { failedWith, fail } from './outcome.js'
import { createProbes } from './probes.js'
import { STORAGE_CHECKS } from './storage-checks.js'
import type { CheckDef, CheckOutcome, DoctorProbes, DoctorTarget } from './types.js'

export const ALL_CHECKS: readonly CheckDef[] = [...COUPON_CHECKS, clockOffset, ...FEED_CHECKS, ...LISTENER_CHECKS, ...STORAGE_CHECKS]

const DEFAULT_TIMEOUT_MS = 8000

async function within(def: CheckDef, probes: DoctorProbes, timeoutMs: number): Promise<CheckOutcome> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timedOut = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(() => resolve(fail(def.network ? 'transport' : 'other', { kind: 'timeout', value: timeoutMs, unit: 'ms' }, 'retryLater')), timeoutMs)
  })
  try {
    return await Promise.race([def.run(probes).catch((error: unknown) => failedWith(error, null)), timedOut])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Runs every check at once; a check waits only for those it needs and is skipped when one of them did
 * not pass (that one is the fault, named once). Each has its own timeout. Never throws for a finding.
 */
export async function runDoctor(target: DoctorTarget, checks: readonly CheckDef[] = ALL_CHECKS): Promise<DoctorReportDto> {
  const clock = target.clock ?? systemClock
  const at = clock.now()
  const timeoutMs = target.checkTimeoutMs ?? DEFAULT_TIMEOUT_MS
  const probes = createProbes(target, Math.max(1000, timeoutMs - 500))
  const byId = new Map(checks.map((c) => [c.id, c]))
  const running = new Map<DoctorCheckId, Promise<DoctorCheckDto>>()
  const start = (def: CheckDef): Promise<DoctorCheckDto> => {
    const known = running.get(def.id)
    if (known) return known
    const promise = (async (): Promise<DoctorCheckDto> => {
      const needed = await Promise.all((def.needs ?? []).filter((id) => byId.has(id)).map((id) => start(byId.get(id)!)))
      if (needed.some((c) => c.verdict !== 'pass')) return { id: def.id, verdict: 'skip', figure: null, advice: null, ms: 0 }
      const started = performance.now()
      const outcome = await within(def, probes, timeoutMs)
      return { id: def.id, ...outcome, ms: Math.round(performance.now() - started) }
    })()
    running.set(def.id, promise)
    return promise
  }
  try {
    const results = await Promise.all(checks.filter((c) => DOCTOR_CHECK_IDS.includes(c.id)).map(start))
    return { profileId: target.profileId, profileName: target.profileName, at, verdict: worstVerdict(results), checks: sortChecks(results) }
  } finally {
    probes.close()
  }
}
