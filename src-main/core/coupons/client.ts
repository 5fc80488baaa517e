import { DeskError, toDeskError } from '../shared/errors.js'
import { systemClock } from '../shared/clock.js'
import { unwrap } from './envelope.js'
import { createHttp, neverSent } from './http.js'
import { shapeError, toCoupon, toCoupons } from './model.js'
import { placeBody, validatePlacement } from './placement.js'
import { attemptWindow, judgeAttempt, pickOffset, type OffsetBounds } from './resolution.js'
import { balanceBodySchema, placeBodySchema, resultsBodySchema } from './schemas.js'
import { createSession } from './session.js'
import type { HttpAnswer } from './http.js'
import type { Coupon, CouponClientOptions, PlacementAttempt, PlacementRequest, PlacementResult, ResolveOptions, ResolvedPlacement, SessionInfo } from './types.js'
import { chunk, clampCalculatedMinutes, mapLimit, MAX_CODES_PER_REQUEST, splitPeriod, uniqueBy } from './windows.js'

const NEW = {
  health: '/api/partner/health',
  place: '/api/partner/coupons/place',
  get: '/api/partner/coupons/get',
  results: '/api/partner/coupons/results',
  calculated: '/api/partner/coupons/calculated',
  active: '/api/partner/coupons/active',
  balance: '/api/partner/balance',
}
const LEGACY = { place: '/bet/place', get: '/coupons/get', calculated: '/coupons/calculated', list: '/coupons/list', cashout: '/coupons/cashout' }
const DAY = 24 * 60 * 60 * 1000

export interface CashoutEstimate {
  couponCode: string
  /** Fields of the estimate are not specified: kept raw. */
  raw: unknown
}

/** Placement failures after which the coupon may or may not exist. */
function indeterminate(error: DeskError): boolean {
  // A placement answer over the size cap was an answer: the coupon may exist.
  if (error.code === 'coupon_timeout' || error.code === 'coupon_too_large') return true
  if (error.code === 'coupon_network') return !neverSent(error)
  // 5xx, and a 2xx other than 200 (only 200 confirms a creation; the coupon may exist).
  if (error.code === 'coupon_http') return (error.status ?? 0) >= 500 || ((error.status ?? 0) >= 200 && (error.status ?? 0) < 300)
  if (error.code === 'coupon_shape') return true
  const data = error.data as { errorCode?: number | null } | undefined
  return error.code === 'coupon_business' && data?.errorCode === 10000
}

