/**
 * Profiles: the list of environments the operator works with, which one is active, and (through
 * the vault) which secrets each holds. Demo exists and is active on first start.
 */
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { ProfileDto, SecretKind } from '../../../src-shared/contract.js'
import type { Clock } from '../shared/clock.js'
import { systemClock } from '../shared/clock.js'
import { DeskError } from '../shared/errors.js'
import { SECRET_KINDS, VAULT_KINDS, type SecretVault, type VaultKind } from '../vault/index.js'
import { DEMO_PROFILE_ID, DEMO_SECRETS, demoProfile, profileSchema, validateProfileInput, type Profile, type ProfileInput } from './schema.js'
import type { ProfileStorage } from './storage.js'
import { createWatchlists, type Watchlists } from './watchlist.js'

export const PROFILES_KEY = 'profiles'

/** What a demo profile's empty URLs stand for: the embedded simulator. */
const EMBEDDED_ORIGIN = 'embedded:'

/**
 * The origin a secret of `kind` is sent to (or, for the callback secret, comes from): the coupon
 * service for the password, its token and the callback signing secret; the feed for its key.
 */
export function secretOrigin(profile: Pick<Profile, 'couponBaseUrl' | 'feedApiUrl'>, kind: VaultKind): string {
  const url = kind === 'feedApiKey' ? profile.feedApiUrl : profile.couponBaseUrl
  if (url === '') return EMBEDDED_ORIGIN
  try {
    return new URL(url).origin
  } catch {
    return `invalid:${url}`
  }
}

const originsOf = (profile: Profile) => Object.fromEntries(VAULT_KINDS.map((kind) => [kind, secretOrigin(profile, kind)])) as Record<VaultKind, string>
export const ACTIVE_KEY = 'activeProfileId'
/** Favourite market types per profile id (kept beside the profiles, never inside a profile entry). */
export const FAVOURITES_KEY = 'marketFavourites'
/** More than an operator can star by hand; bounds what one file holds. */
export const MAX_MARKET_FAVOURITES = 500
const favouriteIdsSchema = z.array(z.number().int().nonnegative()).max(MAX_MARKET_FAVOURITES)

export interface ProfileService {
  list(): Profile[]
  active(): Profile
  activeId(): string
  /** Throws `profile_not_found`. */
  get(id: string): Profile
  /** By id, or by name (case-insensitive); undefined when neither matches. */
  find(nameOrId: string): Profile | undefined
  select(id: string): Profile
  /**
   * Creates (no id) or replaces (existing id). Validates; names are unique (case-insensitive).
   * A secret whose service moves to another origin is forgotten (it must be entered again).
   */
  save(input: ProfileInput): Profile
  /** Refuses to remove the last profile; removing the active one selects Demo (or the first left). */
  remove(id: string): { activeId: string }
  setSecret(id: string, kind: SecretKind, value: string): Profile
  clearSecret(id: string, kind: SecretKind): Profile
  /**
   * The value for use by clients (never for the renderer): the vault's, else for a demo
   * environment the simulator's public demo value, else null.
   */
  secret(id: string, kind: VaultKind): string | null
  /** The profile's favourite market types (`group_id`), in the order starred; [] when none (or unreadable). */
  marketFavourites(id: string): number[]
  /** Stars or unstars one market type of a profile; returns the list after the change. */
  setMarketFavourite(id: string, groupId: number, favourite: boolean): number[]
  toDto(profile: Profile): ProfileDto
  listDto(): { activeId: string; profiles: ProfileDto[] }
  /** Stored entries that failed validation (kept untouched in storage, not listed). */
  problems(): string[]
  readonly vault: SecretVault
  /** Matches pinned per profile (kept in the same storage; a removed profile's go with it). */
  readonly watchlists: Watchlists
}

export interface ProfileServiceOptions {
  storage: ProfileStorage
  vault: SecretVault
  clock?: Clock
  newId?: () => string
}

