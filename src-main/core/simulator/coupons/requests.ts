import { parseSimPointer, type SimPointer } from './pointer.js'
import type { PlacementInput } from './placement.js'

/**
 * Placement request parsing shared by the new and legacy routes. The kinds map to codes:
 * new route type→HTTP 400, missing→10, format→11, amount→12, value→1002; legacy: all→505.
 */
export type ParseFailure = { kind: 'type' | 'missing' | 'format' | 'amount' | 'value'; message: string }
export type ParsedPlacement = { ok: true; input: PlacementInput } | ({ ok: false } & ParseFailure)

const bad = (kind: ParseFailure['kind'], message: string): ParsedPlacement => ({ ok: false, kind, message })
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const absent = (v: unknown) => v === undefined || v === null

export function parsePlacement(body: unknown, legacy: boolean): ParsedPlacement {
  if (absent(body)) return bad('missing', 'request body missing')
  if (!isObject(body)) return bad('type', 'request body must be a JSON object')
  const { list_bets, amount, currency, callback_url, lang, mode, mode_type, multi } = body
  if (!absent(list_bets) && (!Array.isArray(list_bets) || list_bets.some((p) => typeof p !== 'string')))
    return bad('type', 'list_bets must be an array of strings')
  if (!absent(currency) && typeof currency !== 'string') return bad('type', 'currency must be a string')
  if (!absent(callback_url) && typeof callback_url !== 'string') return bad('type', 'callback_url must be a string')
  if (!absent(lang) && typeof lang !== 'string') return bad('type', 'lang must be a string')
  if (!absent(mode) && typeof mode !== 'string') return bad('type', 'mode must be a string')
  if (!absent(mode_type) && typeof mode_type !== 'number') return bad('type', 'mode_type must be an integer')
  if (!absent(multi) && typeof multi !== 'boolean') return bad('type', 'multi must be a boolean')
  if (legacy && (absent(lang) || absent(mode) || absent(multi))) return bad('missing', 'lang, mode and multi are required')
  if (!Array.isArray(list_bets) || list_bets.length === 0) return bad('missing', 'list_bets missing or empty')
  const pointers: SimPointer[] = []
  for (const raw of list_bets as string[]) {
    const p = parseSimPointer(raw)
    if (!p) return bad('format', `list_bets entry does not match the pointer format: ${raw.slice(0, 80)}`)
    pointers.push(p)
  }
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return bad('amount', 'amount must be a number greater than 0')
  const langValue = absent(lang) ? 'en' : (lang as string).toLowerCase()
  if (!/^[a-z]{2}$/.test(langValue)) return bad('value', 'lang must be a two-letter language code')
  const modeValue = absent(mode) ? 'reject' : (mode as string)
  if (modeValue !== 'accept' && modeValue !== 'reject') return bad('value', 'mode must be accept or reject')
  // mode_type goes with mode accept: 1 higher odds only, 2 lower only, 3 both (the default).
  const modeType = absent(mode_type) ? 3 : (mode_type as number)
  if (modeType !== 1 && modeType !== 2 && modeType !== 3) return bad('value', 'mode_type must be 1, 2 or 3')
  const url = absent(callback_url) ? '' : (callback_url as string).trim()
  if (url !== '' && !/^https?:\/\/[^\s]+$/i.test(url)) return bad('value', 'callback_url must be an http(s) URL')
  return {
    ok: true,
    input: {
      pointers,
      amount,
      multi: absent(multi) ? false : (multi as boolean),
      mode: modeValue,
      modeType,
      lang: langValue,
      callbackUrl: url,
      currency: absent(currency) ? null : (currency as string),
    },
  }
}

/** Legacy list window: no dates → last 24 h; only start → 24 h after; only end → 24 h before; both → positive ≤ 24 h. */
export const DAY_MS = 24 * 60 * 60 * 1000

export function parseMs(value: string | null): number | null | 'bad' {
  if (value === null || value === '') return null
  if (!/^\d{1,15}$/.test(value)) return 'bad'
  return Number(value)
}

export function legacyWindow(now: number, startRaw: string | null, endRaw: string | null): { start: number; end: number } | null {
  const start = parseMs(startRaw)
  const end = parseMs(endRaw)
  if (start === 'bad' || end === 'bad') return null
  if (start === null && end === null) return { start: now - DAY_MS, end: now }
  if (start !== null && end === null) return { start, end: start + DAY_MS }
  if (start === null && end !== null) return { start: end - DAY_MS, end }
  const s = start as number
  const e = end as number
  if (e <= s || e - s > DAY_MS) return null
  return { start: s, end: e }
}

/** `time` window of `calculated`: default 5 minutes, ≤0 → 5, capped at 120; null for a non-integer. */
export function calculatedMinutes(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return 5
  if (!/^-?\d{1,9}$/.test(raw.trim())) return null
  const n = Number(raw.trim())
  if (n <= 0) return 5
  return Math.min(n, 120)
}
