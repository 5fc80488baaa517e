import { ofetch, type FetchContext, type FetchError } from 'ofetch'
import { DeskError } from '../shared/errors.js'
import { systemClock, type Clock } from '../shared/clock.js'
import { EnvelopeSchema } from './schemas.js'
import {
  normaliseChampionships,
  normaliseCountries,
  normaliseEvent,
  normaliseEvents,
  normaliseSports,
  normaliseSummaries,
  normaliseTournaments,
} from './normalise.js'
import type { Championship, Country, EventResult, EventsTournament, FeedList, LineType, MatchSummary, Sport, Tournament } from './types.js'

export interface FeedClientOptions {
  /** `{api_url}`, e.g. `http://127.0.0.1:4000/feed` (paths add `/v1/...`). */
  baseURL: string
  /** Sent as the `Package` header; never logged. */
  apiKey: string
  fetch?: typeof globalThis.fetch
  clock?: Clock
  /** Per attempt. Default 10 s. */
  timeoutMs?: number
  /** Retries of a read on 5xx, timeout or network failure (never on 4xx). Default 2. */
  retries?: number
  /** First backoff delay; doubles per retry. Default 300 ms. */
  retryDelayMs?: number
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
  event(gameId: number, type: LineType, lang: string, options?: { odds?: boolean }): Promise<EventResult & { fetchedAtMs: number }>
}

const RETRY_STATUS = [500, 502, 503, 504]

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

function hasName(value: unknown, name: string, depth = 0): boolean {
  if (!value || typeof value !== 'object' || depth > 4) return false
  const v = value as { name?: unknown; cause?: unknown }
  return v.name === name || hasName(v.cause, name, depth + 1)
}

function messageOf(data: unknown): string | undefined {
  let parsed = data
  if (typeof data === 'string') {
    try {
      parsed = JSON.parse(data)
    } catch {
      return data.slice(0, 200) || undefined
    }
  }
  if (parsed && typeof parsed === 'object') {
    const o = parsed as Record<string, unknown>
    for (const key of ['message', 'error', 'msg']) if (typeof o[key] === 'string') return o[key] as string
    if (o.body && typeof o.body === 'object') return messageOf(o.body)
  }
  return undefined
}

