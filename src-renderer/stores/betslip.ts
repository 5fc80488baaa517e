/**
 * The bet slip: selected outcomes, singles/accumulator, amount, mode, the real-placement
 * confirmation, and the last placement result (placed / rejected / unknown + its resolution).
 * While shown it follows every match on it (`feed.event`, one subscription per match): a selection
 * holds the outcome's current pointer and price, and is marked moved, blocked or gone.
 * A placement is never retried here: an unknown outcome is only resolved on the operator's click,
 * and new odds are only taken on the operator's click.
 */
import { defineStore } from 'pinia'
import { computed, ref, watch } from 'vue'
import type { ChangeRecordDto, EventResultDto, PlacementDto, ResolutionDto } from '../../src-shared/contract.js'
import { MAX_ACCUMULATOR_EVENTS, MAX_PLACEMENT_POINTERS } from '../../src-shared/vocabulary/limits.js'
import { call, epochRef, isStaleEpoch, onEpochChange } from '../api/desk.js'
import { keyedWatch } from '../api/shared-watch.js'
import { attempt, reportError } from '../composables/errors.js'
import {
  feedMarkOf,
  findOutcome,
  matchKeyOf,
  outcomeKey,
  refusalsBySelection,
  sameMatchGroups,
  sentPicks,
  withCoefficient,
  type FeedMark,
  type SentPick,
  type SlipPick,
} from '../composables/slip-marks.js'
import { stakeProblemOf, stakeRuleOf, type StakeProblem as SharedStakeProblem } from '../../src-shared/vocabulary/stake.js'
import { accumulatorOdds, potentialWinOf } from '../composables/slip-money.js'
import { useAppStore } from './app.js'
import { useBalanceStore } from './balance.js'
import { useProfilesStore } from './profiles.js'

export interface Selection extends SlipPick {
  marketName: string
  outcomeName: string
}
export { outcomeKey }
export const MAX_ACCUMULATOR = MAX_ACCUMULATOR_EVENTS
export const MAX_SELECTIONS = MAX_PLACEMENT_POINTERS

export { accumulatorOdds, isWholeCents, parseStake, potentialWinOf } from '../composables/slip-money.js'

/** Why the slip's stake cannot be placed: the shared stake rule's reasons, or more than the balance. */
export type StakeProblem = SharedStakeProblem | 'over_balance'

/** What the slip starts with, and goes back to after a placement unless the operator keeps the terms. */
export interface SlipTerms {
  multi: boolean
  amount: number | null
  mode: 'accept' | 'reject'
}

