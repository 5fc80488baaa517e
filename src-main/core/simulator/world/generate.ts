import type { I18nText, SimMarket } from './types.js'
import { SPORTS, TOURNAMENTS, type SportDef, type TeamDef, type TournamentDef } from './catalog.js'
import { buildMarkets, handicapLines, totalLines } from './markets.js'
import type { LiveDefaultsVariant, PlanPair, WorldMatch } from './model.js'

export type Rng = () => number

export interface IdSource {
  prematch(): number
  live(): number
}

/** Ids grow by a random step so they look like a real sequence; prematch and live use separate ranges. */
export function createIdSource(rng: Rng): IdSource {
  let pre = 300_000_000
  let live = 700_000_000
  return {
    prematch: () => (pre += 1 + Math.floor(rng() * 40)),
    live: () => (live += 1 + Math.floor(rng() * 40)),
  }
}

const EMPTY: I18nText = { en: '', ru: '' }
const TOURNAMENTS_BY_SPORT = new Map<number, TournamentDef[]>()
for (const tour of TOURNAMENTS) {
  const list = TOURNAMENTS_BY_SPORT.get(tour.sportId) ?? []
  list.push(tour)
  TOURNAMENTS_BY_SPORT.set(tour.sportId, list)
}

function weighted<T>(rng: Rng, items: T[], weight: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weight(item), 0)
  let r = rng() * total
  for (const item of items) {
    r -= weight(item)
    if (r <= 0) return item
  }
  return items[items.length - 1]
}

function twoTeams(rng: Rng, teams: TeamDef[]): [TeamDef, TeamDef] {
  const a = Math.floor(rng() * teams.length)
  let b = Math.floor(rng() * (teams.length - 1))
  if (b >= a) b += 1
  return [teams[a], teams[b]]
}

function mainProfile(sport: SportDef, strength: number, team1: TeamDef, team2: TeamDef) {
  const mu = sport.kind === 'points' ? sport.expectedTotal + Math.round((strength - 0.5) * 20) : sport.expectedTotal
  return {
    kind: sport.kind,
    draw: sport.draw,
    mu,
    strength,
    totals: totalLines(sport.kind, mu),
    handicaps: handicapLines(sport.kind),
    btts: sport.id === 1,
    scorers: sport.id === 1 ? { team1, team2 } : null,
  }
}

function subMarkets(sport: SportDef, index: number, strength: number, rng: Rng): SimMarket[] {
  const sub = sport.subGames[index]
  if (sub.desk.en === '') {
    // Corners-like statistics sub-game: its own total around 10.
    return buildMarkets({ kind: 'goals', draw: true, mu: 10, strength, totals: [8.5, 9.5, 10.5, 11.5], handicaps: [-1.5, 0, 1.5], btts: false, scorers: null }, rng)
  }
  if (sport.kind === 'sets') return buildMarkets({ kind: 'sets', draw: false, mu: 1, strength, totals: [], handicaps: [], btts: false, scorers: null }, rng)
  const mu = sport.expectedTotal / sport.periods.length
  return buildMarkets({ kind: sport.kind, draw: true, mu, strength, totals: totalLines(sport.kind, mu).slice(0, 3), handicaps: sport.kind === 'goals' ? [-0.5, 0, 0.5] : [-2.5, 2.5], btts: false, scorers: null }, rng)
}

function plan(rng: Rng, tour: TournamentDef, exclude: number[], startMs: number): PlanPair[] {
  const others = tour.teams.filter((team) => !exclude.includes(team.id))
  const pairs: PlanPair[] = []
  for (let i = 0; i + 1 < others.length && pairs.length < 3; i += 2) {
    const [a, b] = [others[i], others[i + 1]]
    const when = Math.floor(startMs / 1000) + (pairs.length + 1) * 86_400 * (1 + Math.floor(rng() * 3))
    pairs.push({
      opp1: a.name, opp2: b.name, opp1Id: a.id, opp2Id: b.id, opp1CountryId: a.countryId, opp2CountryId: rng() < 0.2 ? null : b.countryId,
      opp1Icon: a.icon, opp2Icon: b.icon, startSec: rng() < 0.15 ? null : when,
    })
  }
  return pairs
}

export interface NewMatchOptions {
  state: 'prematch' | 'live'
  startMs: number
  now: number
  /** Force a sport (tests and replenishing keep the line's mix). */
  sportId?: number
}

/** One main match plus its sub-games, ready to be indexed. */
export function generateMatch(rng: Rng, ids: IdSource, options: NewMatchOptions): WorldMatch[] {
  const sport = options.sportId !== undefined ? SPORTS.find((s) => s.id === options.sportId)! : weighted(rng, SPORTS, (s) => s.share)
  const tour = weighted(rng, TOURNAMENTS_BY_SPORT.get(sport.id)!, (x) => x.popularity)
  const [team1, team2] = twoTeams(rng, tour.teams)
  const strength = Math.round((0.2 + rng() * 0.6) * 100) / 100
  const live = options.state === 'live'
  const gameId = live ? ids.live() : ids.prematch()
  const base = (): WorldMatch => ({
    gameId,
    lineType: live ? 'live' : 'line',
    state: options.state,
    mainGameId: null,
    subGameIds: [],
    sportId: sport.id,
    countryId: tour.countryId,
    tournamentId: tour.id,
    cybersport: sport.cybersport,
    startMs: options.startMs,
    opp1: team1.name,
    opp2: team2.name,
    opp1Id: team1.id,
    opp2Id: team2.id,
    opp1Icon: team1.icon,
    opp2Icon: team2.icon,
    weight: Math.round(tour.popularity * (0.5 + rng())),
    score1: 0,
    score2: 0,
    timerSec: 0,
    period: EMPTY,
    markets: [],
    ids: [gameId],
    sport,
    tournament: tour,
    gameNum: gameId % 1_000_000,
    dopName: EMPTY,
    desk: EMPTY,
    liveStartMs: null,
    durationMs: Math.round(sport.durationMin * (0.9 + rng() * 0.25) * 60_000),
    strength,
    stats: [],
    scorePeriods: [],
    extra: '',
    pitch: null,
    defaultsVariant: Math.floor(rng() * 4) as LiveDefaultsVariant,
    counterSkew: rng() < 0.15 ? 1 + Math.floor(rng() * 20) : 0,
    extraFields: rng() < 0.2 ? { game_is_hot: rng() < 0.5, x_partner_hint: null } : null,
    plan: [],
    va: null,
    vi: null,
    zp: null,
    scorers: new Set(),
  })
  const main = base()
  main.markets = buildMarkets(mainProfile(sport, strength, team1, team2), rng)
  if (tour.groupStage) main.plan = plan(rng, tour, [team1.id, team2.id], options.startMs)
  const all = [main]
  sport.subGames.forEach((sub, index) => {
    if (rng() >= sub.share) return
    const child = base()
    child.gameId = live ? ids.live() : ids.prematch()
    child.ids = [child.gameId]
    child.gameNum = child.gameId % 1_000_000
    child.mainGameId = main.gameId
    child.dopName = sub.dop
    child.desk = sub.desk
    child.plan = []
    child.extraFields = null
    child.markets = subMarkets(sport, index, strength, rng)
    main.subGameIds.push(child.gameId)
    all.push(child)
  })
  return all
}

/** Whether a sub-game tracks the main score during its segment (periods) or counts on its own (corners). */
export function isSegmentSubGame(match: WorldMatch): boolean {
  return match.mainGameId !== null && match.desk.en !== ''
}
