/**
 * What the match list reads, kept so that a refresh costs what it changed, not what is listed:
 * - the list's shape (tournaments in order, their names and match keys), replaced only when one of
 *   them changes; a tournament the refresh left alone keeps its shape object, so the rows derived
 *   from it are kept too;
 * - each match by key, a reactive cell only the rows on screen read: a price that moved off screen
 *   wakes nothing;
 * - the odds header, worked out again only when a layout or the shape changed, from summaries kept
 *   per tournament (a refresh redoes the tournaments it touched).
 * A flat list (search, top results) gets the same interface, worked out once per list.
 */
import { shallowRef, type ShallowRef } from 'vue'
import type { FeedListDeltaDto, MatchDto, MatchPatchDto, TournamentEventsDto } from '../../src-shared/contract.js'
import { headerOf, mainOddsHeader, sameHeader, sameLayout, summariseLayouts, type LayoutSummary, type OddsHeader } from './main-odds.js'
import { indexOf } from './list-index.js'

export interface GroupShape {
  readonly tournamentId: number
  readonly tournamentName: string
  readonly keys: readonly string[]
}

export interface ListShape {
  /** Tournaments in the service's order; null = a flat list of `keys`. */
  readonly groups: readonly GroupShape[] | null
  /** The flat list's keys (empty when grouped). */
  readonly keys: readonly string[]
  readonly count: number
}

/** What the match list shows; each read is reactive to what it read only. */
export interface MatchListSource {
  shape(): ListShape
  match(key: string): MatchDto | undefined
  header(): OddsHeader | null
}

/** A row of the list: a tournament's header or a match, by key. */
export type ListRow = { kind: 'group'; key: string; group: GroupShape } | { kind: 'match'; key: string }

const groupRows = new WeakMap<GroupShape, ListRow[]>()
/** A tournament's rows, once per shape: a refresh redoes only the tournaments whose shape it changed. */
export function rowsOf(g: GroupShape): readonly ListRow[] {
  let rows = groupRows.get(g)
  if (!rows) {
    rows = [{ kind: 'group', key: `t${g.tournamentId}`, group: g }, ...g.keys.map((key): ListRow => ({ kind: 'match', key }))]
    groupRows.set(g, rows)
  }
  return rows
}

const EMPTY: ListShape = { groups: [], keys: [], count: 0 }

/** A list shown as it is (search, top results): small, worked out again when it is replaced. */
export function flatList(matches: readonly MatchDto[]): MatchListSource {
  const byKey = new Map(matches.map((m) => [m.key, m]))
  const shape: ListShape = { groups: null, keys: matches.map((m) => m.key), count: matches.length }
  let header: OddsHeader | null | undefined
  return {
    shape: () => shape,
    match: (key) => byKey.get(key),
    header: () => (header === undefined ? (header = mainOddsHeader(matches.map((m) => m.markets?.[0]))) : header),
  }
}

export interface MatchListModel extends MatchListSource {
  /** Takes the list after a snapshot or a delta (`delta` says what moved; without it every tournament is compared). */
  set(next: TournamentEventsDto[], delta?: FeedListDeltaDto): void
}

const changesOnly = (d: FeedListDeltaDto | undefined): d is FeedListDeltaDto => !!d && !d.order && !d.tournaments && !d.added && !d.removed

/** Prices moved only (no outcome renamed or retyped, no market put, moved or replaced): the header cannot change. */
function keepsLayout(p: MatchPatchDto): boolean {
  if ((p.set && 'markets' in p.set) || p.unset?.includes('markets')) return false
  const mk = p.markets
  if (!mk) return true
  if (mk.order || mk.put) return false
  return !(mk.outcomes ?? []).some((o) => 'typeId' in o.set || 'name' in o.set)
}

