/**
 * The `overview` watch topic: one row per profile, each read on its own timer (balance and active
 * coupons about once a minute) only while someone subscribes. Every profile has its own source and
 * generation: a read that is slow or fails changes only its own row (stale, with its error and the
 * last known figures), and a read that ends after its profile was removed, edited, switched or the
 * last subscriber left is dropped. The feed key is read once per opening, never polled.
 */
import type { OverviewRowDto } from '../../../../src-shared/vocabulary/overview.js'
import { stakeRuleOf } from '../../../../src-shared/vocabulary/stake.js'
import { historyFileOf, type Profile, type ProfileService } from '../../profiles/index.js'
import { timersOf, type Clock } from '../../shared/clock.js'
import { DeskError, toDeskError } from '../../shared/errors.js'
import type { Logger } from '../../shared/log.js'
import { createPoller, type Poller } from '../../shared/watch-poll.js'
import { LIVE, type WatchSource, type WatchSourceHooks } from '../../shared/watch.js'
import { readLastSettlement } from '../../timeline/index.js'
import type { DemoSimulators } from '../demo-sim.js'
import { readDoctorVerdict } from './doctor-file.js'
import { lastSettlementDto, openFigures } from './figures.js'
import { createActiveSource, createOwnSource, daysLeft, type ActiveEnvironment, type ProfileSource } from './sources.js'

export interface OverviewOptions {
  dataDir: string
  profiles: ProfileService
  clock: Clock
  sims: DemoSimulators
  /** Balance and active coupons of each profile, every this long while watched. Default 60000. */
  intervalMs?: number
  /** One profile's read gives up after this long (its row turns stale). Default 10000. */
  timeoutMs?: number
  /** The feed key is read again at an opening only when the last read is older than this. Default 600000. */
  keyMaxAgeMs?: number
  logger?: Logger
}

export interface Overview {
  /** The watch source; `active` is the active profile's environment (its row reads through it). */
  open(hooks: WatchSourceHooks<'overview'>, active: ActiveEnvironment | null): WatchSource<'overview'>
  /** Every profile read once, concurrently, each within the timeout (`desk overview`). */
  readOnce(active?: ActiveEnvironment | null): Promise<OverviewRowDto[]>
  rows(): OverviewRowDto[]
  dispose(): void
}

interface Slot {
  profile: Profile
  /** The profile as configured plus who reads it: a change rebuilds the slot. */
  key: string
  gen: number
  source: ProfileSource
  row: OverviewRowDto
  json: string
  poller: Poller | null
  keyReadAt: number | null
}

export const OVERVIEW_INTERVAL_MS = 60_000
export const OVERVIEW_TIMEOUT_MS = 10_000

