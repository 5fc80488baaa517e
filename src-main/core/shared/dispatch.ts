import type { z } from 'zod'
import { inputs, type DeskEvent, type DeskHandlers, type Epoch, type Result } from '../../../src-shared/contract.js'
import { DeskError } from './errors.js'

/**
 * The transport-independent half of every contract call, shared by Electron IPC and the web bridge:
 * channel → known (domain, method), payload → zod-validated input, handler → `Result`.
 * Nothing thrown escapes: DeskErrors become `{ ok:false, code, message }`, anything else a generic
 * `internal` error whose detail goes to the log only (it may hold data the renderer must not see).
 * Every Result carries the profile epoch read when the call started: an answer computed for the
 * profile that was active then is tagged with that profile's epoch, even if it arrives after a switch.
 */
export interface Dispatch {
  (channel: string, payload: unknown): Promise<Result<unknown>>
  /** The current epoch, for answers a host gives itself (refused sender, lost connection). */
  epoch(): Epoch
}

export interface DispatcherOptions {
  /** The current profile epoch (the desk core's `epoch`). */
  epoch: () => Epoch
  onInternalError?: (channel: string, error: unknown) => void
}

const CHANNEL = /^desk:([a-z]+):([A-Za-z]+)$/

export function parseChannel(channel: string): { domain: keyof typeof inputs; method: string } | undefined {
  const match = CHANNEL.exec(channel)
  if (!match) return undefined
  const [, domain, method] = match
  if (!Object.hasOwn(inputs, domain)) return undefined
  const schemas = inputs[domain as keyof typeof inputs] as Record<string, z.ZodType>
  if (!Object.hasOwn(schemas, method)) return undefined
  return { domain: domain as keyof typeof inputs, method }
}

export function createDispatcher(handlers: DeskHandlers, options: DispatcherOptions): Dispatch {
  const dispatch = async (channel: string, payload: unknown): Promise<Result<unknown>> => {
    const epoch = options.epoch()
    const target = parseChannel(channel)
    if (!target) return { ok: false, code: 'unknown_channel', message: `Unknown channel ${JSON.stringify(channel).slice(0, 80)}`, epoch }
    const schema = (inputs[target.domain] as Record<string, z.ZodType>)[target.method]
    const parsed = schema.safeParse(payload ?? undefined)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const where = issue?.path.length ? ` at ${issue.path.join('.')}` : ''
      return { ok: false, code: 'bad_input', message: `Invalid input for ${channel}${where}: ${issue?.message ?? 'invalid'}`, epoch }
    }
    const domainHandlers = handlers[target.domain] as Record<string, (input: unknown) => Promise<unknown>>
    try {
      const value = await domainHandlers[target.method](parsed.data)
      return { ok: true, value, epoch }
    } catch (error) {
      if (error instanceof DeskError) return { ok: false, ...error.toWire(), epoch }
      options.onInternalError?.(channel, error)
      return { ok: false, code: 'internal', message: 'Internal error; see the application log.', epoch }
    }
  }
  return Object.assign(dispatch, { epoch: options.epoch })
}

const SUBSCRIBE = 'desk:watch:subscribe'
const UNSUBSCRIBE = 'desk:watch:unsubscribe'

/**
 * One caller (an Electron window, a bridge socket): its subscriptions are tracked so they are
 * released when it goes away, and `watch.*` events reach only the caller that subscribed.
 */
export interface CallerScope {
  dispatch: Dispatch
  /** False for a `watch.*` event of a subscription another caller owns. */
  wants(event: DeskEvent): boolean
  /** The caller went away (window closed or reloaded, socket closed): unsubscribe everything it held. */
  release(): Promise<void>
  subscriptions(): string[]
}

export interface CallerScopes {
  /** A scope for one caller; `caller` is the identity `wants` is asked about (an Electron webContents). */
  open(caller?: object): CallerScope
  /**
   * Whether an event goes to this caller: every event but `watch.*`, and those only to the caller
   * that owns the subscription (false for a caller with no open scope). One question, answered here.
   */
  wants(caller: object, event: DeskEvent): boolean
}

const subscriptionIdOf = (payload: unknown): string | null => {
  const id = (payload as { subscriptionId?: unknown } | null | undefined)?.subscriptionId
  return typeof id === 'string' ? id : null
}

export function createCallerScopes(dispatch: Dispatch): CallerScopes {
  /** Subscription id → the scope holding it: an id held by one caller cannot be taken over by another. */
  const owners = new Map<string, { caller: object }>()
  return {
    wants(caller, event) {
      if (!event.type.startsWith('watch.')) return true
      return owners.get((event as { subscriptionId: string }).subscriptionId)?.caller === caller
    },
    open(caller = {}) {
      // One token per scope: a caller that reloads gets a new scope, and the old one's late forgets leave it alone.
      const me = { caller }
      const mine = new Set<string>()
      let released = false
      const forget = (id: string) => {
        mine.delete(id)
        if (owners.get(id) === me) owners.delete(id)
      }
      const subscribe = async (id: string, payload: unknown): Promise<Result<unknown>> => {
        const owner = owners.get(id)
        if (released || (owner && owner !== me)) {
          return { ok: false, code: 'bad_input', message: 'This subscription id is not available to this caller', epoch: dispatch.epoch() }
        }
        // Owned before the call: events main pushes before the answer arrives reach this caller.
        const had = mine.has(id)
        mine.add(id)
        owners.set(id, me)
        const result = await dispatch(SUBSCRIBE, payload)
        if (!result.ok && !had) forget(id)
        // The caller went away while subscribing: nobody will ever unsubscribe it.
        if (released && result.ok) void dispatch(UNSUBSCRIBE, { subscriptionId: id })
        return result
      }
      const scoped = Object.assign(
        async (channel: string, payload: unknown): Promise<Result<unknown>> => {
          const id = subscriptionIdOf(payload)
          if (channel === SUBSCRIBE && id !== null) return subscribe(id, payload)
          if (channel === UNSUBSCRIBE && id !== null && owners.get(id) !== me) {
            return { ok: true, value: { removed: false }, epoch: dispatch.epoch() }
          }
          const result = await dispatch(channel, payload)
          if (channel === UNSUBSCRIBE && id !== null && result.ok) forget(id)
          return result
        },
        { epoch: dispatch.epoch },
      )
      return {
        dispatch: scoped,
        wants(event) {
          if (!event.type.startsWith('watch.')) return true
          return mine.has((event as { subscriptionId: string }).subscriptionId)
        },
        async release() {
          released = true
          const ids = [...mine]
          ids.forEach(forget)
          await Promise.all(ids.map((subscriptionId) => dispatch(UNSUBSCRIBE, { subscriptionId })))
        },
        subscriptions: () => [...mine],
      }
    },
  }
}
