import type { IncomingMessage, ServerResponse } from 'node:http'
import { captureJson, captureNames, captureText, haveCaptures, skipMessage, type CaptureFolder } from './captures.js'
import { startLoopback } from './loopback.js'

/**
 * The vendor's own answers served over loopback HTTP: the feed under `/feed/v1/...`, the coupon
 * service under `/api/partner/...`, each route answered with the bytes of its capture in
 * `../shared/real-captures/{feed,coupon}`. A route with no capture answers what production answers
 * for a thing it does not know (the spec's or the captured error texts), never invented data.
 * Every request is recorded so a test can assert what the console asked.
 */

/** The placement answers a test can choose, each one capture of `coupon/`. */
export const PLACEMENT_ANSWERS = {
  'success-single': 'place-success-single',
  '501-decreased': 'place-error-501-odds-decreased',
  '501-increased': 'place-error-501-odds-increased',
  '502': 'place-error-502-outcome-unavailable',
  '503': 'place-error-503-outcome-blocked',
  '507': 'place-error-507-insufficient-balance',
} as const
export type PlacementAnswer = keyof typeof PLACEMENT_ANSWERS

export interface RecordedRequest {
  method: string
  /** Path without the query, as sent (still URL-encoded). */
  path: string
  query: Record<string, string>
  /** The request body as text (`''` when none). */
  body: string
  /** The capture answered (`feed/menu.line.en`), or why none was (`unknown:feed`, `no-auth`). */
  served: string
  status: number
}

export interface CaptureServer {
  origin: string
  /** The three URLs of a "Real services" profile. */
  couponBaseUrl: string
  feedApiUrl: string
  cdnUrl: string
  requests: RecordedRequest[]
  /** Answers for the next placements, in order (one each); when empty, `success-single`. */
  placements: PlacementAnswer[]
  /** The credentials the captured login accepts (`coupon/login-request.json`). */
  login: { username: string; password: string }
  close(): Promise<void>
}

/** Whether both folders are there (under CI=true a missing one throws), with the skip message. */
export function captureServerAvailable(): { ok: boolean; message: string } {
  for (const folder of ['feed', 'coupon'] as const) if (!haveCaptures(folder)) return { ok: false, message: skipMessage(folder) }
  captureNames('feed')
  captureNames('coupon')
  return { ok: true, message: '' }
}

interface Answer {
  status: number
  /** Capture name (`folder/name`) whose bytes are the body, or a literal body. */
  capture?: `${CaptureFolder}/${string}`
  body?: string
  served: string
  headers?: Record<string, string>
}

const capture = (folder: CaptureFolder, name: string, status = 200, headers?: Record<string, string>): Answer => ({
  status,
  capture: `${folder}/${name}`,
  served: `${folder}/${name}`,
  headers,
})

/** The current key's expiry from the captured account: production sends it on every success. */
function keyExpires(): string {
  const account = captureJson<{ body: { keys: { current: boolean; expires_at: string }[] } }>('feed', 'account')
  return account.body.keys.find((k) => k.current)?.expires_at ?? account.body.keys[0].expires_at
}
function keyLanguages(): string[] {
  const account = captureJson<{ body: { keys: { current: boolean; languages: string[] }[] } }>('feed', 'account')
  return account.body.keys.find((k) => k.current)?.languages ?? []
}

/** The query text a search capture was taken with (`search.query-manchester.line.en` → `manchester`). */
function searchCapture(type: string, lang: string, text: string): string | undefined {
  const wanted = text.trim().toLowerCase()
  return captureNames('feed', 'search.query-').find((n) => {
    const m = /^search\.query-(.+)\.(line|live)\.([a-z]+)\.json$/.exec(n)
    return m !== null && m[1].toLowerCase() === wanted && m[2] === type && m[3] === lang
  })
}

