import { hasPendingBets, isFinalStatus, isUnknownStatus, RECALC_STATUS, settledBetCount, stateKey } from './snapshot.js'
import type { CouponSnapshot, SnapshotSource, TimelineKind } from './types.js'

/** What the store remembers about a coupon between snapshots (one row of `coupons`). */
export interface CouponState {
  status: number | null
  stateKey: string | null
  /** A final result of the current settlement cycle was processed (credited). */
  resultProcessed: boolean
  /** When this cycle's result arrived by callback / was found by polling (store clock). */
  cycleCallbackAt: number | null
  cyclePollAt: number | null
  cycleMissed: boolean
  firstLostSeen: boolean
}

export interface EntryDraft {
  kind: TimelineKind
  data: Record<string, unknown>
}

export interface Derivation {
  entries: EntryDraft[]
  next: CouponState
  changed: boolean
}

export interface DeriveOptions {
  /** Bet statuses read as "lost" for the first-lost-bet notice while the coupon is still open (vendor: 2 lost). */
  lostBetStatuses: ReadonlySet<number>
}

export const DEFAULT_LOST_BET_STATUSES: ReadonlySet<number> = new Set([2])

export function emptyState(): CouponState {
  return {
    status: null,
    stateKey: null,
    resultProcessed: false,
    cycleCallbackAt: null,
    cyclePollAt: null,
    cycleMissed: false,
    firstLostSeen: false,
  }
}

/** When this cycle's result first arrived, by callback or by polling (a plain function: no closure per snapshot). */
function markArrival(state: CouponState, source: Exclude<SnapshotSource, 'placement'>, now: number): void {
  if (source === 'callback') state.cycleCallbackAt ??= now
  else state.cyclePollAt ??= now
}

/**
 * The partner rules, as a pure function: given what we knew about a coupon and a new snapshot from a
 * callback or a poll, which timeline entries arise and what we know afterwards.
 * Ledger effects ride in `data.ledger`: `credit` (+realWin, the payout the snapshot carries) or `re_deduct`
 * (−amount, resolved on read). Only the vendor's final statuses (2, 4, 8) credit; an unknown status is
 * recorded raw and moves no money.
 */
export function deriveEntries(
  prev: CouponState | null,
  snap: CouponSnapshot,
  source: Exclude<SnapshotSource, 'placement'>,
  now: number,
  options: DeriveOptions,
): Derivation {
  const state: CouponState = prev ? { ...prev } : emptyState()
  const key = stateKey(snap)
  const entries: EntryDraft[] = []
  const base = { settledBets: settledBetCount(snap), bets: snap.bets.length, realWin: snap.realWin }

  if (prev && prev.stateKey === key) {
    // Same settlement state seen again. The only news: the callback for a result polling found first.
    if (source === 'callback' && prev.resultProcessed && prev.cycleCallbackAt === null && isFinalStatus(snap.status)) {
      entries.push({ kind: 'late_callback', data: { ...base, afterMissed: prev.cycleMissed, sameState: true } })
      state.cycleCallbackAt = now
    }
    return { entries, next: state, changed: false }
  }

  state.stateKey = key
  const previousStatus = prev?.status ?? null
  state.status = snap.status

  if (snap.status === RECALC_STATUS) {
    if (previousStatus !== RECALC_STATUS) {
      const deductAgain = prev?.resultProcessed ?? false
      entries.push({
        kind: 'returned_for_recalculation',
        data: { ...base, previousStatus, deductAgain, ...(deductAgain ? { ledger: { kind: 're_deduct' } } : {}) },
      })
      // A new settlement cycle starts: its result, callback and poll are tracked afresh.
      state.resultProcessed = false
      state.cycleCallbackAt = null
      state.cyclePollAt = null
      state.cycleMissed = false
      state.firstLostSeen = false
    } else {
      entries.push({ kind: 'progressive_update', data: { ...base, duringRecalculation: true } })
    }
    return { entries, next: state, changed: true }
  }

  if (isFinalStatus(snap.status)) {
    if (hasPendingBets(snap)) {
      // Final coupon status while bets are still open: the accumulator's first lost bet notice.
      if (!state.firstLostSeen) {
        state.firstLostSeen = true
        entries.push({ kind: 'first_lost_bet', data: { ...base, couponStatusFinal: true } })
      } else {
        entries.push({ kind: 'progressive_update', data: base })
      }
      return { entries, next: state, changed: true }
    }
    if (state.resultProcessed) {
      // A result was already processed in this cycle and now a different final state arrives.
      const late = source === 'callback' && state.cycleCallbackAt === null
      entries.push({
        kind: late ? 'late_callback' : 'settled',
        data: { ...base, previousStatus, changedResult: true, ...(late ? { afterMissed: state.cycleMissed } : {}) },
      })
      markArrival(state, source, now)
      return { entries, next: state, changed: true }
    }
    const recalculated = previousStatus === RECALC_STATUS
    const kind: TimelineKind = recalculated ? 'resettled' : source === 'poll' ? 'discovered_by_polling' : 'settled'
    entries.push({
      kind,
      data: {
        ...base,
        previousStatus,
        calculateDate: snap.calculateDate,
        ...(snap.settlementCoef != null ? { settlementCoef: snap.settlementCoef } : {}),
        ledger: { kind: 'credit', amount: snap.realWin },
      },
    })
    state.resultProcessed = true
    markArrival(state, source, now)
    return { entries, next: state, changed: true }
  }

  if (isUnknownStatus(snap.status)) {
    entries.push({ kind: 'progressive_update', data: { ...base, unknownStatus: true } })
    return { entries, next: state, changed: true }
  }

  // Open coupon (status 0): an intermediate snapshot (callback realWin 0) never credits.
  const lost = snap.bets.filter((b) => options.lostBetStatuses.has(b.status))
  if (lost.length > 0 && !state.firstLostSeen) {
    state.firstLostSeen = true
    entries.push({ kind: 'first_lost_bet', data: { ...base, lostBets: lost.map((b) => b.id) } })
  } else if (settledBetCount(snap) > 0 || source === 'callback') {
    entries.push({ kind: 'progressive_update', data: base })
  }
  return { entries, next: state, changed: true }
}
