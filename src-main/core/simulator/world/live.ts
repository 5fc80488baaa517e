import type { I18nText } from './types.js'
import { playersOf, TOURNAMENT_BY_ID } from './catalog.js'
import { roundRate, priceMarkets } from './pricing.js'
import { isSegmentSubGame, type Rng } from './generate.js'
import type { StatItem, WorldMatch } from './model.js'

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
const GAME_POINTS = ['0', '15', '30', '40']

export function initLiveState(match: WorldMatch, now: number, rng: Rng): void {
  match.liveStartMs = now
  match.state = 'live'
  match.lineType = 'live'
  match.timerSec = 0
  match.period = periodAt(match, 0)
  match.stats = STAT_NAMES[match.sport.kind].map(([id, name, format]): StatItem => {
    const possession = Math.round(50 + (match.strength - 0.5) * 30)
    return format === 'percent' ? { id, name, opp1: possession, opp2: 100 - possession, format } : { id, name, opp1: 0, opp2: 0, format }
  })
  match.scorePeriods = [[0, 0]]
  match.extra = match.sport.kind === 'sets' && !match.cybersport ? '0:0' : ''
  match.pitch = match.sport.kind === 'sets' && !match.cybersport ? match.opp1Id : null
  // Media fields as production mixes them: va null|1, vi null|string, zp null|own id|another number.
  match.va = rng() < 0.6 ? 1 : null
  match.vi = match.va ? (rng() < 0.5 ? `DR_${1 + Math.floor(rng() * 2)}_${1_783_000_000 + Math.floor(rng() * 99_999)}` : String(20_000_000 + Math.floor(rng() * 99_999))) : null
  const zp = rng()
  match.zp = zp < 0.5 ? match.gameId : zp < 0.6 ? 4_000_000 + Math.floor(rng() * 999_999) : null
  match.periodLiteral = !match.cybersport && rng() < 0.3
  match.listSuspended = match.mainGameId === null && rng() < 0.08
}

function periodIndex(match: WorldMatch, elapsedMs: number): number {
  const n = match.sport.periods.length
  // Set sports: the current set follows the sets already played, not the clock.
  if (match.sport.kind === 'sets') return Math.min(n - 1, match.score1 + match.score2)
  return Math.min(n - 1, Math.max(0, Math.floor((elapsedMs / match.durationMs) * n)))
}

function periodAt(match: WorldMatch, elapsedMs: number): I18nText {
  const [en, ru] = match.sport.periods[periodIndex(match, elapsedMs)]
  return { en, ru }
}

function addScore(match: WorldMatch, side: 1 | 2, points: number, periodIdx: number): void {
  if (side === 1) match.score1 += points
  else match.score2 += points
  match.lastScorer = side
  while (match.scorePeriods.length <= periodIdx) match.scorePeriods.push([0, 0])
  match.scorePeriods[periodIdx][side - 1] += points
}

/**
 * Advances one live main match (and its sub-games) by `dtMs` up to `now`.
 * Returns true when the match is over (duration elapsed, or a sets sport has its winner).
 */
export function liveStep(match: WorldMatch, subs: WorldMatch[], now: number, dtMs: number, rng: Rng): boolean {
  const start = match.liveStartMs ?? now
  const elapsed = now - start
  const pIdx = periodIndex(match, elapsed)
  match.timerSec = Math.max(0, Math.floor(elapsed / 1000))
  match.period = periodAt(match, elapsed)
  for (const sub of subs) {
    sub.timerSec = match.timerSec
    sub.period = match.period
  }
  const sport = match.sport
  const dtSec = dtMs / 1000
  const durationSec = match.durationMs / 1000
  const side = (): 1 | 2 => (rng() < match.strength ? 1 : 2)
  let scored: { side: 1 | 2; points: number } | null = null
  if (sport.kind === 'goals') {
    if (rng() < (sport.expectedTotal / durationSec) * dtSec) scored = { side: side(), points: 1 }
  } else if (sport.kind === 'points') {
    if (rng() < Math.min(0.9, (sport.expectedTotal / 2.33 / durationSec) * dtSec)) scored = { side: side(), points: 1 + Math.floor(rng() * 3) > 2 ? 3 : 2 }
  } else {
    const setsToWin = sport.setsToWin ?? 2
    if (rng() < (sport.expectedTotal / durationSec) * dtSec) scored = { side: side(), points: 1 }
    else match.extra = `${GAME_POINTS[Math.floor(rng() * 4)]}:${GAME_POINTS[Math.floor(rng() * 4)]}`
    if (scored) {
      match.extra = '0:0'
      addScore(match, scored.side, 1, match.score1 + match.score2)
      for (const sub of subs) {
        if (sub.score1 + sub.score2 === 0 && isSegmentSubGame(sub)) addScore(sub, scored.side, 1, 0)
      }
      if (match.pitch !== null) match.pitch = match.pitch === match.opp1Id ? match.opp2Id : match.opp1Id
      return match.score1 >= setsToWin || match.score2 >= setsToWin || elapsed >= match.durationMs
    }
    return elapsed >= match.durationMs
  }
  if (scored) {
    addScore(match, scored.side, scored.points, pIdx)
    for (const sub of subs) if (isSegmentSubGame(sub) && pIdx === 0) addScore(sub, scored.side, scored.points, 0)
  }
  for (const sub of subs) {
    if (!isSegmentSubGame(sub) && rng() < (10 / durationSec) * dtSec) addScore(sub, side(), 1, pIdx)
  }
  for (const stat of match.stats) {
    if (stat.format === 'percent') continue
    const rate = stat.id === 45 ? 120 : stat.id === 58 ? 70 : stat.format === 'xg' ? 1.2 : 6
    if (rng() < Math.min(0.95, (rate / durationSec) * dtSec)) stat[rng() < match.strength ? 'opp1' : 'opp2'] += stat.format === 'xg' ? 0.05 + rng() * 0.3 : 1
  }
  return elapsed >= match.durationMs
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
  // Periods add up to the final score (a given score may differ from what was played).
  if (match.scorePeriods.length > 0) {
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

/** Re-prices every market of a live (sub-)match from its score and the share of time left. */
export function repriceLive(match: WorldMatch, now: number): void {
  const left = Math.max(0, 1 - (now - (match.liveStartMs ?? now)) / match.durationMs)
  priceMarkets(match.markets, {
    model: match.model, left, s1: match.score1, s2: match.score2, lastScorer: match.lastScorer, team1Id: match.opp1Id, team2Id: match.opp2Id,
  })
  match.priceKey = livePriceKey(match, now)
}

export const REPRICE_EVERY_MS = 120_000

/** What live prices depend on: the score, the last scorer and the time left (two-minute steps). */
function livePriceKey(match: WorldMatch, now: number): string {
  return `${match.score1}:${match.score2}:${match.lastScorer}:${Math.floor((now - (match.liveStartMs ?? now)) / REPRICE_EVERY_MS)}`
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
