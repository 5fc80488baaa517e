import { z } from 'zod'
import type { SimClock } from '../clock.js'
import { json, parseJsonBody, type SimHandler, type SimReply, type SimRequest } from '../http.js'
import type { LineType } from '../world/types.js'
import { SPORT_BY_ID } from '../world/catalog.js'
import type { FeedWorld, WorldMatch } from '../world/model.js'
import type { FeedKeyConfig } from './keys.js'

/** Demo/test controls of the feed half under /__sim (JSON). Other /__sim paths are left to their owners. */

const Advance = z.object({ ms: z.number().int().min(0).max(90 * 24 * 3600 * 1000) })
/** The parameter as the pointer prints it; a number is accepted and written the way JavaScript prints it. */
const Param = z.union([z.string().regex(/^[-+]?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/), z.number().finite().transform((n) => String(n))])
const OutcomeRef = { groupId: z.number().int(), typeId: z.number().int(), param: Param }
const Time = z.union([z.number().int(), z.string().datetime({ offset: true }).transform((s) => Date.parse(s))])
const KeyPatch = z.object({
  expiresAt: Time.optional(),
  startsAt: Time.nullable().optional(),
  status: z.enum(['active', 'paused']).optional(),
  accessMode: z.enum(['off', 'monitor', 'enforce']).optional(),
  allowedIps: z.array(z.string()).optional(),
  allowedDomains: z.array(z.string()).optional(),
  languages: z.array(z.string()).optional(),
  sports: z.union([z.literal('all'), z.array(z.number().int())]).optional(),
})
const Odds = z.object({ ...OutcomeRef, rate: z.number().min(1.01).max(1000) })
const Block = z.object({ ...OutcomeRef, blocked: z.boolean() })
const Seed = z.object({
  gameId: z.number().int().min(1).max(999_999_999_999),
  lineType: z.enum(['line', 'live']),
  sportId: z.number().int().refine((id) => SPORT_BY_ID.has(id), 'unknown sport').optional(),
  outcomes: z.array(z.object({ ...OutcomeRef, rate: z.number().min(1.01).max(1000), playerId: z.number().int().nullable().default(null) })).max(50),
})
const Finish = z.object({ score: z.tuple([z.number().int().min(0), z.number().int().min(0)]).optional() }).optional()

const bad = (message: string): SimReply => json(400, { error: 'bad_request', message })

function parse<T>(req: SimRequest, schema: z.ZodType<T>): { ok: true; value: T } | { ok: false; reply: SimReply } {
  const body = parseJsonBody(req)
  if (!body.ok) return { ok: false, reply: bad('body is not valid JSON') }
  const result = schema.safeParse(body.value)
  if (!result.success) {
    const message = result.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ')
    return { ok: false, reply: bad(message) }
  }
  return { ok: true, value: result.data }
}

function sample(world: FeedWorld, stale: WorldMatch) {
  // Through the lookup, so a live match's prices are current (see world/live.ts `freshen`).
  const m = world.getWorldMatch(stale.gameId) ?? stale
  const firstOpen = m.markets.flatMap((x) => x.outcomes).find((o) => !o.blocked && !o.withdrawn && o.playerId === null)
  return {
    gameId: m.gameId,
    lineType: m.lineType,
    sportId: m.sportId,
    countryId: m.countryId,
    tournamentId: m.tournamentId,
    startMs: m.startMs,
    opp1: m.opp1.en,
    opp2: m.opp2.en,
    subGameIds: m.subGameIds,
    outcome: firstOpen
      ? { pointer: `${m.gameId}|${firstOpen.groupId}|${firstOpen.typeId}|${firstOpen.param}`, groupId: firstOpen.groupId, typeId: firstOpen.typeId, param: firstOpen.param, rate: firstOpen.rate }
      : null,
    withPlan: m.plan.length > 0,
    now: world.clock.now(),
  }
}

function summary(world: FeedWorld, lineType: LineType) {
  const mains = world.allMainMatches(lineType)
  const sports: Record<string, number> = {}
  for (const m of mains) sports[m.sportId] = (sports[m.sportId] ?? 0) + 1
  const ordered = [...mains].filter((m) => !m.pseudo).sort((a, b) => Number(b.sportId === 1) - Number(a.sportId === 1) || a.startMs - b.startMs || a.gameId - b.gameId)
  const withSub = ordered.find((m) => m.subGameIds.length > 0)
  const withPlan = ordered.find((m) => m.plan.length > 0)
  return {
    matches: mains.length,
    subGames: world.matches(lineType).length - mains.length,
    sports,
    samples: ordered.slice(0, 5).map((m) => sample(world, m)),
    sampleWithSubGames: withSub ? sample(world, withSub) : null,
    sampleWithEventPlan: withPlan ? sample(world, withPlan) : null,
  }
}

