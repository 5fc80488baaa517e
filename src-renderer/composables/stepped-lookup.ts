/**
 * A long lookup as steps the operator can watch and stop: a pasted list in requests of the service's
 * size, a period in the windows the service answers (24 h each). One step at a time, so "window 3 of 9"
 * means what it says and Cancel stops before the next request is sent.
 */
import { MAX_VENDOR_PERIOD_MS } from '../../src-shared/vocabulary/limits.js'

export type StepKind = 'codes' | 'period'

export interface StepProgress {
  kind: StepKind
  /** Steps answered. */
  done: number
  total: number
  /** Coupons found so far. */
  found: number
  state: 'running' | 'finished' | 'cancelled' | 'failed'
}

export interface SteppedRun {
  cancel: () => void
  done: Promise<StepProgress>
}

/**
 * Runs `step` over `items` in order. A step answers the coupons it found, or false when it failed (the
 * failure is reported by the caller): the run stops there and keeps what the earlier steps found.
 */
export function runSteps<S>(kind: StepKind, items: readonly S[], step: (item: S, index: number) => Promise<number | false>, onProgress: (p: StepProgress) => void): SteppedRun {
  let cancelled = false
  const progress: StepProgress = { kind, done: 0, total: items.length, found: 0, state: 'running' }
  const say = () => onProgress({ ...progress })
  const done = (async () => {
    say()
    for (let i = 0; i < items.length; i++) {
      if (cancelled) break
      const found = await step(items[i]!, i)
      if (found === false) {
        progress.state = 'failed'
        say()
        return { ...progress }
      }
      progress.done++
      progress.found += found
      if (!cancelled) say()
    }
    progress.state = cancelled ? 'cancelled' : 'finished'
    say()
    return { ...progress }
  })()
  return {
    cancel: () => {
      cancelled = true
    },
    done,
  }
}

export interface PeriodWindow {
  from: number
  to: number
}

/** [from, to] as consecutive windows of at most 24 h (the service's limit); empty when the period is not positive. */
export function periodWindows(from: number, to: number, maxMs = MAX_VENDOR_PERIOD_MS): PeriodWindow[] {
  if (!Number.isFinite(from) || !Number.isFinite(to) || !(to > from)) return []
  const out: PeriodWindow[] = []
  for (let s = from; s < to; s += maxMs) out.push({ from: s, to: Math.min(s + maxMs, to) })
  return out
}
