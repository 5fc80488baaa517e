import type { DeskHandlers } from '../../../src-shared/contract.js'
import { findLiveSuccessor, type CalendarPeriod, type Championship, type EventResult, type EventsTournament, type FeedClient, type FeedList, type MatchSummary, type Sport } from '../feed/index.js'
import type { CoreContext } from './context.js'
import { accountToDto, championshipsToDto, eventResultToDto, eventsToDto, matchToDto, sportsToNodes } from './map-feed.js'

type SuccessorClient = Pick<FeedClient, 'events'>

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
      async topChampionships({ lineType }) {
        const env = await ctx.env()
        const list = (await env.watches.run({ method: 'topchampionships', type: lineType, lang: env.lang })) as FeedList<Championship>
        return championshipsToDto(list.items, env.watches.tools)
      },
      async toplist({ sportId }) {
        const env = await ctx.env()
        const list = (await env.watches.run({ method: 'toplist', sportId, lang: env.lang, full: true, odds: true })) as FeedList<MatchSummary>
        return list.items.map((m) => matchToDto(m, env.watches.tools))
      },
      async search({ lineType, text }) {
        const env = await ctx.env()
        if (text.trim() === '') return []
        const list = (await env.watches.run({ method: 'search', type: lineType, lang: env.lang, text })) as FeedList<MatchSummary>
        return list.items.map((m) => matchToDto(m, env.watches.tools))
      },
      async calendar({ sportId, tournamentId, period }) {
        const env = await ctx.env()
        const spec = { method: 'calendar' as const, sportId, tournamentId, period: period as CalendarPeriod, lang: env.lang, odds: true }
        const list = (await env.watches.run(spec)) as FeedList<EventsTournament>
        return eventsToDto(list.items, env.watches.tools)
      },
      async liveSuccessor({ gameId }) {
        const env = await ctx.env()
        const source = env.watches.recentLineMatch(gameId)
        if (!source) return { gameId: null }
        // Live lists go through the scheduler too: the search honours the `events` live interval.
        const events: SuccessorClient['events'] = async (sportId, tournamentId, type, lang, options) =>
          (await env.watches.run({ method: 'events', sportId, tournamentId, type, lang, odds: options?.odds })) as FeedList<EventsTournament>
        return { gameId: await findLiveSuccessor({ events }, source, env.lang) }
      },
      async account() {
        const env = await ctx.env()
        const account = await ctx.connection.track('feed', () => env.feed.account())
        const current = account.keys.find((k) => k.current)
        if (current?.expiresAtMs != null && env.feedKey.status().expiresAt === null) env.feedKey.observe(current.expiresAtMs)
        return accountToDto(account)
      },
      async keyStatus() {
        return (await ctx.env()).feedKey.status()
      },
    },
  }
}
