/** `desk coupons get` in-process against the loopback server of the vendor's captures: what was bet is shown. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CouponDto } from '../../../src-shared/contract.js'
import { run } from '../../unit/cli/helpers.js'
import { startCaptureServer, type CaptureServer } from './capture-server.js'
import { capture, HAVE_CAPTURES, SKIP_MESSAGE } from './captures.js'

describe.skipIf(!HAVE_CAPTURES)('desk coupons get on the real captures', () => {
  let server: CaptureServer
  let dataDir: string
  let args: string[]
  let env: Record<string, string>

  beforeAll(async () => {
    server = await startCaptureServer()
    dataDir = mkdtempSync(join(tmpdir(), 'desk-cli-cap-'))
    const creds = capture('login-request')
    // Only the coupon service is used; the feed and CDN addresses are never called.
    args = ['--data-dir', dataDir, '--coupon-url', server.url, '--feed-url', `${server.url}/feed`, '--cdn-url', `${server.url}/cdn`, '--username', creds.username]
    env = { DESK_PASSWORD: creds.password }
  })
  afterAll(async () => {
    await server?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('--json: the CouponDto carries teams, tournament, sport, market, outcome, parameter, scores and reason', async () => {
    const r = await run(['coupons', 'get', '000000000272', '--json', ...args], { env })
    expect(r.code, r.stderr).toBe(0)
    const dto = r.json<CouponDto>()
    expect(dto).toMatchObject({ couponCode: '000000000272', status: 2, statusLabel: 'won', realWin: 18.5, settlementCoef: 1.85 })
    expect(dto.bets).toEqual([
      {
        id: '84521', gameId: 737779544, mainGameId: null, status: 1, statusLabel: 'won', coef: 1.85, settlementCoef: 1.85,
        pointer: 'line#737779544#1#1#0#1.85', lineType: 'line', sportId: 1, sportName: 'Football', tournamentId: 10001,
        tournamentName: 'National League', opp1: 'Team A', opp2: 'Team B', marketName: 'Match Result', outcomeName: 'First Team to Win',
        param: '0', extraName: null, placementScore: null, placementScorePeriods: null, calculationScore: '2:1', calculationScorePeriods: null,
        eventDate: 1784971800000, calculateDate: 1784973600000, settlementReasonCode: 'AUTOMATIC_SETTLEMENT', settlementReason: 'Calculated automatically',
        // The rest of the real model, as the capture has it (`bet_score` there holds the pointer's text).
        betScore: 'line#737779544#1#1#0#1.85', isLive: false, isSubGame: false, marketId: 1, outcomeId: 1, originalCoef: null, parentGameId: null,
        subGameKey: null, team1Id: 101, team2Id: 102, timer: null,
      },
    ])
  })

  it('table: the names of what was bet, the vendor status name, the settlement score and reason', async () => {
    const r = await run(['coupons', 'get', '000000000272', ...args], { env })
    expect(r.code, r.stderr).toBe(0)
    for (const text of ['won (2)', 'Team A – Team B', 'Football / National League', 'Match Result', 'First Team to Win', 'won (1)', 'at settlement 2:1', 'AUTOMATIC_SETTLEMENT', 'Calculated automatically', 'settled ×1.85']) {
      expect(r.stdout).toContain(text)
    }
    // A zero parameter is noise next to a 1X2 outcome name.
    expect(r.stdout).not.toContain('First Team to Win (0)')
  })

  it('an unknown code is the service 471, exit 1', async () => {
    const r = await run(['coupons', 'get', '000000000999', ...args], { env })
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/471/)
  })
})

if (!HAVE_CAPTURES) describe('desk coupons get on the real captures', () => it.skip(SKIP_MESSAGE, () => {}))
