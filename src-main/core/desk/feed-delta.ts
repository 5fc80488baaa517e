import type {
  EventResultDto,
  FeedEventDeltaDto,
  FeedListDeltaDto,
  MarketDto,
  MarketsPatchDto,
  MatchDetailDto,
  MatchDetailPatchDto,
  MatchDto,
  MatchPatchDto,
  OutcomeDto,
  OutcomePatchDto,
  PriceChangeDto,
  StatChangeDto,
  TournamentEventsDto,
} from '../../../src-shared/contract.js'
import { pointerWithRate } from '../../../src-shared/vocabulary/feed-delta.js'

/**
 * What changed between two refreshes of a feed topic, as the delta a window applies to what it
 * holds (src-renderer/composables/feed-delta.ts). Matches are told apart by `key`, tournaments by
 * id, markets by key, outcomes by position. Null = no delta can say it: a full snapshot goes instead.
 * What most refreshes carry goes compact: a moved price as a tuple (its pointer follows from it), a
 * moved statistic by position, the rest of `detail` field by field.
 */

/** Deep equality of plain JSON data (what the contract carries), with an early exit. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false
    return true
  }
  if (Array.isArray(b)) return false
  const ka = Object.keys(a)
  if (ka.length !== Object.keys(b).length) return false
  for (const k of ka) {
    if (!Object.hasOwn(b, k)) return false
    if (!sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false
  }
  return true
}

/** A list whose new matches are more than this share of it is sent whole: it is a new list, not a refresh. */
export const SNAPSHOT_SHARE = 0.5

const sameSequence = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i])

/** The fields of `b` that differ from `a` (whole), and the fields of `a` that `b` lacks; `skip` is left to the caller. */
function fieldDiff<T extends object>(a: T, b: T, skip: ReadonlySet<string>): { set: Partial<T>; unset: Array<keyof T>; any: boolean } {
  const set: Partial<T> = {}
  const unset: Array<keyof T> = []
  let any = false
  const ra = a as Record<string, unknown>
  const rb = b as Record<string, unknown>
  for (const k of Object.keys(rb)) {
    if (skip.has(k)) continue
    if (!Object.hasOwn(ra, k) || !sameJson(ra[k], rb[k])) {
      ;(set as Record<string, unknown>)[k] = rb[k]
      any = true
    }
  }
  for (const k of Object.keys(ra)) {
    if (skip.has(k) || Object.hasOwn(rb, k)) continue
    unset.push(k as keyof T)
    any = true
  }
  return { set, unset, any }
}

/** The common case first, field by field (outcomes are most of a list): a shape beyond the known fields falls back to the deep compare. */
const OUTCOME_FIELDS = 7
function sameOutcome(a: OutcomeDto, b: OutcomeDto): boolean {
  if (a.rate !== b.rate || a.pointer !== b.pointer || a.blocked !== b.blocked || a.name !== b.name || a.size !== b.size || a.playerId !== b.playerId || a.typeId !== b.typeId) return false
  return (Object.keys(a).length === OUTCOME_FIELDS && Object.keys(b).length === OUTCOME_FIELDS) || sameJson(a, b)
}

const sameLayout = (a: MarketDto, b: MarketDto) => a.columns.length === b.columns.length && a.columns.every((col, i) => col.length === b.columns[i].length)

/** Null: the markets cannot be told apart by key (a key repeats); the caller sends them whole. */
function diffMarkets(a: MarketDto[], b: MarketDto[]): MarketsPatchDto | null {
  // Most refreshes list the same markets in the same places: matched by index, no index built.
  let inPlace = a.length === b.length
  for (let i = 0; inPlace && i < a.length; i++) if (a[i].key !== b[i].key) inPlace = false
  let before: Map<string, MarketDto> | null = null
  if (!inPlace) {
    before = new Map(a.map((m) => [m.key, m]))
    if (before.size !== a.length || new Set(b.map((m) => m.key)).size !== b.length) return null
  } else if (a.length > 1 && new Set(a.map((m) => m.key)).size !== a.length) return null
  const patch: MarketsPatchDto = {}
  if (!inPlace) patch.order = b.map((m) => m.key)
  const put: MarketDto[] = []
  const outcomes: OutcomePatchDto[] = []
  const prices: PriceChangeDto[] = []
  for (let i = 0; i < b.length; i++) {
    const m = b[i]
    const was = before ? before.get(m.key) : a[i]
    if (!was || was.name !== m.name || was.groupId !== m.groupId || !sameLayout(was, m) || !sameKeys(was, m)) {
      if (!was || !sameJson(was, m)) put.push(m)
      continue
    }
    let whole = false
    const found: OutcomePatchDto[] = []
    const moved: PriceChangeDto[] = []
    for (let c = 0; c < m.columns.length && !whole; c++) {
      const col = m.columns[c]
      const oldCol = was.columns[c]
      for (let r = 0; r < col.length; r++) {
        const old = oldCol[r]
        const o = col[r]
        if (old === o || sameOutcome(old, o)) continue
        const d = fieldDiff<OutcomeDto>(old, o, NO_SKIP)
        // An outcome that lost a field is sent whole with its market.
        if (d.unset.length > 0) {
          whole = true
          break
        }
        if (priceOnly(old, o, d.set)) moved.push([i, c, r, o.rate])
        else found.push({ market: m.key, col: c, row: r, set: d.set })
      }
    }
    if (whole) put.push(m)
    else {
      outcomes.push(...found)
      prices.push(...moved)
    }
  }
  if (put.length > 0) patch.put = put
  if (outcomes.length > 0) patch.outcomes = outcomes
  if (prices.length > 0) patch.prices = prices
  return patch
}

