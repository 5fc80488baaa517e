import type { BalanceDto, WatchSourceState } from '../../../src-shared/contract.js'
import type { Clock } from '../shared/clock.js'
import { toDeskError } from '../shared/errors.js'
import { createPoller } from '../shared/watch-poll.js'
import { LIVE, type WatchSource, type WatchSourceHooks } from '../shared/watch.js'

/**
 * The `balance` watch topic of one profile environment. Every read (the poll, `balance.get`) goes
 * through `observe`; a changed value is pushed as a delta to the subscribers. The balance is polled
 * every `intervalMs` only while someone subscribes and the session is signed in; a placement or a
 * settlement asks for one read soon.
 */
export interface BalanceWatcher {
  observe(balance: number): BalanceDto
  last(): BalanceDto | null
  /** The watch source (the registry opens one at most, whatever the number of subscribers). */
  open(hooks: WatchSourceHooks<'balance'>): WatchSource<'balance'>
  signedIn(signedIn: boolean): void
  /** A placement or settlement moved money: one read soon (when subscribed and signed in). */
  refreshSoon(): void
  stop(): void
}

export interface BalanceWatcherOptions {
  read: () => Promise<number>
  clock: Clock
  intervalMs: number
  /** Delay of the read after a placement or settlement. Default 500 ms. */
  soonMs?: number
  onError?: (error: unknown) => void
}

export const SIGNED_OUT: WatchSourceState = { live: false, error: { code: 'signed_out', message: 'Signed out: not refreshed' } }

export function createBalanceWatcher(options: BalanceWatcherOptions): BalanceWatcher {
  let last: BalanceDto | null = null
  let hooks: WatchSourceHooks<'balance'> | null = null
  let signedIn = false
  let state: WatchSourceState = SIGNED_OUT

  const setState = (next: WatchSourceState) => {
    state = next
    hooks?.state(next)
  }
  const observe = (balance: number): BalanceDto => {
    const dto = { balance, at: options.clock.now() }
    const first = last === null
    const changed = first || last!.balance !== balance
    last = dto
    if (signedIn && !state.live) setState(LIVE)
    if (first) hooks?.snapshot(dto)
    else if (changed) hooks?.delta(dto)
    return dto
  }
  const poller = createPoller({
    clock: options.clock,
    intervalMs: options.intervalMs,
    read: async () => {
      try {
        observe(await options.read())
      } catch (error) {
        const e = toDeskError(error)
        setState({ live: false, error: { code: e.code, message: e.message } })
        options.onError?.(error)
      }
    },
  })
  const follow = () => poller.setActive(hooks !== null && signedIn)

  return {
    observe,
    last: () => last,
    open(next) {
      hooks = next
      follow()
      return {
        snapshot: () => last,
        state: () => state,
        close() {
          if (hooks === next) hooks = null
          follow()
        },
      }
    },
    signedIn(next) {
      signedIn = next
      setState(next ? LIVE : SIGNED_OUT)
      follow()
    },
    refreshSoon: () => poller.readSoon(options.soonMs ?? 500),
    stop() {
      hooks = null
      poller.stop()
    },
  }
}
