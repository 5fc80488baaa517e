/**
 * Time range presets of the timeline, on the service's clock in the display zone: today (from midnight),
 * the last 24 hours, the last 7 days, or a custom from/to. `offsetMs` (server − local) turns them into
 * the history's own clock, which its entries are stamped with.
 */
import { tz } from '@date-fns/tz'
import { startOfDay } from 'date-fns'
import type { Zone } from './format.js'

export const RANGE_PRESETS = ['all', 'today', 'day', 'week', 'custom'] as const
export type RangePreset = (typeof RANGE_PRESETS)[number]

export interface TimeRange {
  preset: RangePreset
  /** Custom bounds, server time (ms). */
  from: number | null
  to: number | null
}

const HOUR = 3_600_000

/** The bounds on the history's clock (`at`), or undefined where open. */
export function rangeBounds(range: TimeRange, nowServer: number, zone: Zone, offsetMs: number): { from?: number; to?: number } {
  const local = (ms: number) => Math.round(ms - offsetMs)
  switch (range.preset) {
    case 'today':
      return { from: local(startOfDay(nowServer, zone === 'utc' ? { in: tz('UTC') } : undefined).getTime()) }
    case 'day':
      return { from: local(nowServer - 24 * HOUR) }
    case 'week':
      return { from: local(nowServer - 7 * 24 * HOUR) }
    case 'custom':
      return { ...(range.from !== null ? { from: local(range.from) } : {}), ...(range.to !== null ? { to: local(range.to) } : {}) }
    default:
      return {}
  }
}
