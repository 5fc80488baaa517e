/**
 * Output of `desk`: `--json` prints exactly one JSON document on stdout; otherwise readable tables
 * (cli-table3). Errors are one stderr line `error <code>: <message>`, already redacted.
 */
import Table from 'cli-table3'
import { format } from 'date-fns'
import type { BetDto, CouponDto, MatchDto, ProfileDto, SportNode, TournamentEventsDto, EventResultDto } from '../../../src-shared/contract.js'
import { defaultRedactor } from '../shared/redact.js'
import type { CliIo } from './io.js'
import { betStatusName, couponStatusLabel } from './status-names.js'
import { cliErrorMessage } from './feed-hints.js'
import type { ErrorCode } from '../../../src-shared/vocabulary/errors.js'

export function printJson(io: CliIo, value: unknown): void {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`)
}

export function printError(io: CliIo, code: ErrorCode, message: string): void {
  const line = `error ${code}: ${cliErrorMessage(code, message)}`.replace(/[\r\n]+/g, ' ')
  io.stderr(`${defaultRedactor.redact(line)}\n`)
}

/**
 * The one JSON document of a failed `--json` run: `{ code, message, error_code, changes }`. The
 * message is redacted like the stderr line; `error_code` and `changes` are the service's, when it sent them.
 */
export function errorDocument(error: { code: ErrorCode; message: string; data?: unknown }): { code: ErrorCode; message: string; error_code: number | string | null; changes: unknown[] } {
  const data = (typeof error.data === 'object' && error.data !== null ? error.data : {}) as { errorCode?: unknown; changes?: unknown }
  const errorCode = typeof data.errorCode === 'number' || typeof data.errorCode === 'string' ? data.errorCode : null
  const changes = Array.isArray(data.changes) ? (defaultRedactor.redactValue(data.changes) as unknown[]) : []
  return { code: error.code, message: defaultRedactor.redact(cliErrorMessage(error.code, error.message).replace(/[\r\n]+/g, ' ')), error_code: errorCode, changes }
}

export function table(head: string[], rows: Array<Array<string | number | null | undefined>>): string {
  const t = new Table({ head, style: { head: [], border: [] } })
  for (const row of rows) t.push(row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))))
  return t.toString()
}

export type TimeZoneMode = 'utc' | 'local'

export function formatTime(ms: number | null | undefined, zone: TimeZoneMode): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return ''
  if (zone === 'utc') return new Date(ms).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, 'Z')
  return format(new Date(ms), 'yyyy-MM-dd HH:mm:ss')
}

export function couponsTable(coupons: CouponDto[], zone: TimeZoneMode): string {
  const rows = coupons.map((c) => [c.couponCode, `${couponStatusLabel(c.status)} (${c.status})`, c.amount, c.coef, c.potentialWin, c.realWin, c.bets.length, formatTime(c.createdAt, zone), formatTime(c.calculateDate, zone)])
  return `${table(['coupon', 'status', 'amount', 'coef', 'potential win', 'real win', 'bets', 'created', 'settled'], rows)}\n${coupons.length} coupon(s)`
}

const lines = (...parts: Array<string | null | undefined | false>) => parts.filter((p): p is string => typeof p === 'string' && p !== '').join('\n')

/** The outcome with its parameter, unless the parameter is zero or already part of the name. */
export function outcomeText(b: Pick<BetDto, 'outcomeName' | 'param' | 'extraName'>): string {
  const name = b.outcomeName ?? ''
  const param = b.param ?? ''
  const showParam = param !== '' && Number(param) !== 0 && !name.includes(param)
  return [name, showParam ? `(${param})` : '', b.extraName ? `· ${b.extraName}` : ''].filter(Boolean).join(' ')
}

const score = (s: string | null, periods: string | null) => (s === null ? null : periods ? `${s} (${periods})` : s)

function betRow(b: BetDto, zone: TimeZoneMode): string[] {
  const teams = b.opp1 !== null || b.opp2 !== null ? `${b.opp1 ?? '?'} – ${b.opp2 ?? '?'}` : null
  const where = [b.sportName, b.tournamentName].filter((x) => x !== null && x !== '').join(' / ')
  const placed = score(b.placementScore, b.placementScorePeriods)
  const settled = score(b.calculationScore, b.calculationScorePeriods)
  return [
    lines(b.id, b.pointer),
    lines(teams, where, `game ${b.gameId}${b.mainGameId !== null ? ` (sub-match of ${b.mainGameId})` : ''}`),
    lines(b.marketName, outcomeText(b)),
    lines(String(b.coef), b.settlementCoef === null ? null : `settled ×${b.settlementCoef}`),
    `${betStatusName(b.status) ?? `status ${b.status}`} (${b.status})`,
    lines(placed === null ? null : `at placement ${placed}`, settled === null ? null : `at settlement ${settled}`),
    lines(b.eventDate === null ? null : `event ${formatTime(b.eventDate, zone)}`, b.calculateDate === null ? null : `settled ${formatTime(b.calculateDate, zone)}`),
    lines(b.settlementReasonCode === null ? null : String(b.settlementReasonCode), b.settlementReason),
  ]
}

/** One coupon and its bets: what was bet (teams, tournament, market, outcome), odds, status, scores, reason. */
export function couponDetail(c: CouponDto, zone: TimeZoneMode): string {
  const head = couponsTable([c], zone).split('\n').slice(0, -1).join('\n')
  const bets = table(['bet / pointer', 'match', 'market / outcome', 'odds', 'status', 'scores', 'times', 'reason'], c.bets.map((b) => betRow(b, zone)))
  return `${head}\n${bets}`
}

export function profilesTable(profiles: Array<ProfileDto & { active: boolean }>): string {
  const secrets = (p: ProfileDto) =>
    (Object.entries(p.secrets) as Array<[string, boolean]>)
      .filter(([, set]) => set)
      .map(([kind]) => kind)
      .join(', ') || 'none'
  return table(
    ['', 'name', 'id', 'environment', 'coupon service', 'username', 'language', 'secrets set'],
    profiles.map((p) => [p.active ? '*' : '', p.name, p.id, p.environment + (p.legacyMode ? ' (legacy)' : ''), p.couponBaseUrl || '(embedded simulator)', p.username, p.language, secrets(p)]),
  )
}

export function menuTable(sports: SportNode[]): string {
  const rows: Array<Array<string | number>> = []
  for (const s of sports) {
    for (const c of s.countries) for (const t of c.tournaments) rows.push([s.id, s.name, c.name, t.id, t.name || '(unnamed)', t.counter])
    if (s.countries.length === 0) rows.push([s.id, s.name, '', '', '', s.counter])
  }
  return `${table(['sport', 'sport name', 'country', 'tournament', 'tournament name', 'matches'], rows)}\n${sports.length} sport(s)`
}

function matchRow(m: MatchDto, zone: TimeZoneMode): Array<string | number> {
  const first = m.markets?.[0]
  const odds = first ? first.columns.flat().map((o) => `${o.name} ${o.rate}${o.blocked ? ' (blocked)' : ''}`).join(' | ') : ''
  return [m.gameId, formatTime(m.startMs || null, zone), `${m.sportName} / ${m.tournamentName}`, `${m.opp1} – ${m.opp2}`, m.score, odds]
}

export function matchesTable(matches: MatchDto[], zone: TimeZoneMode): string {
  return `${table(['game', 'start', 'sport / tournament', 'match', 'score', 'main market'], matches.map((m) => matchRow(m, zone)))}\n${matches.length} match(es)`
}

export function eventsTable(tournaments: TournamentEventsDto[], zone: TimeZoneMode): string {
  return matchesTable(
    tournaments.flatMap((t) => t.matches),
    zone,
  )
}

export function eventDetail(result: EventResultDto, zone: TimeZoneMode): string {
  if (result.kind === 'gone') return `game ${result.gameId}: ${result.vendorText}`
  const m = result.match
  const rows: Array<Array<string | number>> = []
  for (const market of m.markets ?? []) {
    for (const o of market.columns.flat()) rows.push([market.name, o.name, o.size ?? '', o.rate, o.blocked ? 'blocked' : o.pointer])
  }
  const head = `${m.opp1} – ${m.opp2}  (game ${m.gameId}, ${m.lineType}, ${m.sportName} / ${m.tournamentName}, start ${formatTime(m.startMs || null, zone)}${m.score ? `, score ${m.score}` : ''})`
  return `${head}\n${table(['market', 'outcome', 'size', 'rate', 'pointer'], rows)}`
}
