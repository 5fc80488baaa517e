/**
 * Plain-Node wiring of profiles + vault inside one data directory (CLI, web bridge, tests):
 *   <dataDir>/profiles.json  profiles and the active id (no secrets)
 *   <dataDir>/vault.json     encrypted secrets per profile
 *   <dataDir>/vault.key      the AES-256-GCM key (0600); see vault/cipher.ts for what it protects
 */
import { join } from 'node:path'
import type { Clock } from '../shared/clock.js'
import type { Redactor } from '../shared/redact.js'
import { createNodeCipher, createSecretVault, type SecretCipher, type SecretVault } from '../vault/index.js'
import { createProfileService, type ProfileService } from './service.js'
import { ensurePrivateDir } from '../shared/private-files.js'
import { createConfStorage, type ProfileStorage } from './storage.js'

export interface NodeProfileStore {
  dataDir: string
  profiles: ProfileService
  vault: SecretVault
  cipher: SecretCipher
  profileStorage: ProfileStorage
  vaultStorage: ProfileStorage
}

export interface OpenProfileStoreOptions {
  dataDir: string
  /** Defaults to the key-file cipher in the data directory. */
  cipher?: SecretCipher
  redactor?: Redactor
  clock?: Clock
}

export function openProfileStore(options: OpenProfileStoreOptions): NodeProfileStore {
  ensurePrivateDir(options.dataDir)
  const cipher = options.cipher ?? createNodeCipher({ keyFile: join(options.dataDir, 'vault.key') })
  const profileStorage = createConfStorage({ cwd: options.dataDir, name: 'profiles' })
  const vaultStorage = createConfStorage({ cwd: options.dataDir, name: 'vault' })
  const vault = createSecretVault({ cipher, storage: vaultStorage, redactor: options.redactor, clock: options.clock })
  const profiles = createProfileService({ storage: profileStorage, vault, clock: options.clock })
  return { dataDir: options.dataDir, profiles, vault, cipher, profileStorage, vaultStorage }
}
