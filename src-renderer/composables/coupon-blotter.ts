/**
 * The coupon blotter's rows as data: one column list that the table renders, sorts by and exports, so
 * the CSV holds exactly the rows and cells shown (filters and sort applied, visible columns only).
 * Matches and selections are named for every bet of a coupon (`;` between bets), never only the first.
 */
import type { BetDto, CouponDto } from '../../src-shared/contract.js'
import { isKnownCouponStatus } from '../../src-shared/vocabulary/statuses.js'
import { outcomeText, teamsText } from './bet-identity.js'
import type { CsvColumn } from './csv.js'
import type { T } from '../i18n/words.js'

export const BLOTTER_COLUMNS = [
  'code',
  'created',
  'settled',
  'status',
  'teams',
  'market',
  'outcome',
  'tournament',
  'sport',
  'start',
  'type',
  'bets',
  'amount',
  'coef',
  'potentialWin',
  'payout',
] as const
export type BlotterColumnId = (typeof BLOTTER_COLUMNS)[number]

/** Shown until the operator chooses: what answers "what was bet, for how much, how did it end", fitting 1280 px. */
export const DEFAULT_BLOTTER_COLUMNS: readonly BlotterColumnId[] = ['code', 'created', 'status', 'teams', 'market', 'outcome', 'amount', 'coef', 'payout']
/** Open coupons have no payout yet: their list shows what they may pay instead. */
export const DEFAULT_ACTIVE_COLUMNS: readonly BlotterColumnId[] = ['code', 'created', 'status', 'teams', 'market', 'outcome', 'amount', 'coef', 'potentialWin']
export const defaultColumnsOf = (list: string): readonly BlotterColumnId[] => (list === 'active' ? DEFAULT_ACTIVE_COLUMNS : DEFAULT_BLOTTER_COLUMNS)

export function isBlotterColumn(v: unknown): v is BlotterColumnId {
  return typeof v === 'string' && (BLOTTER_COLUMNS as readonly string[]).includes(v)
}

export type SortOrder = 'ascend' | 'descend'
export interface BlotterSort {
  column: BlotterColumnId
  order: SortOrder
}

/** `unknown` stands for every status code this build does not name. */
export type StatusChoice = number | 'unknown'

export interface BlotterFilter {
  /** Coupon status codes to keep (empty: all). */
  statuses: StatusChoice[]
  /** Creation time range, Unix ms, both ends included (null: open). */
  from: number | null
  to: number | null
  minAmount: number | null
  maxAmount: number | null
  /** Sport names of any bet (empty: all). */
  sports: string[]
  /** Words over teams, market, outcome, tournament and the coupon code (case and accents ignored). */
  text: string
}

export const emptyFilter = (): BlotterFilter => ({ statuses: [], from: null, to: null, minAmount: null, maxAmount: null, sports: [], text: '' })

export function filterIsActive(f: BlotterFilter): boolean {
  return f.statuses.length > 0 || f.from !== null || f.to !== null || f.minAmount !== null || f.maxAmount !== null || f.sports.length > 0 || f.text.trim() !== ''
}

const BET_SEPARATOR = '; '
const joinBets = (c: CouponDto, part: (b: BetDto) => string): string => c.bets.map(part).filter((x) => x !== '').join(BET_SEPARATOR)

