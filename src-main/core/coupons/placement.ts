import { DeskError } from '../shared/errors.js'
import { MAX_ACCUMULATOR_EVENTS } from '../../../src-shared/vocabulary/limits.js'
import { DEFAULT_STAKE_RULE, stakeProblemOf, type StakeProblem, type StakeRule } from '../../../src-shared/vocabulary/stake.js'
import { canonicalPointer, parsePointer, type ParsedPointer } from './pointer.js'
import type { Coupon, PlacementAttempt, PlacementRequest } from './types.js'

/** Placement rules checked before anything is sent, and matching of coupons to an unknown attempt. */
export { MAX_ACCUMULATOR_EVENTS }

/** `mode_type` in the refusal text (the CLI and the log read it; the console words errors by code). */
export const MODE_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'accept higher odds only',
  2: 'accept lower odds only',
  3: 'accept higher and lower odds',
}

export interface ValidateOptions {
  /** Root of the match tree of a game (main match id); unknown → the game id itself. */
  treeOf?: (gameId: number) => number | undefined
  /** The profile's money rule (minor unit, minimum stake); absent = two decimals, at least 0.01. */
  stakeRule?: StakeRule
}

const STAKE_WORDS: Record<StakeProblem, (rule: StakeRule) => string> = {
  unreadable: () => 'amount must be a finite number greater than 0',
  negative: () => 'amount must be greater than 0 (a stake cannot be negative)',
  zero: () => 'amount must be greater than 0',
  too_large: () => 'amount is larger than any stake the console sends',
  too_precise: (r) => `amount has more than ${r.decimals} decimals (the account's minor unit)`,
  below_min: (r) => `amount is below the minimum stake ${r.minStake}`,
}

export type ValidationResult = { ok: true; pointers: ParsedPointer[] } | { ok: false; error: DeskError; issues: string[] }

export function validatePlacement(request: PlacementRequest, options: ValidateOptions = {}): ValidationResult {
  const issues: string[] = []
  const bets = Array.isArray(request?.bets) ? request.bets : []
  if (bets.length === 0) issues.push('at least one bet pointer is required')
  const pointers: ParsedPointer[] = []
  bets.forEach((raw, i) => {
    const p = parsePointer(raw)
    if (!p) issues.push(`bet ${i + 1}: pointer does not match line_type#game_id#group_id#type_id#param#coef[#player_id]`)
    else pointers.push(p)
  })
  const amount = request?.amount
  const rule = options.stakeRule ?? DEFAULT_STAKE_RULE
  const stakeProblem = typeof amount === 'number' ? stakeProblemOf(amount, rule) : 'unreadable'
  if (stakeProblem) issues.push(STAKE_WORDS[stakeProblem](rule))
  if (request?.mode !== undefined && request.mode !== 'accept' && request.mode !== 'reject') issues.push('mode must be accept or reject')
  if (request?.modeType !== undefined) {
    if (![1, 2, 3].includes(request.modeType)) issues.push('mode_type must be 1, 2 or 3')
    else if (request.mode !== 'accept') issues.push(`mode_type ${request.modeType} (${MODE_TYPE_NAMES[request.modeType]}) goes with mode accept`)
  }
  if (!request?.multi && pointers.length === bets.length) {
    if (bets.length > MAX_ACCUMULATOR_EVENTS) issues.push(`an accumulator holds at most ${MAX_ACCUMULATOR_EVENTS} events (got ${bets.length}); use multi for singles`)
    const seen = new Map<number, number>()
    for (const p of pointers) {
      const root = options.treeOf?.(p.gameId) ?? p.gameId
      const other = seen.get(root)
      if (other !== undefined) issues.push(`games ${other} and ${p.gameId} belong to one match tree and cannot share an accumulator`)
      else seen.set(root, p.gameId)
    }
  }
  if (issues.length === 0) return { ok: true, pointers }
  const error = new DeskError('coupon_invalid', `Placement not sent: ${issues[0]}${issues.length > 1 ? ` (+${issues.length - 1} more)` : ''}`, {
    retry: 'never',
    data: { errorCode: null, errorMessage: null, changes: [], issues },
  })
  return { ok: false, error, issues }
}

/** Wire body of a placement (new and legacy routes take the same fields). */
export function placeBody(request: PlacementRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    list_bets: request.bets,
    amount: request.amount,
    lang: request.lang ?? 'en',
    mode: request.mode ?? 'reject',
    multi: request.multi ?? false,
  }
  if (request.currency !== undefined) body.currency = request.currency
  if (request.callbackUrl !== undefined) body.callback_url = request.callbackUrl
  if (request.modeType !== undefined) body.mode_type = request.modeType
  return body
}

const sameAmount = (a: number, b: number) => Math.abs(a - b) < 1e-9

/** Key of a bet for matching: its pointer without odds when the model has it, else its game id. */
function betKeys(coupon: Coupon): { pointers: string[] | null; games: number[] } {
  const parsed = coupon.bets.map((b) => (b.pointer ? parsePointer(b.pointer) : null))
  const pointers = parsed.every((p) => p !== null) ? parsed.map((p) => canonicalPointer(p!)).sort() : null
  return { pointers, games: coupon.bets.map((b) => b.gameId).sort((a, b) => a - b) }
}

export function couponMatches(coupon: Coupon, wanted: ParsedPointer[]): boolean {
  if (coupon.bets.length !== wanted.length) return false
  const keys = betKeys(coupon)
  if (keys.pointers) {
    const want = wanted.map((p) => canonicalPointer(p)).sort()
    return want.every((w, i) => w === keys.pointers![i])
  }
  const games = wanted.map((p) => p.gameId).sort((a, b) => a - b)
  return games.every((g, i) => g === keys.games[i])
}

export interface MatchWindow {
  /** Creation window in SERVER time (client times shifted by the measured offset, plus margins). */
  from: number
  to: number
}

/**
 * Coupons that belong to the attempt: same amount, created in the window, bets equal to the
 * request's pointers (one coupon for an accumulator, one single per pointer with `multi`).
 * `exclude` holds codes already known to belong to other placements.
 */
export function matchAttempt(attempt: PlacementAttempt, candidates: Coupon[], window: MatchWindow, exclude: ReadonlySet<string> = new Set()): Coupon[] {
  const pointers = attempt.request.bets.map((b) => parsePointer(b)).filter((p): p is ParsedPointer => p !== null)
  const eligible = candidates.filter(
    (c) =>
      !exclude.has(c.code) &&
      sameAmount(c.amount, attempt.request.amount) &&
      (c.createdAt === null || (c.createdAt >= window.from && c.createdAt <= window.to)),
  )
  if (!attempt.request.multi) {
    const found = eligible.filter((c) => couponMatches(c, pointers))
    // The most recent one when several identical accumulators fall in the window.
    return found.sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0)).slice(0, 1)
  }
  const out: Coupon[] = []
  const used = new Set<string>()
  for (const p of pointers) {
    const hit = eligible
      .filter((c) => !used.has(c.code) && couponMatches(c, [p]))
      .sort((a, b) => (b.createdAt ?? 0) - (a.createdAt ?? 0))[0]
    if (hit) {
      used.add(hit.code)
      out.push(hit)
    }
  }
  return out
}