export const useBetslipStore = defineStore('betslip', () => {
  // The slip belongs to one profile (its pointers are that feed's): a new epoch empties it.
  const selections = epochRef<Selection[]>(() => [])
  // The terms start safe (singles, the profile's default stake or none, reject changed odds) for
  // every profile and after every placement: the next picks never inherit an accumulator or a stake
  // meant for other bets, unless the operator keeps the terms on purpose.
  const defaults = (): SlipTerms => ({ multi: true, amount: useProfilesStore().active?.defaultStake ?? null, mode: 'reject' })
  const multi = epochRef(() => defaults().multi)
  const amount = epochRef<number | null>(() => defaults().amount)
  const mode = epochRef<'accept' | 'reject'>(() => defaults().mode)
  /** The operator keeps stake and mode from one placement to the next. */
  const keepTerms = epochRef(() => false)
  function resetTerms(): void {
    if (keepTerms.value) return
    const d = defaults()
    multi.value = d.multi
    amount.value = d.amount
    mode.value = d.mode
  }
  /** The active profile's stake rule (minor unit, minimum). */
  const stakeRule = computed(() => stakeRuleOf(useProfilesStore().active))
  const confirmed = epochRef(() => false)
  const placing = ref(false)
  const resolving = ref(false)
  const result = epochRef<PlacementDto | null>(() => null)
  const resolution = epochRef<ResolutionDto | null>(() => null)

  const pointers = computed(() => selections.value.map((s) => s.pointer))
  const totalOdds = computed(() => accumulatorOdds(selections.value))
  const couponCount = computed(() => (multi.value ? selections.value.length : selections.value.length > 0 ? 1 : 0))
  const totalStake = computed(() => (amount.value ?? 0) * couponCount.value)
  const potentialWin = computed(() => potentialWinOf(selections.value, amount.value, multi.value))
  /** Why the stake as typed cannot be placed (said on the slip, Place disabled), or null. */
  const stakeProblem = computed<StakeProblem | null>(() => {
    const a = amount.value
    if (a === null) return null
    const problem = stakeProblemOf(a, stakeRule.value)
    if (problem) return problem
    const balance = useBalanceStore().current?.balance
    return balance !== undefined && totalStake.value > balance ? 'over_balance' : null
  })
  const tooManyForAccumulator = computed(() => !multi.value && selections.value.length > MAX_ACCUMULATOR)

  /** The price the operator took per outcome (picked, or accepted with "Take the new odds"). */
  const taken = epochRef<Record<string, number>>(() => ({}))
  /** The newest `feed.event` answer per followed match (`matchKeyOf`). */
  const events = epochRef<Record<string, EventResultDto>>(() => ({}))
  /** The feed's price per outcome when it last changed: a re-sent answer never undoes odds taken from a newer 501. */
  const feedRates = epochRef<Record<string, number>>(() => ({}))
  /** What the service refused in the last placement, per outcome (its change record). */
  const refusals = epochRef<Record<string, ChangeRecordDto>>(() => ({}))
  let lastSent: SentPick[] = []

  const matchOf = (s: SlipPick) => {
    const e = events.value[matchKeyOf(s)]
    return e?.kind === 'match' ? e.match : undefined
  }
  const followed = keyedWatch<'feed.event'>(
    () =>
      selections.value
        .filter((s) => events.value[matchKeyOf(s)]?.kind !== 'gone') // a gone id is never polled again
        .map((s) => ({ key: matchKeyOf(s), topic: { name: 'feed.event' as const, lineType: s.lineType, gameId: s.gameId } })),
    (key) => ({ snapshot: (v) => onFeedEvent(key, v), delta: (_d, v) => onFeedEvent(key, v) }),
  )
  /** Follow the matches on the slip while something shows it (returns the release). */
  const follow = (): (() => void) => followed.acquire()

  function onFeedEvent(key: string, v: EventResultDto): void {
    if ((v.kind === 'match' ? v.match.gameId : v.gameId) !== Number(key.split(':')[1])) return
    events.value = { ...events.value, [key]: v }
    if (v.kind !== 'match') return
    let changed = false
    const next = selections.value.map((s) => {
      if (matchKeyOf(s) !== key) return s
      const k = outcomeKey(s.pointer)
      const o = findOutcome(v.match, k)
      if (!o || feedRates.value[k] === o.rate) return s
      feedRates.value[k] = o.rate
      if (o.pointer === s.pointer) return s
      changed = true
      return { ...s, pointer: o.pointer, rate: o.rate }
    })
    if (changed) selections.value = next
  }
  /** Forget what was followed for matches no longer on the slip (one added again is read afresh). */
  function prune(): void {
    const keys = new Set(selections.value.map((s) => outcomeKey(s.pointer)))
    const matches = new Set(selections.value.map(matchKeyOf))
    const keep = <T>(rec: Record<string, T>, on: Set<string>) => Object.fromEntries(Object.entries(rec).filter(([k]) => on.has(k)))
    taken.value = keep(taken.value, keys)
    feedRates.value = keep(feedRates.value, keys)
    refusals.value = keep(refusals.value, keys)
    events.value = keep(events.value, matches)
  }

  /** Per outcome key: where the feed has it now. */
  const marks = computed<Record<string, FeedMark>>(() =>
    Object.fromEntries(selections.value.map((s) => [outcomeKey(s.pointer), feedMarkOf(s, taken.value[outcomeKey(s.pointer)] ?? s.rate, events.value[matchKeyOf(s)])])),
  )
  /** Per outcome key: its feed subscription is not live (what the slip shows of it may be out of date). */
  const unconfirmed = computed(() => {
    const statuses = followed.statuses.value
    return new Set(selections.value.filter((s) => statuses[matchKeyOf(s)]?.live === false).map((s) => outcomeKey(s.pointer)))
  })
  const goneCount = computed(() => Object.values(marks.value).filter((m) => m.kind === 'gone').length)
  /** Selections of one match tree, grouped: an accumulator cannot hold them. */
  const sameMatch = computed(() => sameMatchGroups(selections.value, matchOf))
  const accumulatorConflict = computed(() => !multi.value && sameMatch.value.length > 0)
  /** Odds changed (a 501; the legacy API numbers every feed refusal 501, so there only a `rejected` record): the slip may be rebuilt at the current odds. */
  const newOddsOffered = computed(() => {
    const r = result.value
    if (r?.outcome !== 'rejected' || selections.value.length === 0) return false
    return r.changes.some((c) => c.status === 'rejected') || (r.errorCode === 501 && r.vendorApi === 'new')
  })

  /** Is this outcome on the slip (at any price)? */
  function has(pointer: string): boolean {
    const key = outcomeKey(pointer)
    return selections.value.some((s) => outcomeKey(s.pointer) === key)
  }
  /** Adds an outcome; one already on the slip takes the new price in its place. */
  function add(s: Selection): void {
    const key = outcomeKey(s.pointer)
    const at = selections.value.findIndex((x) => outcomeKey(x.pointer) === key)
    if (at >= 0) selections.value.splice(at, 1, s)
    else if (selections.value.length < MAX_SELECTIONS) selections.value.push(s)
    else return
    taken.value[key] = s.rate
    delete refusals.value[key]
  }
  function remove(pointer: string): void {
    const key = outcomeKey(pointer)
    selections.value = selections.value.filter((s) => outcomeKey(s.pointer) !== key)
    prune()
  }
  function toggle(s: Selection): void {
    if (has(s.pointer)) remove(s.pointer)
    else add(s)
  }
  function clear(): void {
    selections.value = []
    confirmed.value = false
    prune()
  }
  /**
   * "Take the new odds" after a 501: each refused selection at the odds the service named, every
   * other at its current feed price; the moved marks are cleared. It never places.
   */
  function takeNewOdds(): void {
    selections.value = selections.value.map((s) => {
      const r = refusals.value[outcomeKey(s.pointer)]
      const pointer = r?.status === 'rejected' && r.actualCoefficient !== null ? withCoefficient(s.pointer, r.actualCoefficient) : null
      return pointer === null ? s : { ...s, pointer, rate: r!.actualCoefficient! }
    })
    taken.value = Object.fromEntries(selections.value.map((s) => [outcomeKey(s.pointer), s.rate]))
    refusals.value = {}
    result.value = null
    resolution.value = null
  }
  function dismissResult(): void {
    result.value = null
    resolution.value = null
    void loadPending()
  }
  // A refusal speaks of the slip as it was sent: once the operator changes it (not the feed moving a
  // price, which "Take the new odds" answers), the message is history.
  watch(
    () => JSON.stringify([selections.value.map((s) => outcomeKey(s.pointer)), amount.value, multi.value, mode.value]),
    () => {
      if (result.value?.outcome === 'rejected') dismissResult()
    },
  )
  /**
   * The operator leaves the view the slip was used in: a settled message (placed, refused, resolved)
   * stays behind; an unresolved unknown placement never does, since it blocks the next one.
   */
  function leaveView(): void {
    if (result.value && !pendingUnknown.value) dismissResult()
  }

  /**
   * Unknown outcomes survive a restart in main: show the oldest unresolved one so the operator
   * resolves it before placing again. Never replaces a result the operator is looking at.
   */
  async function loadPending(): Promise<void> {
    const pending = await attempt(() => call('coupons', 'pendingPlacements'), 'coupons.pendingPlacements')
    const first = pending?.[0]
    if (!first || result.value !== null) return
    result.value = { outcome: 'unknown', attemptId: first.attemptId, cause: first.cause }
    resolution.value = null
    fromEarlierRun.value = true
  }

  /** An unresolved unknown outcome blocks a new placement (the first one may have gone through). */
  const pendingUnknown = computed(
    () => result.value?.outcome === 'unknown' && (resolution.value === null || resolution.value.outcome === 'unknown' || resolution.value.outcome === 'ambiguous'),
  )

  const canPlace = computed(() => {
    const app = useAppStore()
    if (pendingUnknown.value) return false
    if (placing.value || selections.value.length === 0 || tooManyForAccumulator.value) return false
    if (goneCount.value > 0 || accumulatorConflict.value) return false
    if (amount.value === null || stakeProblem.value !== null) return false
    if (!app.isDemo && !confirmed.value) return false
    return true
  })

  /** The shown unknown outcome came from an earlier run, not from the selections on the slip. */
  const fromEarlierRun = epochRef(() => false)
  /** A placement answered after the profile changed (its coupon is the previous profile's): said, not shown as this one's. */
  const lateAnswer = ref(false)

  /** Main adds the new coupons to the active list and re-reads the balance itself. */
  function afterPlaced(): void {
    if (fromEarlierRun.value) return
    clear()
    resetTerms()
  }
  // The new profile's unresolved placements, if any.
  onEpochChange(() => void loadPending())

  async function place(): Promise<PlacementDto | undefined> {
    if (!canPlace.value || amount.value === null) return undefined
    const app = useAppStore()
    placing.value = true
    // The last placement's message speaks of an earlier attempt: it goes as this one is sent.
    result.value = null
    resolution.value = null
    fromEarlierRun.value = false
    refusals.value = {}
    lastSent = sentPicks(selections.value)
    try {
      const v = await call('coupons', 'place', {
        pointers: pointers.value,
        amount: amount.value as number,
        multi: multi.value,
        mode: mode.value,
        confirmed: app.isDemo ? false : confirmed.value,
      }).catch((err: unknown) => {
        // A placement's answer is never dropped silently, even one that arrives after a profile switch.
        if (isStaleEpoch(err)) lateAnswer.value = true
        else reportError(err, 'coupons.place')
        return undefined
      })
      if (v) {
        result.value = v
        if (v.outcome === 'rejected') refusals.value = refusalsBySelection(lastSent, v.changes)
        if (v.outcome === 'placed') afterPlaced()
      }
      return v
    } finally {
      placing.value = false
      confirmed.value = false
    }
  }

  /** Asks main to resolve the unknown outcome; `choose` is the operator's decision on an ambiguous one. */
  async function resolveWith(choose?: string[]): Promise<ResolutionDto | undefined> {
    const r = result.value
    if (!r || r.outcome !== 'unknown' || resolving.value) return undefined
    resolving.value = true
    try {
      const input = choose === undefined ? { attemptId: r.attemptId } : { attemptId: r.attemptId, choose }
      const v = await attempt(() => call('coupons', 'resolvePlacement', input), 'coupons.resolvePlacement')
      if (v) {
        resolution.value = v
        if (v.outcome === 'placed') afterPlaced()
      }
      return v
    } finally {
      resolving.value = false
    }
  }

  const resolve = (): Promise<ResolutionDto | undefined> => resolveWith()

  /** The operator's decision on an ambiguous outcome: these candidates are this placement's coupons ([] = none of them). */
  async function choose(codes: string[]): Promise<ResolutionDto | undefined> {
    if (resolution.value?.outcome !== 'ambiguous') return undefined
    return resolveWith(codes)
  }

  return {
    choose,
    selections,
    multi,
    amount,
    mode,
    confirmed,
    placing,
    lateAnswer,
    resolving,
    result,
    resolution,
    pointers,
    totalOdds,
    couponCount,
    totalStake,
    potentialWin,
    stakeProblem,
    tooManyForAccumulator,
    marks,
    unconfirmed,
    goneCount,
    refusals,
    sameMatch,
    accumulatorConflict,
    newOddsOffered,
    follow,
    takeNewOdds,
    pendingUnknown,
    canPlace,
    keepTerms,
    stakeRule,
    has,
    add,
    remove,
    toggle,
    clear,
    dismissResult,
    leaveView,
    loadPending,
    place,
    resolve,
  }
})
