import type { IdSource } from './generate.js'
import { GROUP_NAMES, outcomeNames } from './markets.js'
import type { SeedOutcome, WorldMatch } from './model.js'

/*
 * Seeded matches: a match served under an id chosen by the caller, with outcomes at odds chosen by
 * the caller, so a pointer taken from elsewhere (the vendor's example requests) finds what it names.
 */

/** Hands out `first` once (the seeded main match), then the world's own ids (its sub-matches). */
export function firstIdThen(first: number, ids: IdSource): IdSource {
  let given = false
  const take = (next: () => number) => () => (given ? next() : ((given = true), first))
  return { prematch: take(ids.prematch), live: take(ids.live) }
}

/**
 * Puts each outcome on the match at its odds, open: an outcome the match already has (same group,
 * type, parameter text and player) takes the odds; any other joins the market of its group (a new
 * one if the match has none). Seeded odds are pinned: pricing and drift leave them as set.
 */
export function placeSeedOutcomes(match: WorldMatch, outcomes: SeedOutcome[]): void {
  for (const s of outcomes) {
    const existing = match.markets
      .flatMap((m) => m.outcomes)
      .find((o) => o.groupId === s.groupId && o.typeId === s.typeId && o.param === s.param && o.playerId === s.playerId)
    if (existing) {
      Object.assign(existing, { rate: s.rate, blocked: false, withdrawn: false, pinned: true })
      continue
    }
    let market = match.markets.find((m) => m.groupId === s.groupId)
    if (!market) {
      market = { groupId: s.groupId, name: GROUP_NAMES[s.groupId] ?? { en: `Market ${s.groupId}` }, columns: 1, outcomes: [] }
      match.markets.push(market)
    }
    const names = outcomeNames(s.typeId, s.param)
    const name = s.playerId === null ? names.name : { en: `Player ${s.playerId} - ${names.name.en}` }
    market.outcomes.push({
      groupId: s.groupId, typeId: s.typeId, param: s.param, name, listName: names.listName, rate: s.rate, blocked: false,
      withdrawn: false, lineKey: undefined, playerId: s.playerId, column: 0, pinned: true,
    })
  }
}
