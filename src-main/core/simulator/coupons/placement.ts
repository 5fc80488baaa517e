import type { SimClock } from '../clock.js'
import type { I18nText, OutcomeLookup, SimWorld } from '../world/types.js'
import type { SimPointer } from './pointer.js'
import type { CouponStore } from './store.js'
import { BET_OPEN, COUPON_OPEN, round2, type Account, type BetRecord, type CouponRecord } from './types.js'

/** Placement: accumulator rules, per-outcome validation against the world, atomic creation. */
export const MAX_ACCUMULATOR_EVENTS = 15

export interface ChangeRecord {
  game_id: number
  bet_coefficient: number
  actual_coefficient: number | null
  change_type: 1 | 2 | null
  status: 'rejected' | 'no_data' | 'block' | 'error'
}

export interface PlacementInput {
  pointers: SimPointer[]
  amount: number
  multi: boolean
  mode: 'accept' | 'reject'
  /** With mode accept: 1 = accept higher odds only, 2 = lower only, 3 = both. */
  modeType: 1 | 2 | 3
  lang: string
  callbackUrl: string
  currency: string | null
}

export type PlacementFailure =
  | { kind: 'too_many'; message: string }
  | { kind: 'same_tree'; message: string }
  | { kind: 'feed'; errorCode: 501 | 502 | 503 | 504; message: string; changes: ChangeRecord[] }
  | { kind: 'balance'; message: string }

export type PlacementOutcome = { ok: true; coupons: CouponRecord[] } | { ok: false; failure: PlacementFailure }

export interface PlacementDeps {
  world: SimWorld
  clock: SimClock
  store: CouponStore
  sportName(sportId: number): I18nText
  tournamentName(tournamentId: number): I18nText
}

type Checked = { ok: true; lookup: OutcomeLookup; coef: number } | { ok: false; errorCode: 501 | 502 | 503 | 504; change: ChangeRecord }

const STATUS_CODE = { rejected: 501, no_data: 502, block: 503, error: 504 } as const
/** Production's texts (501–503 as captured; 504 not captured). */
const FEED_MESSAGES = { 501: 'Coefficient is change', 502: 'Bet outcome is not available', 503: 'Bet outcome is blocked', 504: 'Bet outcome validation failed' } as const

function fail(p: SimPointer, status: ChangeRecord['status'], actual: number | null = null, changeType: 1 | 2 | null = null): Checked {
  return {
    ok: false,
    errorCode: STATUS_CODE[status],
    change: { game_id: p.gameId, bet_coefficient: p.coef, actual_coefficient: actual, change_type: changeType, status },
  }
}

const round3 = (n: number) => Math.round((n + Number.EPSILON) * 1000) / 1000

function sameOdds(a: number, b: number): boolean {
  return Math.abs(a - b) < 1e-9
}

export function checkOutcome(world: SimWorld, p: SimPointer, mode: 'accept' | 'reject', modeType: 1 | 2 | 3): Checked {
  const known = world.findMatchByAnyId(p.gameId)
  if (!known) return fail(p, 'no_data')
  if (known.state === 'finished') return fail(p, 'error')
  // The id must be the match's current id under the pointer's line type (a started match has a new id).
  if (known.gameId !== p.gameId || known.lineType !== p.lineType) return fail(p, 'error')
  const lookup = world.findOutcome(p.lineType, p.gameId, p.groupId, p.typeId, p.param, p.playerId)
  if (!lookup) return fail(p, 'no_data')
  if (lookup.outcome.blocked) return fail(p, 'block')
  const actual = lookup.outcome.rate
  if (sameOdds(actual, p.coef)) return { ok: true, lookup, coef: actual }
  const changeType: 1 | 2 = actual > p.coef ? 1 : 2
  const allowed = mode === 'accept' && (modeType === 3 || modeType === changeType)
  return allowed ? { ok: true, lookup, coef: actual } : fail(p, 'rejected', actual, changeType)
}

