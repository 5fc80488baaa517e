import type { DeskHandlers } from '../../../src-preload/contract.js'
import type { EventResult, EventsTournament, FeedList, MatchSummary, Sport } from '../feed/types.js'
import type { CoreContext } from './context.js'
import { eventResultToDto, eventsToDto, matchToDto, sportsToNodes } from './map-feed.js'

/**
 * feed.*: every read goes through the profile's feed scheduler, so a screen asking again within a
 * method's minimum interval gets the cached answer instead of a new request (spec "Limits").
 */
export function feedHandlers(ctx: CoreContext): Pick<DeskHandlers, 'feed'> {
  return {
    feed: {
      async menu({ lineType, cybersport }) {
        const env = await ctx.env()
        const list = (await env.watches.run({ method: 'menu', type: lineType, lang: env.lang, cybersport })) as FeedList<Sport>
        return sportsToNodes(list.items, env.watches.tools)
      },
      async events({ lineType, sportId, tournamentId, all, odds }) {
        const env = await ctx.env()
        const spec = { method: 'events' as const, sportId, tournamentId, type: lineType, lang: env.lang, match: all ? ('all' as const) : undefined, odds }
        const list = (await env.watches.run(spec)) as FeedList<EventsTournament>
        return eventsToDto(list.items, env.watches.tools)
      },
      async event({ lineType, gameId }) {
        const env = await ctx.env()
        const result = (await env.watches.run({ method: 'event', gameId, type: lineType, lang: env.lang })) as EventResult
        return eventResultToDto(result, env.watches.tools)
      },
      async topMatches({ lineType }) {
        const env = await ctx.env()
        const list = (await env.watches.run({ method: 'topmatches', type: lineType, lang: env.lang, full: true, odds: true })) as FeedList<MatchSummary>
        return list.items.map((m) => matchToDto(m, env.watches.tools))
      },
      async search({ lineType, text }) {
        const env = await ctx.env()
        if (text.trim() === '') return []
        const list = (await env.watches.run({ method: 'search', type: lineType, lang: env.lang, text })) as FeedList<MatchSummary>
        return list.items.map((m) => matchToDto(m, env.watches.tools))
      },
      async watch(input) {
        return (await ctx.env()).watches.watch(input)
      },
      async unwatch({ watchId }) {
        return { removed: (await ctx.env()).watches.unwatch(watchId) }
      },
    },
  }
}
