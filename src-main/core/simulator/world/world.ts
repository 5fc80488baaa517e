import seedrandom from 'seedrandom'
import type { SimClock } from '../clock.js'
import type { LineType, MatchFinishedEvent, OutcomeLookup } from './types.js'
import { createIdSource, generateMatch, type Rng } from './generate.js'
import { driftOdds, freshen, initLiveState, liveStep, repriceLive, settleScores } from './live.js'
import { verdictOf } from './markets.js'
import type { FeedWorld, SeedMatchOptions, SportCount, WorldMatch } from './model.js'
import { firstIdThen, placeSeedOutcomes } from './seed.js'

export interface WorldOptions {
  seed: number
  /** Prematch line size (main matches). */
  matches: number
  clock: SimClock
  /** Live matches at start; default ~5% of `matches`, 8..80. */
  liveMatches?: number
  /** Production's `Home` / `Away` special-bets pseudo-matches in the football line (variation `special-bets`). */
  specialBets?: boolean
  /** Some live matches print production's literal `period` as their period name (variation `period-literal`). */
  periodLiteral?: boolean
}

export const LIVE_TICK_MS = 10_000
export const PREMATCH_DRIFT_MS = 60_000
const MINUTE = 60_000
const HOUR = 60 * MINUTE

type Listener = (event: MatchFinishedEvent) => void | Promise<void>

interface LineIndex {
  served: Map<number, WorldMatch>
  bySport: Map<number, Set<WorldMatch>>
  byTournament: Map<number, Set<WorldMatch>>
}

const newIndex = (): LineIndex => ({ served: new Map(), bySport: new Map(), byTournament: new Map() })

