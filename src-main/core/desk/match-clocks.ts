import type { EventResultDto, MatchDto, TournamentEventsDto } from '../../../src-shared/contract.js'
import { clockSeconds, MATCH_CLOCK_REBASE_MS } from '../../../src-shared/vocabulary/feed-delta.js'

/**
 * The clocks of one live feed topic's matches, so a window counts each timer itself and a refresh
 * pushes a timer only when it jumps. The feed sends `timer` as seconds played (a number; production
 * holds it during a break: `Half-time` at 2700) and never says whether it runs, so that is read from
 * the answers: a later timer runs, the same or an earlier one stands (the feed's clock stopped, or
 * went back to the period's end after added time). A match's clock is the reading it was last pushed
 * with: `timerSec` then, `clock.at` the instant of that refresh, `clock.running`. A refresh leaves it
 * alone while the feed's timer is within the tolerance of what counting gives, the period is the same,
 * it still runs (or stands), and a running clock is younger than MATCH_CLOCK_REBASE_MS; otherwise it
 * takes the new reading. Timers of 0 (not started, esports, set sports) and Prematch carry no clock.
 */
export interface MatchClocksOptions {
  /** Seconds the feed's timer may differ from the count before it is pushed (default 3). */
  toleranceSec?: number
  /** A running clock read longer ago than this is pushed again with its latest reading. */
  rebaseMs?: number
}

interface Held {
  sec: number
  at: number
  running: boolean
  period: string
  /** The feed's last reading (not what was pushed): whether the clock runs is read against it. */
  lastSec: number
}

export const DEFAULT_CLOCK_TOLERANCE_SEC = 3

export interface MatchClocks {
  /** Takes a refresh at `now`: decides each live match's clock and writes it into the DTOs (`timerSec`, `clock`). */
  advance(data: TournamentEventsDto[] | EventResultDto, now: number): void
  /** Writes the clocks held into data rebuilt from the same refresh (no decision taken). */
  stamp(data: TournamentEventsDto[] | EventResultDto): void
}

function matchesOf(data: TournamentEventsDto[] | EventResultDto): MatchDto[] {
  if (Array.isArray(data)) return data.flatMap((t) => t.matches)
  return data.kind === 'match' ? [data.match] : []
}

const clocked = (m: MatchDto) => m.lineType === 'live' && typeof m.timerSec === 'number' && Number.isFinite(m.timerSec) && m.timerSec > 0

export function createMatchClocks(options: MatchClocksOptions = {}): MatchClocks {
  const tolerance = options.toleranceSec ?? DEFAULT_CLOCK_TOLERANCE_SEC
  const rebaseMs = options.rebaseMs ?? MATCH_CLOCK_REBASE_MS
  const held = new Map<string, Held>()

  const write = (m: MatchDto, h: Held) => {
    m.timerSec = h.sec
    m.clock = { at: h.at, running: h.running }
  }

  return {
    advance(data, now) {
      const seen = new Set<string>()
      // Read at the next whole second: every clock then turns on the same instant as the window's tick
      // (match-clock.ts), so none skips or repeats a second; it shows the reading under a second late.
      const at = Math.ceil(now / 1000) * 1000
      for (const m of matchesOf(data)) {
        if (!clocked(m)) continue
        seen.add(m.key)
        const sec = m.timerSec
        const h = held.get(m.key)
        if (!h) {
          // First sight: it runs unless a later answer says otherwise (the next refresh corrects a held one).
          const first: Held = { sec, at, running: true, period: m.period, lastSec: sec }
          held.set(m.key, first)
          write(m, first)
          continue
        }
        const running = sec > h.lastSec
        const counted = clockSeconds(h.sec, { at: h.at, running: h.running }, now)
        const jumped = running !== h.running || m.period !== h.period || Math.abs(sec - counted) > tolerance || (running && now - h.at >= rebaseMs)
        if (jumped) Object.assign(h, { sec, at, running, period: m.period })
        h.lastSec = sec
        write(m, h)
      }
      for (const key of held.keys()) if (!seen.has(key)) held.delete(key)
    },
    stamp(data) {
      for (const m of matchesOf(data)) {
        const h = clocked(m) ? held.get(m.key) : undefined
        if (h) write(m, h)
      }
    },
  }
}
