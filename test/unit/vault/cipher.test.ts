import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, chmodSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createNodeCipher, createTestCipher } from '../../../src-main/core/vault/cipher.js'
import { DeskError } from '../../../src-main/core/shared/errors.js'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'desk-cipher-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('node cipher (AES-256-GCM, key file)', () => {
  it('round-trips text and never emits the plain text', () => {
    const cipher = createNodeCipher({ keyFile: join(tempDir(), 'vault.key') })
    const blob = cipher.encrypt('s3cret-Päss-✓')
    expect(blob).not.toContain('s3cret')
    expect(Buffer.from(blob, 'base64').toString('latin1')).not.toContain('s3cret')
    expect(cipher.decrypt(blob)).toBe('s3cret-Päss-✓')
    expect(cipher.backend).toBe('aes-256-gcm-keyfile')
    expect(cipher.secure).toBe(false)
  })

  it('uses a fresh IV per encryption', () => {
    const cipher = createTestCipher()
    expect(cipher.encrypt('same')).not.toBe(cipher.encrypt('same'))
  })

  it('creates the key file 0600 and reuses it across instances', () => {
    const keyFile = join(tempDir(), 'nested', 'vault.key')
    const first = createNodeCipher({ keyFile })
    expect(statSync(keyFile).mode & 0o777).toBe(0o600)
    const blob = first.encrypt('value')
    expect(createNodeCipher({ keyFile }).decrypt(blob)).toBe('value')
    expect(readFileSync(keyFile, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/)
  })

  it('tightens a loosened key file mode', () => {
    const keyFile = join(tempDir(), 'vault.key')
    createNodeCipher({ keyFile })
    chmodSync(keyFile, 0o644)
    createNodeCipher({ keyFile })
    expect(statSync(keyFile).mode & 0o777).toBe(0o600)
  })

  it('refuses a damaged key file instead of overwriting it', () => {
    const keyFile = join(tempDir(), 'vault.key')
    writeFileSync(keyFile, 'not a key')
    expect(() => createNodeCipher({ keyFile })).toThrow(/damaged/)
    expect(readFileSync(keyFile, 'utf8')).toBe('not a key')
  })

  it('fails clearly with another key or a tampered blob', () => {
    const a = createTestCipher()
    const b = createTestCipher()
    const blob = a.encrypt('value')
    expect(() => b.decrypt(blob)).toThrow(DeskError)
    const raw = Buffer.from(blob, 'base64')
    raw[raw.length - 1] ^= 0x01
    expect(() => a.decrypt(raw.toString('base64'))).toThrow(/cannot be decrypted/)
    expect(() => a.decrypt('AAAA')).toThrow(/damaged/)
  })
})
