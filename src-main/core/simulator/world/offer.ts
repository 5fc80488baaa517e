import type { I18nText, SimMarket, SimOutcome } from './types.js'
import { playersOf, type TeamDef } from './catalog.js'
import { GROUP, GROUP_LIST_NAMES, GROUP_NAMES, outcomeNames, paramText, scoreParam, TYPE } from './markets.js'

/**
 * Which markets a (sub-)match offers and how they are laid out: declared `columns` versus the
 * arrays actually filled, as production does (1 column with 2–3 arrays, 2 with 1 or 3, 3 with 2),
 * and one group id used by two markets. Rates are set afterwards by pricing.ts.
 */
export type OfferKind = 'football' | 'goals' | 'goals-sub' | 'points' | 'points-sub' | 'sets' | 'sets-sub' | 'special'

export interface OfferInput {
  kind: OfferKind
  /** Expected goal/point difference side 1 − side 2, and expected total (for centring lines). */
  diff: number
  total: number
  /** Sets sports: sets needed to win. */
  setsToWin?: number
  team1?: TeamDef
  team2?: TeamDef
}

const range = (from: number, to: number, step: number) => {
  const out: number[] = []
  for (let x = from; x <= to + 1e-9; x += step) out.push(Math.round(x * 100) / 100)
  return out
}

