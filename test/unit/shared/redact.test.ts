import { describe, expect, it } from 'vitest'
import { createRedactor, MASK } from '../../../src-main/core/shared/redact.js'

const JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJkZW1vIiwiZXhwIjo5OTk5fQ.c2lnbmF0dXJlLXZhbHVl'

describe('redactor', () => {
  it('masks registered values anywhere, longest first', () => {
    const r = createRedactor()
    r.register('abc123')
    r.register('abc123-longer')
    expect(r.redact('a abc123-longer b abc123 c')).toBe(`a ${MASK} b ${MASK} c`)
    r.register('ab') // too short to mask as a substring
    expect(r.redact('ab')).toBe('ab')
    r.unregister('abc123')
    expect(r.redact('abc123')).toBe('abc123')
  })

  it('masks bearer tokens, JWTs, URL credentials and key=value pairs in text', () => {
    const r = createRedactor()
    expect(r.redact('Authorization: Bearer opaque-token-1')).toBe(`Authorization: Bearer ${MASK}`)
    expect(r.redact(`got ${JWT} back`)).not.toContain('c2lnbmF0dXJlLXZhbHVl')
    expect(r.redact(`got ${JWT} back`)).not.toContain('eyJzdWIi')
    expect(r.redact('https://bob:pa55@host/x')).toBe(`https://bob:${MASK}@host/x`)
    expect(r.redact('password=pa55word&user=x')).toBe(`password=${MASK}&user=x`)
    expect(r.redact('{"password":"pa55word","ok":1}')).toBe(`{"password":"${MASK}","ok":1}`)
    expect(r.redact('Package: feed-key-42')).toBe(`Package: ${MASK}`)
    expect(r.redact('{"secrets":{"password":true}}')).toBe('{"secrets":{"password":true}}')
    expect(r.redact('the password was wrong')).toBe('the password was wrong')
  })

  it('masks sensitive keys in objects, keeping booleans, walking arrays, maps and errors', () => {
    const r = createRedactor()
    const out = r.redactValue({
      username: 'demo',
      password: 'p4ss',
      nested: [{ apiKey: 'k-1', Package: 'k-2', token: 42 }],
      headers: new Map([['authorization', 'Basic Zm9vOmJhcg==']]),
      secrets: { password: true, feedApiKey: false, callbackSecret: 'oops' },
      callbackSecret: { value: 'deep' },
    }) as Record<string, unknown>
    const text = JSON.stringify(out)
    for (const value of ['p4ss', 'k-1', 'k-2', '42', 'Zm9vOmJhcg', 'oops', 'deep']) expect(text).not.toContain(value)
    expect(out.username).toBe('demo')
    expect((out.secrets as Record<string, unknown>).password).toBe(true)
  })

  it('handles circular values and errors with causes', () => {
    const r = createRedactor()
    r.register('in-error-secret')
    const obj: Record<string, unknown> = { a: 1 }
    obj.self = obj
    expect(JSON.stringify(r.redactValue(obj))).toContain('[circular]')
    const error = new Error('failed with in-error-secret', { cause: new Error(`token ${JWT}`) })
    const text = JSON.stringify(r.redactValue(error))
    expect(text).not.toContain('in-error-secret')
    expect(text).not.toContain('eyJzdWIi')
    expect(text).toContain('failed with')
  })
})
