import type { BalanceDto, ClockDto, LedgerCheckDto } from '../../../src-shared/contract.js'
import { isFinalCouponStatus } from '../../../src-shared/vocabulary/statuses.js'
import type { OffsetBounds } from '../coupons/index.js'
import { timersOf, type Clock } from '../shared/clock.js'
import { toDeskError } from '../shared/errors.js'
import { LIVE, type WatchSource, type WatchSourceHooks } from '../shared/watch.js'
import { checkBalance, moneyMovesSince, type BalanceCheck, type BalanceRead, type ServiceCoupon, type TimelineStore } from '../timeline/index.js'

/**
 * The `ledger` watch topic: the client account's running balance in the history against the service's
 * balance read, explained (timeline/balance-check.ts). The anchor is a read taken with no placement of
 * unknown outcome; it moves to every later read that agrees with nothing in flight, so the movements
 * summed stay few. A difference makes one read of the service's `active` and `calculated` lists (at most
 * every `serviceGapMs`) to name what it is.
 */
export interface LedgerCheck {
  /** A balance read came back (the header's `balance` topic, `balance.get`). */
  observe(read: BalanceDto): void
  /** Recomputed soon (an entry was written). */
  changed(): void
  current(): LedgerCheckDto
  /** Recompute now, the service's lists read afresh. */
  recheck(): Promise<LedgerCheckDto>
  open(hooks: WatchSourceHooks<'ledger'>): WatchSource<'ledger'>
  stop(): void
}

export interface LedgerCheckOptions {
  store: () => TimelineStore | null
  offset: () => OffsetBounds | null
  clock: Clock
  /** The service's lists, read now (signed in). */
  readService: () => Promise<{ active: ServiceCoupon[]; calculated: ServiceCoupon[] }>
  serviceGapMs?: number
  /** Movements written this long before the anchor are read too (a stake is written after the service took it). */
  marginMs?: number
  onError?: (error: unknown) => void
}

const EMPTY: LedgerCheckDto = { anchor: null, read: null, expected: null, difference: null, counted: 0, reasons: [], explained: 0, unexplained: 0, agrees: true, serviceReadAt: null, clock: null }

export function clockOf(offset: OffsetBounds | null, at: number): ClockDto | null {
  return offset ? { offsetMs: Math.round((offset.low + offset.high) / 2), uncertaintyMs: Math.ceil((offset.high - offset.low) / 2), measuredAt: at } : null
}

function stakeOf(request: Record<string, unknown>): number | null {
  const amount = typeof request.amount === 'number' ? request.amount : null
  const bets = Array.isArray(request.bets) ? request.bets.length : 1
  return amount === null ? null : request.multi ? amount * bets : amount
}

export function createLedgerCheck(options: LedgerCheckOptions): LedgerCheck {
  const timers = timersOf(options.clock)
  const gap = options.serviceGapMs ?? 5000
  const margin = options.marginMs ?? 5 * 60_000
  let anchor: (BalanceRead & { at: number }) | null = null
  let read: (BalanceRead & { at: number }) | null = null
  let service: { active: ServiceCoupon[]; calculated: ServiceCoupon[]; at: number } | null = null
  let serviceAskedAt = Number.NEGATIVE_INFINITY
  let dto: LedgerCheckDto = EMPTY
  let json = JSON.stringify(dto)
  let hooks: WatchSourceHooks<'ledger'> | null = null
  let timer: unknown = null
  let retry: unknown = null
  let stopped = false

  const offsetMs = () => clockOf(options.offset(), 0)?.offsetMs ?? 0
  const serverRead = (b: BalanceDto) => ({ balance: b.balance, at: b.at, serverAt: b.at + offsetMs() })
  const unknownPlacements = (store: TimelineStore) => store.attempts.pending().map((a) => ({ id: a.id, stake: stakeOf(a.request) }))

  function compute(): BalanceCheck | null {
    const store = options.store()
    if (!store || !anchor || !read) return null
    const moves = moneyMovesSince(store, anchor.at - margin, offsetMs())
    const openCodes = store.openPlacedCodes()
    return checkBalance({
      anchor,
      read,
      moves,
      unknownPlacements: unknownPlacements(store),
      // Lists read before the balance read cannot explain it.
      service: service && service.at >= read.at ? service : null,
      held(code) {
        const coupon = store.coupon(code)
        if (!coupon) return null
        return { settled: isFinalCouponStatus(coupon.status), open: !isFinalCouponStatus(coupon.status) }
      },
      openCodes,
    })
  }

  function publish(check: BalanceCheck | null): void {
    const now = options.clock.now()
    dto = check
      ? {
          anchor: { balance: check.anchor.balance, at: check.anchor.serverAt },
          read: { balance: check.read.balance, at: check.read.serverAt },
          expected: check.expected,
          difference: check.difference,
          counted: check.counted,
          reasons: check.reasons,
          explained: check.explained,
          unexplained: check.unexplained,
          agrees: check.agrees,
          serviceReadAt: service ? service.at + offsetMs() : null,
          clock: clockOf(options.offset(), now),
        }
      : { ...EMPTY, clock: clockOf(options.offset(), now) }
    const next = JSON.stringify(dto)
    if (next === json) return
    json = next
    hooks?.delta(dto)
  }

  async function readService(): Promise<void> {
    serviceAskedAt = options.clock.now()
    try {
      const lists = await options.readService()
      service = { ...lists, at: options.clock.now() }
    } catch (error) {
      options.onError?.(toDeskError(error))
    }
  }

  function run(): void {
    if (stopped) return
    let check: BalanceCheck | null = null
    try {
      check = compute()
    } catch (error) {
      options.onError?.(error)
    }
    if (check && check.agrees && check.reasons.length === 0 && read) {
      // Agreed with nothing in flight: later checks start from here.
      anchor = read
      service = null
    }
    publish(check)
    if (check && !check.agrees && (!service || service.at < read!.at)) {
      const wait = serviceAskedAt + gap - options.clock.now()
      if (wait <= 0) void readService().then(() => publish(safeCompute()))
      else if (retry === null) {
        retry = timers.set(() => {
          retry = null
          run()
        }, wait)
      }
    }
  }
  const safeCompute = () => {
    try {
      return compute()
    } catch (error) {
      options.onError?.(error)
      return null
    }
  }

  function soon(): void {
    if (timer !== null || stopped) return
    timer = timers.set(() => {
      timer = null
      run()
    }, 150)
  }

  return {
    observe(b) {
      read = serverRead(b)
      const store = options.store()
      if (!anchor && store && unknownPlacements(store).length === 0) anchor = read
      soon()
    },
    changed: soon,
    current: () => dto,
    async recheck() {
      if (read) await readService()
      run()
      publish(safeCompute())
      return dto
    },
    open(next) {
      hooks = next
      return {
        snapshot: () => dto,
        state: () => LIVE,
        close: () => {
          if (hooks === next) hooks = null
        },
      }
    },
    stop() {
      stopped = true
      if (timer !== null) timers.clear(timer)
      if (retry !== null) timers.clear(retry)
      timer = null
      retry = null
    },
  }
}
