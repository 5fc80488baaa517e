import { describe, expect, it } from 'vitest'
import { createSecretVault } from '../../../src-main/core/vault/vault.js'
import { createTestCipher } from '../../../src-main/core/vault/cipher.js'
import { createMemoryStorage } from '../../../src-main/core/profiles/storage.js'
import { createRedactor } from '../../../src-main/core/shared/redact.js'

const setup = () => {
  const storage = createMemoryStorage()
  const redactor = createRedactor()
  const cipher = createTestCipher()
  const vault = createSecretVault({ cipher, storage, redactor })
  return { storage, redactor, cipher, vault }
}

describe('secret vault', () => {
  it('stores per profile and kind, encrypted', () => {
    const { vault, storage } = setup()
    vault.set('p1', 'password', 'hunter2-pass')
    vault.set('p1', 'feedApiKey', 'key-123456')
    vault.set('p2', 'password', 'other-pass')
    expect(vault.get('p1', 'password')).toBe('hunter2-pass')
    expect(vault.get('p2', 'password')).toBe('other-pass')
    expect(vault.get('p2', 'feedApiKey')).toBeNull()
    const dump = JSON.stringify(storage.dump())
    for (const value of ['hunter2-pass', 'key-123456', 'other-pass']) expect(dump).not.toContain(value)
  })

  it('status says set / not set and never carries values', () => {
    const { vault } = setup()
    vault.set('p1', 'callbackSecret', 'cb-secret-value')
    vault.set('p1', 'jwt', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.sig')
    const status = vault.status('p1')
    expect(status).toEqual({ password: false, feedApiKey: false, callbackSecret: true, jwt: true })
    expect(JSON.stringify(status)).not.toContain('cb-secret-value')
    expect(vault.has('p1', 'callbackSecret')).toBe(true)
    expect(vault.status('unknown')).toEqual({ password: false, feedApiKey: false, callbackSecret: false, jwt: false })
  })

  it('clears one kind or every kind of a profile', () => {
    const { vault } = setup()
    vault.set('p1', 'password', 'pw-one')
    vault.set('p1', 'feedApiKey', 'fk-one')
    vault.clear('p1', 'password')
    expect(vault.has('p1', 'password')).toBe(false)
    expect(vault.has('p1', 'feedApiKey')).toBe(true)
    vault.clear('p1')
    expect(vault.status('p1').feedApiKey).toBe(false)
    vault.clear('nobody')
  })

  it('registers every value it sees with the redactor', () => {
    const { vault, redactor, storage, cipher } = setup()
    vault.set('p1', 'password', 'set-value-1')
    expect(redactor.redact('x set-value-1 y')).toBe('x *** y')
    // A second vault over the same storage only learns the value when it reads it.
    const otherRedactor = createRedactor()
    const other = createSecretVault({ cipher, storage, redactor: otherRedactor })
    expect(otherRedactor.redact('set-value-1')).toBe('set-value-1')
    other.get('p1', 'password')
    expect(otherRedactor.redact('set-value-1')).toBe('***')
  })

  it('rejects unknown kinds, empty values and reports a cipher mismatch', () => {
    const { vault, storage, redactor } = setup()
    expect(() => vault.set('p1', 'token' as never, 'x')).toThrow(/Unknown secret kind/)
    expect(() => vault.set('p1', 'password', '')).toThrow(/empty/)
    vault.set('p1', 'password', 'pw-value')
    const otherBackend = createSecretVault({ cipher: { ...createTestCipher(), backend: 'other' }, storage, redactor })
    expect(() => otherBackend.get('p1', 'password')).toThrow(/stored with "test"/)
    const wrongKey = createSecretVault({ cipher: createTestCipher(), storage, redactor })
    expect(() => wrongKey.get('p1', 'password')).toThrow(/cannot be decrypted/)
  })
})

describe('secret vault with a cipher that refuses to encrypt (no OS keyring)', () => {
  it('keeps the secret for this session only, never in storage, and says so', () => {
    const storage = createMemoryStorage()
    const refusing = { backend: 'basic_text', secure: false, encrypt: () => { throw new Error('no keyring') }, decrypt: () => { throw new Error('no keyring') } }
    const events: string[] = []
    const vault = createSecretVault({ cipher: refusing, storage, redactor: createRedactor(), onSessionOnly: (id, kind) => events.push(`${id}:${kind}`) })
    vault.set('p1', 'password', 'session-only-pw')
    expect(events).toEqual(['p1:password'])
    expect(vault.get('p1', 'password')).toBe('session-only-pw')
    expect(vault.status('p1').password).toBe(true)
    expect(vault.isSessionOnly('p1', 'password')).toBe(true)
    expect(JSON.stringify(storage.dump())).not.toContain('session-only-pw')
    vault.clear('p1')
    expect(vault.has('p1', 'password')).toBe(false)
  })
})
