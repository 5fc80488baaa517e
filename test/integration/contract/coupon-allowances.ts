import type { Allowance, Fact } from './parity.js'

/**
 * Where the simulated coupon service may differ from the captured answers: only what a fact of
 * real-service-notes.md says production also sends and the captures do not show. One endpoint,
 * one line type where the bets have one, one exact path each.
 */
const PLACEMENT_SCORE: Fact = { line: 89, quote: '`placement_score_full`, `placement_score_periods`' }
const BET_TIMER: Fact = { line: 90, quote: '`calculation_score_periods`, `timer`, `dop_name`' }
const LIVE_BET = 'body.coupons[].events_data[]'

export const COUPON_ALLOWANCES: Allowance[] = [
  {
    endpoint: 'coupon place', lineType: 'live', path: `${LIVE_BET}.placement_score_full`, extraKinds: ['free text'], missingKinds: ['null'], fact: PLACEMENT_SCORE,
    why: 'a Live bet carries the score it was accepted at, a score text like the captured `calculation_score_full` ("2:1"); the captured bet is Prematch (null)',
  },
  {
    endpoint: 'coupon place', lineType: 'live', path: `${LIVE_BET}.placement_score_periods`, extraKinds: ['free text'], missingKinds: ['null'], fact: PLACEMENT_SCORE,
    why: 'the period scores a Live bet was accepted at; the captured bet is Prematch (null)',
  },
  {
    endpoint: 'coupon place', lineType: 'live', path: `${LIVE_BET}.timer`, extraKinds: ['integer'], missingKinds: ['null'], fact: BET_TIMER,
    why: 'a Live bet carries the match timer in seconds, an integer as in the captured callback (`timer: 0`); the captured bet is Prematch (null)',
  },
]