export function buildOffer(input: OfferInput, rnd: () => number): SimMarket[] {
  const markets: SimMarket[] = []
  const oc = (groupId: number, typeId: number, param: string, column: number, extra?: { lineKey?: string; playerId?: number; name?: I18nText }): SimOutcome => {
    const names = outcomeNames(typeId, param)
    // Every outcome gets the same fields in the same order (one object shape keeps pricing fast).
    return {
      groupId, typeId, param, name: extra?.name ?? names.name, listName: names.listName, rate: 0, blocked: rnd() < 0.03,
      withdrawn: false, lineKey: extra?.lineKey, playerId: extra?.playerId ?? null, column,
    }
  }
  const market = (groupId: number, columns: number, outcomes: SimOutcome[], name?: I18nText) => {
    const m: SimMarket = { groupId, name: name ?? GROUP_NAMES[groupId], columns, outcomes }
    if (GROUP_LIST_NAMES[groupId]) m.listName = GROUP_LIST_NAMES[groupId]
    markets.push(m)
  }
  /** Two-way line market: rows of (side 1 at line, side 2 at its mirror); one line key per row. */
  const twoWay = (groupId: number, columns: number, lines: number[], t1: number, t2: number, mirror: boolean) => {
    const outs: SimOutcome[] = []
    for (const line of lines) {
      const p1 = paramText(line)
      const p2 = paramText(mirror ? -line : line)
      outs.push(oc(groupId, t1, p1, 0, { lineKey: p1 }), oc(groupId, t2, p2, 1, { lineKey: p1 }))
    }
    market(groupId, columns, outs)
  }
  const threeWay = () => {
    market(GROUP.result, 3, [oc(GROUP.result, TYPE.w1, '0', 0), oc(GROUP.result, TYPE.x, '0', 1), oc(GROUP.result, TYPE.w2, '0', 2)])
    market(GROUP.doubleChance, 3, [oc(GROUP.doubleChance, TYPE.d1x, '0', 0), oc(GROUP.doubleChance, TYPE.d12, '0', 1), oc(GROUP.doubleChance, TYPE.dx2, '0', 2)])
  }
  const winner = () => market(GROUP.winner, 2, [oc(GROUP.winner, TYPE.win1, '0', 0), oc(GROUP.winner, TYPE.win2, '0', 1)])
  const h = Math.round(-input.diff * 2) / 2
  const half = (x: number) => Math.floor(x) + 0.5

  switch (input.kind) {
    case 'football':
    case 'goals': {
      threeWay()
      market(GROUP.btts, 2, [oc(GROUP.btts, TYPE.bttsYes, '0', 0), oc(GROUP.btts, TYPE.bttsNo, '0', 1)])
      twoWay(GROUP.total, 2, range(0.5, 6.5, 0.5), TYPE.over, TYPE.under, false)
      twoWay(GROUP.asianTotal, 2, range(0.75, 5.75, 0.5), TYPE.atOver, TYPE.atUnder, false)
      twoWay(GROUP.handicap, 2, range(h - 3.5, h + 3.5, 0.5), TYPE.h1, TYPE.h2, true)
      twoWay(GROUP.asianHandicap, 1, range(h - 3.25, h + 3.25, 0.5), TYPE.ah1, TYPE.ah2, true)
      twoWay(GROUP.total1, 2, range(0.5, 4.5, 0.5), TYPE.t1Over, TYPE.t1Under, false)
      twoWay(GROUP.total2, 2, range(0.5, 4.5, 0.5), TYPE.t2Over, TYPE.t2Under, false)
      const cs: SimOutcome[] = []
      for (let a = 0; a <= 5; a++) for (let b = 0; b <= 5; b++) cs.push(oc(GROUP.correctScore, TYPE.score, scoreParam(a, b), a > b ? 0 : a === b ? 1 : 2))
      market(GROUP.correctScore, 3, cs)
      const cs17: SimOutcome[] = []
      for (let a = 0; a <= 3; a++) for (let b = 0; b <= 3; b++) cs17.push(oc(GROUP.correctScore17, TYPE.score17, scoreParam(a, b), a > b ? 0 : a === b ? 1 : 2))
      cs17.push(oc(GROUP.correctScore17, TYPE.score17Other, '3.003', 1))
      market(GROUP.correctScore17, 1, cs17)
      market(GROUP.threeWayTotal, 3, [2, 3, 4].flatMap((l) => [
        oc(GROUP.threeWayTotal, TYPE.tw3Over, String(l), 0), oc(GROUP.threeWayTotal, TYPE.tw3Exact, String(l), 1), oc(GROUP.threeWayTotal, TYPE.tw3Under, String(l), 2),
      ]))
      // Half lines: no "Exactly" outcome can exist, so three declared columns fill two arrays.
      market(GROUP.threeWayTotal1, 3, [0.5, 1.5, 2.5].flatMap((l) => [
        oc(GROUP.threeWayTotal1, TYPE.i3Over, String(l), 0, { lineKey: String(l) }), oc(GROUP.threeWayTotal1, TYPE.i3Under, String(l), 2, { lineKey: String(l) }),
      ]))
      market(GROUP.lastGoal, 2, [oc(GROUP.lastGoal, TYPE.last1, '0', 0), oc(GROUP.lastGoal, TYPE.last2, '0', 1), oc(GROUP.lastGoal, TYPE.lastNone, '0', 2)])
      market(GROUP.winToNil, 2, [oc(GROUP.winToNil, TYPE.winToNil1, '0', 0)])
      if (input.kind === 'football') footballSpecials(input, oc, market)
      break
    }
    case 'special': {
      // Pseudo-match `Home` / `Away`: lines around large totals, no result market.
      const tot = half(input.total)
      const m1 = half((input.total + input.diff) / 2)
      const m2 = half((input.total - input.diff) / 2)
      twoWay(GROUP.handicap, 2, range(h - 2.5, h + 2.5, 1), TYPE.h1, TYPE.h2, true)
      twoWay(GROUP.total, 2, range(tot - 3, tot + 3, 1), TYPE.over, TYPE.under, false)
      twoWay(GROUP.total1, 2, range(m1 - 2, m1 + 2, 1), TYPE.t1Over, TYPE.t1Under, false)
      twoWay(GROUP.total2, 2, range(m2 - 2, m2 + 2, 1), TYPE.t2Over, TYPE.t2Under, false)
      twoWay(GROUP.asianHandicap, 1, range(h - 2.25, h + 2.25, 1), TYPE.ah1, TYPE.ah2, true)
      twoWay(GROUP.asianTotal, 2, range(tot - 2.25, tot + 2.25, 1), TYPE.atOver, TYPE.atUnder, false)
      break
    }
    case 'goals-sub':
      threeWay()
      twoWay(GROUP.total, 2, range(Math.max(0.5, half(input.total) - 2), half(input.total) + 2, 1), TYPE.over, TYPE.under, false)
      twoWay(GROUP.handicap, 2, range(h - 1.5, h + 1.5, 1), TYPE.h1, TYPE.h2, true)
      break
    case 'points':
    case 'points-sub': {
      const sub = input.kind === 'points-sub'
      if (sub) threeWay()
      else winner()
      const hp = half(-input.diff)
      twoWay(GROUP.handicap, 2, range(hp - (sub ? 3 : 5), hp + (sub ? 3 : 5), sub ? 2 : 1), TYPE.h1, TYPE.h2, true)
      twoWay(GROUP.total, 2, range(half(input.total) - (sub ? 4 : 10), half(input.total) + (sub ? 4 : 10), 2), TYPE.over, TYPE.under, false)
      if (!sub) {
        const m1 = half((input.total + input.diff) / 2)
        const m2 = half((input.total - input.diff) / 2)
        twoWay(GROUP.total1, 2, range(m1 - 4, m1 + 4, 2), TYPE.t1Over, TYPE.t1Under, false)
        twoWay(GROUP.total2, 2, range(m2 - 4, m2 + 4, 2), TYPE.t2Over, TYPE.t2Under, false)
      }
      break
    }
    case 'sets': {
      const need = input.setsToWin ?? 2
      winner()
      twoWay(GROUP.handicap, 2, need === 2 ? [-1.5, 1.5] : [-2.5, -1.5, 1.5, 2.5], TYPE.h1, TYPE.h2, true)
      twoWay(GROUP.total, 2, need === 2 ? [2.5] : [3.5, 4.5], TYPE.over, TYPE.under, false)
      break
    }
    case 'sets-sub':
      winner()
      break
  }
  return markets
}

