import { computed, getCurrentScope, onScopeDispose, shallowReactive, shallowRef, watch, type ComputedRef, type Ref } from 'vue'
import type { MatchDto } from '../../src-shared/contract.js'

/**
 * Team icons of a list row. The list reuses a row for match after match as it scrolls, so:
 * - a failed icon is remembered by its address (not hidden on the element), and not asked for again
 *   each time its team scrolls into view;
 * - the icons of the match the row was made for show at once; of a match handed to it later, once
 *   the row has shown that match for `ICONS_AFTER_MS`. A fast scroll passes hundreds of rows and asks
 *   for none of their icons; meanwhile the icon's place is kept, so the names do not move.
 */
export const ICONS_AFTER_MS = 150

const broken = shallowReactive(new Set<string>())

/** `@error` handler for an icon shown through `useTeamIcons`. */
export function forgetBrokenIcon(event: Event): void {
  const src = (event.target as HTMLImageElement | null)?.getAttribute('src')
  if (src) broken.add(src)
}

// One timer for every row (a scroll hands out dozens of matches a frame; a timer each costs more than the row).
const due = new Map<object, { at: number; run: () => void }>()
let timer: ReturnType<typeof setTimeout> | undefined
function tick(): void {
  timer = undefined
  const now = performance.now()
  let next = Infinity
  for (const [owner, d] of due) {
    if (d.at <= now) {
      due.delete(owner)
      d.run()
    } else next = Math.min(next, d.at)
  }
  if (next < Infinity) timer = setTimeout(tick, next - now)
}
function later(owner: object, ms: number, run: () => void): void {
  due.set(owner, { at: performance.now() + ms, run })
  timer ??= setTimeout(tick, ms)
}

/** Per team: null without an icon worth asking for; `src` null while the icon waits for the row to settle. */
export type TeamIcon = { src: string | null } | null

export function useTeamIcons(match: Ref<MatchDto>, settleMs = ICONS_AFTER_MS): ComputedRef<[TeamIcon, TeamIcon]> {
  const settled = shallowRef(match.value.key)
  const owner = {}
  watch(
    () => match.value.key,
    (key) => later(owner, settleMs, () => (settled.value = key)),
  )
  if (getCurrentScope()) onScopeDispose(() => due.delete(owner))
  const one = (url: string | null | undefined, now: boolean): TeamIcon => (url && !broken.has(url) ? { src: now ? url : null } : null)
  return computed(() => {
    const now = settled.value === match.value.key
    return [one(match.value.opp1IconUrl, now), one(match.value.opp2IconUrl, now)]
  })
}
