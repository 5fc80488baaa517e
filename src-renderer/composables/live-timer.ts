/**
 * A live match clock that ticks each second between feed refreshes: the feed's `timer` (seconds
 * played) plus the whole seconds since that answer arrived.
 *
 * The feed never says a clock is stopped, so it is read from the answers: a later answer that
 * repeats the same `timer` means the clock stands (a break, half-time) and the count stays on the
 * feed's value until an answer moves it again. `timer` 0 (Prematch, esports) never ticks, nor does
 * a match that is not running (ended, not live). A feed that stops answering does not run the clock
 * away: it stays at most `maxAheadSec` ahead of the last answer.
 */
import { computed, getCurrentScope, onScopeDispose, ref, toValue, watch, type MaybeRefOrGetter } from 'vue'

export interface LiveTimerOptions {
  /** false holds the clock on the feed's value (not live, ended). Default true. */
  running?: MaybeRefOrGetter<boolean>
  /** Furthest the local count runs past the last answer. Default 60 s. */
  maxAheadSec?: number
  /** Wall clock in ms (tests use fake timers; this is only for a clock of one's own). */
  now?: () => number
}

/** Two answers this far apart (ms) with the same `timer` mean the clock stands. */
const SAME_READING_GAP_MS = 1500
export const DEFAULT_MAX_AHEAD_SEC = 60

export function useLiveTimer(timerSec: MaybeRefOrGetter<number | null | undefined>, receivedAt: MaybeRefOrGetter<number | null | undefined>, options: LiveTimerOptions = {}) {
  const now = options.now ?? (() => Date.now())
  const maxAhead = options.maxAheadSec ?? DEFAULT_MAX_AHEAD_SEC
  const clock = ref(now())
  const paused = ref(false)
  let last: { timer: number; at: number } | null = null

  watch(
    [() => toValue(timerSec), () => toValue(receivedAt)],
    ([timer, at]) => {
      if (typeof timer !== 'number' || typeof at !== 'number') {
        last = null
        paused.value = false
      } else {
        // An earlier timer than the last stands too: half-time holds the clock at 45:00, behind the added time played before it.
        const back = last !== null && timer < last.timer
        paused.value = back || (last !== null && timer === last.timer && at - last.at >= SAME_READING_GAP_MS)
        // While it stands, the first answer of the still clock stays the reference (so a run of equal answers stays paused).
        if (back || !(paused.value && last !== null)) last = { timer, at }
      }
      clock.value = now()
    },
    { immediate: true },
  )

  const ticking = computed(() => {
    const timer = toValue(timerSec)
    return typeof timer === 'number' && timer > 0 && typeof toValue(receivedAt) === 'number' && !paused.value && toValue(options.running ?? true)
  })

  let interval: ReturnType<typeof setInterval> | null = null
  const stop = () => {
    if (interval !== null) clearInterval(interval)
    interval = null
  }
  watch(
    ticking,
    (on) => {
      stop()
      if (on) interval = setInterval(() => (clock.value = now()), 1000)
    },
    { immediate: true },
  )
  if (getCurrentScope()) onScopeDispose(stop)

  /** Seconds to show: null when the feed sent no timer. */
  const seconds = computed<number | null>(() => {
    const timer = toValue(timerSec)
    if (typeof timer !== 'number') return null
    const at = toValue(receivedAt)
    if (!ticking.value || typeof at !== 'number') return timer
    const ahead = Math.floor((clock.value - at) / 1000)
    return timer + Math.min(Math.max(0, ahead), maxAhead)
  })

  return { seconds, ticking, paused, stop }
}