type Oc = (groupId: number, typeId: number, param: string, column: number, extra?: { lineKey?: string; playerId?: number; name?: I18nText }) => SimOutcome
type Market = (groupId: number, columns: number, outcomes: SimOutcome[], name?: I18nText) => void

function footballSpecials(input: OfferInput, oc: Oc, market: Market) {
  if (input.team1 && input.team2) {
    // Player market: one op_id per player shared by Yes and No; the last player of each side has Yes only.
    const yes: SimOutcome[] = []
    const no: SimOutcome[] = []
    for (const team of [input.team1, input.team2]) {
      for (const [n, player] of playersOf(team).entries()) {
        const named = (word: string): I18nText => ({ en: `${player.name.en} - ${word}`, ru: `${player.name.ru ?? player.name.en} - ${word === 'Yes' ? 'Да' : 'Нет'}` })
        yes.push(oc(GROUP.scorer, TYPE.scorerYes, '0.5', 0, { playerId: player.id, name: named('Yes') }))
        if (n < 2) no.push(oc(GROUP.scorer, TYPE.scorerNo, '0.5', 1, { playerId: player.id, name: named('No') }))
      }
    }
    market(GROUP.scorer, 1, [...yes, ...no])
  }
  // One group id, two markets (production repeats group ids inside a match).
  market(GROUP.dcTotal2, 1, [oc(GROUP.dcTotal2, TYPE.dc1xT2Yes, '0.5', 0), oc(GROUP.dcTotal2, TYPE.dc1xT2No, '0.5', 1)])
  market(GROUP.dcTotal2, 1, [oc(GROUP.dcTotal2, TYPE.dc12T2Yes, '0.5', 0), oc(GROUP.dcTotal2, TYPE.dc12T2No, '0.5', 1)])
  market(GROUP.winOrScore, 1, [
    oc(GROUP.winOrScore, TYPE.w1Or00, '0', 0), oc(GROUP.winOrScore, TYPE.w2Or00, '0', 0),
    oc(GROUP.winOrScore, TYPE.w1OrScores, '1.0E-4', 0), oc(GROUP.winOrScore, TYPE.w2OrScores, '0.01', 0),
  ])
}
