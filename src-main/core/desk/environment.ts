import type { AppInfo, CouponDto, WatchTopic } from '../../../src-shared/contract.js'
import { stakeRuleOf } from '../../../src-shared/vocabulary/stake.js'
import { createCouponClient, settledFromVersions, snapshotReader, type Coupon, type CouponClient } from '../coupons/index.js'
import { createFeedClient, type FeedClient } from '../feed/index.js'
import type { RunningSimulator } from '../simulator/server.js'
import type { Clock } from '../shared/clock.js'
import { DeskError, toDeskError } from '../shared/errors.js'
import type { EventBus } from '../shared/events.js'
import type { Logger } from '../shared/log.js'
import type { WatchSource, WatchSourceHooks } from '../shared/watch.js'
import { claimUnnamedHistory, ensurePrivateDatabase, historyFileOf, type Profile, type ProfileService } from '../profiles/index.js'
import { createReconciler, createSettledReader, openTimelineStore, returnedCodes, type ApplyWorkerEntry, type Reconciler, type TimelineStore } from '../timeline/index.js'
import { couponToDto } from './map-coupons.js'
import { createActiveCouponsWatcher, type ActiveCouponsWatcher } from './active-coupons.js'
import { createBalanceWatcher, type BalanceWatcher } from './balance.js'
import type { ConnectionMonitor } from './connection.js'
import type { Overview } from './overview/index.js'
import type { DemoSimulators } from './demo-sim.js'
import { createFeedKeyTracker, type FeedKeyTracker } from './feed-key.js'
import { createFeedWatches, type FeedTopic, type FeedWatches } from './feed-watches.js'
import { createListenerControl, type ListenerControl } from './listener.js'
import { clockOf, createLedgerCheck, type LedgerCheck } from './ledger-check.js'
import { withSightings } from './sightings.js'
import { openListenerSource, openTimelineSource } from './watch-sources.js'
import { createSessionTracker, type SessionTracker } from './session.js'
import { DEMO_CREDENTIALS } from './types.js'
import type { ListPreview } from './list-head.js'

/**
 * Everything that belongs to the active profile: endpoints, clients, session, the sources of its
 * watch topics (feed, active coupons, balance, timeline, listener), the timeline store and the
 * callback listener. Built on first use after a profile is selected, with the event bus of its
 * epoch; `dispose` ends every timer, watch, socket and file handle it owns.
 */
export interface Environment {
  readonly profile: Profile
  readonly kind: 'demo' | 'custom'
  readonly endpoints: AppInfo['endpoints']
  readonly sim: RunningSimulator | null
  readonly lang: string
  readonly coupons: CouponClient
  readonly feed: FeedClient
  readonly session: SessionTracker
  readonly balance: BalanceWatcher
  readonly activeCoupons: ActiveCouponsWatcher
  readonly watches: FeedWatches
  readonly bus: EventBus
  /** Expiry of the profile's feed key (`X-Key-Expires`). */
  readonly feedKey: FeedKeyTracker
  readonly listener: ListenerControl
  /** The running balance against the service's read (`ledger` topic). */
  readonly ledger: LedgerCheck
  /** One reconciler pass now (the history brought up to date with the service's lists). */
  reconcileNow(): Promise<void>
  /**
   * Pushes `coupon.settled` for a coupon a settlement entry names: built from the placement record and
   * the snapshot the callback carried, else read back in one batched, spaced `coupons/results` request.
   */
  settled(code: string): void
  /** A placement made coupons: they join the active list now and the balance is read again soon. */
  placed(coupons: CouponDto[]): void
  /**
   * Reads these coupons by code now and takes their state into the history (its entries push the new
   * state to the console). For states no callback may bring: a return for recalculation found in a list.
   */
  readBack(codes: string[]): void
  /** The source of one watch topic of this profile (the desk's watch registry opens it). */
  openWatch(topic: WatchTopic, hooks: WatchSourceHooks): WatchSource
  /** The profile's timeline DB, opened on first use. */
  store(): TimelineStore
  /** True when the timeline DB is open (placements are recorded only then or when opening works). */
  hasStore(): boolean
  dispose(): Promise<void>
}

