/**
 * The match list's inline odds: the main market's outcomes placed by what they are (outcome type,
 * the third `oc_pointer` field), never by position. Three slots: W1 / X / W2 for a 1X2 market
 * (types 1, 2, 3), W1 / – / W2 for a two-way winner (types 401, 402); otherwise the first three
 * outcomes by type. An empty slot is null.
 */
import type { MarketDto, OutcomeDto } from '../../src-shared/contract.js'

const THREE_WAY = [1, 2, 3] as const
const TWO_WAY = [401, null, 402] as const

export function mainOdds(market: MarketDto | undefined | null): Array<OutcomeDto | null> {
  if (!market) return []
  // One walk, no copies: the list header reads every listed match's main market on each new list.
  let w1: OutcomeDto | null = null
  let x: OutcomeDto | null = null
  let w2: OutcomeDto | null = null
  let home: OutcomeDto | null = null
  let away: OutcomeDto | null = null
  const columns = market.columns
  for (let c = 0; c < columns.length; c++) {
    const column = columns[c]
    for (let i = 0; i < column.length; i++) {
      const o = column[i]
      switch (o.typeId) {
        case THREE_WAY[0]: w1 ??= o; break
        case THREE_WAY[1]: x ??= o; break
        case THREE_WAY[2]: w2 ??= o; break
        case TWO_WAY[0]: home ??= o; break
        case TWO_WAY[2]: away ??= o; break
      }
    }
  }
  if (w1 || x || w2) return [w1, x, w2]
  if (home || away) return [home, null, away]
  // Unknown market: order by type where known (stable, so equal or unknown types keep feed order).
  const rank = (o: OutcomeDto) => (o.typeId === null ? Number.POSITIVE_INFINITY : o.typeId)
  return columns.flat().sort((a, b) => rank(a) - rank(b)).slice(0, 3)
}

/** The parameter is worth showing unless it is empty, zero, or already part of the outcome name ("H1 (-1.5)"). */
export function showsSize(outcome: Pick<OutcomeDto, 'name' | 'size'>): boolean {
  const size = String(outcome.size ?? '').trim()
  if (!size || Number(size) === 0) return false
  return !outcome.name.includes(size)
}

/** The outcome as people read it: the feed's name, with its parameter when that says something ("Over 2.5", "W2"). */
export function outcomeLabel(outcome: Pick<OutcomeDto, 'name' | 'size'>): string {
  return showsSize(outcome) ? `${outcome.name} ${String(outcome.size).trim()}` : outcome.name
}

export interface OddsHeader {
  /** Outcome type per slot (null: no outcome there in any row that fits). */
  types: Array<number | null>
  /** The feed's outcome name per slot ('' where none). */
  names: string[]
}

type Slots = OddsHeader

/** A market's slots, once per market object: a refresh keeps unchanged markets' objects, so the header over thousands of rows redoes only the ones that moved. */
const slotsSeen = new WeakMap<MarketDto, Slots>()
/** One slots object per distinct layout (most of a line's main markets share a handful): their texts are then worked out once. */
const layoutsKnown = new Map<string, Slots>()
const LAYOUTS_KNOWN_MAX = 10_000
const slotsOf = (market: MarketDto): Slots => {
  let found = slotsSeen.get(market)
  if (!found) {
    const slots = mainOdds(market)
    const types = slots.map((o) => o?.typeId ?? null)
    const names = slots.map((o) => o?.name ?? '')
    const sig = `${types.join('|')}\u0000${names.join('\u0000')}`
    found = layoutsKnown.get(sig)
    if (!found) {
      if (layoutsKnown.size >= LAYOUTS_KNOWN_MAX) layoutsKnown.clear()
      found = { types, names }
      layoutsKnown.set(sig, found)
      signatures.set(found, sig)
    }
    slotsSeen.set(market, found)
  }
  return found
}
// A missing price agrees with any; otherwise the same outcome type and name per slot.
const clash = <T>(a: T, b: T, empty: T) => a !== empty && b !== empty && a !== b
const agrees = (row: Slots, header: OddsHeader) =>
  row.types.length === header.types.length && !row.types.some((x, i) => clash(x, header.types[i], null)) && !row.names.some((n, i) => clash(n, header.names[i], ''))

