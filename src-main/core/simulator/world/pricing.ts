import type { SimMarket } from './types.js'
import type { SportKind } from './catalog.js'
import { TYPE, verdictOf, type SettleContext } from './markets.js'

/**
 * Odds from one score distribution: every outcome is priced from the probability of each verdict
 * over the same grid of final scores, so all markets of a match agree with each other (and with
 * settlement, which uses the same verdicts). Live prices condition on the current score and the
 * share of time left.
 */
export interface ScoreModel {
  kind: SportKind
  /** Expected goals/points of each side over the whole (sub-)match; sets: ignored. */
  mean1: number
  mean2: number
  /** Sets sports: probability side 1 wins a set, and sets needed to win. */
  pSet?: number
  setsToWin?: number
  /** Points: spread of each side's score over the whole match (default 9). */
  sd?: number
}

export interface PricingState {
  model: ScoreModel
  /** Share of the (sub-)match still to play, 0..1. */
  left: number
  s1: number
  s2: number
  lastScorer: 1 | 2 | null
  team1Id: number
  team2Id: number
}

interface Cell {
  a: number
  b: number
  p: number
}

export const MARGIN = 0.94
export const MAX_RATE = 501

function poisson(lambda: number): number[] {
  const out: number[] = []
  let p = Math.exp(-lambda)
  let cum = 0
  for (let k = 0; k < 40 && (k <= lambda || cum < 1 - 1e-6); k++) {
    out.push(p)
    cum += p
    p = (p * lambda) / (k + 1)
  }
  return out
}

function normalWeights(mean: number, sd: number): Array<[number, number]> {
  if (sd < 0.5) return [[Math.max(0, Math.round(mean)), 1]]
  // Six deviations: a tail cut shorter would read as a decided outcome (pulled from the offer) while it is only unlikely.
  const lo = Math.max(0, Math.floor(mean - 6 * sd))
  const hi = Math.ceil(mean + 6 * sd)
  const out: Array<[number, number]> = []
  let sum = 0
  for (let v = lo; v <= hi; v++) {
    const w = Math.exp(-((v - mean) ** 2) / (2 * sd * sd))
    out.push([v, w])
    sum += w
  }
  return out.map(([v, w]) => [v, w / sum])
}

/** Probability of each final score of a best-of series from the current set score. */
function setsCells(p: number, need: number, c1: number, c2: number): Cell[] {
  const cells: Cell[] = []
  const walk = (a: number, b: number, prob: number) => {
    if (a >= need || b >= need) {
      cells.push({ a, b, p: prob })
      return
    }
    walk(a + 1, b, prob * p)
    walk(a, b + 1, prob * (1 - p))
  }
  walk(c1, c2, 1)
  return cells
}

const DIFF_TYPES = new Set<number>([TYPE.w1, TYPE.x, TYPE.w2, TYPE.win1, TYPE.win2, TYPE.d1x, TYPE.d12, TYPE.dx2, TYPE.h1, TYPE.h2, TYPE.ah1, TYPE.ah2])
const TOTAL_TYPES = new Set<number>([TYPE.over, TYPE.under, TYPE.atOver, TYPE.atUnder, TYPE.tw3Over, TYPE.tw3Exact, TYPE.tw3Under])
const ONE_TYPES = new Set<number>([TYPE.t1Over, TYPE.t1Under, TYPE.i3Over, TYPE.i3Exact, TYPE.i3Under])
const TWO_TYPES = new Set<number>([TYPE.t2Over, TYPE.t2Under])
type Axis = 'diff' | 'total' | 'one' | 'two'
/** The one quantity an outcome depends on, or null when it needs the whole score (correct score, both to score, ...). */
const axisOf = (typeId: number): Axis | null =>
  DIFF_TYPES.has(typeId) ? 'diff' : TOTAL_TYPES.has(typeId) ? 'total' : ONE_TYPES.has(typeId) ? 'one' : TWO_TYPES.has(typeId) ? 'two' : null

/** Distribution of a sum or difference of two independent counts (values shifted by `shift`). */
function combine(a: number[], b: number[], sign: 1 | -1, shift: number): Cell[] {
  const offset = sign === 1 ? 0 : b.length - 1
  const acc = new Float64Array(a.length + b.length)
  for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) acc[i + sign * j + offset] += a[i] * b[j]
  const out: Cell[] = []
  for (let k = 0; k < acc.length; k++) if (acc[k] > 1e-7) out.push({ a: shift + k - offset, b: 0, p: acc[k] })
  return out
}

