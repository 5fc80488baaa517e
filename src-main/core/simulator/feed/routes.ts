import type { SimHandler, SimReply, SimRequest } from '../http.js'
import type { LineType } from '../world/types.js'
import { COUNTRIES, COUNTRY_BY_ID, SPORT_BY_ID, SPORTS, TOURNAMENT_BY_ID } from '../world/catalog.js'
import type { FeedWorld } from '../world/model.js'
import { authenticate, checkLang, feedError, type FeedSubscription } from './auth.js'
import { renderCard, renderMatch, renderPlan, renderSearchHit, renderSubGames, txt } from './render.js'
import { searchMatches, selectChampionships, selectEvents, selectTopList, selectTopMatches } from './select.js'

/** The 10 read-only feed methods under /feed/v1/... (see docs/spec-decisions.md for "not shown" choices). */

const ROUTES: Record<string, string[]> = {
  menu: ['type', 'lang'],
  sports: ['type', 'lang'],
  countries: ['sportId', 'type', 'lang'],
  tournaments: ['sportId', 'countryId', 'type', 'lang'],
  topmatches: ['type', 'lang'],
  toplist: ['sportId', 'lang'],
  topchampionships: ['type', 'lang'],
  search: ['type', 'lang', 'text'],
  events: ['sportId', 'tournamentId', 'format', 'count', 'type', 'lang'],
  event: ['gameId', 'format', 'type', 'lang'],
}

class BadRequest extends Error {}

const ok = (page: string, body: unknown): SimReply => ({ status: 200, body: { status: 1, page, body } })

function bool(req: SimRequest, name: string, fallback: boolean): boolean {
  const value = req.query.get(name)
  if (value === null || value === '') return fallback
  if (value === 'true' || value === '1') return true
  if (value === 'false' || value === '0') return false
  throw new BadRequest(`query '${name}' must be true or false`)
}

function id(params: Record<string, string>, name: string): number {
  const value = params[name]
  if (!/^\d{1,12}$/.test(value)) throw new BadRequest(`'${name}' must be a non-negative integer`)
  return Number(value)
}

function lineType(params: Record<string, string>): LineType {
  const value = params.type
  if (value !== 'live' && value !== 'line') throw new BadRequest(`type must be 'live' or 'line'`)
  return value
}

