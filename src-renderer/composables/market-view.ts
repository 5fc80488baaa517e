/**
 * Which markets of a match are shown, in what order: the service's order, with the favourite market
 * types (by `group_id`) pinned above the rest, narrowed by a typed filter. The filter matches a
 * market's name (the whole market is kept) or its outcomes' names (only those outcomes are kept).
 */
import type { MarketDto, OutcomeDto } from '../../src-shared/contract.js'

/** Markets open when a match is shown (the rest show their header until opened). */
export const OPEN_FIRST = 12
/** Markets drawn at a time ("show more" draws the next page). */
export const MARKET_PAGE = 60

export interface MarketView {
  market: MarketDto
  /** The columns to draw: the market's own, or only the outcomes the filter matched (empty columns dropped). */
  columns: OutcomeDto[][]
  favourite: boolean
  /** Position in the service's list (the open-by-default rule counts from the top of the view, not this). */
  position: number
}

/** Case- and accent-insensitive text for matching (`Ö` finds `o`). */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase()
}

function narrowed(market: MarketDto, needle: string): OutcomeDto[][] | null {
  if (needle === '' || foldText(market.name).includes(needle)) return market.columns
  const columns = market.columns.map((col) => col.filter((o) => foldText(o.name).includes(needle))).filter((col) => col.length > 0)
  return columns.length > 0 ? columns : null
}

export function marketsInView(markets: readonly MarketDto[], query: string, favourites: ReadonlySet<number>): MarketView[] {
  const needle = foldText(query.trim())
  const pinned: MarketView[] = []
  const rest: MarketView[] = []
  markets.forEach((market, position) => {
    const columns = narrowed(market, needle)
    if (columns === null) return
    const favourite = favourites.has(market.groupId)
    ;(favourite ? pinned : rest).push({ market, columns, favourite, position })
  })
  return [...pinned, ...rest]
}
