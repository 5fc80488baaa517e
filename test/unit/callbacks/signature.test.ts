import { describe, expect, it } from 'vitest'
import { createHmac } from 'node:crypto'
import { signPayload, verifySignature } from '../../../src-main/core/callbacks/signature.js'

describe('callback signature', () => {
  it('matches the GitHub-style known vector', () => {
    const sig = signPayload("It's a Secret to Everybody", 'Hello, World!')
    expect(sig).toBe('sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17')
    expect(verifySignature("It's a Secret to Everybody", Buffer.from('Hello, World!'), sig)).toEqual({ ok: true })
  })

  it('signs the exact bytes (not a re-serialisation)', () => {
    const body = Buffer.from('{"a": 1}')
    const hex = createHmac('sha256', 's').update(body).digest('hex')
    expect(signPayload('s', body)).toBe(`sha256=${hex}`)
    expect(verifySignature('s', Buffer.from('{"a":1}'), `sha256=${hex}`).ok).toBe(false)
  })

  it('accepts upper-case hex digits but not another prefix', () => {
    const body = Buffer.from('x')
    const hex = createHmac('sha256', 'k').update(body).digest('hex')
    expect(verifySignature('k', body, `sha256=${hex.toUpperCase()}`).ok).toBe(true)
    expect(verifySignature('k', body, `SHA256=${hex}`)).toEqual({ ok: false, reason: 'signature_malformed' })
  })

  it.each([
    ['missing', undefined, 'signature_missing'],
    ['empty list', [], 'signature_missing'],
    ['empty', '', 'signature_missing'],
    ['two headers', ['sha256=' + '0'.repeat(64), 'sha256=' + '0'.repeat(64)], 'signature_multiple'],
    ['sha1', 'sha1=' + '0'.repeat(40), 'signature_malformed'],
    ['short', 'sha256=abc', 'signature_malformed'],
    ['non-hex', 'sha256=' + 'z'.repeat(64), 'signature_malformed'],
    ['wrong', 'sha256=' + '0'.repeat(64), 'signature_mismatch'],
  ])('rejects %s', (_name, header, reason) => {
    expect(verifySignature('k', Buffer.from('x'), header as string | string[] | undefined)).toEqual({ ok: false, reason })
  })
})
