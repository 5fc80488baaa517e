import { createHash } from 'node:crypto'
import type { I18nText, SimMarket } from './types.js'
import { SPORTS, TOURNAMENTS, type SportDef, type TeamDef, type TournamentDef } from './catalog.js'
import { buildOffer, type OfferKind } from './offer.js'
import { priceMarkets, type ScoreModel } from './pricing.js'
import type { PlanPair, WorldMatch } from './model.js'
import { buildSchedule, endMs, expectedTotal } from './schedule.js'

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

/** The score model of a main match: the stronger side gets the larger share of the expected total. */
export function mainModel(sport: SportDef, tour: TournamentDef, strength: number): ScoreModel {
  const mu = expectedTotal(sport, tour)
  if (sport.kind === 'sets') return { kind: 'sets', mean1: 0, mean2: 0, pSet: 0.5 + (strength - 0.5) * 0.8, setsToWin: sport.setsToWin ?? 2 }
  if (sport.kind === 'points') return { kind: 'points', mean1: mu / 2 + (strength - 0.5) * 28, mean2: mu / 2 - (strength - 0.5) * 28 }
  const l1 = mu * (0.5 + (strength - 0.5) * 0.9)
  return { kind: 'goals', mean1: l1, mean2: mu - l1 }
}

/** A sub-game's model: a segment is a share of the main match; a counted sub-game (corners, cards) has its own total. */
function subModel(sport: SportDef, tour: TournamentDef, index: number, strength: number): { model: ScoreModel; kind: OfferKind } {
  const sub = sport.subGames[index]
  if (sub.desk.en === '') {
    const mu = sub.mu ?? 10
    const l1 = mu * (0.5 + (strength - 0.5) * 0.5)
    return { model: { kind: 'goals', mean1: l1, mean2: mu - l1 }, kind: 'goals-sub' }
  }
  const main = mainModel(sport, tour, strength)
  if (sport.kind === 'sets') return { model: { ...main, setsToWin: 1 }, kind: 'sets-sub' }
  const share = sport.id === 1 ? 0.45 : 1 / sport.periods.length
  return { model: { ...main, mean1: main.mean1 * share, mean2: main.mean2 * share }, kind: sport.kind === 'points' ? 'points-sub' : 'goals-sub' }
}

/** Markets of a (sub-)match, priced for the state it is in. */
export function offerFor(m: WorldMatch, kind: OfferKind, rng: Rng, team1?: TeamDef, team2?: TeamDef): SimMarket[] {
  const markets = buildOffer({
    kind, diff: m.model.mean1 - m.model.mean2, total: m.model.mean1 + m.model.mean2, setsToWin: m.model.setsToWin, team1, team2,
  }, rng)
  priceMarkets(markets, { model: m.model, left: 1, s1: 0, s2: 0, lastScorer: null, team1Id: m.opp1Id, team2Id: m.opp2Id })
  return markets
}

const hex24 = (seed: string) => createHash('md5').update(seed).digest('hex').slice(0, 24)

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
  /** A `Home` / `Away` special-bets pseudo-match (football, line only). */
  pseudo?: boolean
}

/** One main match plus its sub-games, ready to be indexed. */
export function generateMatch(rng: Rng, ids: IdSource, options: NewMatchOptions): WorldMatch[] {
  const sportId = options.pseudo ? 1 : options.sportId
  const sport = sportId !== undefined ? SPORTS.find((s) => s.id === sportId)! : weighted(rng, SPORTS, (s) => s.share)
  const tour = weighted(rng, TOURNAMENTS_BY_SPORT.get(sport.id)!, (x) => x.popularity)
  const [team1, team2] = twoTeams(rng, tour.teams)
  const strength = Math.round((0.2 + rng() * 0.6) * 100) / 100
  const live = options.state === 'live'
  const gameId = live ? ids.live() : ids.prematch()
  const reserved = rng() < 0.65
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
    model: mainModel(sport, tour, strength),
    offerKind: sport.id === 1 ? 'football' : sport.kind === 'goals' ? 'goals' : sport.kind,
    lastScorer: null,
    sgameId: reserved ? hex24(`sgame-${gameId}`) : '0',
    statId: reserved ? hex24(`stat-${tour.id}`) : '0',
    pseudo: false,
    periodLiteral: false,
    listSuspended: false,
    priceKey: '',
    idLineTypes: new Map([[gameId, live ? 'live' : 'line']]),
    cancelled: false,
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
    schedule: null,
    points: [0, 0],
    pitch: null,
    counterSkew: rng() < 0.6 ? 1 + Math.floor(rng() * 400) : 0,
    plan: [],
    va: null,
    vi: null,
    zp: null,
    scorers: new Set(),
  })
  const main = base()
  main.schedule = buildSchedule(sport, tour, rng)
  if (main.schedule) main.durationMs = endMs(main.schedule)
  if (options.pseudo) {
    // "Special bets": a pseudo-match of the round's home and away sides, totals and handicaps only.
    Object.assign(main, {
      opp1: { en: 'Home', ru: 'Хозяева' }, opp2: { en: 'Away', ru: 'Гости' }, opp1Id: 142205, opp2Id: 142207,
      opp1Icon: 'teamdefault.png', opp2Icon: 'teamdefault.png', sgameId: '0', statId: '0', pseudo: true, offerKind: 'special',
      // Large totals: priced on the 1-D axes (difference, total, each side) like a points sport.
      model: { kind: 'points', mean1: 16 + rng() * 4, mean2: 12 + rng() * 3, sd: 4 },
    } satisfies Partial<WorldMatch>)
    main.markets = offerFor(main, 'special', rng)
    return [main]
  }
  main.markets = offerFor(main, main.offerKind, rng, team1, team2)
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
    child.idLineTypes = new Map([[child.gameId, main.lineType]])
    child.sgameId = '0'
    child.statId = '0'
    child.schedule = main.schedule
    child.durationMs = main.durationMs
    const { model, kind } = subModel(sport, tour, index, strength)
    child.model = model
    child.offerKind = kind
    child.markets = offerFor(child, kind, rng)
    main.subGameIds.push(child.gameId)
    all.push(child)
  })
  return all
}

/** Whether a sub-game tracks the main score during its segment (periods) or counts on its own (corners). */
export function isSegmentSubGame(match: WorldMatch): boolean {
  return match.mainGameId !== null && match.desk.en !== ''
}
