import { safeStorage } from 'electron'
import type { SecretCipher } from '../core/vault/index.js'

/**
 * SecretCipher on Electron's safeStorage (Keychain, DPAPI, libsecret/kwallet). On Linux without a
 * keyring safeStorage falls back to `basic_text`, a hard-coded key: we refuse to treat that as
 * secure and say so loudly, and secrets are then kept for this session only (see the vault).
 */
export function createSafeStorageCipher(log: (message: string) => void): SecretCipher {
  const backend = process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : 'os'
  const secure = safeStorage.isEncryptionAvailable() && backend !== 'basic_text' && backend !== 'unknown'
  if (!secure) {
    log(`WARNING: OS secret storage unavailable (backend ${backend}); secrets will not be persisted to disk.`)
  }
  return {
    backend,
    secure,
    encrypt(plain: string): string {
      if (!secure) throw new Error('Secure storage is not available on this system')
      return safeStorage.encryptString(plain).toString('base64')
    },
    decrypt(blob: string): string {
      if (!secure) throw new Error('Secure storage is not available on this system')
      return safeStorage.decryptString(Buffer.from(blob, 'base64'))
    },
  }
}
