import { DOCTOR_CLOCK_FAIL_MS, DOCTOR_CLOCK_WARN_MS } from '../../../../src-shared/vocabulary/doctor.js'
import { fail, pass, skip, warn } from './outcome.js'
import type { CheckDef } from './types.js'

/**
 * Server − local from the envelopes' `date` (the coupon client keeps the tightest sample: the date
 * was made between the request's send and its answer, so half the round trip bounds the error).
 * The verdict takes the offset's smallest possible size, so a slow answer never makes a warning.
 */
export const clockOffset: CheckDef = {
  id: 'clock.offset',
  needs: ['coupons.health'],
  network: true,
  async run(probes) {
    await probes.login().catch(() => undefined) // one more sample, whatever the sign-in's outcome
    const bounds = probes.coupons.clockOffset()
    if (!bounds) return skip()
    const intended = Math.round(probes.target.intendedClockShiftMs ?? 0)
    const low = bounds.low - intended
    const high = bounds.high - intended
    // + 0: an offset rounding to -0 (Math.round(-0.4)) would read back from the kept report as 0.
    const offset = Math.round((low + high) / 2) + 0
    const bound = Math.round((high - low) / 2)
    const least = low > 0 ? low : high < 0 ? -high : 0
    const figure = { kind: 'clockOffset', value: offset, unit: 'ms' as const, extra: { bound, ...(intended ? { simulated: intended } : {}) } }
    if (least > DOCTOR_CLOCK_FAIL_MS) return fail('other', figure, 'syncClock')
    if (least > DOCTOR_CLOCK_WARN_MS) return warn(figure, 'syncClock')
    return pass(figure)
  },
}
