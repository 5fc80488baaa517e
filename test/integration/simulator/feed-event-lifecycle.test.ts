import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSimulator } from '../../../src-main/core/simulator/server.js'
import type { MatchFinishedEvent } from '../../../src-main/core/simulator/world/types.js'
import { control, feed, rows, startFeedSim, type Json } from './feed-helpers.js'

let sim: RunningSimulator
beforeAll(async () => {
  sim = await startFeedSim({ matches: 400, seed: 7 })
})
afterAll(async () => {
  await sim?.close()
})

const unavailable = (r: { status: number; body: Json }) => r.status === 1 && typeof r.body?.message === 'string' && !('game_id' in r.body)
/** Production's two `event` messages: never served under this line type, or gone (went live, ended, cancelled). */
const notFound = (r: { status: number; page: string; body: Json }) => r.status === 1 && r.page === '/v1/event' && JSON.stringify(r.body) === '{"message":"Game not found"}'
const finished = (r: { status: number; page: string; body: Json }) => r.status === 1 && r.page === '/v1/event' && JSON.stringify(r.body) === '{"message":"Game id finished"}'
const POINTER = /^\d+\|\d+\|\d+\|[-+]?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/

describe('event', () => {
  it('returns one match with all markets in columns, sub-games and their own events', async () => {
    const world = await control(sim, 'GET', '/world')
    const sample = world.json.line.sampleWithSubGames
    const r = await feed(sim, `/v1/event/${sample.gameId}/group/line/en`)
    expect(r.page).toBe('/v1/event')
    const m = r.body
    expect(m.game_id).toBe(sample.gameId)
    expect(m.game_mid).toBe(sample.gameId)
    expect(m.sub_games.map((s: Json) => s.game_id)).toEqual(sample.subGameIds)
    for (const s of m.sub_games) expect(Object.keys(s)).toEqual(['game_id', 'game_num', 'game_name'])
    for (const market of m.game_oc_list) {
      expect(Array.isArray(market.oc_list[0])).toBe(true)
      for (const col of market.oc_list) {
        expect(col.length).toBeGreaterThan(0)
        for (const oc of col) expect(oc.oc_pointer).toMatch(POINTER)
      }
    }
    const outcomes = m.game_oc_list.flatMap((g: Json) => g.oc_list.flat())
    const short = rows((await feed(sim, '/v1/events/1/0/sub/50/line/en?match=all')).body).find((x) => x.game_id === sample.gameId)
    expect(outcomes.length).toBeGreaterThan(short.game_oc_list.flatMap((g: Json) => g.oc_list).length)
    // Text parameters: signed decimals, encoded scores (2.001 = 2-1), production's exponent spelling.
    const params = outcomes.map((o: Json) => o.oc_pointer.split('|')[3])
    for (const p of ['-1.5', '2.001', '0.001', '1.0E-4', '0.5']) expect(params, p).toContain(p)
    expect(outcomes.find((o: Json) => o.oc_pointer.endsWith('|1.0E-4')).oc_name).toContain('||| dto.group 9898 |||')
    // Player market: Yes and No share the op_id, some players have Yes only.
    const players = outcomes.filter((o: Json) => o.op_id !== null)
    expect(players.every((o: Json) => typeof o.op_id === 'number')).toBe(true)
    const yes = new Set(players.filter((o: Json) => o.oc_name.endsWith('- Yes')).map((o: Json) => o.op_id))
    const no = new Set(players.filter((o: Json) => o.oc_name.endsWith('- No')).map((o: Json) => o.op_id))
    expect([...no].every((id) => yes.has(id))).toBe(true)
    expect(yes.size).toBeGreaterThan(no.size)
    // `columns` is advice: production fills other array counts (1 with 2-3, 2 with 1 or 3, 3 with 2), a group id can repeat.
    const layouts = new Set(m.game_oc_list.map((g: Json) => `${g.columns}/${g.oc_list.length}`))
    for (const layout of ['1/2', '1/3', '2/1', '2/3', '3/2']) expect(layouts, layout).toContain(layout)
    const ids = m.game_oc_list.map((g: Json) => g.group_id)
    expect(ids.length).toBeGreaterThan(new Set(ids).size)
    expect(new Set(m.game_oc_list.flatMap((g: Json) => (g.oc_list.length > 1 ? [g.oc_list.map((c: Json[]) => c.length).join('/')] : []))).size).toBeGreaterThan(3)
    expect(m.game_oc_counter).toBeGreaterThan(outcomes.length)

    const subRu = await feed(sim, `/v1/event/${sample.subGameIds[0]}/group/line/ru`)
    expect(subRu.body.game_mid).toBe(sample.gameId)
    expect(subRu.body.game_id).not.toBe(sample.gameId)
    expect(subRu.body.game_dop_name).not.toBe('')
    expect(typeof subRu.body.game_desk).toBe('string')
    expect(subRu.body.sub_games).toEqual([])
    const subIdsInLists = rows((await feed(sim, '/v1/events/1/0/sub/50/line/en?match=all')).body).map((x) => x.game_id)
    expect(subIdsInLists).not.toContain(sample.subGameIds[0])

    const noOdds = await feed(sim, `/v1/event/${sample.gameId}/group/line/en?odds=false`)
    expect(noOdds.body).not.toHaveProperty('game_oc_list')
    expect(noOdds.body.game_oc_counter).toBe(m.game_oc_counter)
    expect(noOdds.body.sub_games).toEqual(m.sub_games)
  })

  it('fills event_plan for group-stage tournaments only in event', async () => {
    const world = await control(sim, 'GET', '/world')
    const sample = world.json.line.sampleWithEventPlan
    expect(sample).not.toBeNull()
    const r = await feed(sim, `/v1/event/${sample.gameId}/group/line/en`)
    expect(r.body.event_plan.length).toBeGreaterThan(0)
    for (const p of r.body.event_plan) {
      expect(Object.keys(p).sort()).toEqual(['game_start', 'opp_1_country_id', 'opp_1_date', 'opp_1_icon', 'opp_1_id', 'opp_1_name', 'opp_2_country_id', 'opp_2_date', 'opp_2_icon', 'opp_2_id', 'opp_2_name'])
    }
  })

  it('live event carries timer, score, period and stat_list', async () => {
    const world = await control(sim, 'GET', '/world')
    const live = world.json.live.samples[0]
    const r = await feed(sim, `/v1/event/${live.gameId}/group/live/en`)
    expect(r.body.timer).toBeGreaterThanOrEqual(0)
    expect(r.body.score_full).toMatch(/^\d+:\d+$/)
    expect(r.body.period_name).not.toBe('')
    expect(r.body.stat_list.length).toBeGreaterThan(0)
    expect(Object.keys(r.body.stat_list[0]).sort()).toEqual(['id', 'name', 'opp1', 'opp2'])
    const before = r.body.timer
    await control(sim, 'POST', '/clock/advance', { ms: 60_000 })
    const after = await feed(sim, `/v1/event/${live.gameId}/group/live/en`)
    if (unavailable(after)) return // finished in that minute; covered elsewhere
    expect(after.body.timer).toBeGreaterThanOrEqual(before + 55)
    // The same id under the other line type: production says it does not know it.
    expect(notFound(await feed(sim, `/v1/event/${live.gameId}/group/line/en`))).toBe(true)
  })
})

