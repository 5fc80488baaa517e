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
    const offset = Math.round((bounds.low + bounds.high) / 2)
    const bound = Math.round((bounds.high - bounds.low) / 2)
    const least = bounds.low > 0 ? bounds.low : bounds.high < 0 ? -bounds.high : 0
    const figure = { kind: 'clockOffset', value: offset, unit: 'ms' as const, extra: { bound } }
    if (least > DOCTOR_CLOCK_FAIL_MS) return fail('other', figure, 'syncClock')
    if (least > DOCTOR_CLOCK_WARN_MS) return warn(figure, 'syncClock')
    return pass(figure)
  },
}
