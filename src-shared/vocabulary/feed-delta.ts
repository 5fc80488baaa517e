/**
 * The compact parts of a feed refresh's delta, and the live clock a match carries, as schemas (the
 * types come from them) plus the two rules main and the window must apply alike: how a running clock
 * reads at an instant, and how a price turns into its coupon pointer.
 */
import { z } from 'zod'

/**
 * A live match's clock: `timerSec` of the match was read at `at` (ms, main's clock, the same machine's
 * as the window's); while `running` it counts on from there. Main pushes it again only when the feed's
 * timer jumps away from what counting gives (a period, a stop or start, a correction).
 */
export const matchClockSchema = z.object({ at: z.number().finite(), running: z.boolean() }).strict()
export type MatchClockDto = z.infer<typeof matchClockSchema>

/** Furthest a clock counts past the instant it was read; main re-reads a running clock well before (MATCH_CLOCK_REBASE_MS). */
export const MATCH_CLOCK_MAX_COUNT_MS = 5 * 60_000
/** A running clock older than this is pushed again with its latest reading, so a window never reaches the cap while the feed answers. */
export const MATCH_CLOCK_REBASE_MS = 2 * 60_000

/** The seconds a clock shows at `now` (ms): its reading plus the whole seconds since, while it runs. */
export function clockSeconds(timerSec: number, clock: MatchClockDto | undefined, now: number): number {
  if (!clock || !clock.running || timerSec <= 0) return timerSec
  const elapsed = Math.min(Math.max(0, now - clock.at), MATCH_CLOCK_MAX_COUNT_MS)
  return timerSec + Math.floor(elapsed / 1000)
}

const index = z.number().int().nonnegative()
/**
 * A price that moved, alone: [market position in the match's markets after the patch, column, row,
 * new price]. The outcome's pointer follows from the price (`pointerWithRate`); any other change of
 * the outcome goes as an object (`OutcomePatchDto`).
 */
export const priceChangeSchema = z.tuple([index, index, index, z.number().finite()])
export type PriceChangeDto = z.infer<typeof priceChangeSchema>
/** A statistic whose values moved, by position in `detail.stats` (same ids and names as held): [position, opp1, opp2]. */
export const statChangeSchema = z.tuple([index, z.string(), z.string()])
export type StatChangeDto = z.infer<typeof statChangeSchema>

/** The coupon pointer's coefficient field, as the desk writes it everywhere (main's pointers, the window's moved prices and its slip): at most 6 decimals, never an exponent. */
export function pointerCoef(rate: number): string {
  // A price's own text when it already has at most 6 decimals and no exponent (1.85, 12.5): what the
  // rounding below gives for it, without writing and reading it back.
  const text = String(rate)
  const dot = text.indexOf('.')
  if ((dot < 0 ? text.length <= 15 : text.length - dot <= 7) && text.indexOf('e') < 0) return text
  return String(Number(rate.toFixed(6)))
}

/**
 * `pointer` (`line_type#game_id#group_id#type_id#param#coef[#player_id]`) with its coefficient set to
 * `rate`; null when it has no such field. Main sends a pointer beside a price only when this does not
 * give it exactly.
 */
export function pointerWithRate(pointer: string, rate: number): string | null {
  // The sixth field found by position, not split and joined: a busy refresh does this for thousands.
  let at = -1
  for (let n = 0; n < 5; n++) {
    at = pointer.indexOf('#', at + 1)
    if (at < 0) return null
  }
  const end = pointer.indexOf('#', at + 1)
  if (end >= 0 && pointer.indexOf('#', end + 1) >= 0) return null
  return pointer.slice(0, at + 1) + pointerCoef(rate) + (end < 0 ? '' : pointer.slice(end))
}