function feedAnswer(segments: string[], query: Record<string, string>, packageKey: string | undefined): Answer {
  const ok = (name: string): Answer => capture('feed', name, 200, { 'x-key-expires': keyExpires() })
  // A success of a spec'd method with nothing to list (production's answer for a search without hits).
  const emptyList = (page: string, why: string): Answer => ({ status: 200, body: JSON.stringify({ status: 1, page, body: [] }), served: `empty:${why}`, headers: { 'x-key-expires': keyExpires() } })
  const unknown: Answer = { status: 404, body: JSON.stringify({ error_code: 404, error_message: 'Unknown method' }), served: 'unknown:feed' }
  if (!packageKey) return capture('feed-errors', 'missing-key', 401)
  if (segments[0] !== 'v1') return unknown
  const [, method, ...rest] = segments
  const full = query.full === 'true' || query.full === '1'
  const lang = rest.at(-1) ?? ''
  const type = method === 'toplist' || method === 'account' ? 'line' : method === 'events' && rest.length === 8 ? 'line' : rest.at(-2) ?? ''
  if (method !== 'account' && method !== 'search' && !['line', 'live'].includes(type)) return capture('feed-errors', 'wrong-type', 400)
  if (method === 'search' && !['line', 'live'].includes(rest[0] ?? '')) return capture('feed-errors', 'wrong-type', 400)
  const searchLang = method === 'search' ? rest[1] : lang
  if (method !== 'account' && !keyLanguages().includes(searchLang)) return capture('feed-errors', 'language-not-in-package', 403)
  // Whether the route has a capture: a plain lookup (an absent one is an answer here, not a missing gate case).
  const have = (name: string) => captureNames('feed').includes(`${name}.json`)
  const pick = (name: string) => (have(name) ? ok(name) : unknown)
  switch (`${method}/${rest.length}`) {
    case 'account/0':
      return ok('account')
    case 'menu/2':
    case 'sports/2':
      return pick(`${method}.${type}.${lang}`)
    case 'countries/3':
      return pick(`countries.sport-${rest[0]}.${type}.${lang}`)
    case 'tournaments/4':
      return pick(`tournaments.sport-${rest[0]}.country-${rest[1]}.${type}.${lang}`)
    case 'topmatches/2':
      return pick(`topmatches${full ? '.full' : ''}.${type}.${lang}`)
    case 'toplist/2':
      return pick(`toplist${full ? '.full' : ''}.sport-${rest[0]}.line.${lang}`)
    case 'search/3': {
      const name = searchCapture(rest[0], rest[1], decodeURIComponent(rest[2]))
      return name ? ok(name.replace(/\.json$/, '')) : emptyList('/v1/search', 'search')
    }
    case 'events/6':
      if (rest[2] !== 'sub' || rest[3] !== '50') return unknown
      return pick(`events.sport-${rest[0]}.tournament-${rest[1]}.sub-50.${type}.${lang}`)
    case 'events/8': {
      // The calendar (real-service-notes): `hours` 0 with `days` over 5 is empty; the other periods answer the captured day.
      const [hours, days] = [Number(rest[5]), Number(rest[6])]
      return hours === 0 && days > 5 ? ok('events-by-period.empty') : ok('events-by-period.calendar')
    }
    case 'event/4': {
      const name = `event.game-${rest[0]}.group.${type}.${lang}`
      return have(name) ? ok(name) : capture('feed-errors', 'game-not-found', 200, { 'x-key-expires': keyExpires() })
    }
    default:
      return unknown
  }
}

const COUPON_ROUTES: Record<string, { method: string; auth: boolean }> = {
  health: { method: 'GET', auth: false },
  login: { method: 'POST', auth: false },
  balance: { method: 'GET', auth: true },
  'coupons/active': { method: 'GET', auth: true },
  'coupons/calculated': { method: 'GET', auth: true },
  'coupons/get': { method: 'GET', auth: true },
  'coupons/results': { method: 'POST', auth: true },
  'coupons/place': { method: 'POST', auth: true },
}

