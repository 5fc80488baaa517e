import { describe, expect, it } from 'vitest'
import { cdnIcon, ICON_SIZE, iconInitials } from '../../../src-main/core/simulator/feed/cdn.js'
import { canonicalCodes, encodeWebpLossless, huffmanLengths } from '../../../src-main/core/simulator/feed/webp.js'

function header(file: Buffer) {
  const bits = file.readUInt32LE(21) // the 32 bits after the 0x2f signature
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, alpha: (bits >>> 28) & 1, version: bits >>> 29 }
}

describe('lossless WebP encoder', () => {
  it('writes a RIFF/WEBP container with one VP8L chunk, even-padded, and the size in the header bits', () => {
    for (const [width, height] of [[32, 32], [7, 5], [1, 1], [300, 2]]) {
      const data = new Uint8Array(width * height * 4).map((_, i) => (i * 37) & 255)
      const file = encodeWebpLossless({ width, height, data })
      expect(file.subarray(0, 4).toString('latin1')).toBe('RIFF')
      expect(file.readUInt32LE(4)).toBe(file.length - 8)
      expect(file.subarray(8, 16).toString('latin1')).toBe('WEBPVP8L')
      const chunk = file.readUInt32LE(16)
      expect(file.length).toBe(20 + chunk + (chunk & 1))
      expect(file.length % 2).toBe(0)
      expect(file[20]).toBe(0x2f)
      expect(header(file)).toEqual({ width, height, alpha: 1, version: 0 })
    }
    const opaque = encodeWebpLossless({ width: 2, height: 2, data: new Uint8Array(16).fill(255) })
    expect(header(opaque).alpha).toBe(0)
  })
  it('rejects bad sizes', () => {
    expect(() => encodeWebpLossless({ width: 0, height: 1, data: new Uint8Array(0) })).toThrow(RangeError)
    expect(() => encodeWebpLossless({ width: 2, height: 2, data: new Uint8Array(15) })).toThrow(RangeError)
  })
  it('builds complete, length-limited prefix codes', () => {
    const counts = Array.from({ length: 280 }, (_, i) => (i < 30 ? 2 ** (i % 20) : 0))
    const lengths = huffmanLengths(counts, 15)
    expect(Math.max(...lengths)).toBeLessThanOrEqual(15)
    expect(lengths.reduce((sum, l) => sum + (l ? 2 ** -l : 0), 0)).toBe(1) // Kraft equality: a complete code
    expect(canonicalCodes([2, 1, 3, 3])).toEqual([0b10, 0b0, 0b110, 0b111])
  })
})

describe('CDN icons', () => {
  it('are 32×32 WebPs, different per icon, stable per name, and null for unknown names', () => {
    const a = cdnIcon('sports', '1')!
    const b = cdnIcon('sports', '2')!
    const flag = cdnIcon('flags', '1')!
    expect(header(a)).toMatchObject({ width: ICON_SIZE, height: ICON_SIZE })
    expect(a.equals(b)).toBe(false)
    expect(a.equals(flag)).toBe(false)
    expect(cdnIcon('sports', '1')).toBe(a) // cached
    expect(a.length).toBeGreaterThan(100) // not the 1×1 placeholder
    expect(cdnIcon('sports', '9999')).toBeNull()
    expect(cdnIcon('opp', 'nobody')).toBeNull()
  })
  it('labels with up to two initials', () => {
    expect(iconInitials('Ice Hockey')).toBe('IH')
    expect(iconInitials('Football')).toBe('F')
    expect(iconInitials('NBA')).toBe('NB')
    expect(iconInitials('Boris (Real Madrid)')).toBe('B')
    expect(iconInitials('')).toBe('')
  })
})
