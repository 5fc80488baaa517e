import type { I18nText, OutcomeVerdict, SimMarket, SimOutcome } from './types.js'
import type { SportKind, TeamDef } from './catalog.js'
import { playersOf } from './catalog.js'

/**
 * Market ids, outcome type ids and how each one settles. `param` in a pointer is the handicap or
 * total × 100 as a signed integer (H1 −1.5 → -150, Over 2.25 → 225), 0 where there is none.
 */
export const GROUP = { result: 1, handicap: 2, doubleChance: 8, total: 17, btts: 19, scorer: 99, winner: 101 } as const
export const TYPE = {
  w1: 1, x: 2, w2: 3, d1x: 4, d12: 5, dx2: 6, h1: 7, h2: 8, over: 9, under: 10,
  bttsYes: 180, bttsNo: 181, scorer: 1001, win1: 401, win2: 402,
} as const

const t = (en: string, ru: string): I18nText => ({ en, ru })
const GROUP_NAMES: Record<number, I18nText> = {
  [GROUP.result]: t('1X2', '1X2'),
  [GROUP.winner]: t('Winner', 'Победитель'),
  [GROUP.doubleChance]: t('Double Chance', 'Двойной шанс'),
  [GROUP.handicap]: t('Handicap', 'Фора'),
  [GROUP.total]: t('Total', 'Тотал'),
  [GROUP.btts]: t('Both Teams To Score', 'Обе забьют'),
  [GROUP.scorer]: t('Goalscorer', 'Автор гола'),
}
const FIXED_NAMES: Record<number, I18nText> = {
  [TYPE.w1]: t('W1', 'П1'), [TYPE.x]: t('X', 'X'), [TYPE.w2]: t('W2', 'П2'),
  [TYPE.d1x]: t('1X', '1X'), [TYPE.d12]: t('12', '12'), [TYPE.dx2]: t('X2', 'X2'),
  [TYPE.bttsYes]: t('Yes', 'Да'), [TYPE.bttsNo]: t('No', 'Нет'),
  [TYPE.win1]: t('W1', 'П1'), [TYPE.win2]: t('W2', 'П2'),
}

const nameCache = new Map<string, I18nText>()
function paramName(typeId: number, param: number): I18nText {
  const key = `${typeId}:${param}`
  let name = nameCache.get(key)
  if (!name) {
    const v = param / 100
    const signed = v > 0 ? `+${v}` : `${v}`
    if (typeId === TYPE.h1) name = t(`H1 (${signed})`, `Ф1 (${signed})`)
    else if (typeId === TYPE.h2) name = t(`H2 (${signed})`, `Ф2 (${signed})`)
    else if (typeId === TYPE.over) name = t(`Over (${v})`, `Больше (${v})`)
    else name = t(`Under (${v})`, `Меньше (${v})`)
    nameCache.set(key, name)
  }
  return name
}

export interface MarketProfile {
  kind: SportKind
  draw: boolean
  /** Expected total of the (sub-)match. */
  mu: number
  /** Side 1 strength 0..1. */
  strength: number
  totals: number[]
  handicaps: number[]
  btts: boolean
  scorers: null | { team1: TeamDef; team2: TeamDef }
}

export const SD: Record<SportKind, { total: number; diff: number; scale: number }> = {
  goals: { total: 1.1, diff: 1.0, scale: 1.4 },
  points: { total: 9, diff: 8, scale: 14 },
  sets: { total: 0.6, diff: 0.7, scale: 1.2 },
}

const logistic = (x: number) => 1 / (1 + Math.exp(-x))

/** Standard normal CDF (Abramowitz–Stegun 7.1.26), enough for odds. */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2
  const t = 1 / (1 + 0.3275911 * z)
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z)
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2
}
export const rateOf = (p: number) => Math.min(30, Math.max(1.01, Math.round((0.94 / Math.max(p, 0.01)) * 100) / 100))

/** Lines around an expected total (x.5 main line, quarter lines for goals). */
export function totalLines(kind: SportKind, mu: number): number[] {
  const b = Math.floor(mu) + 0.5
  if (kind === 'goals') return [b - 1, b - 0.25, b, b + 0.25, b + 1].filter((l) => l > 0)
  if (kind === 'points') return [b - 10, b - 5, b, b + 5, b + 10]
  return [b - 1, b].filter((l) => l > 1)
}

export function handicapLines(kind: SportKind): number[] {
  if (kind === 'goals') return [-1.5, -1, -0.75, -0.5, -0.25, 0, 0.5, 1.5]
  if (kind === 'points') return [-9.5, -5, -2.5, 2.5, 5, 9.5]
  return [-1.5, 1.5]
}

