/**
 * Encrypted secrets per profile id and kind. Only ciphertext reaches the storage; `status` answers
 * "set / not set" and never a value; every value set or read is registered with the redactor so it
 * is masked in every log line from then on.
 */
import { DeskError } from '../shared/errors.js'
import { defaultRedactor, type Redactor } from '../shared/redact.js'
import type { ProfileStorage } from '../profiles/storage.js'
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
}
type StoredSecrets = Record<string, Partial<Record<VaultKind, StoredSecret>>>

export interface SecretVault {
  readonly backend: string
  readonly secure: boolean
  set(profileId: string, kind: VaultKind, value: string): void
  /** The plain value, or null when not set. Throws `vault_decrypt` when the stored blob cannot be read. */
  get(profileId: string, kind: VaultKind): string | null
  /** Clears one kind, or every secret of the profile when `kind` is omitted. */
  clear(profileId: string, kind?: VaultKind): void
  has(profileId: string, kind: VaultKind): boolean
  /** Which kinds are stored; never the values. */
  status(profileId: string): Record<VaultKind, boolean>
}

export interface SecretVaultOptions {
  cipher: SecretCipher
  storage: ProfileStorage
  redactor?: Redactor
  /** Storage key holding the encrypted map. Default `secrets`. */
  key?: string
  clock?: { now(): number }
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

  return {
    backend: cipher.backend,
    secure: cipher.secure,
    set(profileId, kind, value) {
      assertProfileId(profileId)
      assertKind(kind)
      if (typeof value !== 'string' || value.length === 0) throw new DeskError('validation', 'A secret cannot be empty')
      if (value.length > MAX_SECRET_LENGTH) throw new DeskError('validation', 'Secret is too long')
      redactor.register(value)
      const all = load()
      const profileSecrets = { ...(all[profileId] ?? {}) }
      profileSecrets[kind] = { backend: cipher.backend, blob: cipher.encrypt(value), updatedAt: now() }
      storage.set(key, { ...all, [profileId]: profileSecrets })
      // A replaced value stays registered: it may still sit in requests or lines in flight.
    },
    get(profileId, kind) {
      assertKind(kind)
      const entry = entryOf(load(), profileId, kind)
      if (!entry) return null
      if (entry.backend !== cipher.backend) {
        throw new DeskError('vault_decrypt', `Secret "${kind}" was stored with "${entry.backend}" and cannot be read with "${cipher.backend}"; enter it again`)
      }
      const value = cipher.decrypt(entry.blob)
      redactor.register(value)
      return value
    },
    clear(profileId, kind) {
      if (kind !== undefined) assertKind(kind)
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
    },
    has(profileId, kind) {
      assertKind(kind)
      return entryOf(load(), profileId, kind) !== undefined
    },
    status(profileId) {
      const all = load()
      return Object.fromEntries(VAULT_KINDS.map((kind) => [kind, entryOf(all, profileId, kind) !== undefined])) as Record<VaultKind, boolean>
    },
  }
}