const keyView = (name: string, key: FeedKeyConfig) => ({
  key: name, ...key, startsAt: key.startsAt === null ? null : new Date(key.startsAt).toISOString(), expiresAt: new Date(key.expiresAt).toISOString(),
})

export function createFeedControlHandler(deps: { world: FeedWorld; clock: SimClock; keys: Record<string, FeedKeyConfig> }): SimHandler {
  const { world, clock, keys } = deps
  return async (req) => {
    if (req.path === '/feed/keys') {
      if (req.method !== 'GET') return json(405, { error: 'method_not_allowed' })
      return json(200, { keys: Object.entries(keys).map(([name, key]) => keyView(name, key)) })
    }
    const keyPath = /^\/feed\/keys\/([^/]+)$/.exec(req.path)
    if (keyPath) {
      if (req.method !== 'POST') return json(405, { error: 'method_not_allowed' })
      const name = decodeURIComponent(keyPath[1])
      const input = parse(req, KeyPatch)
      if (!input.ok) return input.reply
      // An unknown name creates a key from demo-key's settings: runs can add keys of their own.
      const key = (keys[name] ??= { ...keys['demo-key'], label: name })
      Object.assign(key, Object.fromEntries(Object.entries(input.value).filter(([, v]) => v !== undefined)))
      return json(200, keyView(name, key))
    }
    if (req.path === '/clock/advance') {
      if (req.method !== 'POST') return json(405, { error: 'method_not_allowed' })
      const input = parse(req, Advance)
      if (!input.ok) return input.reply
      await clock.advance(input.value.ms)
      return json(200, { now: clock.now() })
    }
    if (req.path === '/world') {
      if (req.method !== 'GET') return json(405, { error: 'method_not_allowed' })
      return json(200, { now: clock.now(), line: summary(world, 'line'), live: summary(world, 'live') })
    }
    if (req.path === '/matches/seed') {
      if (req.method !== 'POST') return json(405, { error: 'method_not_allowed' })
      const input = parse(req, Seed)
      if (!input.ok) return input.reply
      const seeded = world.seedMatch(input.value)
      if (!seeded) return json(409, { error: 'conflict', message: `id ${input.value.gameId} is already used` })
      return json(200, sample(world, seeded))
    }
    const m = /^\/matches\/([^/]+)\/(odds|block|start|finish|cancel)$/.exec(req.path)
    if (!m) return undefined
    if (req.method !== 'POST') return json(405, { error: 'method_not_allowed' })
    if (!/^\d{1,15}$/.test(m[1])) return bad('gameId must be a positive integer')
    const gameId = Number(m[1])
    const action = m[2]
    const current = world.getMatch(gameId)
    if (!current) return json(404, { error: 'not_found', message: `no served match with id ${gameId}` })
    if (action === 'odds') {
      const input = parse(req, Odds)
      if (!input.ok) return input.reply
      const { groupId, typeId, param, rate } = input.value
      const previousRate = world.getWorldMatch(gameId)?.markets.flatMap((x) => x.outcomes).find((o) => o.groupId === groupId && o.typeId === typeId && o.param === param)?.rate ?? null
      if (!world.setRate(gameId, groupId, typeId, param, rate)) return json(404, { error: 'not_found', message: 'no such outcome in this match' })
      return json(200, { ok: true, gameId, rate, previousRate })
    }
    if (action === 'block') {
      const input = parse(req, Block)
      if (!input.ok) return input.reply
      const { groupId, typeId, param, blocked } = input.value
      if (!world.setBlocked(gameId, groupId, typeId, param, blocked)) return json(404, { error: 'not_found', message: 'no such outcome in this match' })
      return json(200, { ok: true, gameId, blocked })
    }
    if (action === 'start') {
      if (current.lineType !== 'line') return json(409, { error: 'conflict', message: 'the match is not in Prematch' })
      const liveId = world.startMatch(gameId)
      if (liveId === undefined) return json(409, { error: 'conflict', message: 'the match cannot be started' })
      return json(200, { gameId: liveId })
    }
    if (action === 'cancel') {
      if (!(await world.cancelMatch(gameId))) return json(409, { error: 'conflict', message: 'the match cannot be cancelled' })
      return json(200, { ok: true, gameId })
    }
    const input = parse(req, Finish)
    if (!input.ok) return input.reply
    const done = await world.finishMatch(gameId, input.value?.score)
    if (!done) return json(409, { error: 'conflict', message: 'the match cannot be finished' })
    return json(200, { ok: true, gameId })
  }
}
