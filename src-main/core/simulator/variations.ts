import { jsonFloat, toJsonText, type SimReply } from './http.js'

/**
 * Switchable variations: the ways a real service may answer within the specs
 * (coupon-client-api.md, sport-line-feed-api.md, real-service-notes.md) that our own simulator
 * would otherwise never show. Each is deterministic for a seed, so a failing test repeats.
 */
export const VARIATION_NAMES = [
  /** Optional envelope fields (`error_code`, `error_message`, `time_ms`, `path`, a null `body`) absent or null. */
  'envelope-optional',
  /** Object keys in a shuffled order. */
  'key-order',
  /** Unknown extra fields on envelopes, coupons, bets, matches, outcomes, callback payloads. */
  'extra-fields',
  /** Integral amounts, odds and payouts written `10.0` in the JSON text. */
  'float-text',
  /** Error 10000 answered as HTTP 200 with `code` 0 every second time (the first stays HTTP 5xx). */
  'code0-10000',
  /** The older legacy `/bet/place` answer: one created coupon as an object, not a one-item array. */
  'legacy-single',
  /** `oc_size` both ways: numeric parameters as JSON numbers and `0` as the text "0", mixed in one market. */
  'oc-size-mixed',
  /** Prematch live fields (timer, score_period, stat_list, va, …) as each default variant: 0, "", [], null. */
  'prematch-defaults',
  /** `sub_games` items with null `game_id`, `game_num` or `game_name`. */
  'subgame-nulls',
  /** Unknown settlement reason codes, as strings and as numbers. */
  'reason-codes',
  /** `Home` / `Away` special-bets pseudo-matches in the football line (handicaps and totals, no 1X2). */
  'special-bets',
  /** Some live matches named by the literal period name `period` instead of `1st half`, `2nd period`, … */
  'period-literal',
] as const

export type VariationName = (typeof VARIATION_NAMES)[number]

/** The variations production's feed captures show: all but `key-order` (the captures keep one key
 *  order per kind of object) and `extra-fields` (their markets and outcomes carry no unknown field;
 *  their matches' unknown keys the world sends itself). The feed bench measures in these shapes;
 *  test/integration/simulator/feed-captures-shapes.test.ts holds them against the captures. */
export const CAPTURES_SHAPES: readonly VariationName[] = VARIATION_NAMES.filter((n) => n !== 'key-order' && n !== 'extra-fields')

/** `all`, `none`, or a comma list of names. Throws on an unknown name. */
export function parseVariations(spec: string | readonly string[] | undefined): Set<VariationName> {
  const parts = (typeof spec === 'string' ? spec.split(',') : (spec ?? [])).map((s) => s.trim()).filter((s) => s.length > 0)
  const out = new Set<VariationName>()
  for (const part of parts) {
    if (part === 'all') VARIATION_NAMES.forEach((n) => out.add(n))
    else if (part === 'none') continue
    else if ((VARIATION_NAMES as readonly string[]).includes(part)) out.add(part as VariationName)
    else throw new Error(`unknown variation '${part}' (known: all, none, ${VARIATION_NAMES.join(', ')})`)
  }
  return out
}

/** Default when no `variations` option is given: `SIM_VARIATIONS`, else all under vitest, else none. */
export function defaultVariations(env: NodeJS.ProcessEnv = process.env): string {
  return env.SIM_VARIATIONS ?? (env.VITEST ? 'all' : 'none')
}

export interface Variations {
  readonly enabled: ReadonlySet<VariationName>
  /** A coupon-service reply (new and legacy routes); `path` is the request path. */
  coupon(path: string, reply: SimReply): SimReply
  /** A feed reply; `path` relative to the feed mount (`/v1/...`). */
  feed(path: string, reply: SimReply): SimReply
  /** JSON text of a callback payload. */
  callbackText(payload: unknown): string
}

const FLOAT_KEYS = new Set([
  'amount', 'win', 'potential_win', 'real_win', 'realWin', 'coef', 'original_coef', 'calculate_coef', 'calc_coef',
  'calculate_coefficient', 'actual_coefficient', 'balance', 'oc_rate',
])
const PREMATCH_LIVE_KEYS = ['timer', 'score_period', 'period_name', 'stat_list', 'extra_time', 'finale', 'pitch', 'score_extra', 'va', 'vi', 'zp', 'stat_list_extra']
const DEFAULT_VARIANTS: readonly unknown[] = [0, '', [], null]
const LEGACY_PLACE = new Set(['/bet/place'])

function isPlain(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype && !('toJSON' in v)
}

/** Small stable hash of a value's text (FNV-1a). */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0
  return h
}

function isDefaultValue(v: unknown): boolean {
  return v === 0 || v === '' || v === null || v === false || (Array.isArray(v) && v.length === 0)
}