export function createOverview(options: OverviewOptions): Overview {
  const { clock, profiles } = options
  const intervalMs = options.intervalMs ?? OVERVIEW_INTERVAL_MS
  const timeoutMs = options.timeoutMs ?? OVERVIEW_TIMEOUT_MS
  const keyMaxAgeMs = options.keyMaxAgeMs ?? 600_000
  const timers = timersOf(clock)
  const log = options.logger?.child({ module: 'overview' })
  const slots = new Map<string, Slot>()
  const envIds = new WeakMap<ActiveEnvironment, number>()
  let envCount = 0
  let hooks: WatchSourceHooks<'overview'> | null = null
  let activeEnv: ActiveEnvironment | null = null
  let syncTimer: unknown = null
  let gen = 0
  let disposed = false

  const envId = (env: ActiveEnvironment) => {
    let id = envIds.get(env)
    if (id === undefined) envIds.set(env, (id = ++envCount))
    return id
  }
  const emptyRow = (profile: Profile, source: ProfileSource, active: boolean): OverviewRowDto => ({
    profileId: profile.id,
    profileName: profile.name,
    environment: profile.environment === 'demo' ? 'demo' : 'real',
    active,
    balance: null,
    openStake: null,
    potentialPayout: null,
    activeCoupons: null,
    lastSettlement: null,
    listener: source.listener(),
    feedKeyDaysLeft: null,
    session: source.session(),
    doctor: null,
    readAt: null,
    stale: false,
    error: null,
  })

  /** What is read from this machine (history, doctor report, listener, session): cheap, no network. */
  const local = (slot: Slot): Partial<OverviewRowDto> => {
    const known = slot.source.knownKeyDays?.()
    return {
      lastSettlement: lastSettlementDto(readLastSettlement(historyFileOf(options.dataDir, slot.profile.id))),
      doctor: readDoctorVerdict(options.dataDir, slot.profile.id),
      listener: slot.source.listener(),
      session: slot.source.session(),
      ...(known !== undefined && known !== null ? { feedKeyDaysLeft: known } : {}),
    }
  }
  const update = (slot: Slot, patch: Partial<OverviewRowDto>) => {
    slot.row = { ...slot.row, ...patch }
    const json = JSON.stringify(slot.row)
    if (json === slot.json) return
    slot.json = json
    hooks?.delta({ upsert: [slot.row], remove: [] })
  }

  const withDeadline = <T>(promise: Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = timers.set(() => reject(new DeskError('coupon_timeout', `The coupon service did not answer within ${Math.round(timeoutMs / 1000)} s`)), timeoutMs)
      promise.then(
        (value) => (timers.clear(timer), resolve(value)),
        (error: unknown) => (timers.clear(timer), reject(error)),
      )
    })

  const readFigures = async (slot: Slot): Promise<void> => {
    const mine = slot.gen
    const live = () => slot.gen === mine && slots.get(slot.profile.id) === slot
    try {
      const { balance, coupons } = await withDeadline(slot.source.read())
      if (!live()) return
      const figures = openFigures(coupons, stakeRuleOf(slot.profile).decimals)
      update(slot, { ...local(slot), balance, ...figures, readAt: clock.now(), stale: false, error: null })
    } catch (error) {
      if (!live()) return
      const e = toDeskError(error)
      log?.warn('overview read failed', { profile: slot.profile.id, code: e.code })
      update(slot, { ...local(slot), stale: true, error: { code: e.code, message: e.message } })
    }
  }
  const readKey = async (slot: Slot): Promise<void> => {
    const mine = slot.gen
    slot.keyReadAt = clock.now()
    try {
      const days = await withDeadline(slot.source.keyDaysLeft())
      if (slot.gen === mine && slots.get(slot.profile.id) === slot) update(slot, { feedKeyDaysLeft: days })
    } catch (error) {
      // The row's error is the balance read's; a key that cannot be read stays unknown.
      log?.warn('overview key read failed', { profile: slot.profile.id, code: toDeskError(error).code })
    }
  }

  const sourceOf = (profile: Profile, active: ActiveEnvironment | null): ProfileSource =>
    active && active.profile.id === profile.id
      ? createActiveSource(active, clock)
      : createOwnSource({
          profile,
          endpoints: async () => {
            if (profile.environment !== 'demo' || profile.couponBaseUrl) return { coupons: profile.couponBaseUrl, feed: profile.feedApiUrl }
            const sim = await options.sims.get(1, profile.simVariations || undefined)
            return { coupons: sim.couponBaseUrl, feed: sim.feedApiUrl }
          },
          secret: (kind) => profiles.secret(profile.id, kind),
          clock,
          timeoutMs,
          logger: options.logger,
        })

  const drop = (slot: Slot) => {
    slot.gen = ++gen
    slot.poller?.stop()
    slot.source.dispose()
  }

  /** Slots follow the profiles: new ones added, removed ones dropped, edited or switched ones rebuilt. */
  const sync = (active: ActiveEnvironment | null, polling: boolean) => {
    const list = profiles.list()
    const activeId = active?.profile.id ?? profiles.activeId()
    const removed: string[] = []
    for (const [id, slot] of slots) {
      if (list.some((p) => p.id === id)) continue
      drop(slot)
      slots.delete(id)
      removed.push(id)
    }
    if (removed.length) hooks?.delta({ upsert: [], remove: removed })
    for (const profile of list) {
      const isActive = profile.id === activeId
      const key = JSON.stringify([profile, isActive, isActive && active ? envId(active) : 0])
      const before = slots.get(profile.id)
      if (before?.key === key) continue
      if (before) drop(before)
      const source = sourceOf(profile, isActive ? active : null)
      const row = before ? { ...before.row, ...emptyRow(profile, source, isActive), ...figuresOf(before.row) } : emptyRow(profile, source, isActive)
      const slot: Slot = { profile, key, gen: ++gen, source, row, json: '', poller: null, keyReadAt: before?.keyReadAt ?? null }
      slots.set(profile.id, slot)
      update(slot, local(slot))
      if (polling) start(slot)
    }
  }
  const start = (slot: Slot) => {
    slot.poller ??= createPoller({ clock, intervalMs, read: () => readFigures(slot) })
    slot.poller.setActive(true)
    if (slot.keyReadAt === null || clock.now() - slot.keyReadAt >= keyMaxAgeMs) void readKey(slot)
  }
  const stopSync = () => {
    if (syncTimer !== null) timers.clear(syncTimer)
    syncTimer = null
  }
  const armSync = () => {
    stopSync()
    // Profiles added, edited or removed while the overview is open join it within one interval.
    syncTimer = timers.set(() => {
      syncTimer = null
      if (!hooks || disposed) return
      sync(activeEnv, true)
      armSync()
    }, Math.min(intervalMs, 15_000))
  }
  const rows = () => [...slots.values()].map((s) => s.row)

  return {
    open(next, active) {
      if (disposed) throw new DeskError('disposed', 'The desk core is shut down')
      hooks = null
      activeEnv = active
      sync(active, false)
      hooks = next
      for (const slot of slots.values()) start(slot)
      armSync()
      return {
        snapshot: rows,
        state: () => LIVE,
        close() {
          if (hooks !== next) return
          hooks = null
          activeEnv = null
          stopSync()
          for (const slot of slots.values()) {
            slot.poller?.setActive(false)
            // A read still running belongs to this opening: its answer is dropped.
            slot.gen = ++gen
            // No session is kept for a profile nobody looks at: the next opening signs in again.
            slot.source.dispose()
          }
        },
      }
    },
    async readOnce(active = null) {
      sync(active, false)
      await Promise.all([...slots.values()].map((slot) => Promise.all([readFigures(slot), readKey(slot)])))
      return rows()
    },
    rows,
    dispose() {
      disposed = true
      hooks = null
      stopSync()
      for (const slot of slots.values()) drop(slot)
      slots.clear()
    },
  }
}

/** The figures a rebuilt slot keeps until its first read (an edit of the name must not blank the row). */
function figuresOf(row: OverviewRowDto): Partial<OverviewRowDto> {
  const { balance, openStake, potentialPayout, activeCoupons, lastSettlement, feedKeyDaysLeft, doctor, readAt, stale, error } = row
  return { balance, openStake, potentialPayout, activeCoupons, lastSettlement, feedKeyDaysLeft, doctor, readAt, stale, error }
}

export { daysLeft }
