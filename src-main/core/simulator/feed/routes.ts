import type { SimHandler, SimReply, SimRequest } from '../http.js'
import type { LineType } from '../world/types.js'
import { COUNTRIES, COUNTRY_BY_ID, SPORT_BY_ID, SPORTS, TOURNAMENT_BY_ID } from '../world/catalog.js'
import type { FeedWorld, SportCount } from '../world/model.js'
import { authenticate, checkLang, clientIp, feedError, MSG, type FeedErrorOptions, type FeedSubscription } from './auth.js'
import { accountBody, type FeedKeyConfig, type Usage } from './keys.js'
import { renderCard, renderMatch, renderPlan, renderSearchHit, renderSubGames, txt, type ListStyle } from './render.js'
import { CALENDAR_HOURS, searchMatches, selectCalendar, selectChampionships, selectEvents, selectTopList, selectTopMatches } from './select.js'

/** The feed methods under /feed/v1/... (see docs/spec-decisions.md for the choices production leaves open). */

const ROUTES: Record<string, string[]> = {
  account: [],
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
/** Match calendar: `events/{sportId}/{tournamentId}/sub/50/line/{hours}/{days}/{lang}`. */
const CALENDAR = ['sportId', 'tournamentId', 'format', 'count', 'type', 'hours', 'days', 'lang']

class BadRequest extends Error {}
class Denied extends Error {}

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

const lineTypeOf = (params: Record<string, string>): LineType => params.type as LineType
const LIST: ListStyle = { order: 'type', listNames: false }

export interface FeedDeps {
  world: FeedWorld
  keys: Record<string, FeedKeyConfig>
  usage: Usage
  errors: FeedErrorOptions
}

export function createFeedHandler(deps: FeedDeps): SimHandler {
  const { world, errors } = deps
  const fail = (kind: Parameters<typeof feedError>[1], code: number, message: string) => feedError(errors, kind, code, message)

  /** A sport the key does not open: production answers "Access denied". */
  function requireSport(sub: FeedSubscription, sportId: number) {
    if (!sub.sports.has(sportId)) throw new Denied()
  }

  function countryList(sportCount: SportCount) {
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

  const eventsBody = (groups: ReturnType<typeof selectEvents>, lang: string, now: number, odds: boolean, style: ListStyle) =>
    groups.map((g) => ({
      tournament_id: g.tournamentId,
      tournament_name: txt(TOURNAMENT_BY_ID.get(g.tournamentId)?.name, lang),
      events_list: g.matches.map((m) => renderMatch(m, lang, now, { odds, markets: style, deskLabel: true })),
    }))

  function route(name: string, p: Record<string, string>, req: SimRequest, sub: FeedSubscription, page: string, calendar: boolean): SimReply {
    const lang = p.lang
    const now = world.clock.now()
    switch (name) {
      case 'account':
        return ok(page, accountBody(deps.keys, sub.name, clientIp(req), deps.usage, now))
      case 'menu':
      case 'sports': {
        const counts = world.counters(lineTypeOf(p))
        const cyber = bool(req, 'cybersport', false)
        const body = SPORTS.filter((s) => sub.sports.has(s.id) && counts.has(s.id) && s.cybersport === cyber).map((sport) => {
          const count = counts.get(sport.id)!
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
        requireSport(sub, sportId)
        const count = world.counters(lineTypeOf(p)).get(sportId)
        if (!count) return ok(page, [])
        return ok(page, countryList(count).map(({ country, counter }) => ({ id: country.id, name: txt(country.name, lang), sport_id: sportId, counter })))
      }
      case 'tournaments': {
        const sportId = id(p, 'sportId')
        const countryId = id(p, 'countryId')
        requireSport(sub, sportId)
        const cyber = bool(req, 'cybersport', false)
        const sport = SPORT_BY_ID.get(sportId)
        const count = sport && sport.cybersport === cyber ? world.counters(lineTypeOf(p)).get(sportId) : undefined
        const country = count ? countryList(count).find((c) => c.country.id === countryId) : undefined
        if (!country) return ok(page, [])
        return ok(page, country.tournaments.map(([tid, n]) => tournamentObj(tid, n, sportId, countryId, lang)))
      }
      case 'topmatches':
      case 'toplist': {
        const full = bool(req, 'full', false)
        const odds = bool(req, 'odds', true)
        let matches
        if (name === 'topmatches') matches = selectTopMatches(world, lineTypeOf(p), sub.sports, now)
        else {
          const sportId = id(p, 'sportId')
          requireSport(sub, sportId)
          matches = selectTopList(world, sportId, now)
        }
        return ok(page, matches.map((m) => (full ? renderMatch(m, lang, now, { odds, markets: LIST }) : renderCard(m, lang, now))))
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
      case 'search':
        return ok(page, searchMatches(world, lineTypeOf(p), sub.sports, lang, p.text).map((m) => renderSearchHit(m, lang, now)))
      case 'events': {
        const sportId = id(p, 'sportId')
        const tournamentId = id(p, 'tournamentId')
        if (p.format !== 'sub') throw new BadRequest(`format must be 'sub'`)
        if (p.count !== '50') throw new BadRequest('count must be 50')
        requireSport(sub, sportId)
        const odds = bool(req, 'odds', true)
        const sport = SPORT_BY_ID.get(sportId)
        const lt = lineTypeOf(p)
        // Prematch `events` spell names their own way (`1x2`, `1 (-1.5)`); every list comes sorted by price.
        const style: ListStyle = { order: 'price', listNames: lt === 'line' }
        if (calendar) {
          const hours = id(p, 'hours')
          const days = id(p, 'days')
          if (!CALENDAR_HOURS.has(hours)) throw new BadRequest('hours must be 0, 2, 4, 6 or 12')
          if (!sport || sport.cybersport) return ok(page, [])
          return ok(page, eventsBody(selectCalendar(world, { sportId, tournamentId, hours, days, now }), lang, now, odds, style))
        }
        const cybersport = bool(req, 'cybersport', false)
        if (!sport || sport.cybersport !== cybersport) return ok(page, [])
        const groups = selectEvents(world, { lineType: lt, sportId, tournamentId, cybersport, matchAll: lt === 'line' && req.query.get('match') === 'all', now })
        return ok(page, eventsBody(groups, lang, now, odds, style))
      }
      case 'event': {
        const gameId = id(p, 'gameId')
        if (p.format !== 'group') throw new BadRequest(`format must be 'group'`)
        const lt = lineTypeOf(p)
        const odds = bool(req, 'odds', true)
        const m = world.getWorldMatch(gameId, lt)
        if (!m) return ok(page, { message: world.wasServed(gameId, lt) ? 'Game id finished' : 'Game not found' })
        requireSport(sub, m.sportId)
        const obj = renderMatch(m, lang, now, { odds, markets: 'columns' })
        const subs = m.subGameIds.map((sid) => world.getWorldMatch(sid, lt)).filter((x) => x !== undefined)
        obj.sub_games = renderSubGames(subs, lang)
        obj.event_plan = renderPlan(m, lang)
        return ok(page, obj)
      }
    }
    return fail('route', 404, 'Unknown method')
  }

  return (req) => {
    const segments = req.path.split('/').filter((s, i) => i > 0 || s !== '')
    const now = world.clock.now()
    const auth = authenticate(req, deps.keys, now, errors)
    if ('status' in auth) return auth
    deps.usage.count(auth.name, now)
    if (segments[0] !== 'v1') return fail('route', 404, 'Unknown path (expected /v1/...)')
    const name = segments[1] ?? ''
    const page = name === 'topmatches' ? '/v1/topmathes' : `/v1/${name}`
    const calendar = name === 'events' && segments.length === CALENDAR.length + 2
    const spec = calendar ? CALENDAR : Object.hasOwn(ROUTES, name) ? ROUTES[name] : undefined
    if (!spec || segments.length !== spec.length + 2) return fail('route', 404, 'Unknown method or wrong number of path segments')
    if (req.method !== 'GET') return fail('route', 405, 'Feed methods are GET only')
    const params: Record<string, string> = {}
    try {
      spec.forEach((key, i) => (params[key] = decodeURIComponent(segments[i + 2])))
    } catch {
      return fail('request', 400, 'Malformed URL encoding in the path')
    }
    // Calendar: Prematch only. topchampionships answers an unknown type with [] (spec).
    if ('type' in params && name !== 'topchampionships' && !(params.type === 'line' || (params.type === 'live' && !calendar))) return fail('request', 90, MSG.wrongType)
    if ('lang' in params) {
      const langError = checkLang(auth, params.lang, errors)
      if (langError) return langError
    }
    try {
      const reply = route(name, params, req, auth, page, calendar)
      if ((reply.body as { status?: unknown }).status === 1) reply.headers = { ...reply.headers, 'x-key-expires': new Date(auth.key.expiresAt).toISOString() }
      return reply
    } catch (error) {
      if (error instanceof Denied) return fail('permission', 100, MSG.accessDenied)
      if (error instanceof BadRequest) return fail('request', 400, error.message)
      throw error
    }
  }
}
