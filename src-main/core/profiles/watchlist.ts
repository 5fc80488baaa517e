/**
 * The desk staff's watch list: matches pinned per profile, kept in the profiles' own storage (the
 * `watchlists` key: profile id → pins), so a restart keeps them and another profile has its own.
 * A stored pin that fails its check is left out of the list (and out of the next write).
 */
import { z } from 'zod'
import { inputs, pinMatch, pinRef, type PinDto } from '../../../src-shared/contract.js'
import { MAX_PINS } from '../../../src-shared/vocabulary/limits.js'
import type { Clock } from '../shared/clock.js'
import { systemClock } from '../shared/clock.js'
import { DeskError } from '../shared/errors.js'
import type { VaultStorage } from '../vault/index.js'

export const WATCHLISTS_KEY = 'watchlists'

/** A stored pin: the contract's pinned match and when it was pinned. */
export const pinSchema = pinMatch.extend({ pinnedAt: z.number().int().nonnegative() }).strict()
/** What `pin` takes: the contract's schema (main validates it at the boundary, the domain again for other callers). */
export const pinInputSchema = inputs.watchlist.pin
export const pinRefSchema = pinRef

export type PinInput = z.input<typeof pinInputSchema>
export type PinRef = z.input<typeof pinRefSchema>

export interface Watchlists {
  list(profileId: string): PinDto[]
  /** Adds (or refreshes) a pin; `replaces` takes the place of an earlier pin. Throws `validation` when full. */
  pin(profileId: string, input: PinInput): PinDto[]
  unpin(profileId: string, ref: PinRef): PinDto[]
  /** Forgets a profile's pins (the profile was removed). */
  clear(profileId: string): void
}

const same = (a: PinRef, b: PinRef) => a.lineType === b.lineType && a.gameId === b.gameId

function parse<T>(schema: z.ZodType<T>, input: unknown, what: string): T {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
  throw new DeskError('validation', `Invalid ${what}: ${where}${issue?.message ?? 'invalid input'}`)
}

export function createWatchlists(options: { storage: VaultStorage; clock?: Clock }): Watchlists {
  const { storage } = options
  const clock = options.clock ?? systemClock

  const all = (): Record<string, unknown> => {
    const raw = storage.get(WATCHLISTS_KEY)
    return raw && typeof raw === 'object' && !Array.isArray(raw) ? { ...(raw as Record<string, unknown>) } : {}
  }
  const read = (profileId: string): PinDto[] => {
    const raw = all()[profileId]
    if (!Array.isArray(raw)) return []
    const pins: PinDto[] = []
    for (const entry of raw) {
      const parsed = pinSchema.safeParse(entry)
      if (parsed.success && !pins.some((p) => same(p, parsed.data))) pins.push(parsed.data)
    }
    return pins.slice(0, MAX_PINS)
  }
  const write = (profileId: string, pins: PinDto[]): PinDto[] => {
    const next = all()
    if (pins.length === 0) delete next[profileId]
    else next[profileId] = pins
    storage.set(WATCHLISTS_KEY, next)
    return pins
  }

  return {
    list: read,
    pin(profileId, input) {
      const { replaces, ...match } = parse(pinInputSchema, input, 'pin')
      const pins = read(profileId)
      const old = (replaces ? pins.find((p) => same(p, replaces)) : undefined) ?? pins.find((p) => same(p, match))
      const pin: PinDto = { ...match, pinnedAt: old?.pinnedAt ?? clock.now() }
      // A followed pin keeps its place; a live id already pinned on its own is not listed twice.
      const rest = pins.filter((p) => !same(p, match) && !(replaces && same(p, replaces)))
      if (old) {
        const at = pins.indexOf(old)
        const before = pins.slice(0, at).filter((p) => rest.includes(p)).length
        return write(profileId, [...rest.slice(0, before), pin, ...rest.slice(before)])
      }
      if (pins.length >= MAX_PINS) throw new DeskError('validation', `The watch list holds at most ${MAX_PINS} matches`)
      return write(profileId, [...pins, pin])
    },
    unpin(profileId, ref) {
      const target = parse(pinRefSchema, ref, 'pin')
      const pins = read(profileId)
      const rest = pins.filter((p) => !same(p, target))
      return rest.length === pins.length ? pins : write(profileId, rest)
    },
    clear(profileId) {
      if (read(profileId).length > 0 || profileId in all()) write(profileId, [])
    },
  }
}
