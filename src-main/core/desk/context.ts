import type { DeskEvent, SessionStatus } from '../../../src-shared/contract.js'
import type { ResolvedPlacement } from '../coupons/types.js'
import type { Clock } from '../shared/clock.js'
import { DeskError } from '../shared/errors.js'
import type { TimelineEntry } from '../timeline/types.js'
import { createConnectionMonitor, type ConnectionMonitor } from './connection.js'
import { createDemoSimulators, type DemoSimulators } from './demo-sim.js'
import { createEnvironment, type Environment } from './environment.js'
import type { DeskCoreOptions } from './types.js'

/**
 * Shared state of one desk core: the active profile's environment (built on first use, replaced on
 * a profile switch or an edit of the active profile), connection states, the demo simulators and
 * the placements whose outcome is still unknown.
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
  emit(event: DeskEvent): void
  /** The active profile's environment (built on demand). */
  env(): Promise<Environment>
  /** The active profile changed (select/remove) or was edited: drop its environment and tell the UI. */
  activeChanged(): Promise<void>
  dispose(): Promise<void>
}

export function signedOutStatus(username: string | null): SessionStatus {
  return { state: 'signed-out', username, accountState: 'unknown', tokenTail: null, expiresAt: null, message: null }
}

export function createCoreContext(options: DeskCoreOptions, onEntry: (entry: TimelineEntry, env: Environment) => void): CoreContext {
  const clock = options.clock ?? { now: () => Date.now() }
  let disposed = false
  const emit = (event: DeskEvent) => {
    if (disposed) return
    try {
      options.emit(event)
    } catch (error) {
      options.logger?.warn('event listener failed', { type: event.type, error })
    }
  }
  const connection = createConnectionMonitor(emit)
  const sims: DemoSimulators = createDemoSimulators({ clockTickMs: options.demoClockTickMs })
  let watchSeq = 0
  let current: { profileId: string; promise: Promise<Environment> } | null = null

  const build = (profileId: string): Promise<Environment> => {
    const profile = options.profiles.get(profileId)
    const promise = createEnvironment(profile, {
      dataDir: options.dataDir,
      profiles: options.profiles,
      clock,
      emit,
      connection,
      sims,
      logger: options.logger,
      balancePollMs: options.balancePollMs ?? 15_000,
      reconcileMs: options.reconcileMs,
      keyWarnDays: options.keyWarnDays,
      nextWatchId: () => `w${++watchSeq}`,
      onTimelineEntry: (entry, env) => {
        if (current?.profileId === env.profile.id) onEntry(entry, env)
      },
    })
    promise.catch(() => {
      if (current?.promise === promise) current = null
    })
    return promise
  }

  const drop = async () => {
    const old = current
    current = null
    if (old) await (await old.promise.catch(() => null))?.dispose()
  }

  const ctx: CoreContext = {
    options,
    clock,
    connection,
    attempts: new Map(),
    emit,
    async env() {
      if (disposed) throw new DeskError('disposed', 'The desk core is shut down')
      const activeId = options.profiles.activeId()
      if (current && current.profileId !== activeId) await drop()
      if (!current) current = { profileId: activeId, promise: build(activeId) }
      return current.promise
    },
    async activeChanged() {
      await drop()
      if (disposed) return
      const profile = options.profiles.active()
      connection.reset()
      // Also after an edit: endpoints, credentials and watches of the profile were rebuilt.
      emit({ type: 'profile.changed', profileId: profile.id })
      emit({ type: 'session.changed', status: signedOutStatus(profile.username || null) })
    },
    async dispose() {
      if (disposed) return
      await drop()
      disposed = true
      ctx.attempts.clear()
      await sims.dispose()
    },
  }
  return ctx
}