function cellsFor(typeId: number, state: PricingState, cache: Map<string, Cell[]>): Cell[] {
  const { model, left, s1, s2 } = state
  const axis = axisOf(typeId)
  if (model.kind === 'sets' || (model.kind === 'goals' && axis === null)) {
    let grid = cache.get('grid')
    if (!grid) {
      grid = []
      if (model.kind === 'sets') grid = setsCells(model.pSet ?? 0.5, model.setsToWin ?? 2, s1, s2)
      else {
        const a = poisson(model.mean1 * left)
        const b = poisson(model.mean2 * left)
        for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) if (a[i] * b[j] > 2e-6) grid.push({ a: s1 + i, b: s2 + j, p: a[i] * b[j] })
      }
      cache.set('grid', grid)
    }
    return grid
  }
  const which: Axis = axis ?? 'one'
  let cells = cache.get(which)
  if (!cells) {
    const m1 = model.mean1 * left
    const m2 = model.mean2 * left
    if (model.kind === 'goals') {
      const a = poisson(m1)
      const b = poisson(m2)
      if (which === 'diff') cells = combine(a, b, -1, s1 - s2)
      else if (which === 'total') cells = combine(a, b, 1, s1 + s2)
      else if (which === 'one') cells = a.map((p, i) => ({ a: s1 + i, b: 0, p }))
      else cells = b.map((p, j) => ({ a: 0, b: s2 + j, p }))
    } else {
      const sd = (model.sd ?? 9) * Math.sqrt(left)
      if (which === 'diff') cells = normalWeights(m1 - m2 + 200, sd * Math.SQRT2).map(([v, p]) => ({ a: v - 200 + s1 - s2, b: 0, p }))
      else if (which === 'total') cells = normalWeights(m1 + m2, sd * Math.SQRT2).map(([v, p]) => ({ a: v + s1 + s2, b: 0, p }))
      else if (which === 'one') cells = normalWeights(m1, sd).map(([v, p]) => ({ a: v + s1, b: 0, p }))
      else cells = normalWeights(m2, sd).map(([v, p]) => ({ a: 0, b: v + s2, p }))
    }
    cache.set(which, cells)
  }
  return cells
}

const GRID = 16
const NO_SCORERS: ReadonlySet<number> = new Set()
const verdictTables = new Map<string, Int8Array>()
const VERDICTS = ['win', 'half_win', 'return', 'half_lose', 'lose'] as const

/** Verdict of a type/parameter for every score up to GRID-1 each, computed once per process. */
function verdictTable(typeId: number, param: string): Int8Array {
  const key = `${typeId}|${param}`
  let table = verdictTables.get(key)
  if (!table) {
    table = new Int8Array(GRID * GRID)
    const ctx: SettleContext = { s1: 0, s2: 0, scorers: NO_SCORERS, lastScorer: null }
    for (let a = 0; a < GRID; a++) {
      for (let b = 0; b < GRID; b++) {
        ctx.s1 = a
        ctx.s2 = b
        table[a * GRID + b] = VERDICTS.indexOf(verdictOf(typeId, param, null, ctx))
      }
    }
    verdictTables.set(key, table)
  }
  return table
}

const LINE_OFFSET = 300
const lineTables = new Map<string, Int8Array>()

/** 1-D verdict table of a points outcome over its axis value (−300..300), computed once per process. */
function lineTable(typeId: number, param: string, axis: Axis): Int8Array {
  const key = `${typeId}|${param}`
  let table = lineTables.get(key)
  if (!table) {
    table = new Int8Array(2 * LINE_OFFSET + 1)
    const ctx: SettleContext = { s1: 0, s2: 0, scorers: NO_SCORERS, lastScorer: null }
    for (let v = -LINE_OFFSET; v <= LINE_OFFSET; v++) {
      ctx.s1 = axis === 'two' ? 0 : v
      ctx.s2 = axis === 'two' ? v : 0
      table[v + LINE_OFFSET] = VERDICTS.indexOf(verdictOf(typeId, param, null, ctx))
    }
    lineTables.set(key, table)
  }
  return table
}

/** The joint grid as flat arrays (table index, or -1 beyond the table, and probability): the hot loop of pricing. */
interface FlatGrid {
  idx: Int32Array
  p: Float64Array
  cells: Cell[]
}

function flatGrid(cells: Cell[], cache: Map<string, unknown>): FlatGrid {
  let flat = cache.get('flat') as FlatGrid | undefined
  if (!flat) {
    flat = { idx: new Int32Array(cells.length), p: new Float64Array(cells.length), cells }
    cells.forEach((c, i) => {
      flat!.idx[i] = c.a < GRID && c.b < GRID ? c.a * GRID + c.b : -1
      flat!.p[i] = c.p
    })
    cache.set('flat', flat)
  }
  return flat
}

