/**
 * Which live news becomes a notification, as pure functions: a timeline entry's kind and status give
 * the notice type; the operator's settings (a switch per type, quiet mode) say whether it is shown.
 */
import type { ConnectionState, StateReason, TimelineEntryDto } from '../../src-shared/contract.js'
import { COUPON_LOST, COUPON_RETURNED, COUPON_WON } from '../../src-shared/vocabulary/statuses.js'

export const NOTICE_TYPES = ['won', 'lost', 'refunded', 'firstLost', 'recalculation', 'resettled', 'callback', 'listenerDown'] as const
export type NoticeType = (typeof NOTICE_TYPES)[number]

export interface NotificationSettings {
  types: Record<NoticeType, boolean>
  /** Toasts and system notifications off until this time (ms); `Infinity`-like `-1` = until turned back on; null = not quiet. */
  quietUntil: number | null
  /** Also as the system's notifications (Electron; a browser only once it allowed them). */
  system: boolean
}

export const QUIET_FOREVER = -1

export function defaultSettings(): NotificationSettings {
  return { types: Object.fromEntries(NOTICE_TYPES.map((t) => [t, true])) as Record<NoticeType, boolean>, quietUntil: null, system: true }
}

/** Settings as stored (a newer or older build's keys tolerated: unknown ones dropped, missing ones on). */
export function readSettings(text: string | null): NotificationSettings {
  const out = defaultSettings()
  if (!text) return out
  try {
    const v = JSON.parse(text) as Partial<NotificationSettings>
    for (const t of NOTICE_TYPES) if (typeof v.types?.[t] === 'boolean') out.types[t] = v.types[t]
    if (typeof v.quietUntil === 'number') out.quietUntil = v.quietUntil
    if (typeof v.system === 'boolean') out.system = v.system
  } catch {
    /* damaged: the defaults */
  }
  return out
}

export function isQuiet(settings: NotificationSettings, now: number): boolean {
  return settings.quietUntil === QUIET_FOREVER || (settings.quietUntil !== null && now < settings.quietUntil)
}

/** The notice a timeline entry makes, or null: only settlements and callback trouble are news. */
export function noticeTypeOf(entry: Pick<TimelineEntryDto, 'kind' | 'status'>): NoticeType | null {
  switch (entry.kind) {
    case 'settled':
    case 'discovered_by_polling':
      if (entry.status === COUPON_WON) return 'won'
      if (entry.status === COUPON_LOST) return 'lost'
      if (entry.status === COUPON_RETURNED) return 'refunded'
      return null
    case 'first_lost_bet':
      return 'firstLost'
    case 'returned_for_recalculation':
      return 'recalculation'
    case 'resettled':
      return 'resettled'
    case 'missed_callback':
    case 'late_callback':
      return 'callback'
    default:
      return null
  }
}

/** The listener went down by itself (bind failure, crash); the operator's own Stop is no news. */
export function isListenerDown(state: ConnectionState, reason: StateReason | null): boolean {
  return state === 'offline' && reason?.code !== 'listener_stopped'
}

export function shouldNotify(type: NoticeType, settings: NotificationSettings, now: number): boolean {
  return settings.types[type] && !isQuiet(settings, now)
}
