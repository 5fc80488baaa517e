import type { TournamentEventsDto } from '../../../src-shared/contract.js'

/**
 * The first part of a big match list, pushed before the whole so a window draws its first rows
 * without waiting for megabytes to be serialised, sent and parsed. A 5,000-match line is some 5 MB
 * of contract text; the first screen of it is a few dozen rows.
 */
export interface ListPreview {
  /** Lists of more matches than this come in two parts (0: never). */
  over: number
  /** How many matches the first part carries: a few screens of the list. */
  first: number
}

export const LIST_PREVIEW: ListPreview = { over: 1000, first: 200 }

/** The list's first `first` matches in its own order (the tournament they end in cut short) and how
 *  many matches the whole list holds, or null when the list is not over `over` matches. The matches
 *  are the list's own objects. */
export function listHead(list: readonly TournamentEventsDto[], preview: ListPreview = LIST_PREVIEW): { part: TournamentEventsDto[]; whole: number } | null {
  if (preview.over <= 0 || preview.first <= 0) return null
  let total = 0
  for (const t of list) total += t.matches.length
  if (total <= preview.over) return null
  const head: TournamentEventsDto[] = []
  let n = 0
  for (const t of list) {
    if (n >= preview.first) break
    const room = preview.first - n
    head.push(t.matches.length <= room ? t : { tournamentId: t.tournamentId, tournamentName: t.tournamentName, matches: t.matches.slice(0, room) })
    n += Math.min(room, t.matches.length)
  }
  return { part: head, whole: total }
}