/** Probabilities of the five verdicts over the cells; outcomes needing more than the score are handled apart. */
function verdictShares(typeId: number, param: string, state: PricingState, cache: Map<string, Cell[]>): number[] {
  const share = [0, 0, 0, 0, 0]
  const cells = cellsFor(typeId, state, cache)
  const axis = axisOf(typeId)
  if (state.model.kind !== 'sets' && (axis !== null || state.model.kind === 'points')) {
    const table = lineTable(typeId, param, axis ?? 'one')
    for (const cell of cells) {
      const v = (axis === 'two' ? cell.b : cell.a) + LINE_OFFSET
      share[v >= 0 && v < table.length ? table[v] : VERDICTS.indexOf(verdictOf(typeId, param, null, axis === 'two' ? { s1: 0, s2: cell.b, scorers: NO_SCORERS, lastScorer: null } : { s1: cell.a, s2: 0, scorers: NO_SCORERS, lastScorer: null }))] += cell.p
    }
    return share
  }
  const table = verdictTable(typeId, param)
  const { idx, p } = flatGrid(cells, cache as Map<string, unknown>)
  let ctx: SettleContext | undefined
  for (let i = 0; i < idx.length; i++) {
    const k = idx[i]
    if (k >= 0) share[table[k]] += p[i]
    else {
      ctx ??= { s1: 0, s2: 0, scorers: NO_SCORERS, lastScorer: null }
      ctx.s1 = cells[i].a
      ctx.s2 = cells[i].b
      share[VERDICTS.indexOf(verdictOf(typeId, param, null, ctx))] += p[i]
    }
  }
  return share
}

const SPECIAL = new Set<number>([TYPE.last1, TYPE.last2, TYPE.scorerYes, TYPE.scorerNo])

/** Last goal and player markets: closed forms on the expected remaining goals. */
function specialWin(typeId: number, playerId: number | null, state: PricingState): number | null {
  const l1 = state.model.mean1 * state.left
  const l2 = state.model.mean2 * state.left
  const noneLeft = Math.exp(-(l1 + l2))
  const some = 1 - noneLeft
  if (typeId === TYPE.last1) return some * (l1 / (l1 + l2 || 1)) + (state.lastScorer === 1 ? noneLeft : 0)
  if (typeId === TYPE.last2) return some * (l2 / (l1 + l2 || 1)) + (state.lastScorer === 2 ? noneLeft : 0)
  if ((typeId === TYPE.scorerYes || typeId === TYPE.scorerNo) && playerId !== null) {
    const team = Math.floor(playerId / 10)
    const share = [0.32, 0.2, 0.12][(playerId % 10) - 1] ?? 0.1
    const lambda = team === state.team1Id ? l1 : l2
    const yes = 1 - Math.exp(-lambda * share)
    return typeId === TYPE.scorerYes ? yes : 1 - yes
  }
  return null
}

/** Production's spelling of odds: 3 decimals below 2, 2 below 10, 1 below 100, whole numbers above. */
export function roundRate(r: number): number {
  const x = Math.min(MAX_RATE, Math.max(1.001, r))
  if (x < 2) return Math.round(x * 1000) / 1000
  if (x < 10) return Math.round(x * 100) / 100
  if (x < 100) return Math.round(x * 10) / 10
  return Math.round(x)
}

/** Markets that stay on offer while undecided (no line to withdraw): they only get extreme odds. */
const PERMANENT = new Set<number>([TYPE.w1, TYPE.x, TYPE.w2, TYPE.win1, TYPE.win2, TYPE.d1x, TYPE.d12, TYPE.dx2, TYPE.bttsYes, TYPE.bttsNo])

/**
 * Re-prices every outcome (player outcomes and blocks included) and decides which are withdrawn:
 * a line whose outcome is (almost) certain or impossible leaves the offer as a pair.
 */
export function priceMarkets(markets: SimMarket[], state: PricingState): void {
  const cache = new Map<string, Cell[]>()
  const pulled = new Set<string>()
  for (const market of markets) {
    for (const o of market.outcomes) {
      if (o.pinned) continue
      const special = SPECIAL.has(o.typeId) ? specialWin(o.typeId, o.playerId, state) : null
      let rate: number
      let off: boolean
      if (special !== null) {
        rate = MARGIN / Math.max(special, 1e-4)
        off = special < 0.004 || special > 0.995 || rate < 1.01
      } else {
        const [win, halfWin, ret, halfLose, lose] = verdictShares(o.typeId, o.param, state, cache)
        const winning = win + halfWin / 2
        const losing = lose + halfLose / 2
        rate = winning < 1e-6 ? MAX_RATE : (MARGIN - halfWin / 2 - ret - halfLose / 2) / winning
        // Decided outcomes leave the offer whatever the market (production drops Both Teams To Score once both have scored);
        // the others when (almost) certain or impossible. Result markets stay, at extreme odds, until the final whistle.
        const decided = winning < 1e-9 || losing < 1e-9
        // A price the margin pushes under 1.01 is no bet either (a near-certain line with a push).
        off = decided || (!PERMANENT.has(o.typeId) && (winning < (o.lineKey ? 0.012 : 0.004) || losing < 0.012 || rate < 1.01))
      }
      o.rate = roundRate(rate)
      o.withdrawn = off
      if (off && o.lineKey) pulled.add(`${market.groupId}:${o.lineKey}`)
    }
  }
  if (pulled.size === 0) return
  // A line leaves the offer as a pair.
  for (const market of markets) for (const o of market.outcomes) if (o.lineKey && !o.pinned && pulled.has(`${market.groupId}:${o.lineKey}`)) o.withdrawn = true
}
