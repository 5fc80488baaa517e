import { describe, expect, it } from 'vitest'
import { createSafeStorageCipher, insecureCipherWarning, type SafeStorageLike } from '../../../src-main/core/vault/safe-storage.js'
import { createTestCipher } from '../../../src-main/core/vault/cipher.js'

// A stand-in for Electron's safeStorage (the real one needs the Electron binary).
const fake = (backend: string | undefined, available = true): SafeStorageLike => ({
  isEncryptionAvailable: () => available,
  encryptString: (plain) => Buffer.from([...Buffer.from(plain, 'utf8')].map((b) => b ^ 0x5a)),
  decryptString: (buf) => {
    if (buf.length === 0) throw new Error('bad')
    return Buffer.from([...buf].map((b) => b ^ 0x5a)).toString('utf8')
  },
  ...(backend ? { getSelectedStorageBackend: () => backend } : {}),
})

describe('safeStorage cipher', () => {
  it('round-trips through the OS API with a keyring backend', () => {
    const cipher = createSafeStorageCipher(fake('gnome_libsecret'), { platform: 'linux' })
    expect(cipher).toMatchObject({ backend: 'safeStorage:gnome_libsecret', secure: true })
    expect(cipher.decrypt(cipher.encrypt('pw-✓'))).toBe('pw-✓')
    expect(() => cipher.decrypt('')).toThrow(/cannot be decrypted/)
    expect(createSafeStorageCipher(fake(undefined), { platform: 'darwin' }).backend).toBe('safeStorage:keychain')
  })

  it('refuses Linux basic_text unless explicitly allowed, then reports insecure', () => {
    expect(() => createSafeStorageCipher(fake('basic_text'), { platform: 'linux' })).toThrow(/basic_text/)
    expect(() => createSafeStorageCipher(fake(undefined), { platform: 'linux' })).toThrow(/unknown/)
    const allowed = createSafeStorageCipher(fake('basic_text'), { platform: 'linux', allowInsecure: true })
    expect(allowed.secure).toBe(false)
    expect(insecureCipherWarning(allowed)).toMatch(/does not use the OS keyring/)
    expect(insecureCipherWarning(createTestCipher())).not.toBeNull()
  })

  it('refuses when encryption is unavailable', () => {
    expect(() => createSafeStorageCipher(fake('kwallet5', false), { platform: 'linux' })).toThrow(/unavailable/)
  })
})
