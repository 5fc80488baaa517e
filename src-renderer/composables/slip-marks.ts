/**
 * What the bet slip knows about each selection beyond the moment it was picked: where the feed has
 * its price now (moved, blocked, gone), which selections the service refused and why (the change
 * records of 501–504), and which selections share a match (one accumulator cannot hold them).
 * Plain functions over DTOs: the store wires them to its subscriptions.
 */
import type { ChangeRecordDto, EventResultDto, GoneReason, LineType, MatchDto, OutcomeDto } from '../../src-shared/contract.js'
import { pointerWithRate } from '../../src-shared/vocabulary/feed-delta.js'

/** The part of a selection these rules read. */
export interface SlipPick {
  pointer: string
  lineType: LineType
  gameId: number
  /** The main match of a sub-match (corners, a period), when the pick knew it. */
  mainGameId?: number | null
  matchName: string
  rate: number
}

/** The outcome a coupon pointer names, without its odds (`line#game#group#type#param[#player]`). */
export function outcomeKey(pointer: string): string {
  const parts = pointer.split('#')
  return parts.length >= 6 ? [...parts.slice(0, 5), ...parts.slice(6)].join('#') : pointer
}

/** The `feed.event` topic key a selection is followed under. */
export function matchKeyOf(s: Pick<SlipPick, 'lineType' | 'gameId'>): string {
  return `${s.lineType}:${s.gameId}`
}

/** The same pointer at other odds (a price the service offered instead), written as main writes a coefficient; null for no price. */
export function withCoefficient(pointer: string, coef: number): string | null {
  return Number.isFinite(coef) && coef > 0 ? pointerWithRate(pointer, coef) : null
}

export function findOutcome(match: MatchDto, key: string): OutcomeDto | null {
  for (const market of match.markets ?? []) for (const column of market.columns) for (const o of column) if (o.pointer && outcomeKey(o.pointer) === key) return o
  return null
}

/** Where the feed has a selection now. `taken` is the price the operator took (picked or accepted). */
export type FeedMark =
  | { kind: 'pending' }
  | { kind: 'open' }
  | { kind: 'moved'; from: number; to: number; direction: 'up' | 'down' }
  | { kind: 'blocked' }
  | { kind: 'gone'; why: 'match'; reason: GoneReason; vendorText: string }
  | { kind: 'gone'; why: 'outcome' }

export function feedMarkOf(s: SlipPick, taken: number, event: EventResultDto | undefined): FeedMark {
  if (event?.kind === 'gone') return { kind: 'gone', why: 'match', reason: event.reason, vendorText: event.vendorText }
  // Not read yet, or read without its markets: nothing to say about the outcome.
  if (!event || event.match.markets === null) return movedOr(s, taken, { kind: 'pending' })
  const outcome = findOutcome(event.match, outcomeKey(s.pointer))
  if (!outcome) return { kind: 'gone', why: 'outcome' }
  if (outcome.blocked) return { kind: 'blocked' }
  return movedOr(s, taken, { kind: 'open' })
}

function movedOr(s: SlipPick, taken: number, otherwise: FeedMark): FeedMark {
  if (Math.abs(s.rate - taken) < 1e-9) return otherwise
  return { kind: 'moved', from: taken, to: s.rate, direction: s.rate > taken ? 'up' : 'down' }
}

/** What was sent in one placement, per selection: enough to tell which selection a change record names. */
export interface SentPick {
  key: string
  gameId: number
  coef: number
}

export function sentPicks(selections: ReadonlyArray<Pick<SlipPick, 'pointer' | 'gameId' | 'rate'>>): SentPick[] {
  return selections.map((s) => ({ key: outcomeKey(s.pointer), gameId: s.gameId, coef: s.rate }))
}

/**
 * A change record names a selection only by `game_id` and the odds sent (`bet_coefficient`): the
 * selection of that match, and among several of one match (singles) the one sent at those odds.
 * Records that still fit several selections mark them all (the service did not say which).
 */
export function refusalsBySelection(sent: readonly SentPick[], changes: readonly ChangeRecordDto[]): Record<string, ChangeRecordDto> {
  const out: Record<string, ChangeRecordDto> = {}
  for (const c of changes) {
    let hits = sent.filter((p) => p.gameId === c.gameId)
    if (hits.length > 1) {
      const atOdds = hits.filter((p) => Math.abs(p.coef - c.betCoefficient) < 1e-9)
      if (atOdds.length > 0) hits = atOdds
    }
    for (const p of hits) out[p.key] = c
  }
  return out
}

/** The match tree a selection belongs to: its main match for a sub-match, else itself. */
export function treeRootOf(s: Pick<SlipPick, 'gameId' | 'mainGameId'>, fromFeed?: MatchDto): number {
  const main = s.mainGameId ?? (fromFeed?.isSubMatch ? fromFeed.mainGameId : null)
  return main !== null && main !== undefined && main !== 0 ? main : s.gameId
}

export interface SameMatch {
  /** The teams as the main match (or else the first of them) names them. */
  matchName: string
  keys: string[]
}

/** Groups of two or more selections of one match tree (an accumulator cannot combine them). */
export function sameMatchGroups(selections: readonly SlipPick[], feedMatch: (s: SlipPick) => MatchDto | undefined): SameMatch[] {
  const byRoot = new Map<number, SlipPick[]>()
  for (const s of selections) {
    const root = treeRootOf(s, feedMatch(s))
    byRoot.set(root, [...(byRoot.get(root) ?? []), s])
  }
  return [...byRoot.entries()]
    .filter(([, group]) => group.length > 1)
    .map(([root, group]) => ({ matchName: (group.find((s) => s.gameId === root) ?? group[0]!).matchName, keys: group.map((s) => outcomeKey(s.pointer)) }))
}
