/**
 * CSV of what the Exposure and P&L view shows: the exposure (a row per match, then one per outcome of
 * it) and the P&L groups (days, then sports, then the total). Figures stay numbers; names are data.
 */
import type { PnlDto, PnlGroupDto } from '../../src-shared/contract.js'
import type { T } from '../i18n/words.js'
import { lineKindText } from '../i18n/words.js'
import { outcomeText, teamsText } from './bet-identity.js'
import type { CsvColumn } from './csv.js'
import type { ExposureFigures, MatchExposure } from './exposure.js'
import type { BetDto } from '../../src-shared/contract.js'

interface ExposureRow extends ExposureFigures {
  level: 'match' | 'outcome'
  match: MatchExposure
  bet: BetDto
}

export function exposureRows(matches: readonly MatchExposure[]): ExposureRow[] {
  return matches.flatMap((m) => [
    { ...m, level: 'match' as const, match: m },
    ...m.outcomes.map((o) => ({ ...o, level: 'outcome' as const, match: m })),
  ])
}

export function exposureColumns(t: T, start: (ms: number | null) => string): CsvColumn<ExposureRow>[] {
  return [
    { header: t('exposure.csv.level'), value: (r) => (r.level === 'match' ? t('exposure.csv.levelMatch') : t('exposure.csv.levelOutcome')) },
    { header: t('exposure.col.match'), value: (r) => teamsText(t, r.match.bet) },
    { header: t('exposure.csv.sport'), value: (r) => r.match.bet.sportName },
    { header: t('exposure.csv.tournament'), value: (r) => r.match.bet.tournamentName },
    { header: t('exposure.csv.line'), value: (r) => lineKindText(t, r.match.bet.lineType) },
    { header: t('exposure.csv.start'), value: (r) => start(r.match.bet.eventDate) },
    { header: t('exposure.csv.gameId'), value: (r) => r.match.gameId },
    { header: t('exposure.col.outcome'), value: (r) => (r.level === 'outcome' ? [r.bet.marketName, outcomeText(r.bet)].filter(Boolean).join(' · ') : '') },
    { header: t('exposure.col.coupons'), value: (r) => r.codes.length },
    { header: t('exposure.col.stake'), value: (r) => r.stake },
    { header: t('exposure.col.potential'), value: (r) => r.potential },
    { header: t('exposure.csv.codes'), value: (r) => r.codes.join(' ') },
  ]
}

interface PnlRow extends Omit<PnlGroupDto, 'key' | 'label'> {
  by: string
  name: string
}

export function pnlRows(t: T, pnl: PnlDto): PnlRow[] {
  const sportName = (g: PnlGroupDto) => (g.key === 'mixed' ? t('pnl.mixed') : g.key === 'unknown' ? t('pnl.unknown') : (g.label ?? `#${g.key}`))
  return [
    ...pnl.days.map(({ key, label: _l, ...f }) => ({ ...f, by: t('pnl.csv.day', { zone: pnl.timeZone }), name: key })),
    ...pnl.sports.map((g) => {
      const { key: _k, label: _l, ...f } = g
      return { ...f, by: t('pnl.col.sport'), name: sportName(g) }
    }),
    { ...pnl.total, by: t('pnl.total'), name: '' },
  ]
}

export function pnlColumns(t: T): CsvColumn<PnlRow>[] {
  return [
    { header: t('pnl.csv.by'), value: (r) => r.by },
    { header: t('pnl.csv.group'), value: (r) => r.name },
    { header: t('pnl.col.coupons'), value: (r) => r.coupons },
    { header: t('pnl.col.won'), value: (r) => r.won },
    { header: t('pnl.col.lost'), value: (r) => r.lost },
    { header: t('pnl.col.returned'), value: (r) => r.returned },
    { header: t('pnl.col.stakes'), value: (r) => r.stakes },
    { header: t('pnl.col.payouts'), value: (r) => r.payouts },
    { header: t('pnl.col.pnl'), value: (r) => r.pnl },
    { header: t('pnl.csv.incomplete'), value: (r) => r.incomplete },
  ]
}