/** The outcome's change is its price, and its pointer is what the window derives from the price (`pointerWithRate`). */
function priceOnly(old: OutcomeDto, o: OutcomeDto, set: Partial<OutcomeDto>): boolean {
  for (const k in set) if (k !== 'rate' && k !== 'pointer') return false
  if (!Object.hasOwn(set, 'rate') || typeof o.rate !== 'number' || !Number.isFinite(o.rate) || typeof old.pointer !== 'string') return false
  return o.pointer === (pointerWithRate(old.pointer, o.rate) ?? old.pointer)
}

const NO_SKIP: ReadonlySet<string> = new Set()

/** Markets with the fields the delta leaves alone (anything beyond key, group, name, columns goes whole). */
function sameKeys(a: MarketDto, b: MarketDto): boolean {
  const ka = Object.keys(a)
  return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k))
}

const MATCH_SKIP = new Set(['key', 'markets', 'detail'])
const DETAIL_SKIP: ReadonlySet<string> = new Set(['stats'])
const STAT_FIELDS = 4

/** Statistics by position, when both lists name the same ones in the same places (plain rows). */
function diffStats(a: MatchDetailDto['stats'], b: MatchDetailDto['stats']): StatChangeDto[] | null {
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return null
  const out: StatChangeDto[] = []
  for (let i = 0; i < b.length; i++) {
    const x = a[i]
    const y = b[i]
    if (x.id !== y.id || x.name !== y.name || Object.keys(x).length !== STAT_FIELDS || Object.keys(y).length !== STAT_FIELDS) return null
    if (typeof y.opp1 !== 'string' || typeof y.opp2 !== 'string') return null
    if (x.opp1 !== y.opp1 || x.opp2 !== y.opp2) out.push([i, y.opp1, y.opp2])
  }
  return out
}

/** `detail` patched in place; null when only whole can say it (a field gone, an unusual shape). */
function diffDetail(a: MatchDetailDto, b: MatchDetailDto): MatchDetailPatchDto | null {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) || Array.isArray(b)) return null
  const fields = fieldDiff<MatchDetailDto>(a, b, DETAIL_SKIP)
  if (fields.unset.length > 0 || Object.hasOwn(a, 'stats') !== Object.hasOwn(b, 'stats')) return null
  const patch: MatchDetailPatchDto = {}
  if (Object.keys(fields.set).length > 0) patch.set = fields.set
  if (Object.hasOwn(b, 'stats') && !sameJson(a.stats, b.stats)) {
    const stats = diffStats(a.stats, b.stats)
    if (stats === null) patch.set = { ...patch.set, stats: b.stats }
    else patch.stats = stats
  }
  return patch
}

/** Writes how `detail` changed into `patch` (in place when it can, else whole or unset); false when it did not. */
function detailInto(patch: MatchPatchDto, a: MatchDto, b: MatchDto): boolean {
  const had = Object.hasOwn(a, 'detail')
  if (!Object.hasOwn(b, 'detail')) {
    if (had) patch.unset = [...(patch.unset ?? []), 'detail']
    return had
  }
  if (had && a.detail === b.detail) return false
  const inPlace = had && a.detail !== undefined && b.detail !== undefined ? diffDetail(a.detail, b.detail) : null
  if (inPlace) {
    if (!inPlace.set && !inPlace.stats) return false
    patch.detail = inPlace
    return true
  }
  if (had && sameJson(a.detail, b.detail)) return false
  patch.set = { ...patch.set, detail: b.detail }
  return true
}