export interface EnvironmentDeps {
  dataDir: string
  profiles: ProfileService
  clock: Clock
  /** The clock the feed's reads are paced on (DeskCoreOptions.feedClock); default `clock`. */
  feedClock?: Clock
  listPreview?: ListPreview
  /** The bus of the epoch this environment is built under. */
  bus: EventBus
  connection: ConnectionMonitor
  sims: DemoSimulators
  logger?: Logger
  balancePollMs: number
  activeCouponsPollMs: number
  /** Reconciler pass period while signed in (ms). Default 60000. */
  reconcileMs?: number
  /** Days before the feed key's expiry from which it is shown as expiring soon. Default 7. */
  keyWarnDays?: number
  historyApplyWorker?: ApplyWorkerEntry
  /** Every profile's row: the `overview` topic is opened there, with this environment as the active one. */
  overview?: Overview
}

/** Entry kinds after which the coupon's new state is pushed as `coupon.settled`. */
const SETTLING_KINDS: ReadonlySet<string> = new Set(['settled', 'resettled', 'discovered_by_polling', 'returned_for_recalculation', 'late_callback'])

/** The profile's history: the same file `desk listen`, `desk place` and `desk timeline` resolve for it. */
export function timelineFile(dataDir: string, profileId: string): string {
  return historyFileOf(dataDir, profileId)
}

