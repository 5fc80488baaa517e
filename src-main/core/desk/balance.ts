import type { BalanceDto, ClockDto } from '../../../src-shared/contract.js'
import type { Clock } from '../shared/clock.js'
import type { WatchSource, WatchSourceHooks } from '../shared/watch.js'
import { createPolledTopic } from './polled-topic.js'

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
  /** The first read and every change (the history keeps these as balance samples). */
  onChange?: (dto: BalanceDto) => void
  /** Every read, changed or not (the ledger check compares each with the history). */
  onRead?: (read: BalanceDto) => void
  /** The service's clock as measured now (travels with each read to every window). */
  serviceClock?: (at: number) => ClockDto | null
}

export function createBalanceWatcher(options: BalanceWatcherOptions): BalanceWatcher {
  let last: BalanceDto | null = null
  const topic = createPolledTopic<'balance', number>({ ...options, received: (balance) => observe(balance) })

  const observe = (balance: number): BalanceDto => {
    const at = options.clock.now()
    const dto: BalanceDto = { balance, at, clock: options.serviceClock?.(at) ?? null }
    const first = last === null
    const changed = first || last!.balance !== balance
    last = dto
    topic.answered()
    if (changed) options.onChange?.(dto)
    options.onRead?.(dto)
    if (first) topic.hooks()?.snapshot(dto)
    else if (changed) topic.hooks()?.delta(dto)
    return dto
  }

  return {
    observe,
    last: () => last,
    open: (next) => topic.open(next, () => last),
    signedIn: topic.signedIn,
    refreshSoon: () => topic.readSoon(options.soonMs ?? 500),
    stop: topic.stop,
  }
}
