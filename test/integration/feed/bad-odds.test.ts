/**
 * Issue 8 item 6: one outcome with unusable odds (0, negative, a 400-digit number, text, missing)
 * is shown as not bettable; every other outcome and match is rendered, over real HTTP through the
 * `desk feed events` command and the feed client. Server data errors are never usage errors.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TournamentEventsDto } from '../../../src-shared/contract.js'
import { createFeedClient } from '../../../src-main/core/feed/index.js'
import { exitCodeOf } from '../../../src-main/core/cli/exit-codes.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'
import { run } from '../../unit/cli/helpers.js'
import { prematchRow } from '../../unit/feed/fixtures.js'

const HUGE = '9'.repeat(400)
const outcome = (type: number, rate: string) => `{"oc_group_name":"1X2","oc_name":"${type}","oc_rate":${rate},"oc_size":0,"oc_pointer":"GAME|1|${type}|0","oc_block":false,"op_id":null}`

/** An `events` body as raw text: a 400-digit number cannot be written with JSON.stringify. */
function eventsText(): string {
  const match = (gameId: number, rates: string[]) => {
    const row = JSON.stringify(prematchRow({ game_id: gameId, game_oc_list: '@@' }))
    const list = `[{"group_id":1,"group_name":"1X2","columns":3,"oc_list":[${rates.map((r, i) => outcome(i + 1, r).replace('GAME', String(gameId))).join(',')}]}]`
    return row.replace('"@@"', list)
  }
  const matches = [match(5001, ['0', '3.4', '4.2']), match(5002, ['-1.5', '3.1', `"${HUGE}"`]), match(5003, [HUGE, '"abc"', '2.05']), match(5004, ['1.9', '3.3', '4'])]
  return `{"status":1,"page":"/v1/events","body":[{"tournament_id":100,"tournament_name":"Premier League","events_list":[${matches.join(',')}]}]}`
}

let server: Server
let baseURL: string
let dataDir: string

beforeAll(async () => {
  server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(eventsText()))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`
  dataDir = mkdtempSync(join(tmpdir(), 'desk-bad-odds-'))
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  rmSync(dataDir, { recursive: true, force: true })
})

describe('unusable odds in an events answer', () => {
  it('desk feed events --json exits 0; the bad outcomes are blocked without a pointer, the rest is bettable', async () => {
    const r = await run(['feed', 'events', '--sport', '1', '--json', '--data-dir', dataDir, '--feed-url', baseURL, '--cdn-url', 'http://cdn.test', '--coupon-url', 'http://127.0.0.1:9'], {
      env: { DESK_FEED_KEY: 'k' },
    })
    expect(r.code, r.stderr).toBe(0)
    const [tournament] = r.json<TournamentEventsDto[]>()
    expect(tournament.matches.map((m) => m.gameId)).toEqual([5001, 5002, 5003, 5004])
    const cells = tournament.matches.map((m) => m.markets![0].columns.flat().map((o) => (o.blocked ? `${o.name}:blocked:${o.rate}:${o.pointer}` : `${o.name}:${o.rate}`)))
    expect(cells).toEqual([
      ['1:blocked:0:', '2:3.4', '3:4.2'],
      ['1:blocked:0:', '2:3.1', '3:blocked:0:'],
      ['1:blocked:0:', '2:blocked:0:', '3:2.05'],
      ['1:1.9', '2:3.3', '3:4'],
    ])
    const good = tournament.matches[3].markets![0].columns.flat()[0]
    expect(good.pointer).toBe('line#5004#1#1#0#1.9')
    // The operator is told which values were dropped (stderr warnings), not failed.
    expect(r.stderr).toMatch(/warning: 5 malformed/)
  })

  it('the table form renders too', async () => {
    const r = await run(['feed', 'events', '--sport', '1', '--data-dir', dataDir, '--feed-url', baseURL, '--cdn-url', 'http://cdn.test', '--coupon-url', 'http://127.0.0.1:9'], {
      env: { DESK_FEED_KEY: 'k' },
    })
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout).toContain('Arsenal')
  })

  it('the feed client keeps every outcome, each bad one with a warning', async () => {
    const list = await createFeedClient({ baseURL, apiKey: 'k' }).events(1, 0, 'line', 'en')
    const outcomes = list.items[0].matches.flatMap((m) => m.markets![0].outcomes)
    expect(outcomes).toHaveLength(12)
    expect(outcomes.filter((o) => o.oc_block).map((o) => o.oc_rate)).toEqual([0, 0, 0, 0, 0])
    expect(list.warnings.filter((w) => w.path.endsWith('.oc_rate'))).toHaveLength(5)
  })

  it('a feed data error is never a usage error (exit 2)', () => {
    for (const code of ['feed_pointer', 'feed_shape', 'feed_status'] as const) expect(exitCodeOf(new DeskError(code, 'x'))).not.toBe(2)
  })
})