export function placeCoupons(deps: PlacementDeps, account: Account, input: PlacementInput): PlacementOutcome {
  const { world, store, clock } = deps
  if (!input.multi && input.pointers.length > MAX_ACCUMULATOR_EVENTS)
    return { ok: false, failure: { kind: 'too_many', message: `an accumulator holds at most ${MAX_ACCUMULATOR_EVENTS} events` } }
  if (!input.multi && input.pointers.length > 1) {
    const roots = new Set<number>()
    for (const p of input.pointers) {
      const root = world.matchTreeRoot(p.gameId)
      if (roots.has(root)) return { ok: false, failure: { kind: 'same_tree', message: 'bets of one match tree cannot be combined' } }
      roots.add(root)
    }
  }
  const checked = input.pointers.map((p) => checkOutcome(world, p, input.mode, input.modeType))
  const failures = checked.filter((c): c is Extract<Checked, { ok: false }> => !c.ok)
  if (failures.length > 0) {
    const errorCode = failures[0].errorCode
    return {
      ok: false,
      failure: { kind: 'feed', errorCode, message: FEED_MESSAGES[errorCode], changes: failures.map((f) => f.change) },
    }
  }
  const groups = input.multi ? checked.map((c, i) => [{ c, p: input.pointers[i] }]) : [checked.map((c, i) => ({ c, p: input.pointers[i] }))]
  const total = round2(input.amount * groups.length)
  if (account.balance < total) return { ok: false, failure: { kind: 'balance', message: 'Insufficient balance' } }

  const now = clock.now()
  const coupons = groups.map((group) => {
    const bets = group.map(({ c, p }) => makeBet(deps, p, c as Extract<Checked, { ok: true }>))
    const coef = round3(bets.reduce((acc, b) => acc * b.coef, 1))
    const id = store.nextCouponId()
    const coupon: CouponRecord = {
      id,
      code: store.codeFor(id),
      owner: account.username,
      amount: input.amount,
      coef,
      potentialWin: round2(input.amount * coef),
      realWin: null,
      originalCoef: round3(bets.reduce((acc, b) => acc * b.originalCoef, 1)),
      status: COUPON_OPEN,
      calculateDate: null,
      date: now,
      couponType: bets.length > 1 ? 2 : 1,
      lang: input.lang,
      callbackUrl: input.callbackUrl,
      currency: input.currency,
      bets,
      credited: 0,
      suppressCallbacks: false,
    }
    return coupon
  })
  // Commit: all coupons and the deduction together (nothing above can fail half-way).
  account.balance = round2(account.balance - total)
  for (const coupon of coupons) store.add(coupon)
  return { ok: true, coupons }
}

function makeBet(deps: PlacementDeps, p: SimPointer, c: Extract<Checked, { ok: true }>): BetRecord {
  const { match, market, outcome } = c.lookup
  const isSub = match.mainGameId !== null
  const root = deps.world.matchTreeRoot(p.gameId)
  const live = match.lineType === 'live'
  const periods = match.scorePeriods
  const main = isSub ? deps.world.findMatchByAnyId(root) : match
  return {
    id: deps.store.nextBetId(),
    gameId: p.gameId,
    lineType: p.lineType,
    groupId: p.groupId,
    typeId: p.typeId,
    param: p.param,
    playerId: p.playerId,
    status: BET_OPEN,
    coef: c.coef,
    originalCoef: p.coef,
    calculateCoef: null,
    calculateDate: null,
    eventDate: match.startMs,
    rawPointer: p.raw,
    isLive: live,
    mainGameId: root,
    isSubGame: isSub,
    parentGameId: match.mainGameId,
    subGameKey: isSub ? `${root}:${match.gameId}` : null,
    placementScoreFull: live ? `${match.score1}:${match.score2}` : null,
    placementScorePeriods: live && periods.length > 0 ? periods.map((x) => x.join(':')).join(';') : null,
    timer: live ? match.timerSec : null,
    calculateScore: null,
    calculationScorePeriods: null,
    sportId: match.sportId,
    sportName: deps.sportName(match.sportId),
    tournamentId: match.tournamentId,
    tournament: deps.tournamentName(match.tournamentId),
    team1Id: match.opp1Id,
    team2Id: match.opp2Id,
    opp1: (main ?? match).opp1,
    opp2: (main ?? match).opp2,
    betGroupName: market.name,
    betName: outcome.name,
    dopName: isSub ? match.dopName : null,
    reasonCode: null,
  }
}
