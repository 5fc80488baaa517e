/**
 * The watch list: matches the operator pinned, per profile (main stores them with the profile). While
 * a panel holds the list, each pinned match has its own `feed.event` subscription (main polls each key
 * once at the spec's interval, shared with an open match of the same id). A pin the feed reports gone
 * stops being watched; a Line match gone as `finished` is looked up in Live and the pin follows it there.
 */
import { defineStore } from 'pinia'
import { computed, reactive, ref } from 'vue'
import type { EventResultDto, InputOf, LineType, MatchDto, PinDto, WatchlistDto } from '../../src-shared/contract.js'
import { MAX_PINS } from '../../src-shared/vocabulary/limits.js'
import { call, onEpochChange } from '../api/desk.js'
import { keyedWatch } from '../api/shared-watch.js'
import { attempt } from '../composables/errors.js'
import { lookupLiveSuccessor } from './feed.js'

export interface PinRef {
  lineType: LineType
  gameId: number
}
export const pinKey = (p: PinRef): string => `${p.lineType}:${p.gameId}`

export interface PinView {
  /** The feed's latest answer for the pinned id; null until the first. */
  result: EventResultDto | null
  /** The source stopped being refreshed: what is shown may be out of date. */
  stale: boolean
  /** A Line match gone as finished: its live id is being looked up, or none was found. */
  follow: 'looking' | 'none' | null
}

type PinInput = InputOf<'watchlist', 'pin'>

/** What is kept of a match when it is pinned (the panel shows it until the feed answers). */
export function pinOf(m: MatchDto): PinInput {
  return {
    lineType: m.lineType,
    gameId: m.gameId,
    sportId: m.sportId,
    tournamentId: m.tournamentId,
    opp1: m.opp1.slice(0, 200),
    opp2: m.opp2.slice(0, 200),
    startMs: Math.max(0, Math.trunc(m.startMs) || 0),
  }
}

export const useWatchlistStore = defineStore('watchlist', () => {
  const pins = ref<PinDto[]>([])
  const max = ref(MAX_PINS)
  const views = reactive<Record<string, PinView>>({})
  /** The panel is folded (one choice for Line and Live). */
  const collapsed = ref(false)

  const count = computed(() => pins.value.length)
  const full = computed(() => pins.value.length >= max.value)
  const isPinned = (lineType: LineType, gameId: number): boolean => pins.value.some((p) => p.lineType === lineType && p.gameId === gameId)

  function viewOf(key: string): PinView {
    views[key] ??= { result: null, stale: false, follow: null }
    return views[key]
  }
  function adopt(v: WatchlistDto): void {
    pins.value = v.pins
    max.value = v.max
    const keep = new Set(v.pins.map(pinKey))
    for (const key of Object.keys(views)) if (!keep.has(key)) delete views[key]
  }

  async function load(): Promise<void> {
    const v = await attempt(() => call('watchlist', 'list'), 'watchlist.list')
    if (v) adopt(v)
  }
  /** Pins a match as shown (its list row seeds the panel until its own subscription answers); false when the list is full. */
  async function pin(m: MatchDto): Promise<boolean> {
    if (isPinned(m.lineType, m.gameId)) return true
    if (full.value) return false
    const v = await attempt(() => call('watchlist', 'pin', pinOf(m)), 'watchlist.pin')
    if (!v) return false
    adopt(v)
    const view = viewOf(pinKey(m))
    view.result ??= { kind: 'match', match: m }
    return true
  }
  async function unpin(ref: PinRef): Promise<void> {
    const v = await attempt(() => call('watchlist', 'unpin', { lineType: ref.lineType, gameId: ref.gameId }), 'watchlist.unpin')
    if (v) adopt(v)
  }
  async function toggle(m: MatchDto): Promise<void> {
    if (isPinned(m.lineType, m.gameId)) await unpin(m)
    else await pin(m)
  }

  /** Looks the live id of a finished Line pin up; found, the pin takes it (same place, same pinned time). */
  async function follow(p: PinDto): Promise<void> {
    const key = pinKey(p)
    viewOf(key).follow = 'looking'
    const liveGameId = await lookupLiveSuccessor(p.gameId)
    if (!isPinned(p.lineType, p.gameId)) return
    if (liveGameId === null || liveGameId === undefined) {
      viewOf(key).follow = 'none'
      return
    }
    const { pinnedAt: _pinnedAt, ...fields } = p
    const v = await attempt(() => call('watchlist', 'pin', { ...fields, lineType: 'live', gameId: liveGameId, replaces: { lineType: p.lineType, gameId: p.gameId } }), 'watchlist.pin')
    if (v) adopt(v)
    else if (views[key]) views[key].follow = 'none'
  }

  function onResult(key: string, result: EventResultDto): void {
    const p = pins.value.find((x) => pinKey(x) === key)
    if (!p) return
    const view = viewOf(key)
    const wasGone = view.result?.kind === 'gone'
    view.result = result
    if (result.kind === 'gone' && !wasGone && result.lineType === 'line' && result.reason === 'finished') void follow(p)
  }

  /* Subscriptions: one per pin the feed has not reported gone, while a panel holds the list. */
  const watched = computed(() => pins.value.filter((p) => views[pinKey(p)]?.result?.kind !== 'gone'))
  const subscriptions = keyedWatch<'feed.event'>(
    () => watched.value.map((p) => ({ key: pinKey(p), topic: { name: 'feed.event', lineType: p.lineType, gameId: p.gameId } })),
    (key) => ({
      snapshot: (v) => onResult(key, v),
      delta: (_d, v) => onResult(key, v),
      state: (st) => {
        if (views[key] || pins.value.some((x) => pinKey(x) === key)) viewOf(key).stale = !st.live
      },
    }),
  )
  /** Hold the pins' subscriptions (a panel on screen); the returned function lets go. */
  const hold = (): (() => void) => subscriptions.acquire()

  // Another profile: its own pins (the old ones' subscriptions stop as they leave the list).
  onEpochChange(() => {
    adopt({ pins: [], max: max.value })
    void load()
  })

  return { pins, max, views, collapsed, count, full, isPinned, load, pin, unpin, toggle, follow, hold }
})
