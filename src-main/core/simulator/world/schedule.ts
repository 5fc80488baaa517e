import type { I18nText } from './types.js'
import type { SportDef, TournamentDef } from './catalog.js'

/**
 * The live clock of a timed sport: periods of play, each with its length on the game clock (plus
 * added time in football), and breaks between them in which the clock stands still at the end of
 * the period before. The timer counts game time from the kick-off across periods (production's
 * football and hockey do: `2nd half` at 4617 s, `Half-time` at 2700 s), so within a period it never
 * leaves that period's span. Set sports (tennis, volleyball, esports) have no schedule: no clock.
 */
export interface Segment {
  kind: 'play' | 'break'
  /** Offsets from the kick-off, in ms of simulated time. */
  fromMs: number
  toMs: number
  /** Game clock at the start of the segment (a break holds it there). */
  clockFromSec: number
  name: I18nText
  /** Index of the period of play (0 = first); a break carries the index of the period before it. */
  playIndex: number
}

export interface Schedule {
  segments: Segment[]
  /** Overtimes added so far (basketball: a tie after regulation plays on). */
  overtimes: number
}

export interface ClockReading {
  timerSec: number
  period: I18nText
  playIndex: number
  inBreak: boolean
  /** The last segment has run out. */
  over: boolean
  /** Share of the planned play still to come (breaks excluded), 0..1. */
  left: number
  /** Share of the first period still to come (segment sub-games: first half, first period, first quarter). */
  firstLeft: number
}

const MIN = 60_000

/** Period length in minutes: the tournament's where it has one (NBA 12, FIBA-style leagues 10), else the sport's. */
export function periodMinutes(sport: SportDef, tour: TournamentDef): number {
  return tour.periodMin ?? sport.timed?.periodMin ?? 0
}

/** A match's expected total: a points sport scales it with the league's period length (NBA quarters of 12 score more than FIBA's 10). */
export function expectedTotal(sport: SportDef, tour: TournamentDef): number {
  if (sport.kind !== 'points' || !sport.timed) return sport.expectedTotal
  return Math.round((sport.expectedTotal * periodMinutes(sport, tour)) / sport.timed.periodMin)
}

/** A timed sport's schedule; `rng` draws the added time of each period (football). */
export function buildSchedule(sport: SportDef, tour: TournamentDef, rng: () => number): Schedule | null {
  const timed = sport.timed
  if (!timed) return null
  const periodMin = periodMinutes(sport, tour)
  const segments: Segment[] = []
  let at = 0
  timed.periods.forEach((name, i) => {
    const added = timed.addedMin?.[i]
    const addedMin = added ? added[0] + Math.floor(rng() * (added[1] - added[0] + 1)) : 0
    const wall = (periodMin + addedMin) * MIN
    segments.push({ kind: 'play', fromMs: at, toMs: at + wall, clockFromSec: i * periodMin * 60, name: { en: name[0], ru: name[1] }, playIndex: i })
    at += wall
    const pause = timed.breaks[i]
    if (pause && i < timed.periods.length - 1) {
      segments.push({ kind: 'break', fromMs: at, toMs: at + pause.min * MIN, clockFromSec: (i + 1) * periodMin * 60, name: { en: pause.name[0], ru: pause.name[1] }, playIndex: i })
      at += pause.min * MIN
    }
  })
  return { segments, overtimes: 0 }
}

export const endMs = (s: Schedule) => s.segments[s.segments.length - 1].toMs

/** One more overtime after the last period: a break, then the overtime's minutes on the clock. */
export function addOvertime(s: Schedule, sport: SportDef): boolean {
  const ot = sport.timed?.overtime
  if (!ot) return false
  const last = s.segments[s.segments.length - 1]
  const clockEnd = last.clockFromSec + Math.round((last.toMs - last.fromMs) / 1000)
  const breakMs = ot.breakMin * MIN
  s.segments.push(
    { kind: 'break', fromMs: last.toMs, toMs: last.toMs + breakMs, clockFromSec: clockEnd, name: { en: ot.breakName[0], ru: ot.breakName[1] }, playIndex: last.playIndex },
    { kind: 'play', fromMs: last.toMs + breakMs, toMs: last.toMs + breakMs + ot.min * MIN, clockFromSec: clockEnd, name: { en: ot.name[0], ru: ot.name[1] }, playIndex: last.playIndex + 1 },
  )
  s.overtimes++
  return true
}

/** Where the match stands `elapsedMs` after the kick-off. */
export function clockAt(s: Schedule, elapsedMs: number): ClockReading {
  const t = Math.max(0, elapsedMs)
  let seg = s.segments[s.segments.length - 1]
  for (const x of s.segments) {
    if (t < x.toMs) {
      seg = x
      break
    }
  }
  const over = t >= endMs(s)
  const inSeg = Math.min(t, seg.toMs) - seg.fromMs
  const timerSec = seg.kind === 'play' ? seg.clockFromSec + Math.floor(inSeg / 1000) : seg.clockFromSec
  let played = 0
  let total = 0
  for (const x of s.segments) {
    if (x.kind !== 'play') continue
    total += x.toMs - x.fromMs
    played += Math.max(0, Math.min(t, x.toMs) - x.fromMs)
  }
  const first = s.segments[0]
  const firstLeft = 1 - Math.min(1, Math.max(0, t - first.fromMs) / (first.toMs - first.fromMs))
  return { timerSec, period: seg.name, playIndex: seg.playIndex, inBreak: seg.kind === 'break', over, left: total > 0 ? Math.max(0, 1 - played / total) : 0, firstLeft }
}
