import { safeStorage } from 'electron'
import { createSafeStorageCipher, type SecretCipher } from '../core/vault/index.js'

/**
 * The app's SecretCipher: Electron's safeStorage (Keychain, DPAPI, libsecret/kwallet), through the
 * core adapter. When the OS offers no keyring (Linux `basic_text`) we say so loudly and hand the
 * vault a cipher that refuses to encrypt, so secrets are kept for this session only, never on disk.
 */
export function createAppCipher(log: (message: string) => void): SecretCipher {
  try {
    return createSafeStorageCipher(safeStorage)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    log(`WARNING: ${reason} Secrets will be kept for this session only.`)
    const refuse = (): never => {
      throw new Error('OS secret storage is unavailable')
    }
    return { backend: 'none', secure: false, encrypt: refuse, decrypt: refuse }
  }
}
