import { describe, expect, it } from 'vitest'
import { allowsPermission, isAllowedExternal, isAppUrl, CONTENT_SECURITY_POLICY } from '../../../src-main/electron/security.js'

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

describe('permissions', () => {
  const app = ['app://desk']
  it('grants notifications to the app page only, in its main frame; everything else is denied', () => {
    expect(allowsPermission('notifications', 'app://desk/index.html#/coupons', true, app)).toBe(true)
    expect(allowsPermission('notifications', 'app://desk/index.html', undefined, app)).toBe(true)
    expect(allowsPermission('notifications', 'app://desk/index.html', false, app)).toBe(false)
    expect(allowsPermission('notifications', 'https://evil.io/', true, app)).toBe(false)
    expect(allowsPermission('notifications', 'app://other/index.html', true, app)).toBe(false)
    expect(allowsPermission('notifications', undefined, true, app)).toBe(false)
    for (const other of ['geolocation', 'media', 'clipboard-read', 'midi', 'openExternal', 'fullscreen']) expect(allowsPermission(other, 'app://desk/index.html', true, app)).toBe(false)
  })
})
