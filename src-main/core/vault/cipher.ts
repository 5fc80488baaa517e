/**
 * The `SecretCipher` port and its two plain-Node implementations.
 *
 * - `createNodeCipher({ keyFile })`: AES-256-GCM with a random 256-bit key kept in a 0600 file in
 *   the data directory. It protects the secret store against casual disclosure (a copied or
 *   shared store file, a screenshot of it, a backup without the key file). It does NOT protect
 *   against a local attacker running as the same user, who can read the key file too; that is
 *   what the Electron `safeStorage` adapter (OS keychain) is for, and why `secure` is false here.
 * - `createTestCipher()`: same algorithm with an in-memory key, for tests.
 *
 * Blob format (base64): version byte 1 | 12-byte IV | 16-byte GCM tag | ciphertext.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, statSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import { DeskError } from '../shared/errors.js'

export interface SecretCipher {
  /** Name of the mechanism, e.g. `aes-256-gcm-keyfile`, `safeStorage:gnome_libsecret`, `safeStorage:basic_text`. */
  readonly backend: string
  /** True only when the key is held by the OS (keychain / DPAPI / libsecret). */
  readonly secure: boolean
  /** Plain text → base64 blob. */
  encrypt(plain: string): string
  /** Base64 blob → plain text; throws DeskError `vault_decrypt` on a wrong key or a damaged blob. */
  decrypt(blob: string): string
}

const VERSION = 1
const IV_BYTES = 12
const TAG_BYTES = 16
const KEY_BYTES = 32

function aesCipher(key: Buffer, backend: string): SecretCipher {
  if (key.length !== KEY_BYTES) throw new DeskError('vault_key', `Vault key must be ${KEY_BYTES} bytes`)
  return {
    backend,
    secure: false,
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]).toString('base64')
    },
    decrypt(blob) {
      const raw = Buffer.from(blob, 'base64')
      if (raw.length < 1 + IV_BYTES + TAG_BYTES || raw[0] !== VERSION) {
        throw new DeskError('vault_decrypt', 'Stored secret is damaged or has an unknown format')
      }
      const iv = raw.subarray(1, 1 + IV_BYTES)
      const tag = raw.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES)
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv)
        decipher.setAuthTag(tag)
        return Buffer.concat([decipher.update(raw.subarray(1 + IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8')
      } catch (cause) {
        throw new DeskError('vault_decrypt', 'Stored secret cannot be decrypted (wrong key file or damaged store)', { cause })
      }
    },
  }
}

export interface NodeCipherOptions {
  /** Path of the key file; created (0600, parent 0700) with a fresh random key when missing. */
  keyFile: string
}

/** Reads or creates the key file. A key file that is not exactly 32 bytes (hex) is refused, never overwritten. */
export function loadOrCreateKey(keyFile: string): Buffer {
  if (!existsSync(keyFile)) {
    mkdirSync(dirname(keyFile), { recursive: true, mode: 0o700 })
    const key = randomBytes(KEY_BYTES)
    try {
      // `wx`: never clobber a key another process created a moment ago.
      const fd = openSync(keyFile, 'wx', 0o600)
      try {
        writeSync(fd, key.toString('hex') + '\n')
      } finally {
        closeSync(fd)
      }
      return key
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new DeskError('vault_key', `Cannot create the vault key file: ${(error as Error).message}`, { cause: error })
    }
  }
  const text = readFileSync(keyFile, 'utf8').trim()
  if (!/^[0-9a-f]{64}$/i.test(text)) throw new DeskError('vault_key', `Vault key file ${keyFile} is damaged (expected 64 hex characters); secrets stored with it cannot be read`)
  try {
    // Tighten permissions a user may have loosened by copying the data directory.
    if ((statSync(keyFile).mode & 0o077) !== 0) chmodSync(keyFile, 0o600)
  } catch {
    // Filesystems without modes: nothing to do.
  }
  return Buffer.from(text, 'hex')
}

export function createNodeCipher(options: NodeCipherOptions): SecretCipher {
  return aesCipher(loadOrCreateKey(options.keyFile), 'aes-256-gcm-keyfile')
}

/** In-memory key (random unless given); for tests only. */
export function createTestCipher(key: Buffer = randomBytes(KEY_BYTES)): SecretCipher {
  return aesCipher(key, 'test')
}