export function createFeedHandler(deps: { world: FeedWorld }): SimHandler {
  const { world } = deps

  function sportsOf(sub: FeedSubscription, lt: LineType, cybersport: boolean | null) {
    const counts = world.counters(lt)
    return SPORTS.filter((s) => sub.sports.has(s.id) && counts.has(s.id) && (cybersport === null || s.cybersport === cybersport)).map((s) => ({ sport: s, count: counts.get(s.id)! }))
  }

  function countryList(sportCount: ReturnType<typeof world.counters> extends Map<number, infer V> ? V : never) {
    return COUNTRIES.filter((c) => sportCount.countries.has(c.id)).map((c) => {
      const tournaments = [...sportCount.countries.get(c.id)!].sort(
        (a, b) => (TOURNAMENT_BY_ID.get(b[0])?.popularity ?? 0) - (TOURNAMENT_BY_ID.get(a[0])?.popularity ?? 0) || a[0] - b[0],
      )
      return { country: c, tournaments, counter: tournaments.reduce((sum, [, n]) => sum + n, 0) }
    })
  }

  const tournamentObj = (tid: number, counter: number, sportId: number, countryId: number, lang: string) => ({
    id: tid, name: txt(TOURNAMENT_BY_ID.get(tid)?.name, lang), counter, sport_id: sportId, countryId,
  })

  function route(name: string, p: Record<string, string>, req: SimRequest, sub: FeedSubscription, page: string): SimReply {
    const lang = p.lang
    const now = world.clock.now()
    switch (name) {
      case 'menu':
      case 'sports': {
        const lt = lineType(p)
        const cyber = bool(req, 'cybersport', false)
        const body = sportsOf(sub, lt, cyber).map(({ sport, count }) => {
          const base = { id: sport.id, name: txt(sport.name, lang), counter: count.total }
          if (name === 'sports') return base
          const countries = countryList(count).map(({ country, tournaments, counter }) => ({
            id: country.id, name: txt(country.name, lang), counter, sport_id: sport.id,
            sub: tournaments.map(([tid, n]) => tournamentObj(tid, n, sport.id, country.id, lang)),
          }))
          return { ...base, sub: countries }
        })
        return ok(page, body)
      }
      case 'countries': {
        const sportId = id(p, 'sportId')
        const lt = lineType(p)
        const count = sub.sports.has(sportId) ? world.counters(lt).get(sportId) : undefined
        if (!count) return ok(page, [])
        return ok(page, countryList(count).map(({ country, counter }) => ({ id: country.id, name: txt(country.name, lang), sport_id: sportId, counter })))
      }
      case 'tournaments': {
        const sportId = id(p, 'sportId')
        const countryId = id(p, 'countryId')
        const lt = lineType(p)
        const cyber = bool(req, 'cybersport', false)
        const sport = SPORT_BY_ID.get(sportId)
        const count = sport && sub.sports.has(sportId) && sport.cybersport === cyber ? world.counters(lt).get(sportId) : undefined
        const country = count ? countryList(count).find((c) => c.country.id === countryId) : undefined
        if (!country) return ok(page, [])
        return ok(page, country.tournaments.map(([tid, n]) => tournamentObj(tid, n, sportId, countryId, lang)))
      }
      case 'topmatches':
      case 'toplist': {
        const full = bool(req, 'full', false)
        const odds = bool(req, 'odds', true)
        let matches
        if (name === 'topmatches') matches = selectTopMatches(world, lineType(p), sub.sports, now)
        else {
          const sportId = id(p, 'sportId')
          matches = sub.sports.has(sportId) ? selectTopList(world, sportId, now) : []
        }
        const body = matches.map((m) => {
          if (!full) return renderCard(m, lang, now)
          const obj = renderMatch(m, lang, now, { odds, markets: 'short' })
          if (name === 'toplist') obj.stat_list = []
          return obj
        })
        return ok(page, body)
      }
      case 'topchampionships': {
        const type = p.type
        if (type !== 'live' && type !== 'line') return ok(page, [])
        const body = selectChampionships(world, type, sub.sports).map((c, i) => {
          const tour = TOURNAMENT_BY_ID.get(c.tournamentId)!
          return {
            position: i + 1, tournament_id: tour.id, tournament_name: txt(tour.name, lang), sport_id: tour.sportId,
            sport_name: txt(SPORT_BY_ID.get(tour.sportId)?.name, lang), country_id: tour.countryId,
            country_name: txt(COUNTRY_BY_ID.get(tour.countryId)?.name, lang), counter: c.counter,
          }
        })
        return ok(page, body)
      }
      case 'search': {
        const lt = lineType(p)
        return ok(page, searchMatches(world, lt, sub.sports, lang, p.text).map((m) => renderSearchHit(m, lang, now)))
      }
      case 'events': {
        const sportId = id(p, 'sportId')
        const tournamentId = id(p, 'tournamentId')
        if (p.format !== 'sub') throw new BadRequest(`format must be 'sub'`)
        if (p.count !== '50') throw new BadRequest('count must be 50')
        const lt = lineType(p)
        const cybersport = bool(req, 'cybersport', false)
        const odds = bool(req, 'odds', true)
        const sport = SPORT_BY_ID.get(sportId)
        if (!sport || !sub.sports.has(sportId) || sport.cybersport !== cybersport) return ok(page, [])
        const groups = selectEvents(world, { lineType: lt, sportId, tournamentId, cybersport, matchAll: lt === 'line' && req.query.get('match') === 'all', now })
        return ok(page, groups.map((g) => ({
          tournament_id: g.tournamentId,
          tournament_name: txt(TOURNAMENT_BY_ID.get(g.tournamentId)?.name, lang),
          events_list: g.matches.map((m) => renderMatch(m, lang, now, { odds, markets: 'short' })),
        })))
      }
      case 'event': {
        const gameId = id(p, 'gameId')
        if (p.format !== 'group') throw new BadRequest(`format must be 'group'`)
        const lt = lineType(p)
        const odds = bool(req, 'odds', true)
        const m = world.getWorldMatch(gameId, lt)
        if (!m || !sub.sports.has(m.sportId)) return ok(page, { message: 'The match is not available' })
        const obj = renderMatch(m, lang, now, { odds, markets: 'columns' })
        const subs = m.subGameIds.map((sid) => world.getWorldMatch(sid, lt)).filter((x) => x !== undefined)
        obj.sub_games = renderSubGames(subs, lang)
        obj.event_plan = renderPlan(m, lang)
        return ok(page, obj)
      }
    }
    return feedError(404, page, 'not_found', 'Unknown feed method')
  }

  return (req) => {
    const segments = req.path.split('/').filter((s, i) => i > 0 || s !== '')
    if (segments[0] !== 'v1') return feedError(404, req.path, 'not_found', 'Unknown feed path (expected /v1/...)')
    const name = segments[1] ?? ''
    const page = name === 'topmatches' ? '/v1/topmathes' : `/v1/${name}`
    const spec = Object.hasOwn(ROUTES, name) ? ROUTES[name] : undefined
    const auth = authenticate(req, page)
    if ('status' in auth) return auth
    if (!spec || segments.length !== spec.length + 2) return feedError(404, page, 'not_found', 'Unknown feed method or wrong number of path segments')
    if (req.method !== 'GET') return feedError(405, page, 'method_not_allowed', 'Feed methods are GET only')
    const params: Record<string, string> = {}
    try {
      spec.forEach((key, i) => (params[key] = decodeURIComponent(segments[i + 2])))
    } catch {
      return feedError(400, page, 'bad_request', 'Malformed URL encoding in the path')
    }
    const langError = checkLang(auth, params.lang, page)
    if (langError) return langError
    try {
      return route(name, params, req, auth, page)
    } catch (error) {
      if (error instanceof BadRequest) return feedError(400, page, 'bad_request', error.message)
      throw error
    }
  }
}