function couponAnswer(server: CaptureServer, route: string, method: string, query: Record<string, string>, body: string, authorization: string | undefined): Answer {
  const known = COUPON_ROUTES[route]
  if (!known || known.method !== method) return { status: 404, body: '', served: 'unknown:coupon' }
  const token = captureJson<{ body: { token: string } }>('coupon', 'login-success').body.token
  // Production answers a missing or foreign token with HTTP 401; no body of it was published.
  if (known.auth && authorization !== `Bearer ${token}`) return { status: 401, body: '', served: 'no-auth' }
  let json: Record<string, unknown>
  try {
    json = body ? (JSON.parse(body) as Record<string, unknown>) : {}
  } catch {
    return { status: 400, body: '', served: 'bad-json' } // production: HTTP 400 for malformed JSON
  }
  switch (route) {
    case 'health':
      return capture('coupon', 'health')
    case 'login': {
      const name = json.username ?? json.login
      return name === server.login.username && json.password === server.login.password ? capture('coupon', 'login-success') : capture('coupon', 'login-wrong-credentials')
    }
    case 'balance':
      return capture('coupon', 'balance')
    case 'coupons/active':
      return capture('coupon', 'active')
    case 'coupons/calculated':
      return capture('coupon', 'calculated-settled')
    case 'coupons/get': {
      const won = captureJson<{ body: { coupon_code: string } }>('coupon', 'get-won').body.coupon_code
      return capture('coupon', query.coupon_code === won ? 'get-won' : 'get-not-found')
    }
    case 'coupons/results': {
      const ids = json.coupon_ids
      if (Array.isArray(ids)) {
        const found = captureJson<{ body: { coupons: { coupon_code: string }[] } }>('coupon', 'results-by-ids').body.coupons.map((c) => c.coupon_code)
        return capture('coupon', ids.some((id) => found.includes(String(id))) ? 'results-by-ids' : 'results-empty')
      }
      // By period: no period answer was published; an empty list is what a period without coupons gives.
      if (typeof json.start_date === 'number' && typeof json.end_date === 'number') return capture('coupon', 'results-empty')
      return capture('coupon', 'results-invalid-parameters')
    }
    default:
      return capture('coupon', PLACEMENT_ANSWERS[server.placements.shift() ?? 'success-single'])
  }
}

/**
 * A capture that is a recorded exchange (`{status: <HTTP status>, headers, body}`) rather than a body:
 * its status, headers and body are served as recorded. Today's captures are bodies (a feed body's
 * `status` is 1, never an HTTP status), so this is for recordings added later.
 */
function recordedExchange(text: string): { status: number; headers: Record<string, string>; body: string } | null {
  const value = JSON.parse(text) as Record<string, unknown>
  const { status, headers, body } = value
  if (typeof status !== 'number' || status < 100 || typeof headers !== 'object' || headers === null || !('body' in value)) return null
  return { status, headers: headers as Record<string, string>, body: typeof body === 'string' ? body : JSON.stringify(body) }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** Starts the server on 127.0.0.1 at a free port. Call only when `captureServerAvailable().ok`. */
export async function startCaptureServer(): Promise<CaptureServer> {
  const login = captureJson<{ username: string; password: string }>('coupon', 'login-request')
  const state: CaptureServer = {
    origin: '',
    couponBaseUrl: '',
    feedApiUrl: '',
    cdnUrl: '',
    requests: [],
    placements: [],
    login,
    close: async () => undefined,
  }
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const query = Object.fromEntries(url.searchParams)
    const body = await readBody(req)
    const method = req.method ?? 'GET'
    let answer: Answer
    if (url.pathname.startsWith('/feed/')) {
      const header = req.headers.package
      answer = method === 'GET' ? feedAnswer(url.pathname.slice('/feed/'.length).split('/'), query, Array.isArray(header) ? header[0] : header) : { status: 404, body: '', served: 'unknown:feed' }
    } else if (url.pathname.startsWith('/api/partner/')) {
      answer = couponAnswer(state, url.pathname.slice('/api/partner/'.length).replace(/\/$/, ''), method, query, body, req.headers.authorization)
    } else {
      answer = { status: 404, body: '', served: 'unknown' } // the CDN included: no images were captured
    }
    let bytes = answer.body ?? ''
    if (answer.capture) {
      const [folder, name] = answer.capture.split('/') as [CaptureFolder, string]
      bytes = captureText(folder, name)
      const exchange = recordedExchange(bytes)
      if (exchange) ({ status: answer.status, headers: answer.headers, body: bytes } = exchange)
    }
    state.requests.push({ method, path: url.pathname, query, body, served: answer.served, status: answer.status })
    res.writeHead(answer.status, { ...(bytes ? { 'content-type': 'application/json' } : {}), ...answer.headers })
    res.end(bytes)
  }
  const loopback = await startLoopback((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500).end(String(error))
    })
  })
  state.origin = loopback.origin
  state.couponBaseUrl = loopback.origin
  state.feedApiUrl = `${loopback.origin}/feed`
  state.cdnUrl = `${loopback.origin}/cdn`
  state.close = () => loopback.close()
  return state
}
