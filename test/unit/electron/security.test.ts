import { describe, expect, it } from 'vitest'
import { isAllowedExternal, isAppUrl, CONTENT_SECURITY_POLICY } from '../../../src-main/electron/security.js'

describe('navigation and external links', () => {
  it('opens only allow-listed https origins externally', () => {
    expect(isAllowedExternal('https://github.com/org/repo')).toBe(true)
    expect(isAllowedExternal('http://github.com/')).toBe(false)
    expect(isAllowedExternal('https://github.com.evil.io/')).toBe(false)
    expect(isAllowedExternal('https://evil.io/?https://github.com')).toBe(false)
    expect(isAllowedExternal('javascript:alert(1)')).toBe(false)
    expect(isAllowedExternal('file:///etc/passwd')).toBe(false)
    expect(isAllowedExternal('not a url')).toBe(false)
  })

  it('keeps navigation inside the app page', () => {
    const app = 'file:///opt/desk/out/renderer/index.html'
    expect(isAppUrl('file:///opt/desk/out/renderer/index.html#/coupons', app)).toBe(true)
    expect(isAppUrl('file:///etc/passwd', app)).toBe(false)
    expect(isAppUrl('https://example.com/', app)).toBe(false)
    expect(isAppUrl('http://localhost:5173/#/x', 'http://localhost:5173/')).toBe(true)
    expect(isAppUrl('http://localhost:5174/', 'http://localhost:5173/')).toBe(false)
  })

  it('CSP allows scripts only from self', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'")
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe/)
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'")
  })
})