interface Loaded {
  profiles: Profile[]
  /** Entries that failed validation, kept so a save never loses them. */
  invalid: unknown[]
  problems: string[]
}

export function createProfileService(options: ProfileServiceOptions): ProfileService {
  const { storage, vault } = options
  const clock = options.clock ?? systemClock
  const newId = options.newId ?? (() => randomUUID())
  const watchlists = createWatchlists({ storage, clock })

  const load = (): Loaded => {
    const raw = storage.get(PROFILES_KEY)
    const loaded: Loaded = { profiles: [], invalid: [], problems: [] }
    if (!Array.isArray(raw)) return loaded
    raw.forEach((entry, index) => {
      const parsed = profileSchema.safeParse(entry)
      if (parsed.success && !loaded.profiles.some((p) => p.id === parsed.data.id)) loaded.profiles.push(parsed.data)
      else {
        loaded.invalid.push(entry)
        loaded.problems.push(`profiles[${index}]: ${parsed.success ? 'duplicate id' : parsed.error.issues[0]?.message ?? 'invalid'}`)
      }
    })
    return loaded
  }

  const write = (loaded: Loaded, activeId?: string): void => {
    storage.set(PROFILES_KEY, [...loaded.profiles, ...loaded.invalid])
    if (activeId !== undefined) storage.set(ACTIVE_KEY, activeId)
  }

  /** First start (or nothing usable stored): Demo exists and is active. */
  const ensure = (): Loaded => {
    const loaded = load()
    if (loaded.profiles.length === 0) {
      loaded.profiles.push(demoProfile(clock.now()))
      write(loaded, DEMO_PROFILE_ID)
    }
    return loaded
  }

  const fallbackId = (profiles: Profile[]): string => (profiles.some((p) => p.id === DEMO_PROFILE_ID) ? DEMO_PROFILE_ID : profiles[0]!.id)

  const activeIdOf = (loaded: Loaded): string => {
    const stored = storage.get(ACTIVE_KEY)
    if (typeof stored === 'string' && loaded.profiles.some((p) => p.id === stored)) return stored
    const id = fallbackId(loaded.profiles)
    storage.set(ACTIVE_KEY, id)
    return id
  }

  const getFrom = (loaded: Loaded, id: string): Profile => {
    const profile = loaded.profiles.find((p) => p.id === id)
    if (!profile) throw new DeskError('profile_not_found', `No profile with id "${id}"`)
    return profile
  }

  const secret = (id: string, kind: VaultKind): string | null => {
    const profile = getFrom(ensure(), id)
    // Only a value entered for the profile's current origin is handed out.
    const stored = vault.get(id, kind, secretOrigin(profile, kind))
    if (stored !== null) return stored
    if (profile.environment === 'demo' && kind !== 'jwt') return DEMO_SECRETS[kind]
    return null
  }

  /** A damaged profile's entry reads as none (favourites are a convenience); the other profiles' stay. */
  const allFavourites = (): Record<string, number[]> => {
    const raw = storage.get(FAVOURITES_KEY)
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return {}
    const out: Record<string, number[]> = {}
    for (const [id, ids] of Object.entries(raw)) {
      const parsed = favouriteIdsSchema.safeParse(ids)
      if (parsed.success) out[id] = parsed.data
    }
    return out
  }

  const toDto = (profile: Profile): ProfileDto => {
    const status = vault.status(profile.id, originsOf(profile))
    const demo = profile.environment === 'demo'
    const secrets = Object.fromEntries(SECRET_KINDS.map((kind) => [kind, status[kind] || demo])) as Record<SecretKind, boolean>
    const { createdAt: _createdAt, ...rest } = profile
    return { ...rest, listener: { ...profile.listener }, secrets }
  }

  const service: ProfileService = {
    vault,
    watchlists,
    list: () => ensure().profiles,
    activeId: () => activeIdOf(ensure()),
    active() {
      const loaded = ensure()
      return getFrom(loaded, activeIdOf(loaded))
    },
    get: (id) => getFrom(ensure(), id),
    find(nameOrId) {
      const profiles = ensure().profiles
      const wanted = nameOrId.trim().toLowerCase()
      return profiles.find((p) => p.id === nameOrId) ?? profiles.find((p) => p.name.toLowerCase() === wanted)
    },
    select(id) {
      const loaded = ensure()
      const profile = getFrom(loaded, id)
      storage.set(ACTIVE_KEY, profile.id)
      return profile
    },
    save(input) {
      const value = validateProfileInput(input)
      const loaded = ensure()
      const { id: requestedId, ...fields } = value
      const existing = requestedId === undefined ? undefined : loaded.profiles.find((p) => p.id === requestedId)
      if (requestedId !== undefined && !existing) throw new DeskError('profile_not_found', `No profile with id "${requestedId}"`)
      const clash = loaded.profiles.find((p) => p.id !== requestedId && p.name.trim().toLowerCase() === fields.name.trim().toLowerCase())
      if (clash) throw new DeskError('validation', `A profile named "${clash.name}" already exists`)
      const profile: Profile = profileSchema.parse({ ...fields, id: existing?.id ?? newId(), createdAt: existing?.createdAt ?? clock.now() })
      loaded.profiles = existing ? loaded.profiles.map((p) => (p.id === profile.id ? profile : p)) : [...loaded.profiles, profile]
      write(loaded)
      if (existing) {
        for (const kind of VAULT_KINDS) if (secretOrigin(existing, kind) !== secretOrigin(profile, kind)) vault.clear(profile.id, kind)
      }
      return profile
    },
    remove(id) {
      const loaded = ensure()
      getFrom(loaded, id)
      if (loaded.profiles.length <= 1) throw new DeskError('validation', 'The last profile cannot be removed')
      const wasActive = activeIdOf(loaded) === id
      loaded.profiles = loaded.profiles.filter((p) => p.id !== id)
      const activeId = wasActive ? fallbackId(loaded.profiles) : activeIdOf(loaded)
      write(loaded, activeId)
      vault.clear(id)
      watchlists.clear(id)
      const favourites = allFavourites()
      if (id in favourites) {
        delete favourites[id]
        storage.set(FAVOURITES_KEY, favourites)
      }
      return { activeId }
    },
    setSecret(id, kind, value) {
      const profile = getFrom(ensure(), id)
      if (!(SECRET_KINDS as readonly string[]).includes(kind)) throw new DeskError('validation', `Unknown secret kind: ${kind}`)
      vault.set(id, kind, value, secretOrigin(profile, kind))
      // A new password invalidates any cached token.
      if (kind === 'password') vault.clear(id, 'jwt')
      return profile
    },
    clearSecret(id, kind) {
      const profile = getFrom(ensure(), id)
      if (!(SECRET_KINDS as readonly string[]).includes(kind)) throw new DeskError('validation', `Unknown secret kind: ${kind}`)
      vault.clear(id, kind)
      if (kind === 'password') vault.clear(id, 'jwt')
      return profile
    },
    secret,
    marketFavourites(id) {
      getFrom(ensure(), id)
      return allFavourites()[id] ?? []
    },
    setMarketFavourite(id, groupId, favourite) {
      getFrom(ensure(), id)
      const all = allFavourites()
      const before = all[id] ?? []
      const after = favourite ? (before.includes(groupId) ? before : [...before, groupId]) : before.filter((g) => g !== groupId)
      if (after.length > MAX_MARKET_FAVOURITES) throw new DeskError('validation', `At most ${MAX_MARKET_FAVOURITES} favourite markets per profile`)
      if (after.length === 0) delete all[id]
      else all[id] = after
      storage.set(FAVOURITES_KEY, all)
      return after
    },
    toDto,
    listDto() {
      const loaded = ensure()
      return { activeId: activeIdOf(loaded), profiles: loaded.profiles.map(toDto) }
    },
    problems: () => load().problems,
  }
  return service
}
