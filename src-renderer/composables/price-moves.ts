import { onScopeDispose, shallowRef, watch, type Ref } from 'vue'
import type { OutcomeDto } from '../../src-shared/contract.js'
import { outcomeKey } from './slip-marks.js'

/** How long a price move stays marked. */
export const MOVE_SHOWN_MS = 5000

export interface PriceMove {
  dir: 'up' | 'down'
  /** The price before the move. */
  from: number
}

/**
 * The price moves of a row of places (a list row's three main prices): a place whose outcome stays
 * the same and whose price changed is marked for `MOVE_SHOWN_MS`; another outcome in the place (the
 * row now shows another match, or the market changed) is not a move and clears the mark. One watcher
 * and one timer per place for the whole row, instead of a component per price.
 */
export function usePriceMoves(places: Ref<ReadonlyArray<OutcomeDto | null>>, shownMs = MOVE_SHOWN_MS): Ref<ReadonlyArray<PriceMove | null>> {
  const moves = shallowRef<ReadonlyArray<PriceMove | null>>([])
  const timers: Array<ReturnType<typeof setTimeout> | undefined> = []
  let seen: Array<readonly [string, number] | null> = []

  const mark = (next: Array<PriceMove | null>, i: number, move: PriceMove | null) => {
    clearTimeout(timers[i])
    timers[i] = undefined
    next[i] = move
    if (!move) return
    timers[i] = setTimeout(() => {
      timers[i] = undefined
      const after = [...moves.value]
      after[i] = null
      moves.value = after
    }, shownMs)
  }

  watch(
    places,
    (list) => {
      const now = list.map((o) => (o ? ([outcomeKey(o.pointer), o.rate] as const) : null))
      let next: Array<PriceMove | null> | null = null
      for (let i = 0; i < Math.max(now.length, seen.length); i++) {
        const [after, before] = [now[i], seen[i]]
        if (after && before && after[0] === before[0]) {
          if (after[1] === before[1]) continue
          next ??= [...moves.value]
          mark(next, i, { dir: after[1] > before[1] ? 'up' : 'down', from: before[1] })
        } else if (moves.value[i]) {
          next ??= [...moves.value]
          mark(next, i, null)
        }
      }
      seen = now
      if (next) moves.value = next
    },
    { immediate: true },
  )
  onScopeDispose(() => timers.forEach((t) => clearTimeout(t)))
  return moves
}