export const teamsOf = (t: T, c: CouponDto): string => joinBets(c, (b) => teamsText(t, b))
export const marketsOf = (c: CouponDto): string => joinBets(c, (b) => b.marketName ?? '')
export const outcomesOf = (c: CouponDto): string => joinBets(c, (b) => outcomeText(b))
export const tournamentsOf = (c: CouponDto): string => [...new Set(c.bets.map((b) => b.tournamentName ?? '').filter((x) => x !== ''))].join(BET_SEPARATOR)
export const sportsOf = (c: CouponDto): string[] => [...new Set(c.bets.map((b) => b.sportName ?? '').filter((x) => x !== ''))]
/** The first start among the bets (an accumulator's earliest match). */
export const startOf = (c: CouponDto): number | null => {
  const starts = c.bets.map((b) => b.eventDate).filter((d): d is number => d !== null && d > 0)
  return starts.length === 0 ? null : Math.min(...starts)
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/** What the free text is matched against: every bet's names and the code. */
function haystack(t: T, c: CouponDto): string {
  return fold([c.couponCode, teamsOf(t, c), marketsOf(c), outcomesOf(c), tournamentsOf(c), ...c.bets.map((b) => b.pointer)].join(' '))
}

export function matchesFilter(t: T, c: CouponDto, f: BlotterFilter): boolean {
  if (f.statuses.length > 0) {
    const choice: StatusChoice = isKnownCouponStatus(c.status) ? c.status : 'unknown'
    if (!f.statuses.includes(choice)) return false
  }
  if (f.from !== null && (c.createdAt === null || c.createdAt < f.from)) return false
  if (f.to !== null && (c.createdAt === null || c.createdAt > f.to)) return false
  if (f.minAmount !== null && (c.amount === null || c.amount < f.minAmount)) return false
  if (f.maxAmount !== null && (c.amount === null || c.amount > f.maxAmount)) return false
  if (f.sports.length > 0 && !sportsOf(c).some((s) => f.sports.includes(s))) return false
  const words = fold(f.text).split(/\s+/u).filter((w) => w !== '')
  if (words.length > 0) {
    const hay = haystack(t, c)
    if (!words.every((w) => hay.includes(w))) return false
  }
  return true
}

type SortValue = number | string | null

/** What a column sorts by: numbers as numbers, names as text, a missing value last either way. */
export function sortValue(t: T, id: BlotterColumnId, c: CouponDto): SortValue {
  switch (id) {
    case 'code':
      return c.couponCode
    case 'created':
      return c.createdAt
    case 'settled':
      return c.calculateDate
    case 'status':
      return c.status
    case 'teams':
      return teamsOf(t, c) || null
    case 'market':
      return marketsOf(c) || null
    case 'outcome':
      return outcomesOf(c) || null
    case 'tournament':
      return tournamentsOf(c) || null
    case 'sport':
      return sportsOf(c).join(BET_SEPARATOR) || null
    case 'start':
      return startOf(c)
    case 'type':
      return c.couponType
    case 'bets':
      return c.bets.length
    case 'amount':
      return c.amount
    case 'coef':
      return c.coef
    case 'potentialWin':
      return c.potentialWin
    case 'payout':
      return c.realWin
  }
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

function compare(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return collator.compare(String(a), String(b))
}

/** A stable sort; missing values go last whichever the direction, ties keep the list's order. */
export function sortCoupons(t: T, coupons: readonly CouponDto[], sort: BlotterSort | null): CouponDto[] {
  if (sort === null) return [...coupons]
  const sign = sort.order === 'ascend' ? 1 : -1
  return coupons
    .map((c, i) => ({ c, i, v: sortValue(t, sort.column, c) }))
    .sort((x, y) => {
      if (x.v === null || y.v === null) return x.v === y.v ? x.i - y.i : x.v === null ? 1 : -1
      return sign * compare(x.v, y.v) || x.i - y.i
    })
    .map((x) => x.c)
}

/** The rows shown: filtered, then sorted. */
export function blotterRows(t: T, coupons: readonly CouponDto[], filter: BlotterFilter, sort: BlotterSort | null): CouponDto[] {
  return sortCoupons(
    t,
    coupons.filter((c) => matchesFilter(t, c, filter)),
    sort,
  )
}

/** How a cell is written for people; the table shows it and the CSV carries it (money and odds as numbers there). */
export interface CellFormat {
  money: (n: number | null) => string
  odds: (n: number | null) => string
  stamp: (ms: number | null) => string
  status: (code: number) => string
  type: (type: number | null) => string
}

export function cellText(t: T, f: CellFormat, id: BlotterColumnId, c: CouponDto): string {
  switch (id) {
    case 'code':
      return c.couponCode
    case 'created':
      return c.createdAt === null ? '' : f.stamp(c.createdAt)
    case 'settled':
      return c.calculateDate === null ? '' : f.stamp(c.calculateDate)
    case 'status':
      return f.status(c.status)
    case 'teams':
      return teamsOf(t, c)
    case 'market':
      return marketsOf(c)
    case 'outcome':
      return outcomesOf(c)
    case 'tournament':
      return tournamentsOf(c)
    case 'sport':
      return sportsOf(c).join(BET_SEPARATOR)
    case 'start': {
      const s = startOf(c)
      return s === null ? '' : f.stamp(s)
    }
    case 'type':
      return f.type(c.couponType)
    case 'bets':
      return String(c.bets.length)
    case 'amount':
      return c.amount === null ? '' : f.money(c.amount)
    case 'coef':
      return f.odds(c.coef)
    case 'potentialWin':
      return c.potentialWin === null ? '' : f.money(c.potentialWin)
    case 'payout':
      return c.realWin === null ? '' : f.money(c.realWin)
  }
}

const NUMERIC: ReadonlySet<BlotterColumnId> = new Set(['amount', 'coef', 'potentialWin', 'payout', 'bets'])
export const isNumericColumn = (id: BlotterColumnId): boolean => NUMERIC.has(id)

/** The export's columns: the visible ones in their order, figures as plain numbers, the rest as shown. */
export function blotterCsvColumns(t: T, f: CellFormat, visible: readonly BlotterColumnId[], header: (id: BlotterColumnId) => string): CsvColumn<CouponDto>[] {
  return visible.map((id) => ({
    header: header(id),
    value: (c: CouponDto) => {
      if (!isNumericColumn(id)) return cellText(t, f, id, c)
      const v = sortValue(t, id, c)
      return typeof v === 'number' ? v : null
    },
  }))
}