/** The patch turning `a` into `b` (same key); null when nothing changed. */
export function diffMatch(a: MatchDto, b: MatchDto): MatchPatchDto | null {
  if (a === b) return null
  const fields = fieldDiff<MatchDto>(a, b, MATCH_SKIP)
  const patch: MatchPatchDto = { key: b.key }
  let changed = fields.any
  if (fields.any) {
    if (Object.keys(fields.set).length > 0) patch.set = fields.set
    if (fields.unset.length > 0) patch.unset = fields.unset
  }
  if (detailInto(patch, a, b)) changed = true
  const ma = a.markets
  const mb = b.markets
  if (ma === null || mb === null || ma === undefined || mb === undefined) {
    if (!sameJson(ma, mb) || Object.hasOwn(a, 'markets') !== Object.hasOwn(b, 'markets')) {
      if (Object.hasOwn(b, 'markets')) patch.set = { ...patch.set, markets: mb }
      else patch.unset = [...(patch.unset ?? []), 'markets']
      changed = true
    }
  } else {
    const markets = diffMarkets(ma, mb)
    if (markets === null) {
      if (!sameJson(ma, mb)) {
        patch.set = { ...patch.set, markets: mb }
        changed = true
      }
    } else if (markets.order || markets.put || markets.outcomes || markets.prices) {
      patch.markets = markets
      changed = true
    }
  }
  return changed ? patch : null
}

function uniqueKeys(list: readonly TournamentEventsDto[]): boolean {
  const ids = new Set<number>()
  const keys = new Set<string>()
  for (const t of list) {
    if (ids.has(t.tournamentId)) return false
    ids.add(t.tournamentId)
    for (const m of t.matches) {
      if (keys.has(m.key)) return false
      keys.add(m.key)
    }
  }
  return true
}

/** The list delta from `prev` to `next`, or null when a snapshot says it better (or only a snapshot can). */
export function diffList(prev: readonly TournamentEventsDto[], next: readonly TournamentEventsDto[]): FeedListDeltaDto | null {
  if (!uniqueKeys(prev) || !uniqueKeys(next)) return null
  const before = new Map<string, MatchDto>()
  for (const t of prev) for (const m of t.matches) before.set(m.key, m)
  const tours = new Map(prev.map((t) => [t.tournamentId, t]))
  const delta: FeedListDeltaDto = {}
  const added: MatchDto[] = []
  const changed: MatchPatchDto[] = []
  const layout: NonNullable<FeedListDeltaDto['tournaments']> = []
  const seen = new Set<string>()
  let total = 0
  for (const t of next) {
    const keys = t.matches.map((m) => m.key)
    const was = tours.get(t.tournamentId)
    // Only a tournament's own fields the delta can carry: anything else makes it a snapshot.
    if (Object.keys(t).length !== 3 || (was && Object.keys(was).length !== 3)) return null
    if (!was || was.tournamentName !== t.tournamentName || !sameSequence(was.matches.map((m) => m.key), keys)) layout.push({ tournamentId: t.tournamentId, tournamentName: t.tournamentName, keys })
    for (const m of t.matches) {
      total++
      seen.add(m.key)
      const old = before.get(m.key)
      if (!old) added.push(m)
      else {
        const p = diffMatch(old, m)
        if (p) changed.push(p)
      }
    }
  }
  if (total > 0 && added.length > total * SNAPSHOT_SHARE) return null
  const removed = [...before.keys()].filter((k) => !seen.has(k))
  if (!sameSequence(prev.map((t) => t.tournamentId), next.map((t) => t.tournamentId))) delta.order = next.map((t) => t.tournamentId)
  if (layout.length > 0) delta.tournaments = layout
  if (added.length > 0) delta.added = added
  if (changed.length > 0) delta.changed = changed
  if (removed.length > 0) delta.removed = removed
  return delta
}

/** The open match's delta, or null when it went (or came back) or became another match: a snapshot then. */
export function diffEvent(prev: EventResultDto, next: EventResultDto): FeedEventDeltaDto | null {
  if (prev.kind !== 'match' || next.kind !== 'match') return prev.kind === 'gone' && next.kind === 'gone' && sameJson(prev, next) ? {} : null
  if (prev.match.key !== next.match.key || Object.keys(prev).length !== 2 || Object.keys(next).length !== 2) return null
  const match = diffMatch(prev.match, next.match)
  return match ? { match } : {}
}
