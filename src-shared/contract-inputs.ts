/**
 * The contract's input schemas: every method's zod input (`inputs`, by domain and method), the watch
 * topics a window can subscribe to, and the pin shapes. Main validates every payload with these.
 * Re-exported by contract.ts, the one entry the rest imports.
 */
import { z } from 'zod'
import type { MethodNames } from './methods.js'
import { AUDIT_ACTIONS, AUDIT_PAGE_MAX, RENDERER_AUDIT_ACTIONS } from './vocabulary/audit.js'
import { isTimeZone } from './vocabulary/pnl.js'
import {
  MAX_CHOSEN_CANDIDATES,
  MAX_COUPON_CODE_LENGTH,
  MAX_PLACEMENT_POINTERS,
  MAX_POINTER_LENGTH,
  MAX_RESULTS_BY_IDS,
  TIMELINE_PAGE_MAX,
  MAX_TIMELINE_FILTER_CODES,
  MAX_QUICK_STAKES,
} from './vocabulary/limits.js'

const lineType = z.enum(['line', 'live'])
const none = z.object({}).strict().optional()
const couponCode = z.string().min(1).max(MAX_COUPON_CODE_LENGTH)
const demoGameId = z.number().int().positive().max(999_999_999_999)
const demoPointer = z.string().min(1).max(MAX_POINTER_LENGTH)
const goals = z.number().int().min(0).max(999)
const calendarPeriod = z.union([
  z.object({ hours: z.union([z.literal(2), z.literal(4), z.literal(6), z.literal(12)]) }).strict(),
  z.object({ day: z.number().int().min(0).max(5) }).strict(),
])

/** A time range (Unix ms, both ends included); open ends take the whole history. */
const historyRange = z.object({ from: z.number().int().optional(), to: z.number().int().optional() }).strict()
/** `timeZone`: the zone whose calendar days group the settlements (the profile's: `UTC` or the machine's zone). */
const pnlQuery = historyRange.extend({ timeZone: z.string().min(1).max(64).refine(isTimeZone, 'unknown time zone') }).strict()

/** What a window can subscribe to. Main polls each topic's source once, however many windows watch it. */
export const watchTopic = z.discriminatedUnion('name', [
  z.object({ name: z.literal('feed.menu'), lineType, cybersport: z.boolean().optional() }).strict(),
  /** `all`: the full line (`match=all`, Prematch with tournament 0 only); `cybersport`: the esports side of the feed. */
  z.object({ name: z.literal('feed.events'), lineType, sportId: z.number().int(), tournamentId: z.number().int(), all: z.boolean().optional(), cybersport: z.boolean().optional() }).strict(),
  z.object({ name: z.literal('feed.event'), lineType, gameId: z.number().int() }).strict(),
  z.object({ name: z.literal('feed.calendar'), lineType: z.literal('line'), sportId: z.number().int().positive(), tournamentId: z.number().int().nonnegative(), period: calendarPeriod }).strict(),
  z.object({ name: z.literal('coupons.active') }).strict(),
  z.object({ name: z.literal('balance') }).strict(),
  z.object({ name: z.literal('timeline'), limit: z.number().int().min(1).max(TIMELINE_PAGE_MAX).optional() }).strict(),
  z.object({ name: z.literal('listener') }).strict(),
  z.object({ name: z.literal('ledger') }).strict(),
  /** Every profile's row, read gently while subscribed (no feed polling). */
  z.object({ name: z.literal('overview') }).strict(),
])
/** A match to pin, and which pinned match that is. */
export const pinRef = z.object({ lineType, gameId: z.number().int().positive() }).strict()
export const pinMatch = pinRef
  .extend({ sportId: z.number().int(), tournamentId: z.number().int(), opp1: z.string().max(200), opp2: z.string().max(200), startMs: z.number().int().nonnegative() })
  .strict()

/** Chosen by the window, so it can listen before it asks (nothing pushed in between is lost). */
const subscriptionId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/)

