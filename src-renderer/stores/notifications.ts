/**
 * Notifications of settlements and callback trouble: which live timeline entries (main's `timeline`
 * subscription, deltas only: never the history a window opens with) and listener outages become a
 * notice, each once per entry under the current profile epoch, filtered by the operator's settings
 * (a switch per type, quiet mode), kept in this window's storage per profile. `NotificationCenter.vue`
 * shows what this store lets through.
 */
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import type { TimelineEntryDto } from '../../src-shared/contract.js'
import { onEpochChange, onEvent } from '../api/desk.js'
import { sharedWatch } from '../api/shared-watch.js'
import {
  defaultSettings,
  isListenerDown,
  isQuiet,
  noticeTypeOf,
  QUIET_FOREVER,
  readSettings,
  shouldNotify,
  type NoticeType,
  type NotificationSettings,
} from '../composables/notification-rules.js'
import { useAppStore } from './app.js'

export interface Notice {
  /** `entry:<id>` or `listener:<at>`: what a notice is about, once. */
  key: string
  type: NoticeType
  couponCode: string | null
  status: number | null
  realWin: number | null
  reason: string | null
  at: number
}

export const SETTINGS_KEY = 'partner-desk.notifications'
const keyOf = (profileId: string) => `${SETTINGS_KEY}.${profileId}`
type Sink = (notice: Notice) => void

export const useNotificationsStore = defineStore('notifications', () => {
  const app = useAppStore()
  const settings = ref<NotificationSettings>(defaultSettings())
  /** Ticks while quiet mode has an end, so the card's "quiet until" turns off by itself. */
  const now = ref(Date.now())
  const quiet = computed(() => isQuiet(settings.value, now.value))
  /** The last notices let through (newest first): what the toasts showed. */
  const recent = ref<Notice[]>([])
  const sinks = new Set<Sink>()
  let seen = new Set<string>()
  onEpochChange(() => {
    seen = new Set()
  })

  function load(profileId: string | null): void {
    let text: string | null
    try {
      text = profileId ? (globalThis.localStorage?.getItem(keyOf(profileId)) ?? null) : null
    } catch {
      text = null
    }
    settings.value = readSettings(text)
  }
  function save(): void {
    const id = app.info?.profileId
    if (!id) return
    try {
      globalThis.localStorage?.setItem(keyOf(id), JSON.stringify(settings.value))
    } catch {
      /* storage unavailable: the choice holds for this window */
    }
  }
  watch(() => app.info?.profileId ?? null, load, { immediate: true })

  function setType(type: NoticeType, on: boolean): void {
    settings.value = { ...settings.value, types: { ...settings.value.types, [type]: on } }
    save()
  }
  /** The quiet period last chosen in this window (the card marks it while quiet lasts). */
  const quietChosen = ref<number | 'on' | null>(null)
  /** Quiet for `minutes`, until turned back on (`'on'`), or off (null). */
  function setQuiet(minutes: number | 'on' | null): void {
    quietChosen.value = minutes
    now.value = Date.now()
    settings.value = { ...settings.value, quietUntil: minutes === null ? null : minutes === 'on' ? QUIET_FOREVER : now.value + minutes * 60_000 }
    save()
  }
  function setSystem(on: boolean): void {
    settings.value = { ...settings.value, system: on }
    save()
  }

  function emit(notice: Notice): boolean {
    if (seen.has(notice.key)) return false
    seen.add(notice.key)
    now.value = Date.now()
    if (!shouldNotify(notice.type, settings.value, now.value)) return false
    recent.value = [notice, ...recent.value].slice(0, 50)
    for (const sink of sinks) sink(notice)
    return true
  }

  /** One live timeline entry: a notice when its kind is news and its type is on. */
  function onEntry(entry: TimelineEntryDto): boolean {
    const type = noticeTypeOf(entry)
    if (!type) return false
    return emit({ key: `entry:${entry.id}`, type, couponCode: entry.couponCode, status: entry.status, realWin: entry.detail.realWin, reason: null, at: entry.at })
  }

  const timelineWatch = sharedWatch(
    { name: 'timeline', limit: 1 },
    {
      // The snapshot is history the window opened with: its ids are marked seen, never shown.
      snapshot: (items) => {
        for (const e of items) seen.add(`entry:${e.id}`)
      },
      delta: (d) => {
        for (const e of d.entries) onEntry(e)
      },
    },
  )

  onEvent('connection.changed', (e) => {
    if (e.service !== 'listener' || !isListenerDown(e.state, e.reason)) return
    const at = Date.now()
    emit({ key: `listener:${at}`, type: 'listenerDown', couponCode: null, status: null, realWin: null, reason: e.reason?.code ?? null, at })
  })

  let release: (() => void) | null = null
  /** Hold the timeline subscription for as long as the window lives (App mounts the center once). */
  function start(): () => void {
    release ??= timelineWatch.acquire()
    return () => {
      release?.()
      release = null
    }
  }
  function onNotice(sink: Sink): () => void {
    sinks.add(sink)
    return () => sinks.delete(sink)
  }
  /** The card's clock: quiet mode with an end is re-read every half minute. */
  setInterval(() => (now.value = Date.now()), 30_000)

  return { settings, quiet, quietChosen, recent, setType, setQuiet, setSystem, onEntry, start, onNotice, timelineWatch }
})