export function createFeedClient(options: FeedClientOptions): FeedClient {
  const clock = options.clock ?? systemClock
  const timeoutMs = options.timeoutMs ?? 10_000
  const retries = options.retries ?? 2
  const retryDelayMs = options.retryDelayMs ?? 300
  if (!options.apiKey) throw new DeskError('feed_params', 'feed API key is missing')

  const $fetch = ofetch.create(
    {
      baseURL: options.baseURL.replace(/\/+$/, ''),
      headers: { Package: options.apiKey, Accept: 'application/json' },
      responseType: 'text',
      retry: retries,
      retryStatusCodes: RETRY_STATUS,
      retryDelay: (ctx: FetchContext) => retryDelayMs * 2 ** Math.max(0, retries - Number(ctx.options.retry ?? 0)),
      // A fresh timeout per attempt: ofetch's own `timeout` reuses one aborted signal on retries.
      onRequest: (ctx: FetchContext) => {
        ctx.options.signal = AbortSignal.timeout(timeoutMs)
      },
    },
    options.fetch ? { fetch: options.fetch } : {},
  )

  async function get(path: string, query: Query = {}): Promise<unknown> {
    let text: string
    try {
      text = await $fetch<string, 'text'>(path, { query, responseType: 'text' })
    } catch (error) {
      const e = error as FetchError
      const status = e.response?.status
      if (status) {
        const detail = messageOf(e.data)
        throw new DeskError('feed_http', `feed ${path}: HTTP ${status}${detail ? ` (${detail})` : ''}`, {
          status,
          retry: status >= 500 ? 'safe' : 'never',
          cause: error,
        })
      }
      if (hasName(error, 'TimeoutError')) throw new DeskError('feed_timeout', `feed ${path}: no answer within ${timeoutMs} ms`, { retry: 'safe', cause: error })
      throw new DeskError('feed_network', `feed ${path}: ${e.cause instanceof Error ? e.cause.message : (e.message ?? 'network error')}`, { retry: 'safe', cause: error })
    }
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      throw new DeskError('feed_shape', `feed ${path}: response is not JSON`, { status: 200 })
    }
    const envelope = EnvelopeSchema.safeParse(json)
    if (!envelope.success) throw new DeskError('feed_shape', `feed ${path}: response is not a feed envelope`, { status: 200 })
    const { status, body, page } = envelope.data
    if (status !== 1 && status !== '1') {
      const detail = messageOf(body) ?? messageOf(json)
      throw new DeskError('feed_status', `feed ${path}: status ${JSON.stringify(status)}${detail ? ` (${detail})` : ''}`, {
        status: 200,
        data: { feedStatus: status, page },
      })
    }
    return body
  }

  const stamp = <T extends object>(value: T): T & { fetchedAtMs: number } => ({ ...value, fetchedAtMs: clock.now() })
  const seg = encodeURIComponent

  return {
    async menu(type, lang, opts = {}) {
      const query: Query = {}
      flag(query, 'cybersport', opts.cybersport)
      return stamp(normaliseSports(await get(`/v1/menu/${checkType(type)}/${seg(checkLang(lang))}`, query), 'menu'))
    },
    async sports(type, lang, opts = {}) {
      const query: Query = {}
      flag(query, 'cybersport', opts.cybersport)
      return stamp(normaliseSports(await get(`/v1/sports/${checkType(type)}/${seg(checkLang(lang))}`, query), 'sports'))
    },
    async countries(sportId, type, lang) {
      return stamp(normaliseCountries(await get(`/v1/countries/${checkId('sportId', sportId)}/${checkType(type)}/${seg(checkLang(lang))}`)))
    },
    async tournaments(sportId, countryId, type, lang, opts = {}) {
      const query: Query = {}
      flag(query, 'cybersport', opts.cybersport)
      const path = `/v1/tournaments/${checkId('sportId', sportId)}/${checkId('countryId', countryId)}/${checkType(type)}/${seg(checkLang(lang))}`
      return stamp(normaliseTournaments(await get(path, query)))
    },
    async topMatches(type, lang, opts = {}) {
      const query: Query = {}
      flag(query, 'full', opts.full)
      flag(query, 'odds', opts.odds)
      const lineType = checkType(type)
      // The answer's `page` is the misspelled `/v1/topmathes`; it is never checked or used.
      return stamp(normaliseSummaries(await get(`/v1/topmatches/${lineType}/${seg(checkLang(lang))}`, query), lineType, 'topmatches'))
    },
    async topList(sportId, lang, opts = {}) {
      const query: Query = {}
      flag(query, 'full', opts.full)
      flag(query, 'odds', opts.odds)
      return stamp(normaliseSummaries(await get(`/v1/toplist/${checkId('sportId', sportId)}/${seg(checkLang(lang))}`, query), 'line', 'toplist'))
    },
    async topChampionships(type, lang) {
      return stamp(normaliseChampionships(await get(`/v1/topchampionships/${checkType(type)}/${seg(checkLang(lang))}`)))
    },
    async search(type, lang, text) {
      const lineType = checkType(type)
      const l = checkLang(lang)
      const needle = typeof text === 'string' ? text.trim() : ''
      if (needle === '') return stamp({ items: [], warnings: [] })
      return stamp(normaliseSummaries(await get(`/v1/search/${lineType}/${seg(l)}/${encodeURIComponent(needle)}`), lineType, 'search'))
    },
    async events(sportId, tournamentId, type, lang, opts = {}) {
      const lineType = checkType(type)
      const query: Query = {}
      flag(query, 'cybersport', opts.cybersport)
      if (opts.match === 'all') query.match = 'all'
      flag(query, 'odds', opts.odds)
      const path = `/v1/events/${checkId('sportId', sportId)}/${checkId('tournamentId', tournamentId, true)}/sub/50/${lineType}/${seg(checkLang(lang))}`
      return stamp(normaliseEvents(await get(path, query), lineType))
    },
    async event(gameId, type, lang, opts = {}) {
      const lineType = checkType(type)
      const id = checkId('gameId', gameId)
      const query: Query = {}
      flag(query, 'odds', opts.odds)
      return stamp(normaliseEvent(await get(`/v1/event/${id}/group/${lineType}/${seg(checkLang(lang))}`, query), lineType, id))
    },
  }
}
