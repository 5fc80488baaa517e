import type { I18nText } from './types.js'
import { playersOf, TOURNAMENT_BY_ID } from './catalog.js'
import { roundRate, priceMarkets } from './pricing.js'
import { isSegmentSubGame, type Rng } from './generate.js'
import type { StatItem, WorldMatch } from './model.js'
import { addOvertime, clockAt, endMs, expectedTotal } from './schedule.js'
import { rallyStep, setName } from './rally.js'

/** Live progression: timer, period, score, stats and odds drift. Everything here is plain mutation. */

/** Production's statistic ids and names (values are sent as strings; xG with two decimals). */
const STAT_NAMES: Record<string, Array<[number, I18nText, StatItem['format']?]>> = {
  goals: [
    [93, { en: 'xG', ru: 'xG' }, 'xg'], [45, { en: 'Attacks', ru: 'Атаки' }], [58, { en: 'Dangerous attacks', ru: 'Опасные атаки' }],
    [29, { en: 'Possession %', ru: 'Владение %' }, 'percent'], [59, { en: 'Shots on target', ru: 'Удары в створ' }],
    [60, { en: 'Shots off target', ru: 'Удары мимо' }], [26, { en: 'Yellow cards', ru: 'Жёлтые карточки' }], [70, { en: 'Corner', ru: 'Угловые' }],
  ],
  points: [[3, { en: 'Fouls', ru: 'Фолы' }], [4, { en: 'Timeouts', ru: 'Тайм-ауты' }]],
  sets: [[5, { en: 'Aces', ru: 'Эйсы' }], [6, { en: 'Double faults', ru: 'Двойные ошибки' }]],
}
/**
 * A live match starts: clock (timed sports) or first set, empty stats and score, media fields.
 * `periodLiteral` lets some matches print production's literal `period` as their period name.
 */
export function initLiveState(match: WorldMatch, now: number, rng: Rng, periodLiteral = false): void {
  match.liveStartMs = now
  match.state = 'live'
  match.lineType = 'live'
  match.timerSec = 0
  match.period = match.schedule ? match.schedule.segments[0].name : setName(match, 0)
  match.stats = STAT_NAMES[match.sport.kind].map(([id, name, format]): StatItem => {
    const possession = Math.round(50 + (match.strength - 0.5) * 30)
    return format === 'percent' ? { id, name, opp1: possession, opp2: 100 - possession, format } : { id, name, opp1: 0, opp2: 0, format }
  })
  match.scorePeriods = [[0, 0]]
  match.points = [0, 0]
  match.extra = match.sport.rally?.tennis ? '0:0' : ''
  match.pitch = match.sport.kind === 'sets' && !match.cybersport ? match.opp1Id : null
  // Media fields as production mixes them: va null|1, vi null|string, zp null|own id|another number.
  match.va = rng() < 0.6 ? 1 : null
  match.vi = match.va ? (rng() < 0.5 ? `DR_${1 + Math.floor(rng() * 2)}_${1_783_000_000 + Math.floor(rng() * 99_999)}` : String(20_000_000 + Math.floor(rng() * 99_999))) : null
  const zp = rng()
  match.zp = zp < 0.5 ? match.gameId : zp < 0.6 ? 4_000_000 + Math.floor(rng() * 999_999) : null
  match.periodLiteral = !match.cybersport && rng() < 0.3 && periodLiteral
  match.listSuspended = match.mainGameId === null && rng() < 0.08
}

function addScore(match: WorldMatch, side: 1 | 2, points: number, periodIdx: number): void {
  if (side === 1) match.score1 += points
  else match.score2 += points
  match.lastScorer = side
  while (match.scorePeriods.length <= periodIdx) match.scorePeriods.push([0, 0])
  match.scorePeriods[periodIdx][side - 1] += points
}

/** How many of a rare event happen in one step: the whole expected number, plus one by chance for the remainder. */
function count(expected: number, rng: Rng): number {
  const whole = Math.floor(expected)
  return whole + (rng() < expected - whole ? 1 : 0)
}

/** Regulation play of a timed sport in seconds (breaks excluded): what its expected totals are spread over. */
function playSec(match: WorldMatch): number {
  const timed = match.sport.timed!
  return (match.tournament.periodMin ?? timed.periodMin) * 60 * timed.periods.length
}

/** The world's most overtimes before a level basketball match is decided at the final whistle (settleScores). */
const MAX_OVERTIMES = 3

/**
 * Advances one live main match (and its sub-games) by `dtMs` up to `now`.
 * Returns true when the match is over (the clock ran out, or a set sport has its winner).
 */