export function createCouponClient(options: CouponClientOptions) {
  const mode = options.mode ?? 'new'
  const legacy = mode === 'legacy'
  const clock = options.clock ?? systemClock
  const parallel = options.parallel ?? 3
  const margin = options.resolveMarginMs ?? 30_000
  const borderline = options.borderlineMs ?? 1
  const legacyActiveLookbackMs = 7 * DAY
  const http = createHttp({
    baseURL: options.baseURL,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? 10_000,
    readRetries: options.readRetries ?? 2,
    retryDelayMs: options.retryDelayMs ?? 200,
    maxResponseBytes: options.maxResponseBytes,
    clock,
    logger: options.logger,
  })
  /**
   * Server time − client time, bounded by the last envelope `date` and the request that carried it
   * (the date was made between its send and its answer). Places the resolution window.
   */
  let offset: OffsetBounds | null = null
  let offsetAt = 0
  const noteDate = (date: number | null | undefined, answer?: Pick<HttpAnswer, 'sentAt' | 'receivedAt'>) => {
    if (typeof date !== 'number' || !Number.isFinite(date) || date <= 0) return
    const received = answer?.receivedAt ?? clock.now()
    const sample = { low: date - received, high: date - (answer?.sentAt ?? received) }
    const next = pickOffset(offset, offsetAt, sample, received)
    if (next === sample) offsetAt = received
    offset = next
  }
  const session = createSession({
    http,
    mode,
    credentials: options.credentials,
    onAccountState: options.onAccountState,
    onTokenChange: options.onTokenChange,
    onSessionChange: options.onSessionChange,
    onEnvelopeDate: noteDate,
  })
  /** Codes that belong to confirmed placements of this client: never matched to another attempt. */
  const knownCodes = new Set<string>()

  async function call(method: 'GET' | 'POST', path: string, req: { query?: Record<string, string | number>; body?: unknown; auth?: boolean; legacyEnvelope?: boolean } = {}): Promise<unknown> {
    const auth = req.auth ?? true
    const isLegacy = req.legacyEnvelope ?? legacy
    const run = async (token?: string) => {
      const answer = await http.request({ method, path, query: req.query, body: req.body, token, context: 'read' })
      const u = unwrap(answer, { path, legacy: isLegacy, context: 'read', protectedRoute: auth })
      noteDate(u.envelope.date, answer)
      return u.body
    }
    return auth ? session.withToken(run, path) : run()
  }

  async function health(): Promise<string> {
    const body = await call('GET', NEW.health, { auth: false, legacyEnvelope: false })
    return typeof body === 'string' ? body : JSON.stringify(body)
  }

  async function get(code: string): Promise<Coupon> {
    const query = code ? { coupon_code: code } : undefined
    const body = await call('GET', legacy ? LEGACY.get : NEW.get, { query })
    return toCoupon(body, mode)
  }

  async function resultsByIds(codes: readonly string[]): Promise<Coupon[]> {
    const unique = uniqueBy(codes.map(String).filter((c) => c.length > 0), (c) => c)
    if (unique.length === 0) return []
    let found: Coupon[]
    if (legacy) {
      // No by-codes legacy route: one /coupons/get per code; 561 (not found) is simply absent.
      const each = await mapLimit(unique, parallel, async (code) => {
        try {
          return [await get(code)]
        } catch (error) {
          const data = (error as DeskError).data as { errorCode?: number } | undefined
          if (error instanceof DeskError && (data?.errorCode === 561 || data?.errorCode === 560)) return []
          throw error
        }
      })
      found = each.flat()
    } else {
      const pages = await mapLimit(chunk(unique, MAX_CODES_PER_REQUEST), parallel, async (ids) => {
        const body = await call('POST', NEW.results, { body: { coupon_ids: ids } })
        const parsed = resultsBodySchema.safeParse(body)
        if (!parsed.success) throw shapeError('results body', parsed.error.issues, body)
        return toCoupons(parsed.data.coupons, mode)
      })
      found = pages.flat()
    }
    const order = new Map(unique.map((c, i) => [c, i]))
    return uniqueBy(found, (c) => c.code).sort((a, b) => (order.get(a.code) ?? Infinity) - (order.get(b.code) ?? Infinity))
  }

  async function resultsByPeriod(startMs: number, endMs: number): Promise<Coupon[]> {
    const windows = splitPeriod(startMs, endMs)
    const pages = await mapLimit(windows, parallel, async (w) => {
      if (legacy) return toCoupons(await call('GET', LEGACY.list, { query: { start_date: w.start, end_date: w.end } }), mode)
      const body = await call('POST', NEW.results, { body: { start_date: w.start, end_date: w.end } })
      const parsed = resultsBodySchema.safeParse(body)
      if (!parsed.success) throw shapeError('results body', parsed.error.issues, body)
      return toCoupons(parsed.data.coupons, mode)
    })
    return uniqueBy(pages.flat(), (c) => c.code)
  }

  async function calculated(minutes?: number): Promise<Coupon[]> {
    const time = clampCalculatedMinutes(minutes)
    return toCoupons(await call('GET', legacy ? LEGACY.calculated : NEW.calculated, { query: { time } }), mode)
  }

  /** Legacy has no active route: unsettled coupons of the legacy list over the last 7 days. */
  async function active(): Promise<Coupon[]> {
    if (!legacy) return toCoupons(await call('GET', NEW.active), mode)
    const now = clock.now() + (offset?.low ?? 0)
    const all = await resultsByPeriod(now - legacyActiveLookbackMs, now + 60_000)
    return all.filter((c) => c.calculateDate === null)
  }

  /** Legacy has no balance route: the read-only new route is used with the same client token. */
  async function balance(): Promise<number> {
    const body = await call('GET', NEW.balance, { legacyEnvelope: false })
    const parsed = balanceBodySchema.safeParse(body)
    if (!parsed.success) throw shapeError('balance body', parsed.error.issues, body)
    return parsed.data.balance
  }

  async function cashoutEstimate(code: string): Promise<CashoutEstimate> {
    const query = code ? { coupon_code: code } : undefined
    const raw = await call('GET', LEGACY.cashout, { query, legacyEnvelope: true })
    return { couponCode: code, raw }
  }

  function placedCoupons(body: unknown): Coupon[] {
    let list: unknown
    if (legacy) list = Array.isArray(body) ? body : body && typeof body === 'object' ? [body] : undefined
    else {
      const parsed = placeBodySchema.safeParse(body)
      list = parsed.success ? parsed.data.coupons : undefined
    }
    if (!Array.isArray(list) || list.length === 0) throw shapeError('placement answer', 'no created coupon in the answer', body)
    return toCoupons(list, mode)
  }

  /** `skipLocalChecks` leaves every check to the service (diagnostics; the UI never sets it). */
  async function place(request: PlacementRequest, placeOptions: { skipLocalChecks?: boolean } = {}): Promise<PlacementResult> {
    if (!placeOptions.skipLocalChecks) {
      const check = validatePlacement(request, { treeOf: options.treeOf, stakeRule: options.stakeRule })
      if (!check.ok) return { outcome: 'rejected', error: check.error }
    }
    const path = legacy ? LEGACY.place : NEW.place
    let startedAt = clock.now()
    try {
      // Sent once (retry: false). A 401 means the request was refused before any processing, so it
      // is sent again once after the shared re-login (see spec-decisions).
      const coupons = await session.withToken(async (token) => {
        startedAt = clock.now()
        const answer = await http.request({ method: 'POST', path, body: placeBody(request), token, context: 'place' })
        const u = unwrap(answer, { path, legacy, context: 'place', protectedRoute: true })
        noteDate(u.envelope.date, answer)
        return placedCoupons(u.body)
      }, path)
      for (const c of coupons) knownCodes.add(c.code)
      return { outcome: 'placed', coupons }
    } catch (e) {
      const error = toDeskError(e)
      if (!indeterminate(error)) return { outcome: 'rejected', error }
      const attempt: PlacementAttempt = { request, startedAt, endedAt: clock.now(), error, offset }
      return { outcome: 'unknown', attempt, error, resolve: (opts?: ResolveOptions) => resolvePlacement(attempt, opts) }
    }
  }

  /**
   * Looks for the coupon(s) of an indeterminate attempt. Never re-sends the placement. A coupon is
   * claimed only when nothing else can explain it (./resolution.ts); `isKnown` names the codes this
   * profile already holds for other placements (its history database).
   */
  async function resolvePlacement(attempt: PlacementAttempt, opts: ResolveOptions = {}): Promise<ResolvedPlacement> {
    const again = (next?: ResolveOptions) => resolvePlacement(attempt, next ?? opts)
    // An attempt revived after a restart has no offset of its own: the current one is the best estimate
    // (a sign-in reads the server clock when this run has not read it yet).
    try {
      if (!attempt.offset && !offset) await session.login()
    } catch {
      // the lookup below reports the failure
    }
    const window = attemptWindow(attempt.startedAt, attempt.offset ?? offset, clock.now(), borderline, margin)
    const isKnown = (code: string) => knownCodes.has(code) || options.isKnownCode?.(code) === true || opts.isKnown?.(code) === true
    try {
      const [open, created] = await Promise.all([legacy ? Promise.resolve([]) : active(), resultsByPeriod(window.excludeBefore, Math.max(window.to, window.excludeBefore + 1))])
      const verdict = judgeAttempt(attempt, uniqueBy([...open, ...created], (c) => c.code), window, isKnown)
      if (verdict.kind === 'none') return { outcome: 'not_placed', resolved: true }
      if (verdict.kind === 'ambiguous') return { outcome: 'ambiguous', attempt, candidates: verdict.candidates, reasons: verdict.reasons, resolve: again }
      for (const c of verdict.coupons) knownCodes.add(c.code)
      return { outcome: 'placed', coupons: verdict.coupons, resolved: true }
    } catch (e) {
      const error = toDeskError(e)
      return { outcome: 'unknown', attempt, cause: { code: error.code, detail: error.message }, resolve: again }
    }
  }

  /** The operator's decision on an ambiguous attempt: these codes are its coupons (never matched again). */
  function claim(codes: readonly string[]): void {
    for (const c of codes) knownCodes.add(c)
  }

  return {
    mode,
    health,
    login: (): Promise<SessionInfo> => session.login(),
    logout: () => session.logout(),
    sessionInfo: (): SessionInfo => session.info(),
    sessionState: () => session.state(),
    place,
    resolvePlacement,
    claim,
    get,
    resultsByIds,
    resultsByPeriod,
    calculated,
    active,
    balance,
    cashoutEstimate,
    /** Server − client clock as last measured (bounds), null before any answer carried a `date`. */
    clockOffset: (): OffsetBounds | null => offset,
  }
}

export type CouponClient = ReturnType<typeof createCouponClient>
