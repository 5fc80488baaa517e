/**
 * The Overview's order: by any column, either way; a figure that is not known sorts last whichever
 * way, and ties keep the profile names' order so rows never swap places between reads.
 */
import type { OverviewRowDto } from '../../src-shared/contract.js'

export const OVERVIEW_COLUMNS = ['profile', 'read', 'balance', 'openStake', 'potentialPayout', 'activeCoupons', 'lastSettlement', 'session', 'listener', 'feedKey', 'doctor'] as const
export type OverviewColumn = (typeof OVERVIEW_COLUMNS)[number]
export type SortDir = 'asc' | 'desc'

const LISTENER_RANK = { failed: 0, stopped: 1, disabled: 2, running: 3 } as const
const SESSION_RANK = { failed: 0, 'no-credentials': 1, 'signed-out': 2, 'signed-in': 3 } as const
const DOCTOR_RANK = { fail: 0, warn: 1, pass: 2 } as const

/** The value a column sorts by: a number or text; null when not known. */
export function sortValue(row: OverviewRowDto, column: OverviewColumn): number | string | null {
  switch (column) {
    case 'profile':
      return row.profileName.toLocaleLowerCase()
    case 'balance':
      return row.balance
    case 'openStake':
      return row.openStake
    case 'potentialPayout':
      return row.potentialPayout
    case 'activeCoupons':
      return row.activeCoupons
    case 'lastSettlement':
      return row.lastSettlement?.at ?? null
    case 'listener':
      return LISTENER_RANK[row.listener] ?? null
    case 'feedKey':
      return row.feedKeyDaysLeft
    case 'session':
      return SESSION_RANK[row.session] ?? null
    case 'doctor':
      return row.doctor ? (DOCTOR_RANK[row.doctor.verdict] ?? null) : null
    case 'read':
      // Unreachable rows first when ascending: a failed read ranks below any fresh one.
      return row.stale || row.error ? -1 : (row.readAt ?? null)
  }
}

export function sortRows(rows: readonly OverviewRowDto[], column: OverviewColumn, dir: SortDir): OverviewRowDto[] {
  const sign = dir === 'asc' ? 1 : -1
  const byName = (a: OverviewRowDto, b: OverviewRowDto) => a.profileName.localeCompare(b.profileName) || a.profileId.localeCompare(b.profileId)
  return [...rows].sort((a, b) => {
    const va = sortValue(a, column)
    const vb = sortValue(b, column)
    if (va === null && vb === null) return byName(a, b)
    if (va === null) return 1
    if (vb === null) return -1
    const c = typeof va === 'string' || typeof vb === 'string' ? String(va).localeCompare(String(vb)) : va - vb
    return sign * c || byName(a, b)
  })
}