export function liveStep(match: WorldMatch, subs: WorldMatch[], now: number, dtMs: number, rng: Rng): boolean {
  const start = match.liveStartMs ?? now
  const elapsed = now - start
  if (!match.schedule) {
    match.timerSec = 0
    const done = rallyStep(match, subs, dtMs, rng)
    for (const sub of subs) sub.period = isSegmentSubGame(sub) ? setName(match, 0) : match.period
    // A safety net only: set play ends by itself long before.
    return done || elapsed >= match.durationMs * 3
  }
  const schedule = match.schedule
  let clock = clockAt(schedule, elapsed)
  if (clock.over && !match.sport.draw && match.score1 === match.score2 && schedule.overtimes < MAX_OVERTIMES && addOvertime(schedule, match.sport)) {
    match.durationMs = endMs(schedule)
    clock = clockAt(schedule, elapsed)
  }
  match.timerSec = clock.timerSec
  match.period = clock.period
  for (const sub of subs) {
    sub.timerSec = match.timerSec
    sub.period = match.period
    sub.durationMs = match.durationMs
  }
  if (clock.inBreak || clock.over || dtMs <= 0) return clock.over
  const pIdx = clock.playIndex
  while (match.scorePeriods.length <= pIdx) match.scorePeriods.push([0, 0])
  const sport = match.sport
  const dtSec = dtMs / 1000
  const durationSec = playSec(match)
  // Each side scores its share of the expected total, as the odds say.
  const share1 = match.model.mean1 / (match.model.mean1 + match.model.mean2 || 1)
  const side = (): 1 | 2 => (rng() < share1 ? 1 : 2)
  if (sport.kind === 'goals') {
    for (let k = count((sport.expectedTotal / durationSec) * dtSec, rng); k > 0; k--) {
      const s = side()
      addScore(match, s, 1, pIdx)
      for (const sub of subs) if (isSegmentSubGame(sub) && pIdx === 0) addScore(sub, s, 1, 0)
    }
  } else {
    // Points: scoring plays of two or three points (about 2.2 on average).
    for (let k = count((expectedTotal(sport, match.tournament) / 2.2 / durationSec) * dtSec, rng); k > 0; k--) {
      const s = side()
      const points = rng() < 0.25 ? 3 : 2
      addScore(match, s, points, pIdx)
      for (const sub of subs) if (isSegmentSubGame(sub) && pIdx === 0) addScore(sub, s, points, 0)
    }
  }
  for (const sub of subs) {
    if (!isSegmentSubGame(sub) && rng() < (10 / durationSec) * dtSec) addScore(sub, side(), 1, pIdx)
  }
  for (const stat of match.stats) {
    if (stat.format === 'percent') continue
    const rate = stat.id === 45 ? 120 : stat.id === 58 ? 70 : stat.format === 'xg' ? 1.2 : 6
    if (rng() < Math.min(0.95, (rate / durationSec) * dtSec)) stat[rng() < match.strength ? 'opp1' : 'opp2'] += stat.format === 'xg' ? 0.05 + rng() * 0.3 : 1
  }
  return false
}

