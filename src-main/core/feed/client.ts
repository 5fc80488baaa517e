import { DeskError } from '../shared/errors.js'
import { systemClock, type Clock } from '../shared/clock.js'
import { createHttpClient, type HttpAnswer, type TransportFailure } from '../shared/http.js'
import type { Logger } from '../shared/log.js'
import { normaliseAccount, type FeedAccount } from './account.js'
import { calendarSegments, type CalendarPeriod } from './calendar.js'
import { feedErrorOf, isFeedErrorBody } from './errors.js'
import { parseKeyExpires } from './key-expiry.js'
import { EnvelopeSchema } from './schemas.js'
import { DEFAULT_MAX_RESPONSE_BYTES, tooLarge } from './body.js'
import {
  normaliseChampionships,
  normaliseCountries,
  normaliseEvent,
  normaliseEvents,
  normaliseSports,
  normaliseSummaries,
  normaliseTournaments,
} from './normalise.js'
import type { Championship, Country, EventResult, EventsTournament, FeedList, FeedStamp, LineType, MatchSummary, Sport, Tournament } from './types.js'

export interface FeedClientOptions {
  /** `{api_url}`, e.g. `http://127.0.0.1:4000/feed` (paths add `/v1/...`). */
  baseURL: string
  /** Sent as the `Package` header; never logged. */
  apiKey: string
  fetch?: typeof globalThis.fetch
  clock?: Clock
  /** Per attempt. Default 10 s. */
  timeoutMs?: number
  /** Retries of a temporary failure (network, timeout, HTTP 5xx without an error body). Default 0:
   *  the scheduler owns the documented backoff; typed feed errors are never retried. */
  retries?: number
  /** Wait before the first retry, doubling per retry up to 8× (documented: 5, 10, 20, 40 s). Default 5 s. */
  retryDelayMs?: number
  /** Largest answer body accepted, in bytes (default 64 MiB); a larger one fails with `feed_too_large`
   *  without being held in memory. */
  maxResponseBytes?: number
  /** Called with the key's expiry (`X-Key-Expires`) when an answer carries one that differs from the last seen. */
  onKeyExpires?: (expiresAtMs: number) => void
  /** One debug line per HTTP attempt, a warn per retry (never the key). */
  logger?: Logger
}

export interface TopOptions { full?: boolean; odds?: boolean }
export interface EventsOptions { cybersport?: boolean; match?: 'all'; odds?: boolean }

export interface FeedClient {
  menu(type: LineType, lang: string, options?: { cybersport?: boolean }): Promise<FeedList<Sport>>
  sports(type: LineType, lang: string, options?: { cybersport?: boolean }): Promise<FeedList<Sport>>
  countries(sportId: number, type: LineType, lang: string): Promise<FeedList<Country>>
  tournaments(sportId: number, countryId: number, type: LineType, lang: string, options?: { cybersport?: boolean }): Promise<FeedList<Tournament>>
  topMatches(type: LineType, lang: string, options?: TopOptions): Promise<FeedList<MatchSummary>>
  /** Prematch only (the spec's toplist has no type segment). */
  topList(sportId: number, lang: string, options?: TopOptions): Promise<FeedList<MatchSummary>>
  topChampionships(type: LineType, lang: string): Promise<FeedList<Championship>>
  /** Blank text sends no request and answers an empty list. */
  search(type: LineType, lang: string, text: string): Promise<FeedList<MatchSummary>>
  events(sportId: number, tournamentId: number, type: LineType, lang: string, options?: EventsOptions): Promise<FeedList<EventsTournament>>
  event(gameId: number, type: LineType, lang: string, options?: { odds?: boolean }): Promise<EventResult & FeedStamp>
  /** Prematch matches of the next hours or of one Kyiv day (same shape as `events`). */
  calendar(sportId: number, tournamentId: number, period: CalendarPeriod, lang: string, options?: { odds?: boolean }): Promise<FeedList<EventsTournament>>
  /** The client and every key of it (`/v1/account`, no language). */
  account(): Promise<FeedAccount>
}

type Query = Record<string, string>

function checkType(type: unknown): LineType {
  if (type === 'line' || type === 'live') return type
  throw new DeskError('feed_params', `line type must be 'line' or 'live', got ${JSON.stringify(type)}`)
}
function checkId(name: string, id: unknown, allowZero = false): number {
  if (typeof id === 'number' && Number.isInteger(id) && (id > 0 || (allowZero && id === 0))) return id
  throw new DeskError('feed_params', `${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer, got ${JSON.stringify(id)}`)
}
function checkLang(lang: unknown): string {
  if (typeof lang === 'string' && /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$/.test(lang)) return lang
  throw new DeskError('feed_params', `invalid language code ${JSON.stringify(lang)}`)
}

