import type { DeskHandlers, PinDto, WatchlistDto } from '../../../src-shared/contract.js'
import { MAX_PINS } from '../../../src-shared/vocabulary/limits.js'
import type { CoreContext } from './context.js'

/** watchlist.*: the active profile's pinned matches (stored with the profiles; see profiles/watchlist.ts). */
export function watchlistHandlers(ctx: CoreContext): Pick<DeskHandlers, 'watchlist'> {
  const { profiles } = ctx.options
  const dto = (pins: PinDto[]): WatchlistDto => ({ pins, max: MAX_PINS })
  return {
    watchlist: {
      list: async () => dto(profiles.watchlists.list(profiles.activeId())),
      pin: async (input) => dto(profiles.watchlists.pin(profiles.activeId(), input)),
      unpin: async (ref) => dto(profiles.watchlists.unpin(profiles.activeId(), ref)),
    },
  }
}
