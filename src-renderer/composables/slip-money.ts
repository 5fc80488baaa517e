/** The slip's money: what it would pay, an accumulator's odds, and how a typed stake is read. */
import { inMinorUnits } from '../../src-shared/vocabulary/stake.js'

/** `x` rounded half up to `digits` decimals; a product's binary tail (59.114999…) is read as the decimal it stands for. */
function roundTo(x: number, digits: number): number {
  const scaled = Number((x * 10 ** digits).toFixed(6))
  return Math.round(scaled) / 10 ** digits
}

/**
 * What the slip would pay if every coupon won, before the service answers, as the service counts
 * it: each single's stake times its odds; an accumulator's stake times its odds, the product of the
 * legs' odds to 3 decimals (a coupon's `coef`); each coupon in whole cents. The placed coupon's
 * `potential_win` is what counts.
 */
export function potentialWinOf(selections: ReadonlyArray<{ rate: number }>, amount: number | null, singles: boolean): number {
  if (amount === null || !(amount > 0) || selections.length === 0) return 0
  if (!singles) return roundTo(amount * accumulatorOdds(selections), 2)
  return roundTo(selections.reduce((sum, s) => sum + roundTo(amount * s.rate, 2), 0), 2)
}

/** An accumulator's odds: the product of its legs' odds, to 3 decimals. */
export function accumulatorOdds(selections: ReadonlyArray<{ rate: number }>): number {
  return roundTo(selections.reduce((acc, s) => acc * s.rate, 1), 3)
}

/** A positive whole number of cents (0.001 is not a stake). */
export function isWholeCents(amount: number): boolean {
  return amount >= 0.01 && inMinorUnits(amount, 2)
}

/** The figure a stake field holds: digits with a decimal point or comma; anything else (a sign, letters) is no figure. */
export function parseStake(text: string): number | null {
  const t = text.trim().replace(/[\s\u00a0\u202f]/g, '')
  if (!/^(\d+([.,]\d*)?|[.,]\d+)$/.test(t)) return null
  return Number(t.replace(',', '.'))
}