function flag(query: Query, name: string, value: boolean | undefined): void {
  if (value !== undefined) query[name] = value ? 'true' : 'false'
}

function messageOf(parsed: unknown, text: string): string | undefined {
  if (parsed && typeof parsed === 'object') {
    const o = parsed as Record<string, unknown>
    for (const key of ['message', 'error', 'msg']) if (typeof o[key] === 'string') return o[key] as string
    if (o.body && typeof o.body === 'object') return messageOf(o.body, '')
    return undefined
  }
  return text.slice(0, 200) || undefined
}

interface Answer {
  body: unknown
  keyExpiresAtMs: number | null
}

const MAX_BACKOFF_FACTOR = 8

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/** Network failure, timeout or HTTP 5xx without an error body: asking again may help. */
function temporaryAnswer(answer: HttpAnswer): boolean {
  if (answer.status < 500) return false
  const json = parseJson(answer.text)
  return !(json.ok && isFeedErrorBody(json.value))
}

function feedTransportError(failure: TransportFailure): DeskError {
  const { kind, path, cause } = failure
  if (kind === 'too_large') return tooLarge(path, failure.limitBytes ?? 0, failure.seenBytes ?? 0, failure.status ?? 0, failure.announced === true)
  if (kind === 'timeout') return new DeskError('feed_timeout', `feed ${path}: no answer within ${failure.timeoutMs} ms`, { retry: 'safe', cause })
  return new DeskError('feed_network', `feed ${path}: ${failure.detail}`, { retry: 'safe', cause })
}