/** Final scores of a tree: the given score, or the live score made sport-legal (no draw where none exists). */
export function settleScores(match: WorldMatch, subs: WorldMatch[], rng: Rng, given?: [number, number]): void {
  const sport = match.sport
  if (given) {
    match.score1 = given[0]
    match.score2 = given[1]
  } else if (match.state === 'prematch') {
    // Finished straight from Prematch (control API): invent a plausible result.
    const events = sport.kind === 'points' ? 0 : Math.round(sport.expectedTotal * (0.5 + rng()))
    for (let i = 0; i < events; i++) {
      if (rng() < match.strength) match.score1++
      else match.score2++
    }
    if (sport.kind === 'points') {
      match.score1 = Math.round(sport.expectedTotal / 2 + (match.strength - 0.5) * 20 + (rng() - 0.5) * 20)
      match.score2 = Math.round(sport.expectedTotal / 2 - (match.strength - 0.5) * 20 + (rng() - 0.5) * 20)
    }
  }
  if (!given && sport.kind === 'sets') {
    const need = sport.setsToWin ?? 2
    if (match.score1 < need && match.score2 < need) {
      const first = match.score1 === match.score2 ? rng() < match.strength : match.score1 > match.score2
      if (first) {
        match.score1 = need
        match.score2 = Math.min(match.score2, need - 1)
      } else {
        match.score2 = need
        match.score1 = Math.min(match.score1, need - 1)
      }
    }
  } else if (!given && !sport.draw && match.score1 === match.score2) {
    if (rng() < match.strength) match.score1 += 1
    else match.score2 += 1
  }
  for (const sub of subs) {
    if (isSegmentSubGame(sub)) {
      if (sport.kind === 'sets') {
        if (sub.score1 + sub.score2 === 0) {
          if (match.score1 > match.score2) sub.score1 = 1
          else sub.score2 = 1
        }
      } else if (match.state === 'prematch' && !given && sub.score1 + sub.score2 === 0) {
        sub.score1 = Math.floor(match.score1 * rng())
        sub.score2 = Math.floor(match.score2 * rng())
      }
      sub.score1 = Math.min(sub.score1, match.score1)
      sub.score2 = Math.min(sub.score2, match.score2)
    } else if (match.state === 'prematch' && sub.score1 + sub.score2 === 0) {
      sub.score1 = 2 + Math.floor(rng() * 7)
      sub.score2 = 2 + Math.floor(rng() * 7)
    }
  }
  // Periods add up to the final score (a given score may differ from what was played); set sports' periods hold games, not sets.
  if (match.scorePeriods.length > 0 && sport.kind !== 'sets') {
    const last = match.scorePeriods[match.scorePeriods.length - 1]
    const played = match.scorePeriods.reduce((acc, p) => [acc[0] + p[0], acc[1] + p[1]], [0, 0])
    last[0] += match.score1 - played[0]
    last[1] += match.score2 - played[1]
    if (last[0] < 0 || last[1] < 0) match.scorePeriods = [[match.score1, match.score2]]
  }
  // Last goal: keep the live one when it fits the final score, else the side that has goals.
  if (match.score1 + match.score2 === 0) match.lastScorer = null
  else if (match.lastScorer === null || (match.lastScorer === 1 ? match.score1 : match.score2) === 0)
    match.lastScorer = match.score1 > 0 && (match.score2 === 0 || rng() < match.strength) ? 1 : 2
  // Goal scorers for player markets: each goal goes to one of the side's listed players or someone else.
  const tour = TOURNAMENT_BY_ID.get(match.tournamentId)
  const team1 = tour?.teams.find((team) => team.id === match.opp1Id)
  const team2 = tour?.teams.find((team) => team.id === match.opp2Id)
  for (const [team, goals] of [[team1, match.score1], [team2, match.score2]] as const) {
    if (!team || match.sportId !== 1) continue
    const players = playersOf(team)
    for (let g = 0; g < goals; g++) {
      const pick = Math.floor(rng() * (players.length + 1))
      if (pick < players.length) match.scorers.add(players[pick].id)
    }
  }
}

/** Share of a live (sub-)match still to play: the clock's play left (a first-period sub-match: of that period), else of its planned duration. */
function shareLeft(match: WorldMatch, now: number): number {
  const elapsed = now - (match.liveStartMs ?? now)
  if (!match.schedule) return Math.max(0, 1 - elapsed / match.durationMs)
  const clock = clockAt(match.schedule, elapsed)
  return isSegmentSubGame(match) ? clock.firstLeft : clock.left
}

/** Re-prices every market of a live (sub-)match from its score and the share of time left. */
export function repriceLive(match: WorldMatch, now: number): void {
  priceMarkets(match.markets, {
    model: match.model, left: shareLeft(match, now), s1: match.score1, s2: match.score2, lastScorer: match.lastScorer, team1Id: match.opp1Id, team2Id: match.opp2Id,
  })
  match.priceKey = livePriceKey(match, now)
}

export const REPRICE_EVERY_MS = 120_000

/** What live prices depend on: the score, the last scorer, the period (a break, a period's end) and the time left (two-minute steps). */
function livePriceKey(match: WorldMatch, now: number): string {
  const elapsed = now - (match.liveStartMs ?? now)
  const phase = match.schedule ? clockAt(match.schedule, elapsed) : null
  return `${match.score1}:${match.score2}:${match.lastScorer}:${Math.floor(elapsed / REPRICE_EVERY_MS)}:${phase ? `${phase.playIndex}${phase.inBreak ? 'b' : ''}` : ''}`
}

/**
 * Live prices are brought up to date when someone looks (a feed answer, a placement), not on every
 * tick: a world of hundreds of live matches would otherwise spend its time pricing unseen markets.
 * Odds set through the control API hold until the score changes or the next two-minute step.
 */
export function freshen(match: WorldMatch, now: number): WorldMatch {
  if (match.state === 'live' && match.priceKey !== livePriceKey(match, now)) repriceLive(match, now)
  return match
}

/** Random walk of odds: `moves` random outcomes move by up to ±3 %; occasionally one block toggles. */
export function driftOdds(match: WorldMatch, rng: Rng, moves: number, blockChance: number): void {
  const markets = match.markets
  if (markets.length === 0) return
  for (let i = 0; i < moves; i++) {
    const market = markets[Math.floor(rng() * markets.length)]
    const outcome = market.outcomes[Math.floor(rng() * market.outcomes.length)]
    if (!outcome || outcome.withdrawn || outcome.pinned) continue
    outcome.rate = roundRate(outcome.rate * Math.exp((rng() - 0.5) * 0.06))
    if (blockChance > 0 && rng() < blockChance) outcome.blocked = !outcome.blocked
  }
}
