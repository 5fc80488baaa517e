import type { BalanceDto, DeskEvent } from '../../../src-shared/contract.js'
import type { Clock } from '../shared/clock.js'

/**
 * Client balance: `observe` records every read and emits `balance.changed` only when the value
 * differs from the last one seen. The poller reads every `intervalMs` while running (the desk runs
 * it while signed in); its timer is the only one and `stop` clears it.
 */
export interface BalanceWatcher {
  observe(balance: number): BalanceDto
  last(): BalanceDto | null
  start(): void
  stop(): void
  running(): boolean
}

export interface BalanceWatcherOptions {
  read: () => Promise<number>
  emit: (event: DeskEvent) => void
  clock: Clock
  intervalMs: number
  onError?: (error: unknown) => void
}

export function createBalanceWatcher(options: BalanceWatcherOptions): BalanceWatcher {
  let last: BalanceDto | null = null
  let timer: ReturnType<typeof setInterval> | null = null
  let busy = false

  const observe = (balance: number): BalanceDto => {
    const dto = { balance, at: options.clock.now() }
    const changed = last === null || last.balance !== balance
    last = dto
    if (changed) options.emit({ type: 'balance.changed', balance: dto })
    return dto
  }

  const poll = async () => {
    if (busy) return
    busy = true
    try {
      observe(await options.read())
    } catch (error) {
      options.onError?.(error)
    } finally {
      busy = false
    }
  }

  return {
    observe,
    last: () => last,
    start() {
      if (timer) return
      timer = setInterval(() => void poll(), options.intervalMs)
      timer.unref?.()
    },
    stop() {
      if (timer) clearInterval(timer)
      timer = null
    },
    running: () => timer !== null,
  }
}
