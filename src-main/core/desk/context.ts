import type { DeskEvent, Epoch, SessionStatus } from '../../../src-shared/contract.js'
import type { ResolvedPlacement } from '../coupons/index.js'
import { systemClock, type Clock } from '../shared/clock.js'
import { DeskError } from '../shared/errors.js'
import { createEventBus, type Emit, type EventBus } from '../shared/events.js'
import { createWatchRegistry, type WatchRegistry } from '../shared/watch.js'
import { createConnectionMonitor, type ConnectionMonitor } from './connection.js'
import { createDemoSimulators, type DemoSimulators } from './demo-sim.js'
import { createEnvironment, type Environment } from './environment.js'
import { createOverview, type Overview } from './overview/index.js'
import type { DeskCoreOptions } from './types.js'

/**
 * Shared state of one desk core: the profile epoch, the active profile's environment (built on
 * first use, replaced on a profile switch or an edit of the active profile), the watch registry
 * (subscriptions outlive a switch), connection states, the demo simulators and the placements
 * whose outcome is still unknown.
 */
export interface PendingAttempt {
  profileId: string
  resolve: () => Promise<ResolvedPlacement>
  callbackUrl: string | undefined
  currency: string | undefined
}

export interface CoreContext {
  readonly options: DeskCoreOptions
  readonly clock: Clock
  readonly connection: ConnectionMonitor
  readonly attempts: Map<string, PendingAttempt>
  readonly watches: WatchRegistry
  /** Every profile's row (the `overview` topic), read only while watched. */
  readonly overview: Overview
  /** Emits under the current epoch (events that belong to no one environment). */
  emit: Emit
  /** The current profile epoch: 1 at start, one more at each change of the active profile. */
  epoch(): Epoch
  /** The active profile's environment (built on demand). */
  env(): Promise<Environment>
  /** The active profile changed (select/remove) or was edited: new epoch, drop its environment and tell the UI. */
  activeChanged(): Promise<void>
  dispose(): Promise<void>
}

export function signedOutStatus(username: string | null): SessionStatus {
  return { state: 'signed-out', username, accountState: 'unknown', tokenTail: null, expiresAt: null, reason: null }
}

export function createCoreContext(options: DeskCoreOptions): CoreContext {
  // The system clock itself, not a copy: a history given any other clock writes on the calling thread (a test's clock).
  const clock = options.clock ?? systemClock
  const log = options.logger?.child({ module: 'desk' })
  let disposed = false
  const sink = (event: DeskEvent) => {
    if (disposed) return
    try {
      options.emit(event)
    } catch (error) {
      log?.warn('event listener failed', { type: event.type, error })
    }
  }
  let epoch: Epoch = 1
  let bus: EventBus = createEventBus(epoch, sink)
  const connection = createConnectionMonitor((body) => bus.emit(body))
  const sims: DemoSimulators = createDemoSimulators({ clockTickMs: options.demoClockTickMs })
  const watches = createWatchRegistry({ onError: (what, error) => log?.error(`${what} failed`, { error }) })
  let current: { profileId: string; promise: Promise<Environment> } | null = null
  const overview = createOverview({
    dataDir: options.dataDir,
    profiles: options.profiles,
    clock,
    sims,
    intervalMs: options.overviewPollMs,
    timeoutMs: options.overviewTimeoutMs,
    logger: options.logger,
  })

  const build = (profileId: string): { profileId: string; promise: Promise<Environment> } => {
    const profile = options.profiles.get(profileId)
    const envBus = bus
    const entry = { profileId, promise: null as unknown as Promise<Environment> }
    entry.promise = createEnvironment(profile, {
      dataDir: options.dataDir,
      profiles: options.profiles,
      clock,
      feedClock: options.feedClock,
      listPreview: options.listPreview,
      bus: envBus,
      connection,
      sims,
      logger: options.logger,
      balancePollMs: options.balancePollMs ?? 15_000,
      activeCouponsPollMs: options.activeCouponsPollMs ?? 15_000,
      reconcileMs: options.reconcileMs,
      keyWarnDays: options.keyWarnDays,
      historyApplyWorker: options.historyApplyWorker,
      overview,
    }).then(async (env) => {
      if (current !== entry || disposed) {
        await env.dispose()
        throw new DeskError('profile_changed', 'The active profile changed')
      }
      // Sources come from this environment, under its epoch; subscriptions held get their snapshots.
      watches.bind({ epoch: envBus.epoch, emit: envBus.emit, open: env.openWatch })
      return env
    })
    entry.promise.catch(() => {
      if (current === entry) current = null
    })
    return entry
  }

  const drop = async () => {
    const old = current
    current = null
    watches.unbind()
    if (old) await (await old.promise.catch(() => null))?.dispose()
  }

  const ctx: CoreContext = {
    options,
    clock,
    connection,
    attempts: new Map(),
    watches,
    overview,
    emit: (body) => bus.emit(body),
    epoch: () => epoch,
    async env() {
      if (disposed) throw new DeskError('disposed', 'The desk core is shut down')
      const activeId = options.profiles.activeId()
      if (current && current.profileId !== activeId) await drop()
      current ??= build(activeId)
      return current.promise
    },
    async activeChanged() {
      // Before any await: a call starting from here on belongs to the new profile.
      epoch += 1
      bus = createEventBus(epoch, sink)
      await drop()
      if (disposed) return
      const profile = options.profiles.active()
      connection.reset()
      // Also after an edit: endpoints, credentials and watch sources of the profile were rebuilt.
      ctx.emit({ type: 'profile.changed', profileId: profile.id })
      ctx.emit({ type: 'session.changed', status: signedOutStatus(profile.username || null) })
      // Windows keep their subscriptions: the new environment pushes them its snapshots.
      if (watches.count() > 0) void ctx.env().catch((error: unknown) => log?.warn('the new profile could not start', { error }))
    },
    async dispose() {
      if (disposed) return
      await drop()
      disposed = true
      watches.close()
      overview.dispose()
      ctx.attempts.clear()
      await sims.dispose()
    },
  }
  return ctx
}