export function createFeedClient(options: FeedClientOptions): FeedClient {
  const clock = options.clock ?? systemClock
  const retryDelayMs = options.retryDelayMs ?? 5_000
  const maxResponseBytes = options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES
  if (!(Number.isSafeInteger(maxResponseBytes) && maxResponseBytes > 0)) throw new DeskError('feed_params', `maxResponseBytes must be a positive integer, got ${String(maxResponseBytes)}`)
  if (!options.apiKey) throw new DeskError('feed_params', 'feed API key is missing')
  let lastKeyExpires: number | null = null

  const http = createHttpClient({
    name: 'feed',
    codes: { timeout: 'feed_timeout', network: 'feed_network', too_large: 'feed_too_large' },
    baseURL: options.baseURL,
    headers: { Package: options.apiKey },
    fetch: options.fetch,
    clock,
    logger: options.logger,
    timeoutMs: options.timeoutMs ?? 10_000,
    retries: options.retries ?? 0,
    retryDelayMs,
    maxBackoffMs: retryDelayMs * MAX_BACKOFF_FACTOR,
    maxResponseBytes,
    // Statuses are judged below: an error body can come with any status, 200 included, and is never retried.
    retryAnswer: temporaryAnswer,
    transportError: feedTransportError,
  })

  async function get(path: string, query: Query = {}): Promise<Answer> {
    const answer = await http.request({ method: 'GET', path, query, retry: 'read' })
    const { status, text } = answer
    const parsed = parseJson(text)
    const json = parsed.ok ? parsed.value : undefined
    if (parsed.ok && isFeedErrorBody(json)) throw feedErrorOf(json, path, status)
    if (status < 200 || status >= 300) {
      const detail = messageOf(json, text)
      throw new DeskError('feed_http', `feed ${path}: HTTP ${status}${detail ? ` (${detail})` : ''}`, { status, retry: status >= 500 ? 'safe' : 'never' })
    }
    if (!parsed.ok) throw new DeskError('feed_shape', `feed ${path}: response is not JSON`, { status })
    const envelope = EnvelopeSchema.safeParse(json)
    if (!envelope.success) throw new DeskError('feed_shape', `feed ${path}: response is not a feed envelope`, { status })
    const { status: feedStatus, body, page } = envelope.data
    if (feedStatus !== 1 && feedStatus !== '1') {
      const detail = messageOf(body, '') ?? messageOf(json, '')
      throw new DeskError('feed_status', `feed ${path}: status ${JSON.stringify(feedStatus)}${detail ? ` (${detail})` : ''}`, { status, data: { feedStatus, page } })
    }
    const keyExpiresAtMs = parseKeyExpires(answer.headers.get('x-key-expires'))
    if (keyExpiresAtMs !== null && keyExpiresAtMs !== lastKeyExpires) {
      lastKeyExpires = keyExpiresAtMs
      try {
        options.onKeyExpires?.(keyExpiresAtMs)
      } catch {
        // the observer's failure is not the answer's
      }
    }
    return { body, keyExpiresAtMs }
  }

  const stamped = async <T extends object>(answer: Promise<Answer>, normalise: (body: unknown) => T): Promise<T & FeedStamp> => {
    const { body, keyExpiresAtMs } = await answer
    return { ...normalise(body), fetchedAtMs: clock.now(), keyExpiresAtMs }
  }
  const seg = encodeURIComponent

  return {
    async menu(type, lang, opts = {}) {
      const query: Query = {}
      flag(query, 'cybersport', opts.cybersport)
      return stamped(get(`/v1/menu/${checkType(type)}/${seg(checkLang(lang))}`, query), (b) => normaliseSports(b, 'menu'))
    },
    async sports(type, lang, opts = {}) {
      const query: Query = {}
      flag(query, 'cybersport', opts.cybersport)
      return stamped(get(`/v1/sports/${checkType(type)}/${seg(checkLang(lang))}`, query), (b) => normaliseSports(b, 'sports'))
    },
    async countries(sportId, type, lang) {
      return stamped(get(`/v1/countries/${checkId('sportId', sportId)}/${checkType(type)}/${seg(checkLang(lang))}`), normaliseCountries)
    },
    async tournaments(sportId, countryId, type, lang, opts = {}) {
      const query: Query = {}
      flag(query, 'cybersport', opts.cybersport)
      const path = `/v1/tournaments/${checkId('sportId', sportId)}/${checkId('countryId', countryId)}/${checkType(type)}/${seg(checkLang(lang))}`
      return stamped(get(path, query), normaliseTournaments)
    },
    async topMatches(type, lang, opts = {}) {
      const query: Query = {}
      flag(query, 'full', opts.full)
      flag(query, 'odds', opts.odds)
      const lineType = checkType(type)
      // The answer's `page` is the misspelled `/v1/topmathes`; it is never checked or used.
      return stamped(get(`/v1/topmatches/${lineType}/${seg(checkLang(lang))}`, query), (b) => normaliseSummaries(b, lineType, 'topmatches'))
    },
    async topList(sportId, lang, opts = {}) {
      const query: Query = {}
      flag(query, 'full', opts.full)
      flag(query, 'odds', opts.odds)
      return stamped(get(`/v1/toplist/${checkId('sportId', sportId)}/${seg(checkLang(lang))}`, query), (b) => normaliseSummaries(b, 'line', 'toplist'))
    },
    async topChampionships(type, lang) {
      return stamped(get(`/v1/topchampionships/${checkType(type)}/${seg(checkLang(lang))}`), normaliseChampionships)
    },
    async search(type, lang, text) {
      const lineType = checkType(type)
      const l = checkLang(lang)
      const needle = typeof text === 'string' ? text.trim() : ''
      if (needle === '') return { items: [], warnings: [], fetchedAtMs: clock.now(), keyExpiresAtMs: null }
      return stamped(get(`/v1/search/${lineType}/${seg(l)}/${encodeURIComponent(needle)}`), (b) => normaliseSummaries(b, lineType, 'search'))
    },
    async events(sportId, tournamentId, type, lang, opts = {}) {
      const lineType = checkType(type)
      const query: Query = {}
      flag(query, 'cybersport', opts.cybersport)
      if (opts.match === 'all') query.match = 'all'
      flag(query, 'odds', opts.odds)
      const path = `/v1/events/${checkId('sportId', sportId)}/${checkId('tournamentId', tournamentId, true)}/sub/50/${lineType}/${seg(checkLang(lang))}`
      return stamped(get(path, query), (b) => normaliseEvents(b, lineType))
    },
    async event(gameId, type, lang, opts = {}) {
      const lineType = checkType(type)
      const id = checkId('gameId', gameId)
      const query: Query = {}
      flag(query, 'odds', opts.odds)
      return stamped(get(`/v1/event/${id}/group/${lineType}/${seg(checkLang(lang))}`, query), (b) => normaliseEvent(b, lineType, id))
    },
    async calendar(sportId, tournamentId, period, lang, opts = {}) {
      const { hours, days } = calendarSegments(period)
      const query: Query = {}
      flag(query, 'odds', opts.odds)
      const path = `/v1/events/${checkId('sportId', sportId)}/${checkId('tournamentId', tournamentId, true)}/sub/50/line/${hours}/${days}/${seg(checkLang(lang))}`
      return stamped(get(path, query), (b) => normaliseEvents(b, 'line'))
    },
    async account() {
      return stamped(get('/v1/account'), normaliseAccount)
    },
  }
}