export function matchListModel(): MatchListModel {
  let list: TournamentEventsDto[] = []
  const shape = shallowRef<ListShape>(EMPTY)
  const header = shallowRef<OddsHeader | null>(null)
  /** The current match of each key; a cell exists for the keys a view has read. */
  const byKey = new Map<string, MatchDto>()
  const cells = new Map<string, ShallowRef<MatchDto | undefined>>()
  /** Per tournament object: its shape and its layouts (a tournament a refresh left alone is the same object). */
  const groupOf = new WeakMap<TournamentEventsDto, GroupShape>()
  const layoutsOf = new WeakMap<TournamentEventsDto, LayoutSummary>()

  function put(key: string, m: MatchDto): void {
    byKey.set(key, m)
    const cell = cells.get(key)
    if (cell) cell.value = m
  }
  function drop(key: string): void {
    byKey.delete(key)
    const cell = cells.get(key)
    if (!cell) return
    cell.value = undefined
    cells.delete(key)
  }
  function layouts(t: TournamentEventsDto): LayoutSummary {
    let s = layoutsOf.get(t)
    if (!s) {
      s = summariseLayouts(t.matches.map((m) => m.markets?.[0]))
      layoutsOf.set(t, s)
    }
    return s
  }
  function setHeader(): void {
    const next = headerOf(list.map(layouts))
    if (!sameHeader(next, header.value)) header.value = next
  }

  /**
   * Only matches changed (the list shares its index with the one before: the same shape): each
   * changed match found by its position; a tournament whose layouts stayed keeps its summary.
   */
  function setChanges(prev: TournamentEventsDto[], next: TournamentEventsDto[], d: FeedListDeltaDto): boolean {
    const index = indexOf(next)
    if (!index || index !== indexOf(prev)) return false
    const relaid = new Set<number>()
    for (const p of d.changed ?? []) {
      const pos = index.at.get(p.key)
      if (!pos) continue
      const [t, i] = pos
      const m = next[t].matches[i]
      const old = byKey.get(p.key)
      if (old === m) continue
      if (!keepsLayout(p) && !sameLayout(old?.markets?.[0], m.markets?.[0])) relaid.add(t)
      put(p.key, m)
      if (next[t] === prev[t] || groupOf.has(next[t])) continue
      const g = groupOf.get(prev[t])
      if (g) groupOf.set(next[t], g)
    }
    for (let t = 0; t < next.length; t++) {
      if (next[t] === prev[t] || relaid.has(t) || layoutsOf.has(next[t])) continue
      const s = layoutsOf.get(prev[t])
      if (s) layoutsOf.set(next[t], s)
    }
    if (relaid.size > 0) setHeader()
    return true
  }

  /** Anything else: tournaments compared by object, a changed one by its name and keys. */
  function setWhole(prev: TournamentEventsDto[], next: TournamentEventsDto[]): void {
    const before = shape.value.groups ?? []
    const held = new Set(prev)
    const oldById = new Map(before.map((g) => [g.tournamentId, g]))
    const fresh = new Set<GroupShape>()
    const groups = next.map((t) => {
      const known = groupOf.get(t)
      // The same tournament object as listed before: its matches are the ones held.
      if (known && held.has(t)) return known
      for (const m of t.matches) if (byKey.get(m.key) !== m) put(m.key, m)
      const keys = t.matches.map((m) => m.key)
      const old = oldById.get(t.tournamentId)
      const same = old && old.tournamentName === t.tournamentName && old.keys.length === keys.length && old.keys.every((k, i) => k === keys[i])
      const g = same ? old : { tournamentId: t.tournamentId, tournamentName: t.tournamentName, keys }
      groupOf.set(t, g)
      if (!same) fresh.add(g)
      return g
    })
    // Keys of the tournaments that changed or left, and are listed no more.
    const shown = new Set(groups)
    const left = before.filter((g) => !shown.has(g))
    const listed = new Set<string>()
    if (left.length > 0) for (const g of fresh) for (const k of g.keys) listed.add(k)
    const gone: string[] = []
    for (const g of left) for (const k of g.keys) if (!listed.has(k)) gone.push(k)
    // A key listed twice before may still stand in a tournament left alone: asked of the new list's index
    // (built here once, the next refresh uses it), or of the list itself when a key repeats in it.
    const index = gone.length > 0 ? indexOf(next) : null
    const listedNow = (k: string) => (index ? index.at.has(k) : next.some((t) => t.matches.some((m) => m.key === k)))
    for (const k of gone) if (!listedNow(k)) drop(k)
    if (groups.length !== before.length || groups.some((g, i) => g !== before[i])) {
      shape.value = { groups, keys: [], count: groups.reduce((n, g) => n + g.keys.length, 0) }
    }
    setHeader()
  }

  return {
    shape: () => shape.value,
    header: () => header.value,
    match(key) {
      let cell = cells.get(key)
      if (!cell) {
        cell = shallowRef(byKey.get(key))
        cells.set(key, cell)
      }
      return cell.value
    },
    set(next, delta) {
      const prev = list
      list = next
      if (next === prev) return
      if (changesOnly(delta) && setChanges(prev, next, delta)) return
      setWhole(prev, next)
    },
  }
}
