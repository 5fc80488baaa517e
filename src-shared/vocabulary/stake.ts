/**
 * One stake rule for the console, the desk core and the command line: money in the account's minor
 * unit (two decimals unless the profile says otherwise), at least the profile's minimum, a decimal
 * comma read as a point. The service would take 0.001 and pay 0.01 on it; we never send it.
 */

export interface StakeRule {
  /** Decimals of the account's minor unit (2: cents). */
  decimals: number
  /** Smallest stake of one coupon. */
  minStake: number
}

export const DEFAULT_STAKE_RULE: StakeRule = { decimals: 2, minStake: 0.01 }
export const MAX_STAKE_DECIMALS = 4
/** Larger than any balance a partner account holds; beyond it a typed figure is a slip of the keyboard. */
export const MAX_STAKE = 1e9

export type StakeProblem = 'unreadable' | 'negative' | 'zero' | 'too_precise' | 'below_min' | 'too_large'

/** The profile's rule, filling what it does not say with the defaults. */
export function stakeRuleOf(profile: { stakeDecimals?: number; minStake?: number } | null | undefined): StakeRule {
  const decimals = profile?.stakeDecimals ?? DEFAULT_STAKE_RULE.decimals
  return { decimals, minStake: profile?.minStake ?? 10 ** -decimals }
}

/** True when `amount` is a whole number of minor units (`decimals` places). */
export function inMinorUnits(amount: number, decimals: number): boolean {
  const scaled = amount * 10 ** decimals
  return Math.abs(scaled - Math.round(scaled)) < 1e-6
}

/** Why an amount cannot be a stake under `rule`, or null. */
export function stakeProblemOf(amount: number, rule: StakeRule = DEFAULT_STAKE_RULE): StakeProblem | null {
  if (!Number.isFinite(amount)) return 'unreadable'
  if (amount < 0) return 'negative'
  if (amount === 0) return 'zero'
  if (amount > MAX_STAKE) return 'too_large'
  if (!inMinorUnits(amount, rule.decimals)) return 'too_precise'
  if (amount < rule.minStake - 1e-9) return 'below_min'
  return null
}

export type StakeReading = { ok: true; amount: number } | { ok: false; problem: StakeProblem }

/**
 * A stake as typed: digits with one decimal point or comma, spaces as thousands separators.
 * A minus sign (hyphen or the typographic one) is read as a negative stake, so the operator is told
 * so instead of seeing the figure rewritten.
 */
export function readStake(text: string, rule: StakeRule = DEFAULT_STAKE_RULE): StakeReading {
  const t = text.trim().replace(/[\s\u00a0\u202f]/g, '')
  const negative = /^[-\u2212]/.test(t)
  const digits = negative ? t.slice(1) : t
  if (!/^(\d+([.,]\d*)?|[.,]\d+)$/.test(digits)) return { ok: false, problem: 'unreadable' }
  const amount = Number(digits.replace(',', '.'))
  if (negative && amount > 0) return { ok: false, problem: 'negative' }
  const problem = stakeProblemOf(amount, rule)
  return problem ? { ok: false, problem } : { ok: true, amount }
}
