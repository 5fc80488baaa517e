/**
 * The CLI's English names of the vendor's coupon and bet statuses (the console has its own in i18n).
 * The contract carries codes only; `desk --json` keeps printing `statusLabel` beside `status`, as it always did.
 */
import type { BetDto, CouponDto } from '../../../src-shared/contract.js'
import type { BetStatus, CouponStatus } from '../../../src-shared/vocabulary/statuses.js'

const COUPON_STATUS_NAMES: Readonly<Record<CouponStatus, string>> = {
  0: 'new',
  2: 'won',
  4: 'lost',
  8: 'returned',
  15: 'returned for recalculation',
}

const BET_STATUS_NAMES: Readonly<Record<BetStatus, string>> = {
  0: 'open',
  1: 'won',
  2: 'lost',
  3: 'returned',
  4: 'recalculation',
  21: 'half won',
  22: 'half lost',
  23: 'push',
}

const nameIn = (names: Readonly<Record<number, string>>, status: number): string | null => (Object.prototype.hasOwnProperty.call(names, status) ? names[status]! : null)

/** The vendor's name, or `status N` for a value it never named. */
export function couponStatusLabel(status: number): string {
  return nameIn(COUPON_STATUS_NAMES, status) ?? `status ${status}`
}

/** The vendor's name of a bet status; null for a value it never named. */
export function betStatusName(status: number): string | null {
  return nameIn(BET_STATUS_NAMES, status)
}

export type CliBet = BetDto & { statusLabel: string | null }
export type CliCoupon = Omit<CouponDto, 'bets'> & { statusLabel: string; bets: CliBet[] }

/** `statusLabel` goes right after `status`, where the JSON output always had it. */
function withLabelAfterStatus<T extends { status: number }, L>(dto: T, label: L): T & { statusLabel: L } {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(dto)) {
    out[key] = value
    if (key === 'status') out.statusLabel = label
  }
  return out as T & { statusLabel: L }
}

/** A coupon as `desk` prints it: the DTO plus the English status names of the coupon and its bets. */
export function cliCoupon(dto: CouponDto): CliCoupon {
  const bets = dto.bets.map((b) => withLabelAfterStatus(b, betStatusName(b.status)))
  return { ...withLabelAfterStatus(dto, couponStatusLabel(dto.status)), bets }
}

const isCouponDto = (v: unknown): v is CouponDto =>
  typeof v === 'object' && v !== null && typeof (v as CouponDto).couponCode === 'string' && typeof (v as CouponDto).status === 'number' && Array.isArray((v as CouponDto).bets)

/** Every CouponDto inside a JSON document (lists, placement and resolution documents) gets its status names. */
export function labelCoupons<T>(value: T): unknown {
  if (isCouponDto(value)) return cliCoupon(value)
  if (Array.isArray(value)) return value.map((v) => labelCoupons(v))
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, labelCoupons(v)]))
  return value
}