export async function createEnvironment(profile: Profile, deps: EnvironmentDeps): Promise<Environment> {
  const demo = profile.environment === 'demo'
  const sim = demo ? await deps.sims.get(1, profile.simVariations || undefined) : null
  const endpoints = sim
    ? { coupons: sim.couponBaseUrl, feed: sim.feedApiUrl, cdn: sim.cdnUrl }
    : { coupons: profile.couponBaseUrl, feed: profile.feedApiUrl, cdn: profile.cdnUrl }
  const log = deps.logger?.child({ module: 'desk', profile: profile.id })
  const emit = deps.bus.emit
  let disposed = false

  // Demo: the profile's username picks the simulator's account; its password is the simulator's unless one is stored.
  const username = demo ? profile.username || DEMO_CREDENTIALS.username : profile.username
  const credentials = async () => {
    if (demo) return { username, password: deps.profiles.secret(profile.id, 'password') ?? DEMO_CREDENTIALS.password }
    const password = deps.profiles.secret(profile.id, 'password')
    if (!password) throw new DeskError('missing_secret', 'No password is stored for this profile')
    return { username, password }
  }

  let session: SessionTracker | null = null
  const rawCoupons = createCouponClient({
    baseURL: endpoints.coupons,
    credentials,
    mode: profile.legacyMode ? 'legacy' : 'new',
    clock: deps.clock,
    stakeRule: stakeRuleOf(profile),
    logger: log?.child({ module: 'coupons' }),
    // The client's session owns the state machine; the desk's tracker only observes it.
    onSessionChange: (state) => session?.observe(state),
  })
  // Every list read shows the history the client account's coupons placed elsewhere (sightings.ts).
  const coupons = withSightings(rawCoupons, () => store, (error) => log?.warn('a coupon seen in a read could not be recorded', { code: toDeskError(error).code }))

  const apiKey = demo ? DEMO_CREDENTIALS.feedApiKey : deps.profiles.secret(profile.id, 'feedApiKey')
  // Without a key the feed client refuses to exist; calls then fail with a clear `missing_secret`.
  const feedKey = createFeedKeyTracker({ profileId: profile.id, clock: deps.clock, emit, warnDays: deps.keyWarnDays })
  const feed: FeedClient = apiKey
    ? createFeedClient({ baseURL: endpoints.feed, apiKey, clock: deps.clock, logger: log?.child({ module: 'feed' }), onKeyExpires: (ms) => feedKey.observe(ms) })
    : missingKeyFeed()

  let reconciler: Reconciler | null = null
  let confirmHooked = false
  // Background reads go through the session: after a sign-out (or before a sign-in) a pass still running
  // must not sign in again on its own, so each read checks the session first.
  const whileSignedIn = async <T>(read: () => Promise<T>): Promise<T> => {
    if (disposed || !session?.isSignedIn()) throw new DeskError('signed_out', 'Signed out: background reads are paused')
    return read()
  }
  const balance = createBalanceWatcher({
    read: () => whileSignedIn(() => deps.connection.track('coupons', () => coupons.balance())),
    clock: deps.clock,
    intervalMs: deps.balancePollMs,
    onError: (error) => log?.warn('balance poll failed', { code: toDeskError(error).code }),
    // The balance chart's reads: a new value is kept; a failure to keep it never stops the header's balance.
    onChange: ({ balance: value }) => {
      try {
        openStore().recordBalance(value, 'read')
      } catch (error) {
        log?.warn('balance sample not kept', { code: toDeskError(error).code })
      }
    },
    onRead: (read) => ledger.observe(read),
    serviceClock: (at) => clockOf(coupons.clockOffset(), at),
  })
  const serviceCoupon = (c: Coupon) => ({ code: c.code, amount: c.amount, realWin: c.realWin, status: c.status, createdAt: c.createdAt, calculateDate: c.calculateDate })
  const ledger: LedgerCheck = createLedgerCheck({
    store: () => {
      try {
        return openStore()
      } catch {
        return null
      }
    },
    offset: () => coupons.clockOffset(),
    clock: deps.clock,
    readService: () =>
      whileSignedIn(async () => {
        // Looked at, not taken in: the difference stays named until a reconciler pass (or Check now) takes them in.
        const [active, calculated] = await Promise.all([rawCoupons.active(), rawCoupons.calculated(120)])
        return { active: active.map(serviceCoupon), calculated: calculated.map(serviceCoupon) }
      }),
    onError: (error) => log?.warn('ledger check failed', { code: toDeskError(error).code }),
  })
  const activeCoupons = createActiveCouponsWatcher({
    read: async () => {
      const list = await whileSignedIn(() => deps.connection.track('coupons', () => coupons.active()))
      // A coupon returned for recalculation: the history (and the coupon views it pushes to) learns it now.
      if (store) env.readBack(returnedCodes(list, (code) => store?.coupon(code) ?? null))
      return list.map(couponToDto)
    },
    clock: deps.clock,
    intervalMs: deps.activeCouponsPollMs,
    onError: (error) => log?.warn('active coupons poll failed', { code: toDeskError(error).code }),
  })
  const followSession = (signedIn: boolean) => {
    if (disposed) return
    balance.signedIn(signedIn)
    activeCoupons.signedIn(signedIn)
    if (!signedIn) {
      reconciler?.stop()
      return
    }
    try {
      reconciler ??= createReconciler({
        store: openStore(),
        reader: snapshotReader({
          calculated: (m) => whileSignedIn(() => coupons.calculated(m)),
          resultsByIds: (codes) => whileSignedIn(() => coupons.resultsByIds(codes)),
          active: () => whileSignedIn(() => coupons.active()),
        }),
        clock: deps.clock,
        intervalMs: deps.reconcileMs,
        onError: (error) => log?.warn('reconcile failed', { message: error.message }),
      })
      if (!confirmHooked) {
        // A callback that only a read of the coupon can place (delivery order): one batched read soon.
        confirmHooked = true
        storeListeners.push(openStore().onEntry((entry) => {
          if (entry.source === 'callback') reconciler?.confirmSoon()
        }))
      }
      reconciler.start()
    } catch (error) {
      log?.warn('reconciler not started', { code: (error as DeskError).code })
    }
  }
  session = createSessionTracker({
    client: () => coupons,
    emit,
    username,
    onSignedInChange: followSession,
  })

  let store: TimelineStore | null = null
  const storeListeners: Array<() => void> = []
  const openStore = (): TimelineStore => {
    if (disposed) throw new DeskError('disposed', 'This profile is no longer active')
    if (!store) {
      // Folders 0700 and the database (with its WAL/SHM) 0600 before SQLite opens it.
      // A client first used from the command line without a profile name keeps that history here.
      claimUnnamedHistory(deps.dataDir, profile)
      store = openTimelineStore(ensurePrivateDatabase(timelineFile(deps.dataDir, profile.id), deps.dataDir), {
        clock: deps.clock,
        logger: log,
        clientLedger: true,
        applyThread: deps.historyApplyWorker,
        // Stored, but a push to the console failed: the operator sees it on the settlements indicator.
        onSubscriberError: (error, entry) =>
          deps.connection.report('listener', 'degraded', { code: 'push_failed', detail: `${entry.kind}: ${error.message}` }),
      })
      // From the snapshot the callback carried; a read only when needed, batched (issue 8).
      storeListeners.push(store.onEntry((entry) => {
        if (entry.couponCode && SETTLING_KINDS.has(entry.kind)) env.settled(entry.couponCode)
        ledger.changed()
      }))
    }
    return store
  }

  const watches = createFeedWatches({ feed, lang: profile.language, cdn: endpoints.cdn, clock: deps.clock, pacingClock: deps.feedClock, listPreview: deps.listPreview, connection: deps.connection, logger: deps.logger })
  const listener = createListenerControl({
    profile,
    // Demo: the simulator's public secret unless one is stored (an operator tries a wrong one, then fixes it).
    secret: () => (demo ? (deps.profiles.secret(profile.id, 'callbackSecret') ?? DEMO_CREDENTIALS.callbackSecret) : deps.profiles.secret(profile.id, 'callbackSecret')),
    store: openStore,
    connection: deps.connection,
    clock: deps.clock,
    keepPort: (port) => {
      try {
        const { createdAt: _createdAt, ...stored } = deps.profiles.get(profile.id)
        deps.profiles.save({ ...stored, listener: { ...stored.listener, port } })
      } catch (error) {
        log?.error('could not keep the listener port in the profile', { code: toDeskError(error).code })
      }
    },
  })

  /** A coupon's new state: pushed, applied to the active list, and the balance read again soon. */
  const settledOut = (coupon: CouponDto) => {
    if (disposed) return
    emit({ type: 'coupon.settled', coupon })
    activeCoupons.settled(coupon)
    balance.refreshSoon()
  }
  const settledReader = createSettledReader({
    read: (codes) => whileSignedIn(() => coupons.resultsByIds(codes)),
    onCoupon: (coupon) => settledOut(couponToDto(coupon)),
    onError: (error) => log?.warn('settled coupons could not be read back', { code: toDeskError(error).code }),
    clock: deps.clock,
  })

  const openTimelineStoreSource = (limit: number | undefined, hooks: WatchSourceHooks) =>
    openTimelineSource(openStore(), limit ?? 100, hooks as WatchSourceHooks<'timeline'>) as WatchSource

  const env: Environment = {
    profile,
    kind: demo ? 'demo' : 'custom',
    endpoints,
    sim,
    lang: profile.language,
    coupons,
    feed,
    session,
    balance,
    activeCoupons,
    watches,
    bus: deps.bus,
    feedKey,
    listener,
    ledger,
    async reconcileNow() {
      if (disposed || !session?.isSignedIn() || !reconciler) return
      await reconciler.runOnce()
    },
    settled(code) {
      if (disposed) return
      const coupon = store ? settledFromVersions(store.couponVersions(code)) : null
      if (coupon) settledOut(couponToDto(coupon))
      else if (session?.isSignedIn()) settledReader.request(code)
    },
    readBack(codes) {
      if (disposed || codes.length === 0 || !session?.isSignedIn()) return
      void reconciler?.refresh(codes)
    },
    placed(placed) {
      if (disposed) return
      activeCoupons.placed(placed)
      balance.refreshSoon()
    },
    openWatch(topic, hooks) {
      if (disposed) throw new DeskError('disposed', 'This profile is no longer active')
      switch (topic.name) {
        case 'coupons.active':
          return activeCoupons.open(hooks as WatchSourceHooks<'coupons.active'>) as WatchSource
        case 'balance':
          return balance.open(hooks as WatchSourceHooks<'balance'>) as WatchSource
        case 'timeline':
          return openTimelineStoreSource(topic.limit, hooks)
        case 'ledger':
          return ledger.open(hooks as WatchSourceHooks<'ledger'>) as WatchSource
        case 'listener':
          return openListenerSource(listener, deps.connection, hooks as WatchSourceHooks<'listener'>) as WatchSource
        case 'overview':
          if (!deps.overview) throw new DeskError('internal', 'The overview is not available here')
          return deps.overview.open(hooks as WatchSourceHooks<'overview'>, env) as WatchSource
        default:
          return watches.open(topic as FeedTopic, hooks)
      }
    },
    store: openStore,
    hasStore: () => store !== null,
    async dispose() {
      if (disposed) return
      disposed = true
      session?.close()
      balance.stop()
      ledger.stop()
      activeCoupons.stop()
      reconciler?.stop()
      settledReader.close()
      watches.dispose()
      await listener.stop().catch(() => undefined)
      for (const off of storeListeners.splice(0)) off()
      store?.close()
      store = null
      coupons.logout() // drop the token from memory
    },
  }
  if (listener.autoStart) await listener.start().catch((error) => log?.warn('listener autostart failed', { code: (error as DeskError).code }))
  return env
}

function missingKeyFeed(): FeedClient {
  const fail = async (): Promise<never> => {
    throw new DeskError('missing_secret', 'No feed API key is stored for this profile')
  }
  return {
    menu: fail,
    sports: fail,
    countries: fail,
    tournaments: fail,
    topMatches: fail,
    topList: fail,
    topChampionships: fail,
    search: fail,
    events: fail,
    event: fail,
    calendar: fail,
    account: fail,
  }
}
