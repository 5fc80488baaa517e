/**
 * The desk's keys, one map for every view and the shortcut help (`?`). The global actions can be
 * remapped in Settings (stored on this machine); the list's own keys (rows, prices, Enter, Esc) are
 * fixed. A key typed into a field is the field's, except the place key and Esc.
 */
export interface DeskKey {
  /** What the help shows (`/`, `1 2 3`, `Ctrl+Enter`). */
  keys: string
  /** i18n key of what it does. */
  does: string
}

/** Actions whose key the operator may change, with their default key. */
export const DEFAULT_KEYMAP = {
  help: '?',
  search: '/',
  stake: 's',
  place: 'Ctrl+Enter',
  pin: 'p',
  viewLine: 'Alt+1',
  viewLive: 'Alt+2',
  viewCoupons: 'Alt+3',
  viewTimeline: 'Alt+4',
  viewSettings: 'Alt+5',
  viewExposure: 'Alt+6',
  viewAudit: 'Alt+7',
  viewOverview: 'Alt+8',
} as const
export type KeyAction = keyof typeof DEFAULT_KEYMAP
export type Keymap = Record<KeyAction, string>
export const KEY_ACTIONS = Object.keys(DEFAULT_KEYMAP) as KeyAction[]

/** Keys of the match list and dialogs: never given to an action. */
export const FIXED_KEYS: readonly DeskKey[] = [
  { keys: '↓', does: 'keys.toList' },
  { keys: '↑ ↓  j k', does: 'keys.rows' },
  { keys: 'Enter', does: 'keys.open' },
  { keys: '1 2 3', does: 'keys.pick' },
  { keys: 'Esc', does: 'keys.close' },
]
const RESERVED = new Set(['j', 'k', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Enter', ' ', 'Space', 'Escape', 'Tab', 'Shift+Tab', ...'123456789'])

const MODIFIER_KEYS = new Set(['Control', 'Alt', 'Shift', 'Meta', 'AltGraph', 'CapsLock'])

/**
 * A key press as a key name (`s`, `?`, `Ctrl+Enter`, `Alt+1`); null for a lone modifier. Shift is named
 * only for keys without a printed character of their own (`?` is `?`, not `Shift+/`).
 */
export function keyName(e: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey'>): string | null {
  if (MODIFIER_KEYS.has(e.key)) return null
  // Alt changes the printed character on some layouts: digits and letters are read from the key's place.
  const digit = /^Digit(\d)$/.exec(e.code)?.[1]
  const letter = /^Key([A-Z])$/.exec(e.code)?.[1]?.toLowerCase()
  const key = e.altKey ? (digit ?? letter ?? e.key) : e.key === ' ' ? 'Space' : e.key
  const parts: string[] = []
  if (e.ctrlKey) parts.push('Ctrl')
  if (e.metaKey) parts.push('Meta')
  if (e.altKey) parts.push('Alt')
  if (e.shiftKey && key.length > 1) parts.push('Shift')
  parts.push(key.length === 1 && !e.shiftKey ? key.toLowerCase() : key)
  return parts.join('+')
}

export type KeyProblem = 'reserved' | 'taken'
/** Why `key` cannot be given to `action` in `map` (or null when it can). */
export function keyProblem(map: Keymap, action: KeyAction, key: string): { problem: KeyProblem; other?: KeyAction } | null {
  if (RESERVED.has(key)) return { problem: 'reserved' }
  const other = KEY_ACTIONS.find((a) => a !== action && map[a] === key)
  return other ? { problem: 'taken', other } : null
}

/** A stored keymap read back: unknown actions dropped, missing or clashing ones at their defaults. */
export function readKeymap(raw: unknown): Keymap {
  const map: Keymap = { ...DEFAULT_KEYMAP }
  if (!raw || typeof raw !== 'object') return map
  for (const action of KEY_ACTIONS) {
    const key = (raw as Record<string, unknown>)[action]
    if (typeof key === 'string' && key.length > 0 && key.length <= 32 && !keyProblem(map, action, key)) map[action] = key
  }
  return map
}

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