describe('lifecycle and control API', () => {
  it('start via control: a new live id, the old id answers the unavailable message', async () => {
    const world = await control(sim, 'GET', '/world')
    const sample = world.json.line.sampleWithSubGames
    const menuBefore = await feed(sim, '/v1/menu/live/en')
    const liveBefore = menuBefore.body.reduce((n: number, s: Json) => n + s.counter, 0)
    const started = await control(sim, 'POST', `/matches/${sample.gameId}/start`)
    expect(started.status).toBe(200)
    const newId = started.json.gameId
    expect(newId).not.toBe(sample.gameId)
    expect(finished(await feed(sim, `/v1/event/${sample.gameId}/group/line/en`))).toBe(true)
    expect(finished(await feed(sim, `/v1/event/${sample.subGameIds[0]}/group/line/en`))).toBe(true)
    expect(notFound(await feed(sim, `/v1/event/${sample.gameId}/group/live/en`))).toBe(true)
    expect(notFound(await feed(sim, '/v1/event/123/group/line/en'))).toBe(true)
    const live = await feed(sim, `/v1/event/${newId}/group/live/en`)
    expect(live.body.game_id).toBe(newId)
    expect(live.body.score_full).toBe('0:0')
    expect(live.body.sub_games.length).toBe(sample.subGameIds.length)
    expect(live.body.sub_games.map((s: Json) => s.game_id)).not.toContain(sample.subGameIds[0])
    const liveSub = await feed(sim, `/v1/event/${live.body.sub_games[0].game_id}/group/live/en`)
    expect(liveSub.body.game_mid).toBe(newId)
    const menuAfter = await feed(sim, '/v1/menu/live/en')
    expect(menuAfter.body.reduce((n: number, s: Json) => n + s.counter, 0)).toBe(liveBefore + 1)
    expect(sim.world.findMatchByAnyId(sample.gameId)?.gameId).toBe(newId)
    expect((await control(sim, 'POST', `/matches/${newId}/start`)).status).toBe(409)
  })

  it('a prematch match goes live by itself when its start time passes on the clock', async () => {
    const world = await control(sim, 'GET', '/world')
    const sample = world.json.line.samples.sort((a: Json, b: Json) => a.startMs - b.startMs)[0]
    const wait = sample.startMs - world.json.now
    expect(wait).toBeGreaterThan(0)
    await control(sim, 'POST', '/clock/advance', { ms: wait - 1000 })
    expect((await feed(sim, `/v1/event/${sample.gameId}/group/line/en`)).body.game_id).toBe(sample.gameId)
    const adv = await control(sim, 'POST', '/clock/advance', { ms: 1000 })
    expect(adv.json.now).toBe(sample.startMs)
    expect(finished(await feed(sim, `/v1/event/${sample.gameId}/group/line/en`))).toBe(true)
    const newId = sim.world.findMatchByAnyId(sample.gameId)!.gameId
    expect(newId).not.toBe(sample.gameId)
    expect((await feed(sim, `/v1/event/${newId}/group/live/en`)).body.game_id).toBe(newId)
  })

  it('finish via control settles every outcome consistently with the final score', async () => {
    const events: MatchFinishedEvent[] = []
    const off = sim.world.onMatchFinished((e) => void events.push(e))
    const world = await control(sim, 'GET', '/world')
    const live = world.json.live.samples.find((s: Json) => s.sportId === 1)
    const result = await control(sim, 'POST', `/matches/${live.gameId}/finish`, { score: [2, 1] })
    off()
    expect(result.status).toBe(200)
    expect(finished(await feed(sim, `/v1/event/${live.gameId}/group/live/en`))).toBe(true)
    const main = events.find((e) => e.match.mainGameId === null)!
    expect(main.allGameIds).toContain(live.gameId)
    expect(main.verdict(1, 1, '0', null)).toBe('win')
    expect(main.verdict(1, 2, '0', null)).toBe('lose')
    expect(main.verdict(17, 9, '2.5', null)).toBe('win')
    expect(main.verdict(17, 10, '3', null)).toBe('return')
    expect(main.verdict(99, 3827, '2.75', null)).toBe('half_win')
    expect(main.verdict(2, 7, '-1', null)).toBe('return')
    expect(main.verdict(2854, 3830, '0.75', null)).toBe('half_lose')
    expect(main.verdict(136, 731, '2.001', null)).toBe('win')
    expect(events.length).toBe(1 + live.subGameIds.length)
    expect((await control(sim, 'POST', `/matches/${live.gameId}/finish`)).status).toBe(404)
  })

  it('live matches finish by themselves after a sport-plausible duration', async () => {
    const before = sim.world.matches('live').filter((m) => m.mainGameId === null).map((m) => m.gameId)
    const finished: number[] = []
    const off = sim.world.onMatchFinished((e) => void finished.push(e.match.gameId))
    await control(sim, 'POST', '/clock/advance', { ms: 4 * 3600_000 })
    off()
    for (const id of before) expect(finished).toContain(id)
    const stillLive = new Set(sim.world.matches('live').map((m) => m.gameId))
    for (const id of before) expect(stillLive.has(id)).toBe(false)
  })

  it('odds and block controls show in the feed', async () => {
    const world = await control(sim, 'GET', '/world')
    const s = world.json.line.samples[0]
    const { groupId, typeId, param } = s.outcome
    expect((await control(sim, 'POST', `/matches/${s.gameId}/odds`, { groupId, typeId, param, rate: 4.56 })).status).toBe(200)
    expect((await control(sim, 'POST', `/matches/${s.gameId}/block`, { groupId, typeId, param, blocked: true })).status).toBe(200)
    const r = await feed(sim, `/v1/event/${s.gameId}/group/line/en`)
    const oc = r.body.game_oc_list.flatMap((g: Json) => g.oc_list.flat()).find((o: Json) => o.oc_pointer === s.outcome.pointer)
    expect(oc).toMatchObject({ oc_rate: 4.56, oc_block: true })
    expect(sim.world.findOutcome('line', s.gameId, groupId, typeId, param)?.outcome.blocked).toBe(true)
    await control(sim, 'POST', `/matches/${s.gameId}/block`, { groupId, typeId, param, blocked: false })
    expect(sim.world.findOutcome('line', s.gameId, groupId, typeId, param)?.outcome.blocked).toBe(false)
  })

  it('cancel via control: the match leaves the feed and its id answers "Game id finished"', async () => {
    const s = (await control(sim, 'GET', '/world')).json.line.samples[1]
    expect((await control(sim, 'POST', `/matches/${s.gameId}/cancel`)).status).toBe(200)
    expect(finished(await feed(sim, `/v1/event/${s.gameId}/group/line/en`))).toBe(true)
    expect((await control(sim, 'POST', `/matches/${s.gameId}/cancel`)).status).toBe(404)
  })

  it('rejects bad control input with 400 and a clear JSON error', async () => {
    const s = (await control(sim, 'GET', '/world')).json.line.samples[0]
    const cases: Array<[string, unknown]> = [
      ['/clock/advance', { ms: -5 }],
      ['/clock/advance', '{not json'],
      [`/matches/${s.gameId}/odds`, { groupId: 1, typeId: 1, param: 0, rate: 'high' }],
      [`/matches/${s.gameId}/odds`, { groupId: 1, typeId: 1, param: '1,5', rate: 2 }],
      [`/matches/${s.gameId}/block`, { groupId: 1, typeId: 1, param: 0 }],
      [`/matches/${s.gameId}/finish`, { score: [1] }],
      ['/matches/abc/start', undefined],
    ]
    for (const [path, body] of cases) {
      const r = await control(sim, 'POST', path, body)
      expect(r.status, path).toBe(400)
      expect(r.json.error).toBe('bad_request')
      expect(typeof r.json.message).toBe('string')
    }
    expect((await control(sim, 'POST', `/matches/${s.gameId}/odds`, { groupId: 999, typeId: 1, param: 0, rate: 2 })).status).toBe(404)
    expect((await control(sim, 'POST', '/matches/123/start')).status).toBe(404)
  })
})
