import type { WatchSnapshot, WatchSourceState, WatchTopicName } from '../../../src-shared/contract.js'
import type { Clock } from '../shared/clock.js'
import { toDeskError } from '../shared/errors.js'
import { createPoller } from '../shared/watch-poll.js'
import { LIVE, type WatchSource, type WatchSourceHooks } from '../shared/watch.js'

export const SIGNED_OUT: WatchSourceState = { live: false, error: { code: 'signed_out', message: 'Signed out: not refreshed' } }

/**
 * What the polled topics of a profile environment (balance, active coupons) share: the one
 * subscriber's hooks, the signed-in flag, the live/stale state and the poller. It polls `read` every
 * `intervalMs` only while someone subscribes and the session is signed in; a failed read turns the
 * state stale with the error, `answered` (a read came back) turns it live again.
 */
export interface PolledTopic<N extends WatchTopicName> {
  /** The subscriber's hooks; null while nobody watches. */
  hooks(): WatchSourceHooks<N> | null
  /** A read came back: live again when signed in. */
  answered(): void
  /** The watch source for `next`; `closed` runs when that subscriber leaves. */
  open(next: WatchSourceHooks<N>, snapshot: () => WatchSnapshot<N> | null, closed?: () => void): WatchSource<N>
  signedIn(signedIn: boolean): void
  /** One read `delayMs` from now, when subscribed and signed in. */
  readSoon(delayMs: number): void
  /** What was read is dropped: the next subscriber causes a read at once. */
  forget(): void
  stop(): void
}

export interface PolledTopicOptions<T> {
  read: () => Promise<T>
  /** A successful read's value. */
  received: (value: T) => void
  clock: Clock
  intervalMs: number
  onError?: (error: unknown) => void
}

export function createPolledTopic<N extends WatchTopicName, T>(options: PolledTopicOptions<T>): PolledTopic<N> {
  let hooks: WatchSourceHooks<N> | null = null
  let signedIn = false
  let state: WatchSourceState = SIGNED_OUT

  const setState = (next: WatchSourceState) => {
    state = next
    hooks?.state(next)
  }
  const poller = createPoller({
    clock: options.clock,
    intervalMs: options.intervalMs,
    read: async () => {
      try {
        options.received(await options.read())
      } catch (error) {
        const e = toDeskError(error)
        setState({ live: false, error: { code: e.code, message: e.message } })
        options.onError?.(error)
      }
    },
  })
  const follow = () => poller.setActive(hooks !== null && signedIn)

  return {
    hooks: () => hooks,
    answered() {
      if (signedIn && !state.live) setState(LIVE)
    },
    open(next, snapshot, closed) {
      hooks = next
      follow()
      return {
        snapshot,
        state: () => state,
        close() {
          if (hooks !== next) return
          hooks = null
          closed?.()
          follow()
        },
      }
    },
    signedIn(next) {
      signedIn = next
      setState(next ? LIVE : SIGNED_OUT)
      follow()
    },
    readSoon: (delayMs) => poller.readSoon(delayMs),
    forget: () => poller.forget(),
    stop() {
      hooks = null
      poller.stop()
    },
  }
}
