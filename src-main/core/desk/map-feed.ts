import type {
  ChampionshipDto,
  CountryNode,
  EventResultDto,
  FeedAccountDto,
  LineType,
  MarketDto,
  MatchDetailDto,
  MatchDto,
  OutcomeDto,
  SportNode,
  TournamentEventsDto,
  TournamentNode,
} from '../../../src-shared/contract.js'
import { isUsableRate, readOcPointer, type Championship, type Country, type EventResult, type EventsTournament, type FeedAccount, type Market, type Match, type MatchSummary, type Outcome, type OutcomePointer, type Sport, type Tournament } from '../feed/index.js'

/** Feed domain → contract DTOs. Icon URLs and coupon pointers come from the feed module's builders. */
export interface FeedDtoTools {
  sportIcon(sportId: number): string
  countryIcon(countryId: number): string
  tournamentIcon(tournamentId: number): string
  /** null when the participant has no icon file. */
  teamIcon(iconName: string): string | null
  /** Ready-made coupon pointer for an outcome whose `oc_pointer` was read into `parts`, or null when it cannot be bet. */
  pointer(parts: OutcomePointer, outcome: Outcome, lineType: LineType): string | null
}

function tournamentNode(t: Tournament, tools: FeedDtoTools): TournamentNode {
  return { id: t.id, name: t.name, counter: t.counter, iconUrl: tools.tournamentIcon(t.id) }
}

function countryNode(c: Country, tools: FeedDtoTools): CountryNode {
  return { id: c.id, name: c.name, counter: c.counter, iconUrl: tools.countryIcon(c.id), tournaments: (c.tournaments ?? []).map((t) => tournamentNode(t, tools)) }
}

export function sportsToNodes(sports: Sport[], tools: FeedDtoTools): SportNode[] {
  return sports.map((s) => ({ id: s.id, name: s.name, counter: s.counter, iconUrl: tools.sportIcon(s.id), countries: (s.countries ?? []).map((c) => countryNode(c, tools)) }))
}

/** An outcome without a usable pointer or odds is shown but cannot be bet: pointer '' and blocked. Its
 *  `oc_pointer` is read once, for both the coupon pointer and the type id. */
function outcomeDto(o: Outcome, lineType: LineType, tools: FeedDtoTools): OutcomeDto {
  const usable = isUsableRate(o.oc_rate)
  const parts = o.oc_pointer === null ? null : readOcPointer(o.oc_pointer)
  const pointer = usable && parts ? tools.pointer(parts, o, lineType) : null
  return {
    name: o.oc_name,
    rate: usable ? o.oc_rate : 0,
    size: o.oc_size === null || o.oc_size === '' ? null : String(o.oc_size),
    blocked: o.oc_block || pointer === null,
    playerId: o.op_id,
    pointer: pointer ?? '',
    typeId: parts ? parts.typeId : null,
  }
}

function marketDto(m: Market, lineType: LineType, tools: FeedDtoTools): MarketDto {
  return { key: m.key, groupId: m.groupId, name: m.name, columns: m.columns.map((col) => col.map((o) => outcomeDto(o, lineType, tools))) }
}

const isFullMatch = (m: MatchSummary): m is Match => 'stats' in m && 'eventPlan' in m

/** `score_period` as its periods (`2:0;1:0`); '' (before play) is none. */
export function periodScoresOf(scorePeriod: string | null): string[] {
  if (scorePeriod === null) return []
  return scorePeriod.split(';').map((p) => p.trim()).filter((p) => p !== '')
}

function detailDto(m: Match, tools: FeedDtoTools): MatchDetailDto {
  return {
    subName: m.subName,
    segment: m.segment,
    periodScores: periodScoresOf(m.scorePeriod),
    scoreExtra: m.scoreExtra ?? '',
    extraTime: m.extraTime ?? '',
    finished: m.finished,
    stats: m.stats.map((s) => ({ id: s.id, name: s.name, opp1: s.opp1, opp2: s.opp2 })),
    eventPlan: m.eventPlan.map((p) => ({
      opp1: p.opp1Name,
      opp2: p.opp2Name,
      opp1IconUrl: p.opp1Icon ? tools.teamIcon(p.opp1Icon) : null,
      opp2IconUrl: p.opp2Icon ? tools.teamIcon(p.opp2Icon) : null,
      startMs: p.startMs ?? p.opp1DateMs ?? p.opp2DateMs,
    })),
  }
}