export function createVariations(spec: string | readonly string[] | undefined, seed = 1): Variations {
  const enabled = parseVariations(spec)
  const on = (n: VariationName) => enabled.has(n)
  let rng = (seed >>> 0) || 1
  const random = () => {
    // mulberry32
    rng = (rng + 0x6d2b79f5) >>> 0
    let t = rng
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  let code10000Count = 0
  let envelopeCount = 0

  /** Generic walk: reason codes, float text, extra fields, then key order (last, on the result). */
  function walk(value: unknown, ctx: { feedPrematch: boolean; feed: boolean }): unknown {
    if (Array.isArray(value)) return value.map((v) => walk(v, ctx))
    if (!isPlain(value)) return value
    // fromEntries: a `__proto__` key stays an own property.
    let obj: Record<string, unknown> = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, ctx)]))
    if (on('reason-codes') && typeof obj.settlement_reason_code === 'string') {
      const id = String(obj.uuid ?? obj.id ?? obj.settlement_reason_code)
      const pick = hash(`reason:${id}`) % 3
      if (pick === 1) Object.assign(obj, { settlement_reason_code: 'SIM_FUTURE_REASON', settlement_reason: 'A reason this client has never seen' })
      else if (pick === 2) Object.assign(obj, { settlement_reason_code: 9001, settlement_reason: 'A numeric reason code' })
    }
    if (on('float-text')) {
      for (const [k, v] of Object.entries(obj)) if (FLOAT_KEYS.has(k) && Object.hasOwn(obj, k) && typeof v === 'number' && Number.isSafeInteger(v) && !Object.is(v, -0)) obj[k] = jsonFloat(v)
    }
    if (ctx.feed && on('oc-size-mixed') && 'oc_size' in obj && 'oc_pointer' in obj) {
      const size = obj.oc_size
      const pick = hash(`size:${String(obj.oc_pointer)}`) % 2
      if (pick === 1 && size === 0) obj.oc_size = '0'
      else if (pick === 1 && typeof size === 'string' && size !== '' && String(Number(size)) === size) obj.oc_size = Number(size)
    }
    if (ctx.feedPrematch && on('prematch-defaults') && 'game_id' in obj && 'score_full' in obj) {
      for (const key of PREMATCH_LIVE_KEYS) {
        if (key in obj && isDefaultValue(obj[key])) obj[key] = DEFAULT_VARIANTS[hash(`pre:${String(obj.game_id)}:${key}`) % DEFAULT_VARIANTS.length]
      }
    }
    if (ctx.feed && on('subgame-nulls') && Array.isArray(obj.sub_games)) {
      obj.sub_games = obj.sub_games.map((s, i) => (isPlain(s) ? { ...s, [['game_num', 'game_name', 'game_id'][i % 3]]: null } : s))
    }
    if (on('extra-fields') && ('code' in obj || 'coupon_code' in obj || 'game_id' in obj || 'oc_pointer' in obj || 'event' in obj || 'error_code' in obj || 'uuid' in obj)) {
      obj.x_sim_unknown = random() < 0.5 ? { nested: [1, 'two', null] } : 'an unknown field'
    }
    if (on('key-order')) {
      const keys = Object.keys(obj)
      for (let i = keys.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1))
        ;[keys[i], keys[j]] = [keys[j], keys[i]]
      }
      const source = obj
      obj = Object.fromEntries(keys.map((k) => [k, source[k]]))
    }
    return obj
  }

  function envelopeVariants(body: Record<string, unknown>): Record<string, unknown> {
    const out = { ...body }
    const n = envelopeCount++
    const absent = n % 2 === 0
    for (const key of ['error_code', 'error_message', 'time_ms', 'path']) {
      if (!(key in out)) continue
      if ((key === 'error_code' || key === 'error_message') && out[key] !== null) continue
      if (absent) delete out[key]
      else out[key] = null
    }
    if (out.body === null && absent) delete out.body
    return out
  }

  function isEnvelope(body: unknown): body is Record<string, unknown> {
    return isPlain(body) && (body.code === 0 || body.code === 1) && 'date' in body && 'error_code' in body
  }

  return {
    enabled,
    coupon(path, reply) {
      if (enabled.size === 0 || reply.destroy || !isPlain(reply.body)) return reply
      let status = reply.status
      let body: unknown = reply.body
      if (isEnvelope(body)) {
        if (on('code0-10000') && status >= 500 && body.error_code === 10000 && code10000Count++ % 2 === 1) status = 200
        if (on('legacy-single') && LEGACY_PLACE.has(path) && body.code === 1 && Array.isArray(body.body) && body.body.length === 1) body = { ...body, body: body.body[0] }
        if (on('envelope-optional')) body = envelopeVariants(body as Record<string, unknown>)
      }
      return { ...reply, status, body: walk(body, { feed: false, feedPrematch: false }) }
    },
    feed(path, reply) {
      if (enabled.size === 0 || reply.destroy || reply.body === undefined || typeof reply.body === 'string' || Buffer.isBuffer(reply.body)) return reply
      const segments = path.split('/')
      const feedPrematch = segments.includes('line') || segments[2] === 'toplist'
      return { ...reply, body: walk(reply.body, { feed: true, feedPrematch }) }
    },
    callbackText(payload) {
      return toJsonText(enabled.size === 0 ? payload : walk(payload, { feed: false, feedPrematch: false }))
    },
  }
}
