import { expect } from 'vitest'
import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { captureValue } from '../../support/captures.js'
import type { JsonValue } from '../../support/json-text.js'
import { answerOf, type Answer } from './answers.js'
import { COUPON_ALLOWANCES } from './coupon-allowances.js'
import { shapeDifferences, type LineType } from './parity.js'

/** What the coupon gate tests share: a frozen simulator, calls that keep the answer text, the comparison. */

/** Inside the period of `results-request-by-period.json` (2026-07-24 08:00 to 07-25 08:00 UTC): coupons placed now fall in it. */
export const GATE_START_MS = 1_784_900_000_000

/** Captures the coupon gate compares, by the file that compares them (the two lists together: every coupon capture). */
export const ANSWER_CAPTURES = [
  'health', 'login-wrong-credentials', 'login-success', 'balance', 'active-empty', 'calculated-empty', 'place-success-single', 'active',
  'get-won', 'calculated-settled', 'results-request-by-ids', 'results-by-ids', 'results-request-by-period', 'results-empty',
  'results-invalid-parameters', 'get-not-found', 'place-error-501-odds-decreased', 'place-error-501-odds-increased',
  'place-error-502-outcome-unavailable', 'place-error-503-outcome-blocked', 'place-error-507-insufficient-balance',
  'callback-intermediate-accumulator', 'callback-ack',
]
export const REQUEST_CAPTURES = [
  'login-request', 'place-request-single', 'place-request-accumulator', 'place-request-multi-singles', 'place-request-accept-higher-odds',
]

export const startGateSimulator = (seed: number): Promise<RunningSimulator> =>
  startSimulator({ port: 0, clockTickMs: 0, timeScale: 0, seed, variations: 'none', startMs: GATE_START_MS })

export function couponCalls(sim: () => RunningSimulator) {
  const send = async (method: string, path: string, body: string | undefined, token: string): Promise<Answer> => {
    const headers: Record<string, string> = { accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (token) headers.authorization = `Bearer ${token}`
    return answerOf(await fetch(`${sim().couponBaseUrl}${path}`, { method, headers, body }))
  }
  return {
    /** `body` as a JSON value, or as text to be sent byte for byte. */
    call: (method: string, path: string, body: unknown, token = '') => send(method, path, body === undefined || typeof body === 'string' ? body : JSON.stringify(body), token),
    control: async (path: string, body: unknown = {}) => {
      const answer = await send('POST', `/__sim${path}`, JSON.stringify(body), '')
      expect(answer.status, `${path}: ${answer.text}`).toBe(200)
      return answer.json
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    lineMatches: async (): Promise<any[]> => {
      const res = await fetch(`${sim().feedApiUrl}/v1/events/1/0/sub/50/line/en`, { headers: { Package: 'demo-key' } })
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return ((await res.json()) as any).body.flatMap((t: any) => t.events_list).filter((m: any) => m.game_mid === m.game_id && m.opp_1_name !== 'Home')
    },
  }
}

/** The open outcome of a type (W1 = 1, X = 2, W2 = 3, ...) of a listed match, as a coupon pointer at the odds given. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function outcomeOf(match: any, typeId: number) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const o = match.game_oc_list.flatMap((g: any) => g.oc_list).find((x: any) => x.oc_pointer.split('|')[2] === String(typeId) && !x.oc_block)
  const [game, group, type, param] = o.oc_pointer.split('|') as string[]
  return {
    game: Number(game), groupId: Number(group), typeId: Number(type), param,
    pointer: (rate: number) => `line#${game}#${group}#${type}#${param}#${rate}`,
  }
}

/** What a test file compared: the captures (for the coverage check) and the endpoints (every allowance must be for one of them). */
export interface Compared {
  captures: Set<string>
  endpoints: Set<string>
}
export const newCompared = (): Compared => ({ captures: new Set(), endpoints: new Set() })
export const endpointKey = (endpoint: string, lineType?: LineType) => `${endpoint}${lineType ? ` [${lineType}]` : ''}`

/** The gate on coupon answers. */
export function expectCouponShape(compared: Compared, endpoint: string, lineType: LineType | undefined, simulator: JsonValue[], capture: string) {
  compared.captures.add(capture)
  compared.endpoints.add(endpointKey(endpoint, lineType))
  const production = [captureValue('coupon', capture)]
  expect(shapeDifferences({ endpoint, lineType, simulator, production, allowances: COUPON_ALLOWANCES }), capture).toEqual([])
}

/** Allowances (of those `mine` selects) for an endpoint the file never compared: they could excuse nothing, ever. */
export const uncomparedAllowances = (compared: Compared, mine: (lineType?: LineType) => boolean) =>
  COUPON_ALLOWANCES.filter((a) => mine(a.lineType) && !compared.endpoints.has(endpointKey(a.endpoint, a.lineType))).map((a) => endpointKey(a.endpoint, a.lineType) + ' ' + a.path)
