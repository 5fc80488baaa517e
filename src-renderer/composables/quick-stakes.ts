/** A profile's quick stakes as the operator types them in Settings: "10 50 100,5" (space or ; between, a decimal comma is fine). */
import { MAX_QUICK_STAKES } from '../../src-shared/vocabulary/limits.js'
import { isWholeCents, parseStake } from '../stores/betslip.js'

/** The stakes in the order typed, or null when one is unreadable, not whole cents, repeated, or there are too many. */
export function readQuickStakes(text: string): number[] | null {
  const parts = text.split(/[\s;]+/).filter(Boolean)
  if (parts.length > MAX_QUICK_STAKES) return null
  const stakes: number[] = []
  for (const part of parts) {
    const n = parseStake(part)
    if (n === null || !isWholeCents(n) || n > 1e9 || stakes.includes(n)) return null
    stakes.push(n)
  }
  return stakes
}
