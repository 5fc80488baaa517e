/**
 * `SecretCipher` over Electron's `safeStorage`, typed structurally so core never imports electron:
 * the Electron side passes `safeStorage` itself (src-main/electron/secrets.ts).
 *
 * Linux without a keyring makes safeStorage fall back to `basic_text`: a hard-coded key, i.e.
 * obfuscation, not encryption. That backend is refused unless the caller explicitly allows it,
 * and even then `secure` is false so the UI can warn.
 */
import { DeskError } from '../shared/errors.js'
import type { SecretCipher } from './cipher.js'

export interface SafeStorageLike {
  isEncryptionAvailable(): boolean
  encryptString(plain: string): Buffer
  decryptString(encrypted: Buffer): string
  /** Linux only in Electron: `basic_text`, `gnome_libsecret`, `kwallet`, `kwallet5`, `kwallet6`, `unknown`. */
  getSelectedStorageBackend?(): string
}

export interface SafeStorageCipherOptions {
  /** Accept Linux's `basic_text` (and `unknown`) backend anyway. Default false (refuse). */
  allowInsecure?: boolean
  platform?: NodeJS.Platform
}

const INSECURE_BACKENDS = new Set(['basic_text', 'unknown'])

export function createSafeStorageCipher(api: SafeStorageLike, options: SafeStorageCipherOptions = {}): SecretCipher {
  const platform = options.platform ?? process.platform
  if (!api.isEncryptionAvailable()) throw new DeskError('vault_unavailable', 'The operating system offers no secret encryption (safeStorage unavailable)')
  const selected = platform === 'linux' ? (api.getSelectedStorageBackend?.() ?? 'unknown') : platform === 'darwin' ? 'keychain' : platform === 'win32' ? 'dpapi' : platform
  const secure = !INSECURE_BACKENDS.has(selected)
  if (!secure && !options.allowInsecure) {
    throw new DeskError(
      'vault_insecure',
      `safeStorage uses the "${selected}" backend (no keyring): secrets would only be obfuscated with a fixed key. Install/unlock a keyring (gnome-keyring, KWallet) or start with the key-file vault explicitly.`,
    )
  }
  return {
    backend: `safeStorage:${selected}`,
    secure,
    encrypt: (plain) => api.encryptString(plain).toString('base64'),
    decrypt(blob) {
      try {
        return api.decryptString(Buffer.from(blob, 'base64'))
      } catch (cause) {
        throw new DeskError('vault_decrypt', 'Stored secret cannot be decrypted by the OS keyring (another user, machine or keyring?)', { cause })
      }
    },
  }
}

/** A one-line warning for an insecure cipher (null when it is keyring-backed). */
export function insecureCipherWarning(cipher: Pick<SecretCipher, 'backend' | 'secure'>): string | null {
  if (cipher.secure) return null
  return `Secrets are protected by "${cipher.backend}", which does not use the OS keyring: anyone able to read this user's files can read them.`
}
