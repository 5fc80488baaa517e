/** Feed DTOs for component tests, shaped as main sends them (outcome types, market keys by position). */
import type { FeedAccountDto, FeedKeyDto, LineType, MarketDto, MatchDto, OutcomeDto, SportNode } from '../../src-shared/contract.js'

export const oc = (name: string, rate: number, blocked = false, typeId: number | null = null, gameId = 7001): OutcomeDto => ({
  name,
  rate,
  size: null,
  blocked,
  playerId: null,
  pointer: `line#${gameId}#1#${typeId ?? name}#0#${rate}`,
  typeId,
})

export const markets = (w1: number): MarketDto[] => [
  { key: '0:1', groupId: 1, name: '1X2', columns: [[oc('W1', w1, false, 1)], [oc('X', 3.3, false, 2)], [oc('W2', 4.1, true, 3)]] },
  { key: '1:17', groupId: 17, name: 'Total', columns: [[oc('Over', 1.9, false, 9)], [oc('Under', 1.9, false, 10)]] },
]

export const match = (gameId: number, m: MarketDto[] | null, over: Partial<MatchDto> = {}): MatchDto => ({
  key: `line:${gameId}`,
  lineType: 'line',
  gameId,
  mainGameId: null,
  sportId: 1,
  sportName: 'Football',
  countryName: 'England',
  tournamentId: 88,
  tournamentName: 'Premier League',
  startMs: 1_800_000_000_000,
  isSubMatch: false,
  opp1: 'Arsenal',
  opp2: 'Chelsea',
  opp1IconUrl: null,
  opp2IconUrl: null,
  score: '0:0',
  period: '',
  timerSec: 0,
  oddsCounter: 140,
  markets: m,
  subGames: [],
  ...over,
})

export const menu: SportNode[] = [
  { id: 1, name: 'Football', counter: 1, iconUrl: '', countries: [{ id: 44, name: 'England', counter: 1, iconUrl: '', tournaments: [{ id: 88, name: 'Premier League', counter: 1, iconUrl: '' }] }] },
]

export const gone = (gameId: number, reason: 'not_found' | 'finished' | 'unavailable', lineType: LineType = 'line') => ({
  kind: 'gone' as const,
  gameId,
  lineType,
  reason,
  vendorText: reason === 'finished' ? 'Game id finished' : reason === 'not_found' ? 'Game not found' : 'Something else',
})

export const keyStatus = (over: Partial<FeedKeyDto> = {}): FeedKeyDto => ({ profileId: 'demo', expiresAt: null, state: 'unknown', daysLeft: null, warnDays: 7, ...over })

export const account = (): FeedAccountDto => ({
  clientId: 'f47ad380-39e2-4549-ac76-aa422df628ea',
  clientName: 'Example',
  yourIp: '203.0.113.7',
  keys: [
    {
      key: '…c55f',
      current: true,
      type: 'test',
      status: 'active',
      label: 'demo 12 days',
      startsAt: null,
      expiresAt: Date.UTC(2026, 10, 3, 14, 34, 23),
      daysLeft: 30,
      active: true,
      sports: 'all',
      languages: ['ru', 'en', 'ua', 'cn'],
      lastUsedAt: Date.UTC(2026, 9, 4, 15, 20, 7),
      accessMode: 'enforce',
      allowedIps: ['203.0.113.7', '198.51.100.0/24'],
      allowedDomains: ['example.com', '*.example.com'],
      usage7d: ['2026-09-28', '2026-09-29', '2026-09-30', '2026-10-01', '2026-10-02', '2026-10-03', '2026-10-04'].map((date, i) => ({ date, requests: i * 10 })),
    },
    {
      key: '…9a1b',
      current: false,
      type: 'prod',
      status: 'paused',
      label: 'site',
      startsAt: Date.UTC(2026, 0, 1),
      expiresAt: Date.UTC(2027, 0, 1),
      daysLeft: 120,
      active: false,
      sports: [1, 3],
      languages: ['en'],
      lastUsedAt: null,
      accessMode: 'off',
      allowedIps: [],
      allowedDomains: [],
      usage7d: [],
    },
  ],
})