/**
 * How many of a match's markets its DTO carries: 'all' (a match opened, a direct read) or 'main', the
 * first market only, which is all a list row, its odds header and its keyboard picks show; the list
 * topics of a whole sport would otherwise push every market of thousands of matches to each window.
 */
export type MarketsKept = 'all' | 'main'

export function matchToDto(m: MatchSummary & { subGames?: Array<{ gameId: number | null; name: string | null }> }, tools: FeedDtoTools, kept: MarketsKept = 'all'): MatchDto {
  const markets = m.markets === null ? null : kept === 'main' ? m.markets.slice(0, 1) : m.markets
  const dto: MatchDto = {
    key: m.key,
    lineType: m.lineType,
    gameId: m.gameId,
    mainGameId: m.mainGameId,
    sportId: m.sportId ?? 0,
    sportName: m.sportName,
    countryName: m.countryName,
    tournamentId: m.tournamentId ?? 0,
    tournamentName: m.tournamentName,
    startMs: m.startMs ?? 0,
    isSubMatch: m.isSubMatch,
    opp1: m.opp1.name,
    opp2: m.opp2.name,
    opp1IconUrl: m.opp1.icon ? tools.teamIcon(m.opp1.icon) : null,
    opp2IconUrl: m.opp2.icon ? tools.teamIcon(m.opp2.icon) : null,
    score: m.score ?? '',
    period: m.periodName ?? '',
    timerSec: m.timerSec ?? 0,
    oddsCounter: m.oddsCounter ?? m.outcomeCount,
    markets: markets === null ? null : markets.map((mk) => marketDto(mk, m.lineType, tools)),
    subGames: (m.subGames ?? []).map((s) => ({ gameId: s.gameId, name: s.name })),
  }
  if (isFullMatch(m)) dto.detail = detailDto(m, tools)
  return dto
}

/** A championship without a sport id cannot be loaded (its `events` need one): left out. */
export function championshipsToDto(items: Championship[], tools: FeedDtoTools): ChampionshipDto[] {
  return items.flatMap((c) =>
    c.sportId === null
      ? []
      : [{ sportId: c.sportId, sportName: c.sportName, tournamentId: c.tournamentId, tournamentName: c.tournamentName, countryName: c.countryName, counter: c.counter, iconUrl: tools.tournamentIcon(c.tournamentId) }],
  )
}

export function eventsToDto(tournaments: EventsTournament[], tools: FeedDtoTools, kept: MarketsKept = 'all'): TournamentEventsDto[] {
  return tournaments.map((t) => ({ tournamentId: t.tournamentId, tournamentName: t.tournamentName, matches: t.matches.map((m) => matchToDto(m, tools, kept)) }))
}

export function eventResultToDto(result: EventResult, tools: FeedDtoTools): EventResultDto {
  if (result.kind === 'gone') return { kind: 'gone', gameId: result.gameId, lineType: result.lineType, reason: result.reason, vendorText: result.message }
  return { kind: 'match', match: matchToDto(result.match, tools) }
}

export function accountToDto(account: FeedAccount): FeedAccountDto {
  return {
    clientId: account.client.publicId,
    clientName: account.client.name,
    yourIp: account.yourIp,
    keys: account.keys.map((k) => ({
      key: k.key,
      current: k.current,
      type: k.type,
      status: k.status,
      label: k.label,
      startsAt: k.startsAtMs,
      expiresAt: k.expiresAtMs,
      daysLeft: k.daysLeft,
      active: k.active,
      sports: k.sports,
      languages: [...k.languages],
      lastUsedAt: k.lastUsedAtMs,
      accessMode: k.accessMode,
      allowedIps: [...k.allowedIps],
      allowedDomains: [...k.allowedDomains],
      usage7d: k.usage7d.map((u) => ({ date: u.date, requests: u.requests })),
    })),
  }
}