export const inputs = {
  app: {
    info: none,
  },
  session: {
    status: none,
    login: none,
    logout: none,
    /**
     * Sign in as `username` on the active profile: a new username is saved to the profile, a password
     * goes to the vault (as `profiles.setSecret`), then it signs in. Without a password the stored one
     * is used (Demo: the simulator's). Moves the profile epoch when anything was stored.
     */
    signIn: z.object({ username: z.string().trim().min(1).max(200), password: z.string().min(1).max(4096).optional() }).strict(),
  },
  profiles: {
    list: none,
    select: z.object({ id: z.string().min(1) }).strict(),
    save: z
      .object({
        id: z.string().min(1).optional(),
        name: z.string().min(1).max(80),
        environment: z.enum(['demo', 'custom']),
        couponBaseUrl: z.string().max(500),
        feedApiUrl: z.string().max(500),
        cdnUrl: z.string().max(500),
        username: z.string().max(200),
        language: z.string().min(2).max(8),
        legacyMode: z.boolean(),
        simVariations: z.string().max(300).optional(),
        timeZone: z.enum(['utc', 'local']),
        quickStakes: z.array(z.number().positive().max(1e9)).max(MAX_QUICK_STAKES).optional(),
        stakeDecimals: z.number().int().min(0).max(4).optional(),
        minStake: z.number().positive().max(1e9).optional(),
        defaultStake: z.number().positive().max(1e9).optional(),
        listener: z.object({ enabled: z.boolean(), host: z.string().max(200), port: z.number().int().min(0).max(65535), path: z.string().max(200), maxBodyBytes: z.number().int().min(65536).max(268435456).optional() }).strict(),
      })
      .strict(),
    remove: z.object({ id: z.string().min(1) }).strict(),
    setSecret: z.object({ id: z.string().min(1), kind: z.enum(['password', 'feedApiKey', 'callbackSecret']), value: z.string().min(1).max(4096) }).strict(),
    clearSecret: z.object({ id: z.string().min(1), kind: z.enum(['password', 'feedApiKey', 'callbackSecret']) }).strict(),
    /** A profile's favourite market types (`group_id`s pinned to the top of every match's markets). */
    marketFavourites: z.object({ id: z.string().min(1) }).strict(),
    setMarketFavourite: z.object({ id: z.string().min(1), groupId: z.number().int().nonnegative(), favourite: z.boolean() }).strict(),
  },
  feed: {
    menu: z.object({ lineType, cybersport: z.boolean().optional() }).strict(),
    events: z.object({ lineType, sportId: z.number().int(), tournamentId: z.number().int(), all: z.boolean().optional(), odds: z.boolean().optional() }).strict(),
    event: z.object({ lineType, gameId: z.number().int() }).strict(),
    topMatches: z.object({ lineType }).strict(),
    /** The service's main championships (up to 12; esports excluded); a click loads one with `events`. */
    topChampionships: z.object({ lineType }).strict(),
    /** The service's top 10 Prematch matches of one sport. */
    toplist: z.object({ sportId: z.number().int().positive() }).strict(),
    search: z.object({ lineType, text: z.string().max(100) }).strict(),
    calendar: z.object({ sportId: z.number().int().positive(), tournamentId: z.number().int().nonnegative(), period: calendarPeriod }).strict(),
    /** For a Prematch match that answered `Game id finished`: the live match with the same participants, if any. */
    liveSuccessor: z.object({ gameId: z.number().int().positive() }).strict(),
    account: none,
    keyStatus: none,
  },
  coupons: {
    place: z
      .object({
        pointers: z.array(z.string().min(1).max(MAX_POINTER_LENGTH)).min(1).max(MAX_PLACEMENT_POINTERS),
        amount: z.number().positive().finite(),
        multi: z.boolean(),
        mode: z.enum(['accept', 'reject']),
        currency: z.string().max(16).optional(),
        /** The operator ticked "I confirm this real placement" (required outside Demo). */
        confirmed: z.boolean(),
        /** Caller's id of this request: the attempt id if the outcome is unknown, and asked again after a lost connection. */
        requestId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/).optional(),
      })
      .strict(),
    /** `choose`: the operator's decision on an ambiguous outcome: its coupon codes among the candidates ([] = none, not placed). */
    resolvePlacement: z.object({ attemptId: z.string().min(1), choose: z.array(couponCode).max(MAX_CHOSEN_CANDIDATES).optional() }).strict(),
    pendingPlacements: none,
    get: z.object({ code: couponCode }).strict(),
    active: none,
    calculated: z.object({ minutes: z.number().int().optional() }).strict(),
    resultsByIds: z.object({ codes: z.array(couponCode).min(1).max(MAX_RESULTS_BY_IDS) }).strict(),
    resultsByPeriod: z.object({ from: z.number().int(), to: z.number().int() }).strict(),
  },
  balance: {
    get: none,
  },
  timeline: {
    query: z
      .object({
        from: z.number().int().optional(),
        to: z.number().int().optional(),
        couponCode: couponCode.optional(),
        /** Entries of any of these coupons (the union with `couponCode`). */
        couponCodes: z.array(couponCode).min(1).max(MAX_TIMELINE_FILTER_CODES).optional(),
        status: z.number().int().optional(),
        source: z.string().max(32).optional(),
        kind: z.string().max(40).optional(),
        placement: z.enum(['here', 'elsewhere']).optional(),
        limit: z.number().int().min(1).max(TIMELINE_PAGE_MAX).optional(),
        cursor: z.string().max(100).optional(),
      })
      .strict(),
    couponHistory: z.object({ code: couponCode }).strict(),
    /** Brings the history up to date with the service (one reconciler pass, a balance read) and checks the balance. */
    checkBalance: none,
    deliveries: z.object({ limit: z.number().int().min(1).max(TIMELINE_PAGE_MAX).optional(), cursor: z.string().max(100).optional() }).strict(),
    /** Settled coupons' P&L per day (in `timeZone`) and per sport, over the settlement time range. */
    pnl: pnlQuery,
    /** Balance reads and the client account's running balance from the history, with placements and settlements. */
    balanceHistory: historyRange,
    /** One delivery by its id, or the one that applied a batch (`batchId`, as a coupon's history names it). */
    delivery: z.union([z.object({ id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }).strict(), z.object({ batchId: z.string().min(1).max(200) }).strict()]),
  },
  listener: {
    status: none,
    start: none,
    stop: none,
    reverify: none,
  },
  watch: {
    /** Answers the topic's current snapshot (or null until the first read), then pushes `watch.*` events. */
    subscribe: z.object({ subscriptionId, topic: watchTopic }).strict(),
    unsubscribe: z.object({ subscriptionId }).strict(),
  },
  /** The active profile's watch list (pins persist per profile; the list holds at most MAX_PINS). */
  watchlist: {
    list: none,
    /** `replaces`: the pin this one takes the place of (a Line match followed to its live id). */
    pin: pinMatch.extend({ replaces: pinRef.optional() }).strict(),
    unpin: pinRef,
  },
  /** The active profile's audit log; `record` takes only what a window does alone (an export). */
  audit: {
    query: z
      .object({
        actions: z.array(z.enum(AUDIT_ACTIONS)).min(1).max(AUDIT_ACTIONS.length).optional(),
        from: z.number().int().optional(),
        to: z.number().int().optional(),
        text: z.string().max(200).optional(),
        limit: z.number().int().min(1).max(AUDIT_PAGE_MAX).optional(),
        cursor: z.string().max(100).optional(),
      })
      .strict(),
    record: z
      .object({
        action: z.enum(RENDERER_AUDIT_ACTIONS),
        /** Which list was exported (a view's short name). */
        what: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/),
        rows: z.number().int().min(0).max(10_000_000),
        format: z.enum(['csv']),
      })
      .strict(),
  },
  /** The environment doctor, for the active profile. */
  doctor: {
    run: none,
    last: none,
  },
  demo: {
    settle: z.object({ code: couponCode, result: z.enum(['win', 'lose', 'return']) }).strict(),
    recalculate: z.object({ code: couponCode, result: z.enum(['win', 'lose', 'return']) }).strict(),
    advanceClock: z.object({ ms: z.number().int().positive().max(7 * 24 * 3600 * 1000) }).strict(),
    /** The simulator's client accounts (the Demo profile's username picks one). */
    accounts: none,
    startMatch: z.object({ gameId: demoGameId }).strict(),
    finishMatch: z.object({ gameId: demoGameId, score: z.tuple([goals, goals]) }).strict(),
    cancelMatch: z.object({ gameId: demoGameId }).strict(),
    /** The outcome is named by a coupon pointer the console shows (slip selection, open match). */
    moveOdds: z.object({ pointer: demoPointer, rate: z.number().min(1.01).max(1000) }).strict(),
    blockOutcome: z.object({ pointer: demoPointer, blocked: z.boolean() }).strict(),
    failCallbacks: z.object({ count: z.number().int().min(1).max(100) }).strict(),
    suppressCallback: z.object({ code: couponCode }).strict(),
    dropNextPlacement: none,
    /** The signed-in Demo account's balance unless `username` names another simulator account. */
    setBalance: z.object({ balance: z.number().finite().min(0).max(1e9), username: z.string().min(1).max(200).optional() }).strict(),
    revokeTokens: none,
  },
} as const

/** Compile-time proof that the schemas above and the preload's method list name the same methods. */
type SchemaNames = { [D in keyof typeof inputs]: keyof (typeof inputs)[D] }
type ListedNames = { [D in keyof MethodNames]: MethodNames[D][number] }
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const contractMatchesMethodList: Same<SchemaNames, ListedNames> = true
void contractMatchesMethodList