export function createWorld(options: WorldOptions): FeedWorld {
  const { clock } = options
  const literal = options.periodLiteral === true
  // Separate streams: generation stays identical for a seed whatever time does later.
  const genRng: Rng = seedrandom(`gen:${options.seed}`)
  const liveRng: Rng = seedrandom(`live:${options.seed}`)
  const ids = createIdSource(seedrandom(`ids:${options.seed}`))
  const everById = new Map<number, WorldMatch>()
  const index: Record<LineType, LineIndex> = { line: newIndex(), live: newIndex() }
  const subsOf = new Map<WorldMatch, WorldMatch[]>()
  const listeners = new Set<Listener>()
  /** Prematch main matches by start time (earliest first). */
  let startQueue: WorldMatch[] = []
  let cancelNextStart: (() => void) | undefined
  let stopped = false

  function addToSet<K>(map: Map<K, Set<WorldMatch>>, key: K, m: WorldMatch) {
    let set = map.get(key)
    if (!set) map.set(key, (set = new Set()))
    set.add(m)
  }
  function removeFromSet<K>(map: Map<K, Set<WorldMatch>>, key: K, m: WorldMatch) {
    const set = map.get(key)
    if (!set) return
    set.delete(m)
    if (set.size === 0) map.delete(key)
  }

  function serve(m: WorldMatch) {
    const idx = index[m.lineType]
    idx.served.set(m.gameId, m)
    everById.set(m.gameId, m)
    if (m.mainGameId === null) {
      addToSet(idx.bySport, m.sportId, m)
      addToSet(idx.byTournament, m.tournamentId, m)
    }
  }
  function unserve(m: WorldMatch) {
    const idx = index[m.lineType]
    idx.served.delete(m.gameId)
    if (m.mainGameId === null) {
      removeFromSet(idx.bySport, m.sportId, m)
      removeFromSet(idx.byTournament, m.tournamentId, m)
    }
  }

  function queueStart(m: WorldMatch) {
    let lo = 0
    let hi = startQueue.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (startQueue[mid].startMs <= m.startMs) lo = mid + 1
      else hi = mid
    }
    startQueue.splice(lo, 0, m)
  }

  function addTree(tree: WorldMatch[]) {
    const [main, ...subs] = tree
    subsOf.set(main, subs)
    for (const m of tree) serve(m)
    if (main.state === 'prematch') queueStart(main)
  }

  function prematchStart(now: number, rng: Rng): number {
    const r = rng()
    const offset = r < 0.45 ? 10 * MINUTE + rng() * 24 * HOUR : 24 * HOUR + rng() * 6 * 24 * HOUR
    return Math.ceil((now + offset) / (5 * MINUTE)) * 5 * MINUTE
  }

  // ---- initial world ----
  const t0 = clock.now()
  const initial: WorldMatch[][] = []
  for (let i = 0; i < options.matches; i++) {
    // About one in 60 Prematch rows is a `Home` / `Away` special-bets pseudo-match, where switched on (the draw is made either way: one world per seed).
    const pseudo = genRng() < 1 / 60 && options.specialBets === true
    initial.push(generateMatch(genRng, ids, { state: 'prematch', startMs: prematchStart(t0, genRng), now: t0, pseudo }))
  }
  for (const tree of initial) {
    const [main, ...subs] = tree
    subsOf.set(main, subs)
    for (const m of tree) serve(m)
  }
  // One sort instead of thousands of ordered inserts (same order: start time, then generation order).
  startQueue = initial.map((tree) => tree[0]).sort((a, b) => a.startMs - b.startMs)
  const liveCount = options.liveMatches ?? Math.min(80, Math.max(8, Math.round(options.matches * 0.05)))
  for (let i = 0; i < liveCount; i++) {
    const tree = generateMatch(genRng, ids, { state: 'live', startMs: t0, now: t0 })
    const [main, ...subs] = tree
    const elapsed = Math.floor(genRng() * main.durationMs * 0.7)
    main.startMs = t0 - elapsed
    for (const m of tree) {
      m.startMs = main.startMs
      initLiveState(m, main.startMs, genRng, literal)
    }
    // Play the elapsed part quickly (one-minute steps) so scores and stats look lived-in.
    for (let at = main.startMs + MINUTE; at <= t0; at += MINUTE) if (liveStep(main, subs, at, MINUTE, genRng)) break
    liveStep(main, subs, t0, 0, genRng)
    repriceLive(main, t0)
    addTree(tree)
  }

  // ---- lifecycle ----
  function treeOf(m: WorldMatch): { main: WorldMatch; subs: WorldMatch[] } {
    const main = m.mainGameId === null ? m : (everById.get(m.mainGameId) ?? m)
    return { main, subs: subsOf.get(main) ?? [] }
  }

  function goLive(main: WorldMatch): number {
    const subs = subsOf.get(main) ?? []
    startQueue = startQueue.filter((x) => x !== main)
    const now = clock.now()
    for (const m of [main, ...subs]) unserve(m)
    const newMainId = ids.live()
    for (const m of [main, ...subs]) {
      m.gameId = m === main ? newMainId : ids.live()
      m.ids.push(m.gameId)
      m.idLineTypes.set(m.gameId, 'live')
      m.gameNum = m.gameId % 1_000_000
      initLiveState(m, now, liveRng, literal)
      m.startMs = Math.min(m.startMs, now)
    }
    main.subGameIds = subs.map((s) => s.gameId)
    for (const s of subs) s.mainGameId = main.gameId
    for (const m of [main, ...subs]) serve(m)
    // Keep the Prematch line at its size: a new match is scheduled further ahead.
    addTree(generateMatch(genRng, ids, { state: 'prematch', startMs: prematchStart(now + 24 * HOUR, genRng), now }))
    return newMainId
  }

  async function finishTree(main: WorldMatch, score?: [number, number], cancelled = false): Promise<void> {
    const subs = subsOf.get(main) ?? []
    if (main.state === 'prematch') startQueue = startQueue.filter((x) => x !== main)
    if (!cancelled) settleScores(main, subs, liveRng, score)
    for (const m of [main, ...subs]) {
      unserve(m)
      m.state = 'finished'
      m.cancelled = cancelled
    }
    for (const m of [main, ...subs]) {
      const ctx = { s1: m.score1, s2: m.score2, scorers: main.scorers, lastScorer: m.lastScorer }
      const event: MatchFinishedEvent = {
        match: m,
        allGameIds: [...m.ids],
        cancelled,
        scorePeriods: m.scorePeriods.length > 0 ? m.scorePeriods.map((p) => p.join(':')).join(';') : null,
        verdict: (_groupId, typeId, param, playerId) => (cancelled ? 'return' : verdictOf(typeId, param, playerId ?? null, ctx)),
      }
      for (const listener of [...listeners]) {
        try {
          await listener(event)
        } catch (error) {
          console.error('[sim-world] finish listener failed:', error instanceof Error ? error.message : error)
        }
      }
    }
  }

  function armNextStart() {
    cancelNextStart?.()
    cancelNextStart = undefined
    if (stopped) return
    const next = startQueue[0]
    if (!next) return
    cancelNextStart = clock.at(next.startMs, async () => {
      const now = clock.now()
      while (startQueue.length > 0 && startQueue[0].startMs <= now) {
        const first = startQueue[0]
        // Special bets are settled at kick-off time; they are never served live.
        if (first.pseudo) {
          await finishTree(first)
          addTree(generateMatch(genRng, ids, { state: 'prematch', startMs: prematchStart(now + 24 * HOUR, genRng), now, pseudo: true }))
        } else goLive(first)
      }
      armNextStart()
    })
  }
  armNextStart()

  const cancelLive = clock.every(LIVE_TICK_MS, async () => {
    const now = clock.now()
    const done: WorldMatch[] = []
    for (const m of index.live.served.values()) {
      if (m.mainGameId !== null) continue
      const subs = subsOf.get(m) ?? []
      if (liveStep(m, subs, now, LIVE_TICK_MS, liveRng)) done.push(m)
      // Odds follow score and time left when read (live.ts `freshen`) and wobble about every 30 s.
      if (liveRng() < 0.33) driftOdds(m, liveRng, 3, 0.01)
      for (const sub of subs) if (liveRng() < 0.1) driftOdds(sub, liveRng, 1, 0.01)
    }
    for (const m of done) await finishTree(m)
  })

  const cancelPrematchDrift = clock.every(PREMATCH_DRIFT_MS, () => {
    // A random 2 % of the Prematch line moves a few odds each minute.
    const n = Math.ceil(startQueue.length * 0.02)
    for (let i = 0; i < n && startQueue.length > 0; i++) driftOdds(startQueue[Math.floor(liveRng() * startQueue.length)], liveRng, 4, 0)
  })

  /** Like an initial match of its line type, under the caller's id; its own random stream keeps the world's streams as they were. */
  function seedMatch(seed: SeedMatchOptions): WorldMatch | undefined {
    if (everById.has(seed.gameId)) return undefined
    const rng: Rng = seedrandom(`seeded:${options.seed}:${seed.gameId}`)
    const now = clock.now()
    const live = seed.lineType === 'live'
    const tree = generateMatch(rng, firstIdThen(seed.gameId, ids), {
      state: live ? 'live' : 'prematch', startMs: live ? now : prematchStart(now, rng), now, sportId: seed.sportId ?? 1,
    })
    const [main, ...subs] = tree
    if (live) {
      for (const m of tree) initLiveState(m, now, rng, literal)
      liveStep(main, subs, now, 0, rng)
      repriceLive(main, now)
    }
    placeSeedOutcomes(main, seed.outcomes)
    addTree(tree)
    armNextStart()
    return main
  }

  // ---- lookups ----
  const fresh = (m: WorldMatch | undefined) => (m ? freshen(m, clock.now()) : m)
  const freshAll = (list: Iterable<WorldMatch>) => [...list].map((m) => freshen(m, clock.now()))

  function getWorldMatch(gameId: number, lineType?: LineType): WorldMatch | undefined {
    if (lineType) return fresh(index[lineType].served.get(gameId))
    return fresh(index.line.served.get(gameId) ?? index.live.served.get(gameId))
  }

  /** Outcomes by pointer parts; the parameter is compared as text, verbatim. A group id may repeat: every market of it is searched. */
  function outcomesOf(m: WorldMatch, groupId: number, typeId: number, param: string) {
    const found: Array<{ market: WorldMatch['markets'][number]; outcome: WorldMatch['markets'][number]['outcomes'][number] }> = []
    for (const market of m.markets) {
      if (market.groupId !== groupId) continue
      for (const outcome of market.outcomes) if (outcome.typeId === typeId && outcome.param === param) found.push({ market, outcome })
    }
    return found
  }

  function counters(lineType: LineType): Map<number, SportCount> {
    const out = new Map<number, SportCount>()
    for (const [tournamentId, set] of index[lineType].byTournament) {
      const first = set.values().next().value as WorldMatch
      let sport = out.get(first.sportId)
      if (!sport) out.set(first.sportId, (sport = { sportId: first.sportId, countries: new Map(), total: 0 }))
      let country = sport.countries.get(first.countryId)
      if (!country) sport.countries.set(first.countryId, (country = new Map()))
      country.set(tournamentId, set.size)
      sport.total += set.size
    }
    return out
  }

  return {
    clock,
    getMatch: (gameId, lineType) => getWorldMatch(gameId, lineType),
    getWorldMatch,
    findMatchByAnyId: (gameId) => everById.get(gameId),
    findOutcome(lineType, gameId, groupId, typeId, param, playerId): OutcomeLookup | undefined {
      const match = fresh(index[lineType].served.get(gameId))
      if (!match) return undefined
      const hit = outcomesOf(match, groupId, typeId, param).find((x) => x.outcome.playerId === (playerId ?? null) && !x.outcome.withdrawn)
      return hit ? { match, market: hit.market, outcome: hit.outcome } : undefined
    },
    matchTreeRoot(gameId) {
      const m = everById.get(gameId)
      return m ? treeOf(m).main.gameId : gameId
    },
    onMatchFinished(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    setRate(gameId, groupId, typeId, param, rate) {
      const m = getWorldMatch(gameId)
      const found = m ? outcomesOf(m, groupId, typeId, param).map((x) => x.outcome) : []
      for (const o of found) o.rate = rate
      return found.length > 0
    },
    setBlocked(gameId, groupId, typeId, param, blocked) {
      const m = getWorldMatch(gameId)
      const found = m ? outcomesOf(m, groupId, typeId, param).map((x) => x.outcome) : []
      for (const o of found) o.blocked = blocked
      return found.length > 0
    },
    startMatch(gameId) {
      const m = index.line.served.get(gameId)
      if (!m) return undefined
      const id = goLive(treeOf(m).main)
      armNextStart()
      return id
    },
    async finishMatch(gameId, score) {
      const m = getWorldMatch(gameId)
      if (!m) return false
      const { main } = treeOf(m)
      await finishTree(main, score)
      armNextStart()
      return true
    },
    async cancelMatch(gameId) {
      const m = getWorldMatch(gameId)
      if (!m) return false
      await finishTree(treeOf(m).main, undefined, true)
      armNextStart()
      return true
    },
    seedMatch,
    wasServed(gameId, lineType) {
      return everById.get(gameId)?.idLineTypes.get(gameId) === lineType
    },
    matches: (lineType) => freshAll(index[lineType].served.values()),
    // Lists for selection: prices are freshened where a match is rendered with odds (feed/render.ts).
    mainMatchesOfSport: (lineType, sportId) => [...(index[lineType].bySport.get(sportId) ?? [])],
    mainMatchesOfTournament: (lineType, tournamentId) => [...(index[lineType].byTournament.get(tournamentId) ?? [])],
    allMainMatches: (lineType) => [...index[lineType].bySport.values()].flatMap((set) => [...set]),
    counters,
    stop() {
      stopped = true
      cancelNextStart?.()
      cancelLive()
      cancelPrematchDrift()
      listeners.clear()
    },
  }
}