/** Does this row's main market lay its prices out as the header says (same outcome types, same names)? */
export function fitsHeader(market: MarketDto, header: OddsHeader): boolean {
  return agrees(slotsOf(market), header)
}

/**
 * What a run of rows says about the header, enough to work it out with other runs: how many rows
 * share each layout (the first row of each kept), and each distinct row once, in list order (a row
 * seen again cannot change the header: what it could fill is filled or clashes already).
 */
export interface LayoutSummary {
  counts: Map<string, { n: number; row: Slots }>
  distinct: Slots[]
}

/** The layouts of these main markets (a tournament's rows, or a flat list's). */
export function summariseLayouts(markets: Iterable<MarketDto | undefined | null>): LayoutSummary {
  const counts = new Map<string, { n: number; row: Slots }>()
  const seen = new Set<string>()
  const distinct: Slots[] = []
  for (const m of markets) {
    if (!m) continue
    const row = slotsOf(m)
    const key = layoutKeyOf(row)
    const had = counts.get(key)
    if (had) had.n++
    else counts.set(key, { n: 1, row })
    const sig = signatureOf(row)
    if (!seen.has(sig)) {
      seen.add(sig)
      distinct.push(row)
    }
  }
  return { counts, distinct }
}

/**
 * The names above the inline odds: the feed's outcome names per slot of the layout most listed
 * matches share (1 · X · 2, or 1 · – · 2 for a two-way winner); rows laid out otherwise (a special
 * bet's handicap) carry their own names. Null when no match has a main market. Worked out from the
 * summaries of the list's runs in order (its tournaments), so a refresh redoes only the runs it touched.
 */
export function headerOf(runs: Iterable<LayoutSummary>): OddsHeader | null {
  const counts = new Map<string, { n: number; row: Slots }>()
  const distinct: Slots[] = []
  for (const run of runs) {
    for (const [key, c] of run.counts) {
      const had = counts.get(key)
      if (had) had.n += c.n
      else counts.set(key, { n: c.n, row: c.row })
    }
    distinct.push(...run.distinct)
  }
  // The most shared layout; a tie goes to the one listed first.
  let top: { n: number; row: Slots } | undefined
  for (const c of counts.values()) if (!top || c.n > top.n) top = c
  if (!top) return null
  let header: OddsHeader = top.row
  for (const row of distinct) {
    // Only a row that names a slot the header leaves empty adds to it (most rows add nothing).
    if (!fillsGap(row, header) || !agrees(row, header)) continue
    header = { types: header.types.map((x, i) => x ?? row.types[i]), names: header.names.map((n, i) => n || row.names[i]) }
  }
  return header
}

/** The header over these main markets, in list order. */
export function mainOddsHeader(markets: ReadonlyArray<MarketDto | undefined | null>): OddsHeader | null {
  return headerOf([summariseLayouts(markets)])
}

/** Whether two main markets place the same outcome types and names: a refresh that keeps it leaves the header as it was. */
export function sameLayout(a: MarketDto | undefined | null, b: MarketDto | undefined | null): boolean {
  if (a === b) return true
  if (!a || !b) return false
  return signatureOf(slotsOf(a)) === signatureOf(slotsOf(b))
}

export function sameHeader(a: OddsHeader | null, b: OddsHeader | null): boolean {
  if (a === b) return true
  if (!a || !b) return false
  return signatureOf(a) === signatureOf(b)
}

const signatures = new WeakMap<Slots, string>()
function signatureOf(row: Slots): string {
  let sig = signatures.get(row)
  if (sig === undefined) {
    sig = `${row.types.join('|')}\u0000${row.names.join('\u0000')}`
    signatures.set(row, sig)
  }
  return sig
}

const layoutKeys = new WeakMap<Slots, string>()
function layoutKeyOf(row: Slots): string {
  let key = layoutKeys.get(row)
  if (key === undefined) {
    key = row.types.join('|')
    layoutKeys.set(row, key)
  }
  return key
}

function fillsGap(row: Slots, header: OddsHeader): boolean {
  for (let i = 0; i < header.types.length; i++) {
    if (header.types[i] === null && row.types[i] !== null && row.types[i] !== undefined) return true
    if (header.names[i] === '' && row.names[i]) return true
  }
  return false
}