/** Builds the markets of one (sub-)match with plausible odds. `rnd` decides the few blocked outcomes. */
export function buildMarkets(profile: MarketProfile, rnd: () => number): SimMarket[] {
  const { kind, draw, mu, strength: s } = profile
  const sd = SD[kind]
  const delta = (2 * s - 1) * sd.scale
  const markets: SimMarket[] = []
  const oc = (groupId: number, typeId: number, param: number, p: number, column: number, name?: I18nText, playerId: number | null = null): SimOutcome => ({
    groupId, typeId, param, name: name ?? FIXED_NAMES[typeId] ?? paramName(typeId, param), rate: rateOf(p), blocked: rnd() < 0.03, playerId, column,
  })
  const market = (groupId: number, columns: number, outcomes: SimOutcome[]) => markets.push({ groupId, name: GROUP_NAMES[groupId], columns, outcomes })

  if (draw) {
    const pd = 0.28 * (1 - Math.abs(2 * s - 1) * 0.6)
    const p1 = (1 - pd) * s
    const p2 = (1 - pd) * (1 - s)
    market(GROUP.result, 3, [oc(GROUP.result, TYPE.w1, 0, p1, 0), oc(GROUP.result, TYPE.x, 0, pd, 1), oc(GROUP.result, TYPE.w2, 0, p2, 2)])
    market(GROUP.doubleChance, 3, [oc(GROUP.doubleChance, TYPE.d1x, 0, p1 + pd, 0), oc(GROUP.doubleChance, TYPE.d12, 0, p1 + p2, 1), oc(GROUP.doubleChance, TYPE.dx2, 0, pd + p2, 2)])
  } else {
    market(GROUP.winner, 2, [oc(GROUP.winner, TYPE.win1, 0, s, 0), oc(GROUP.winner, TYPE.win2, 0, 1 - s, 1)])
  }
  if (profile.handicaps.length > 0) {
    const outs: SimOutcome[] = []
    for (const h of profile.handicaps) {
      const p = logistic((delta + h) / sd.diff)
      outs.push(oc(GROUP.handicap, TYPE.h1, Math.round(h * 100), p, 0))
      outs.push(oc(GROUP.handicap, TYPE.h2, Math.round(-h * 100), 1 - p, 1))
    }
    market(GROUP.handicap, 2, outs)
  }
  if (profile.totals.length > 0) {
    const outs: SimOutcome[] = []
    for (const l of profile.totals) {
      const p = logistic((mu - l) / sd.total)
      outs.push(oc(GROUP.total, TYPE.over, Math.round(l * 100), p, 0))
      outs.push(oc(GROUP.total, TYPE.under, Math.round(l * 100), 1 - p, 1))
    }
    market(GROUP.total, 2, outs)
  }
  if (profile.btts) {
    const p = logistic((mu - 2.4) / 1.2) * 0.9
    market(GROUP.btts, 2, [oc(GROUP.btts, TYPE.bttsYes, 0, p, 0), oc(GROUP.btts, TYPE.bttsNo, 0, 1 - p, 1)])
  }
  if (profile.scorers) {
    const { team1, team2 } = profile.scorers
    const outs: SimOutcome[] = []
    for (const [column, team] of [team1, team2].entries()) {
      for (const player of playersOf(team)) outs.push(oc(GROUP.scorer, TYPE.scorer, 0, 0.2 + rnd() * 0.2, column, player.name, player.id))
    }
    market(GROUP.scorer, 2, outs)
  }
  return markets
}

/** Asian settlement of `diffAt(line)`: positive wins, zero returns; quarter lines split in two halves. */
function asian(line: number, diffAt: (line: number) => number): OutcomeVerdict {
  const single = (l: number): OutcomeVerdict => {
    const d = diffAt(l)
    return d > 1e-9 ? 'win' : d < -1e-9 ? 'lose' : 'return'
  }
  const hundredths = Math.round(line * 100)
  if (Math.abs(hundredths) % 50 === 0) return single(line)
  const a = single(line - 0.25)
  const b = single(line + 0.25)
  if (a === b) return a
  const pair = [a, b].sort().join('+')
  if (pair === 'return+win') return 'half_win'
  if (pair === 'lose+return') return 'half_lose'
  return 'return'
}

/** Verdict of one outcome for a final score. Unknown outcomes are returned (stake back). */
export function settleOutcome(
  groupId: number, typeId: number, param: number, playerId: number | null,
  s1: number, s2: number, scorers: Set<number>,
): OutcomeVerdict {
  const total = s1 + s2
  const line = param / 100
  const wl = (won: boolean): OutcomeVerdict => (won ? 'win' : 'lose')
  switch (typeId) {
    case TYPE.w1: return groupId === GROUP.result ? wl(s1 > s2) : 'return'
    case TYPE.x: return wl(s1 === s2)
    case TYPE.w2: return wl(s2 > s1)
    case TYPE.win1: return s1 === s2 ? 'return' : wl(s1 > s2)
    case TYPE.win2: return s1 === s2 ? 'return' : wl(s2 > s1)
    case TYPE.d1x: return wl(s1 >= s2)
    case TYPE.d12: return wl(s1 !== s2)
    case TYPE.dx2: return wl(s2 >= s1)
    case TYPE.h1: return asian(line, (l) => s1 + l - s2)
    case TYPE.h2: return asian(line, (l) => s2 + l - s1)
    case TYPE.over: return asian(line, (l) => total - l)
    case TYPE.under: return asian(line, (l) => l - total)
    case TYPE.bttsYes: return wl(s1 > 0 && s2 > 0)
    case TYPE.bttsNo: return wl(!(s1 > 0 && s2 > 0))
    case TYPE.scorer: return wl(playerId !== null && scorers.has(playerId))
    default: return 'return'
  }
}
