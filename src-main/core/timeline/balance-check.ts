import { roundMoney } from './ledger.js'

/**
 * Does the client account's running balance in the history add up to the service's balance read?
 * (docs/spec-decisions.md, "Ledger of the client account"). Pure arithmetic over server times:
 *
 *   expected = anchor read + every movement the history holds that the service made after the anchor
 *              and not after the read (its server time: creation for a stake, `calculate_date` for a payout)
 *   difference = read − expected
 *
 * and the difference explained, each reason with its figure when known: in flight (a placement whose
 * outcome is unknown, a settlement the service made that the history has not taken in yet, a figure not
 * known yet), missed (a coupon the service shows that the history has no entry for), and what is left
 * unexplained.
 */

export interface MoneyMove {
  entryId: number
  couponCode: string | null
  /** What the entry did to the client account at the service; null = not known yet. */
  service: number | null
  /** Server time at which the service moved the money (Unix ms). */
  serviceAt: number
  /** When the history wrote it (this machine's clock): a movement known before a read was taken happened before it, whatever the clocks say. */
  writtenAt?: number
}

/** A coupon as a service read shows it (`active` or `calculated`). */
export interface ServiceCoupon {
  code: string
  amount: number | null
  realWin: number | null
  status: number
  createdAt: number | null
  calculateDate: number | null
}

export interface BalanceRead {
  balance: number
  /** Server time of the read (Unix ms). */
  serverAt: number
  /** This machine's clock when the read came back (compared with `writtenAt`). */
  at?: number
}

export type ReasonKind = 'unknown_placement' | 'settlement_not_seen' | 'figure_unknown' | 'missed_coupon' | 'missed_settlement'
export type ReasonGroup = 'in_flight' | 'missed'

export interface Reason {
  kind: ReasonKind
  group: ReasonGroup
  couponCode: string | null
  /** What this reason accounts for in the difference; null = not known (it may explain any part of it). */
  amount: number | null
}

export interface BalanceCheckInput {
  anchor: BalanceRead
  read: BalanceRead
  moves: readonly MoneyMove[]
  /** Placements whose outcome is unknown: their stake may have left the account. */
  unknownPlacements: ReadonlyArray<{ id: string; stake: number | null }>
  /** The service's lists as last read; null when not read since the difference appeared. */
  service: { active: readonly ServiceCoupon[]; calculated: readonly ServiceCoupon[] } | null
  /** What the history holds of a coupon: null = no entry at all; `settled` = a result taken in. */
  held(code: string): { settled: boolean; open: boolean } | null
  /** Codes the history holds as open (not settled, or returned for recalculation). */
  openCodes: readonly string[]
}

export interface BalanceCheck {
  anchor: BalanceRead
  read: BalanceRead
  expected: number
  difference: number
  /** Movements counted between the anchor and the read. */
  counted: number
  reasons: Reason[]
  /** The part of the difference the reasons with a figure account for. */
  explained: number
  /** difference − explained. */
  unexplained: number
  agrees: boolean
}

const CENT = 0.005
const within = (t: number | null, from: number, to: number) => t !== null && t > from && t <= to

export function checkBalance(input: BalanceCheckInput): BalanceCheck {
  const { anchor, read } = input
  let expected = anchor.balance
  let counted = 0
  const reasons: Reason[] = []
  const before = (move: MoneyMove, r: BalanceRead) => (move.writtenAt !== undefined && r.at !== undefined && move.writtenAt <= r.at) || move.serviceAt <= r.serverAt
  for (const move of input.moves) {
    if (before(move, anchor) || !before(move, read)) continue
    counted += 1
    if (move.service === null) reasons.push({ kind: 'figure_unknown', group: 'in_flight', couponCode: move.couponCode, amount: null })
    else expected = roundMoney(expected + move.service)
  }
  const difference = roundMoney(read.balance - expected)
  for (const p of input.unknownPlacements) reasons.push({ kind: 'unknown_placement', group: 'in_flight', couponCode: null, amount: p.stake === null ? null : -p.stake })
  if (input.service) {
    const seen = new Set<string>()
    const inWindow = (t: number | null) => within(t, anchor.serverAt, read.serverAt)
    for (const c of input.service.calculated) {
      seen.add(c.code)
      const held = input.held(c.code)
      const payout = inWindow(c.calculateDate) ? (c.realWin ?? null) : 0
      if (held === null) {
        const stake = inWindow(c.createdAt) ? (c.amount === null ? null : -c.amount) : 0
        reasons.push({ kind: 'missed_settlement', group: 'missed', couponCode: c.code, amount: stake === null || payout === null ? null : roundMoney(stake + payout) })
      } else if (!held.settled) {
        reasons.push({ kind: 'settlement_not_seen', group: 'in_flight', couponCode: c.code, amount: payout })
      }
    }
    for (const c of input.service.active) {
      seen.add(c.code)
      if (input.held(c.code) !== null) continue
      const stake = inWindow(c.createdAt) ? (c.amount === null ? null : -c.amount) : 0
      reasons.push({ kind: 'missed_coupon', group: 'missed', couponCode: c.code, amount: stake })
    }
    // Open here, in neither list: settled at the service beyond the window read (figure not known).
    for (const code of input.openCodes) {
      if (!seen.has(code)) reasons.push({ kind: 'settlement_not_seen', group: 'in_flight', couponCode: code, amount: null })
    }
  }
  // A placement of unknown outcome may or may not have taken its stake: named, never counted as explaining.
  const explained = roundMoney(reasons.reduce((sum, r) => sum + (r.kind === 'unknown_placement' ? 0 : (r.amount ?? 0)), 0))
  const agrees = Math.abs(difference) < CENT
  const unexplained = agrees ? 0 : roundMoney(difference - explained)
  return {
    anchor,
    read,
    expected,
    difference,
    counted,
    reasons: reasons.filter((r) => r.amount === null || Math.abs(r.amount) >= CENT),
    explained,
    unexplained: Math.abs(unexplained) < CENT ? 0 : unexplained,
    agrees,
  }
}
