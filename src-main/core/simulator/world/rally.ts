import type { Rng } from './generate.js'
import { isSegmentSubGame } from './generate.js'
import type { WorldMatch } from './model.js'

/**
 * Set sports played point by point, with no clock (production's set sports and esports send
 * `timer` 0): `score_full` counts sets (maps), `score_period` the games (tennis) or points (volleyball,
 * table tennis) or rounds (esports) of each set so far, `score_extra` the points of the current
 * tennis game (`15:30`, `40:A`; tie-break points as numbers), `pitch` the serving side.
 */

const GAME_POINTS = ['0', '15', '30', '40']

export function gameText(p1: number, p2: number, tieBreak: boolean): string {
  if (tieBreak) return `${p1}:${p2}`
  if (p1 >= 3 && p2 >= 3) return p1 === p2 ? '40:40' : p1 > p2 ? 'A:40' : '40:A'
  return `${GAME_POINTS[Math.min(p1, 3)]}:${GAME_POINTS[Math.min(p2, 3)]}`
}

export function setName(match: WorldMatch, index: number): { en: string; ru: string } {
  const periods = match.sport.periods
  const [en, ru] = periods[Math.min(index, periods.length - 1)]
  return { en, ru }
}

/** Who wins the next point: the stronger side a little more often, a tennis server much more often. */
function pointWinner(match: WorldMatch, rng: Rng): 1 | 2 {
  const edge = (match.strength - 0.5) * 0.25
  if (match.sport.rally?.tennis) {
    const serving1 = match.pitch === match.opp1Id
    const p1 = serving1 ? 0.62 + edge : 0.38 + edge
    return rng() < p1 ? 1 : 2
  }
  return rng() < 0.5 + edge ? 1 : 2
}

const wonBy2 = (a: number, b: number, to: number) => a >= to && a - b >= 2

/** Plays one point; returns the side that took a set with it, or null. */
function playPoint(match: WorldMatch, rng: Rng): 1 | 2 | null {
  const rally = match.sport.rally!
  const w = pointWinner(match, rng)
  const cur = match.scorePeriods[match.scorePeriods.length - 1]
  const other = w === 1 ? 2 : 1
  const swapServer = () => {
    if (match.pitch !== null) match.pitch = match.pitch === match.opp1Id ? match.opp2Id : match.opp1Id
  }
  if (rally.tennis) {
    const tieBreak = cur[0] === rally.to && cur[1] === rally.to
    match.points[w - 1]++
    const [p1, p2] = match.points
    const won = tieBreak ? wonBy2(match.points[w - 1], match.points[other - 1], 7) : wonBy2(match.points[w - 1], match.points[other - 1], 4)
    if (!won) {
      match.extra = gameText(p1, p2, tieBreak)
      if (tieBreak && (p1 + p2) % 2 === 1) swapServer()
      return null
    }
    match.points = [0, 0]
    match.extra = '0:0'
    cur[w - 1]++
    swapServer()
    const g = cur[w - 1]
    const o = cur[other - 1]
    return wonBy2(g, o, rally.to) || (g === rally.to + 1 && o === rally.to) ? w : null
  }
  cur[w - 1]++
  // Volleyball: the rally's winner serves; table tennis: the serve changes every two points.
  if (match.pitch !== null) {
    if (match.sportId === 6) match.pitch = w === 1 ? match.opp1Id : match.opp2Id
    else if ((cur[0] + cur[1]) % 2 === 0) swapServer()
  }
  const need = match.sport.setsToWin ?? 2
  const deciding = match.score1 === need - 1 && match.score2 === need - 1
  const to = deciding && rally.lastTo ? rally.lastTo : rally.to
  return wonBy2(cur[w - 1], cur[other - 1], to) ? w : null
}

/**
 * Plays the points due in `dtMs` of simulated time (about one per `pointSec`). Returns true when
 * a side has won the match.
 */
export function rallyStep(match: WorldMatch, subs: WorldMatch[], dtMs: number, rng: Rng): boolean {
  const rally = match.sport.rally!
  const need = match.sport.setsToWin ?? 2
  const due = dtMs / 1000 / rally.pointSec
  let n = Math.floor(due) + (rng() < due - Math.floor(due) ? 1 : 0)
  const segmentSubs = subs.filter(isSegmentSubGame)
  while (n-- > 0) {
    const setIndex = match.score1 + match.score2
    const setWinner = playPoint(match, rng)
    if (setIndex === 0) {
      // The first set's sub-match follows the set point by point.
      for (const sub of segmentSubs) {
        sub.scorePeriods = [[...match.scorePeriods[0]]]
        sub.extra = match.extra
        sub.pitch = match.pitch
      }
    }
    if (setWinner === null) continue
    if (setWinner === 1) match.score1++
    else match.score2++
    match.lastScorer = setWinner
    if (setIndex === 0) {
      for (const sub of segmentSubs) {
        if (setWinner === 1) sub.score1 = 1
        else sub.score2 = 1
        sub.extra = ''
      }
    }
    if (match.score1 >= need || match.score2 >= need) {
      match.extra = ''
      return true
    }
    match.scorePeriods.push([0, 0])
    match.period = setName(match, match.score1 + match.score2)
    if (match.sport.rally?.tennis) match.extra = '0:0'
  }
  return false
}
