import type { ListenerStatusDto, ReverifyResultDto, StateReason } from '../../../src-shared/contract.js'
import { createCallbackListener, type CallbackListener } from '../callbacks/index.js'
import type { Profile } from '../profiles/index.js'
import type { Clock } from '../shared/clock.js'
import { DeskError, toDeskError } from '../shared/errors.js'
import type { TimelineStore } from '../timeline/index.js'
import type { ConnectionMonitor } from './connection.js'
import { reverifyDeliveries } from './deliveries.js'

/**
 * The profile's settlement callback listener: its host/port/path come from the profile's listener
 * settings, its secret from the vault (Demo: the simulator's public demo secret). Deliveries go
 * straight into the profile's timeline store.
 */
export interface ListenerControl {
  readonly autoStart: boolean
  status(): ListenerStatusDto
  start(): Promise<ListenerStatusDto>
  stop(): Promise<ListenerStatusDto>
  /** The callback URL to hand to placements while running, else undefined. */
  callbackUrl(): string | undefined
  /** Checks the kept refused bodies with the secret stored now and applies those that pass, once. */
  reverify(): Promise<ReverifyResultDto>
  /** Called after a start or stop (the listener watch topic pushes the new status). */
  onChange(listener: () => void): () => void
}

export interface ListenerControlOptions {
  profile: Profile
  secret: () => string | null
  store: () => TimelineStore
  connection: ConnectionMonitor
  clock: Clock
  /**
   * The port a "0 = choose" listener was given, to keep in the profile: coupons carry the callback
   * URL they were placed with, so the listener must come back on the same port after a stop or a
   * restart instead of taking another one.
   */
  keepPort?: (port: number) => void
}

export function createListenerControl(options: ListenerControlOptions): ListenerControl {
  let settings = options.profile.listener
  let listener: CallbackListener | null = null
  let reason: StateReason | null = null
  let starting: Promise<ListenerStatusDto> | null = null
  const changes = new Set<() => void>()
  const changed = () => [...changes].forEach((listener) => listener())

  /** Open coupons whose callbacks go to another address than the listener's now (all of them while it is stopped). */
  function stranded(): number {
    try {
      const here = listener?.url ?? null
      return options.store().openCallbackUrls().reduce((n, r) => (r.url === here ? n : n + r.count), 0)
    } catch {
      return 0 // a history that cannot be read is said by the timeline; the status stays readable
    }
  }
  const status = (): ListenerStatusDto => ({ running: listener !== null && listener.url !== null, url: listener?.url ?? null, reason, stranded: stranded() })

  async function doStart(): Promise<ListenerStatusDto> {
    if (listener) return status()
    const secret = options.secret()
    if (!secret) {
      reason = { code: 'missing_secret', detail: null }
      throw new DeskError('missing_secret', 'No callback secret is stored for this profile')
    }
    const next = createCallbackListener({
      host: settings.host || '127.0.0.1',
      port: settings.port,
      path: settings.path || '/callbacks',
      secret,
      store: options.store(),
      clock: options.clock,
      maxBodyBytes: settings.maxBodyBytes,
      // A profile's activation does not wait for the history's applying thread: deliveries that come
      // before it is up are written on this thread.
      readyWaitMs: 0,
      // Refused or unstored deliveries turn the listener amber for the operator; the next stored one clears it.
      onDelivery: (event) => {
        if (event.status === 200) options.connection.report('listener', 'online')
        else if (event.status >= 500) options.connection.report('listener', 'degraded', { code: 'callback_refused', detail: `${event.status} ${event.reason}` })
      },
    })
    try {
      await next.start()
    } catch (error) {
      const desk = toDeskError(error, 'listener_failed')
      reason = { code: desk.code, detail: desk.message }
      options.connection.report('listener', 'offline', reason)
      throw desk
    }
    listener = next
    reason = null
    if (settings.port === 0 && next.url) {
      const port = Number(new URL(next.url).port)
      settings = { ...settings, port }
      options.keepPort?.(port)
    }
    options.connection.report('listener', 'online')
    return status()
  }

  return {
    autoStart: settings.enabled,
    status,
    start() {
      starting ??= doStart().finally(() => {
        starting = null
        changed()
      })
      return starting
    },
    async stop() {
      await starting?.catch(() => undefined)
      const current = listener
      listener = null
      if (current) {
        await current.stop()
        options.connection.report('listener', 'offline', { code: 'listener_stopped', detail: null })
        changed()
      }
      return status()
    },
    callbackUrl: () => listener?.url ?? undefined,
    reverify: () => reverifyDeliveries(options.store(), options.secret()),
    onChange(listener) {
      changes.add(listener)
      return () => changes.delete(listener)
    },
  }
}
