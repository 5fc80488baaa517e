/**
 * The desk's keys, one map for every view and the shortcut help (`?`). A key typed into a field is
 * the field's, except Esc and Ctrl+Enter; the match rows handle their own keys (MatchTable).
 */
export interface DeskKey {
  /** What the help shows (`/`, `1 2 3`, `Ctrl+Enter`). */
  keys: string
  /** i18n key of what it does. */
  does: string
}

export const DESK_KEYS: readonly DeskKey[] = [
  { keys: '?', does: 'keys.help' },
  { keys: '/', does: 'keys.search' },
  { keys: '↓', does: 'keys.toList' },
  { keys: '↑ ↓  j k', does: 'keys.rows' },
  { keys: 'Enter', does: 'keys.open' },
  { keys: '1 2 3', does: 'keys.pick' },
  { keys: 'p', does: 'keys.pin' },
  { keys: 's', does: 'keys.stake' },
  { keys: 'Ctrl+Enter', does: 'keys.place' },
  { keys: 'Esc', does: 'keys.close' },
]

/** Is the key going into something the operator types in (a field, an editable area)? */
export function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null
  if (!el || typeof el.closest !== 'function') return false
  return el.closest('input, textarea, select, [contenteditable="true"]') !== null
}

/** Focuses the first element matching `selector` on the page; false when there is none. */
export function focusFirst(selector: string): boolean {
  const el = document.querySelector<HTMLElement>(selector)
  if (!el) return false
  el.focus()
  return true
}

/** The row `step` rows away from `row` among its rendered siblings, if any. */
export function siblingRow(row: HTMLElement, step: 1 | -1): HTMLElement | null {
  let el: Element | null = row
  do el = step > 0 ? el.nextElementSibling : el.previousElementSibling
  while (el && !(el instanceof HTMLElement && el.matches('[data-testid="match-row"]')))
  return el as HTMLElement | null
}
