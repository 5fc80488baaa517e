/**
 * Encrypted secrets per profile id and kind. Only ciphertext reaches the storage; `status` answers
 * "set / not set" and never a value; every value set or read is registered with the redactor so it
 * is masked in every log line from then on.
 */
import { DeskError } from '../shared/errors.js'
import { defaultRedactor, type Redactor } from '../shared/redact.js'
import type { SecretCipher } from './cipher.js'

export const SECRET_KINDS = ['password', 'feedApiKey', 'callbackSecret'] as const
export const VAULT_KINDS = ['password', 'feedApiKey', 'callbackSecret', 'jwt'] as const
/** The contract's three secrets, plus a cached client JWT. */
export type VaultKind = (typeof VAULT_KINDS)[number]

export const MAX_SECRET_LENGTH = 16_384

interface StoredSecret {
  /** Which cipher wrote it (a blob from another backend cannot be decrypted). */
  backend: string
  blob: string
  updatedAt: number
  /** The origin the secret was entered for; a secret is only handed out for that origin. */
  origin?: string
}
type StoredSecrets = Record<string, Partial<Record<VaultKind, StoredSecret>>>

export interface SecretVault {
  readonly backend: string
  readonly secure: boolean
  /** `origin`: the service origin the value was entered for (it is only handed out for that origin). */
  set(profileId: string, kind: VaultKind, value: string, origin?: string): void
  /**
   * The plain value, or null when not set or (with `origin`) when it was entered for another origin.
   * Throws `vault_decrypt` when the stored blob cannot be read.
   */
  get(profileId: string, kind: VaultKind, origin?: string): string | null
  /** Clears one kind, or every secret of the profile when `kind` is omitted. */
  clear(profileId: string, kind?: VaultKind): void
  has(profileId: string, kind: VaultKind, origin?: string): boolean
  /** Which kinds are stored (with `origins`: stored for that kind's origin); never the values. */
  status(profileId: string, origins?: Partial<Record<VaultKind, string>>): Record<VaultKind, boolean>
  /** True when the secret is held in memory only (the cipher refused to encrypt, e.g. no OS keyring). */
  isSessionOnly(profileId: string, kind: VaultKind): boolean
}

/**
 * Where the vault keeps its encrypted map: the key/value port that profiles' storage implements
 * (declared here so profiles depend on the vault and never the other way round).
 */
export interface VaultStorage {
  get(key: string): unknown
  set(key: string, value: unknown): void
}

export interface SecretVaultOptions {
  cipher: SecretCipher
  storage: VaultStorage
  redactor?: Redactor
  /** Storage key holding the encrypted map. Default `secrets`. */
  key?: string
  clock?: { now(): number }
  /** Called when the cipher refuses to encrypt and a secret is kept for this session only. */
  onSessionOnly?: (profileId: string, kind: VaultKind, error: unknown) => void
}

function assertKind(kind: string): asserts kind is VaultKind {
  if (!(VAULT_KINDS as readonly string[]).includes(kind)) throw new DeskError('validation', `Unknown secret kind: ${kind}`)
}

function assertProfileId(profileId: string): void {
  if (typeof profileId !== 'string' || profileId.length === 0 || profileId.length > 200) throw new DeskError('validation', 'Invalid profile id')
}

export function createSecretVault(options: SecretVaultOptions): SecretVault {
  const { cipher, storage } = options
  const redactor = options.redactor ?? defaultRedactor
  const key = options.key ?? 'secrets'
  const now = () => (options.clock ?? Date).now()
  const load = (): StoredSecrets => {
    const raw = storage.get(key)
    return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as StoredSecrets) : {}
  }
  const entryOf = (all: StoredSecrets, profileId: string, kind: VaultKind): StoredSecret | undefined => {
    const entry = Object.prototype.hasOwnProperty.call(all, profileId) ? all[profileId]?.[kind] : undefined
    return entry && typeof entry.blob === 'string' ? entry : undefined
  }

  /**
   * Secrets the cipher would not encrypt (an insecure backend that refuses): kept in memory for
   * this process only, never written in clear.
   */
  const session = new Map<string, { value: string; origin?: string }>()
  /** Entries stored before origins were recorded (no `origin`) are accepted for any origin. */
  const bound = (entryOrigin: string | undefined, wanted: string | undefined) => wanted === undefined || entryOrigin === undefined || entryOrigin === wanted
  const sessionKey = (profileId: string, kind: VaultKind) => `${profileId}\u0000${kind}`
  const isHeld = (all: StoredSecrets, profileId: string, kind: VaultKind, origin: string | undefined): boolean => {
    const held = session.get(sessionKey(profileId, kind))
    if (held !== undefined) return bound(held.origin, origin)
    const entry = entryOf(all, profileId, kind)
    return entry !== undefined && bound(entry.origin, origin)
  }
  const removeStored = (profileId: string, kind?: VaultKind): void => {
    const all = load()
    if (!Object.prototype.hasOwnProperty.call(all, profileId)) return
    const next = { ...all }
    if (kind === undefined) delete next[profileId]
    else {
      const rest = { ...(next[profileId] ?? {}) }
      delete rest[kind]
      if (Object.keys(rest).length === 0) delete next[profileId]
      else next[profileId] = rest
    }
    storage.set(key, next)
  }

  return {
    backend: cipher.backend,
    secure: cipher.secure,
    set(profileId, kind, value, origin) {
      assertProfileId(profileId)
      assertKind(kind)
      if (typeof value !== 'string' || value.length === 0) throw new DeskError('validation', 'A secret cannot be empty')
      if (value.length > MAX_SECRET_LENGTH) throw new DeskError('validation', 'Secret is too long')
      redactor.register(value)
      let blob: string
      try {
        blob = cipher.encrypt(value)
      } catch (error) {
        session.set(sessionKey(profileId, kind), { value, origin })
        removeStored(profileId, kind)
        options.onSessionOnly?.(profileId, kind, error)
        return
      }
      session.delete(sessionKey(profileId, kind))
      const all = load()
      const profileSecrets = { ...(all[profileId] ?? {}) }
      profileSecrets[kind] = { backend: cipher.backend, blob, updatedAt: now(), ...(origin === undefined ? {} : { origin }) }
      storage.set(key, { ...all, [profileId]: profileSecrets })
      // A replaced value stays registered: it may still sit in requests or lines in flight.
    },
    get(profileId, kind, origin) {
      assertKind(kind)
      const held = session.get(sessionKey(profileId, kind))
      if (held !== undefined) return bound(held.origin, origin) ? held.value : null
      const entry = entryOf(load(), profileId, kind)
      if (!entry || !bound(entry.origin, origin)) return null
      if (entry.backend !== cipher.backend) {
        throw new DeskError('vault_decrypt', `Secret "${kind}" was stored with "${entry.backend}" and cannot be read with "${cipher.backend}"; enter it again`)
      }
      const value = cipher.decrypt(entry.blob)
      redactor.register(value)
      return value
    },
    clear(profileId, kind) {
      if (kind !== undefined) assertKind(kind)
      for (const k of kind === undefined ? VAULT_KINDS : [kind]) session.delete(sessionKey(profileId, k))
      removeStored(profileId, kind)
    },
    has(profileId, kind, origin) {
      assertKind(kind)
      return isHeld(load(), profileId, kind, origin)
    },
    status(profileId, origins = {}) {
      const all = load()
      return Object.fromEntries(VAULT_KINDS.map((kind) => [kind, isHeld(all, profileId, kind, origins[kind])])) as Record<VaultKind, boolean>
    },
    isSessionOnly: (profileId, kind) => session.has(sessionKey(profileId, kind)),
  }
}
