/**
 * How a bet's match is named in the blotter and the drawer: teams, live or prematch, start with its
 * zone, and the match id, so that a prematch match and the live match of the same teams (two ids)
 * never read alike.
 */
import type { BetDto } from '../../src-shared/contract.js'
import { isLiveBet, lineKindText, type T } from '../i18n/words.js'

export interface IdentityFormat {
  start: (ms: number | null | undefined) => string
  /** The display zone's short name (`UTC`). */
  zone: string
}

export function teamsText(t: T, b: Pick<BetDto, 'opp1' | 'opp2' | 'gameId'>): string {
  return b.opp1 === null && b.opp2 === null ? t('coupons.bet.gameOnly', { id: b.gameId }) : `${b.opp1 ?? '?'} – ${b.opp2 ?? '?'}`
}

/** `Prematch · 11-25 18:00 UTC · #300007072` */
export function matchLine(t: T, f: IdentityFormat, b: Pick<BetDto, 'lineType' | 'eventDate' | 'gameId'>): string {
  const start = b.eventDate === null || b.eventDate <= 0 ? t('couponView.match.startUnknown') : `${f.start(b.eventDate)} ${f.zone}`
  const kind = lineKindText(t, b.lineType)
  return kind === '' ? `${start} · #${b.gameId}` : t('couponView.match.line', { kind, start, id: b.gameId })
}

/** The parameter is shown unless it is zero or already part of the outcome name (`1 (-1.5)`). */
export function outcomeText(b: Pick<BetDto, 'outcomeName' | 'param' | 'extraName'>): string {
  const name = b.outcomeName ?? ''
  const param = b.param ?? ''
  const withParam = param !== '' && Number(param) !== 0 && !name.includes(param) ? `${name} (${param})`.trim() : name
  return b.extraName ? `${withParam} · ${b.extraName}` : withParam
}

/**
 * A score at acceptance means something only for a match already playing: a prematch bet's `0:0` is
 * the service's placeholder, not a score. Unknown line type: shown when it is not all zeros.
 */
export function placementScoreShown(b: Pick<BetDto, 'lineType' | 'placementScore'>): boolean {
  if (b.placementScore === null) return false
  const live = isLiveBet(b.lineType)
  if (live !== null) return live
  return /[1-9]/.test(b.placementScore)
}
