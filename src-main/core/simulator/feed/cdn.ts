import type { SimHandler } from '../http.js'
import { COUNTRY_BY_ID, iconBase, SPORT_BY_ID, TEAM_ICONS, TOURNAMENT_BY_ID, TOURNAMENTS } from '../world/catalog.js'
import { encodeWebpLossless } from './webp.js'

/**
 * Media under /cdn: a small visible 32×32 lossless WebP for every known sport, country, tournament
 * and team icon, 404 for anything else. Icons are drawn here (deterministic: colour from a hash of
 * kind + name, initials from the English name) and encoded once each. The catalogue is static
 * (seed-independent), so no world is needed.
 */

export const ICON_SIZE = 32

type IconKind = 'sports' | 'flags' | 'tournaments' | 'opp'

const TEAM_NAMES = new Map(TOURNAMENTS.flatMap((x) => x.teams.filter((team) => team.icon !== 'teamdefault.png').map((team) => [iconBase(team.icon), team.name.en] as const)))

/** The English name behind a known icon (may be empty), or null when the icon is unknown. */
const KNOWN: Record<IconKind, (name: string) => string | null> = {
  sports: (name) => (/^\d+$/.test(name) ? (SPORT_BY_ID.get(Number(name))?.name.en ?? null) : null),
  flags: (name) => (/^\d+$/.test(name) ? (COUNTRY_BY_ID.get(Number(name))?.name.en ?? null) : null),
  tournaments: (name) => (/^\d+$/.test(name) ? (TOURNAMENT_BY_ID.get(Number(name))?.name.en ?? null) : null),
  opp: (name) => (TEAM_ICONS.has(name) ? (TEAM_NAMES.get(name) ?? '') : null),
}

// 5×7 glyphs, one hex byte per row (bit 4 = leftmost column).
const FONT: Record<string, string> = {
  A: '0e11111f111111', B: '1e11111e11111e', C: '0e11101010110e', D: '1e11111111111e', E: '1f10101e10101f',
  F: '1f10101e101010', G: '0e11101711110f', H: '1111111f111111', I: '0e04040404040e', J: '0702020202120c',
  K: '11121418141211', L: '1010101010101f', M: '111b1515111111', N: '11111915131111', O: '0e11111111110e',
  P: '1e11111e101010', Q: '0e11111115120d', R: '1e11111e141211', S: '0f10100e01011e', T: '1f040404040404',
  U: '1111111111110e', V: '11111111110a04', W: '1111111515150a', X: '11110a040a1111', Y: '1111110a040404',
  Z: '1f01020408101f', 0: '0e11131519110e', 1: '040c040404040e', 2: '0e11010204081f', 3: '1f02040201110e',
  4: '02060a121f0202', 5: '1f101e0101110e', 6: '0608101e11110e', 7: '1f010204080808', 8: '0e11110e11110e',
  9: '0e11110f01020c',
}

/** Up to two letters: the initials of the first two words, or the first two of a lone acronym ("NBA" → "NB"). */
export function iconInitials(name: string): string {
  const words = name.replace(/\([^)]*\)/g, ' ').toUpperCase().split(/[^A-Z0-9]+/).filter(Boolean)
  if (words.length === 0) return ''
  if (words.length === 1) return name.trim() === name.trim().toUpperCase() ? words[0].slice(0, 2) : words[0][0]
  return words[0][0] + words[1][0]
}

function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

type Rgb = [number, number, number]
type Rgba = [number, number, number, number]

function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12
  const a = s * Math.min(l, 1 - l)
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)]
}

const mix = (c: Rgb, toward: number, t: number): Rgb => c.map((v) => Math.round(v + (toward - v) * t)) as Rgb
const inRoundedRect = (x: number, y: number, x0: number, y0: number, x1: number, y1: number, r: number): boolean => {
  const cx = Math.min(Math.max(x, x0 + r), x1 - r)
  const cy = Math.min(Math.max(y, y0 + r), y1 - r)
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
}

/** The colour of the icon's shape at point (x, y) in pixel units, or null outside it (transparent). */
function shapePainter(kind: IconKind, h: number): (x: number, y: number) => Rgb | null {
  const base = hsl(h % 360, 0.55 + ((h >>> 9) % 20) / 100, 0.4 + ((h >>> 17) % 14) / 100)
  const second = hsl((h % 360) + 150 + ((h >>> 13) % 60), 0.6, 0.55)
  const c = ICON_SIZE / 2
  switch (kind) {
    case 'sports': {
      // A disc with a darker rim.
      const rim = mix(base, 0, 0.35)
      return (x, y) => {
        const d = Math.hypot(x - c, y - c)
        return d > 15 ? null : d > 12.5 ? rim : base
      }
    }
    case 'flags': {
      // A rounded 30×22 flag with three stripes, horizontal or vertical.
      const stripes = [base, (h >>> 5) & 1 ? [245, 245, 245] as Rgb : second, (h >>> 6) & 1 ? second : mix(base, 0, 0.45)]
      const vertical = ((h >>> 7) & 1) === 1
      return (x, y) => {
        if (!inRoundedRect(x, y, 1, 5, 31, 27, 3)) return null
        return stripes[Math.min(2, Math.floor(vertical ? (x - 1) / 10 : (y - 5) / (22 / 3)))]
      }
    }
    case 'tournaments': {
      // A rounded square with a lighter diagonal band.
      const band = mix(base, 255, 0.3)
      return (x, y) => {
        if (!inRoundedRect(x, y, 1, 1, 31, 31, 6)) return null
        return Math.abs(x - y) < 5 ? band : base
      }
    }
    case 'opp': {
      // A badge: a disc in the team colour inside a ring in a second colour.
      return (x, y) => {
        const d = Math.hypot(x - c, y - c)
        return d > 15 ? null : d > 12.5 ? second : base
      }
    }
  }
}

/** Draws one icon: the shape with 4×4 supersampled edges, then the initials (pixel-aligned, 2× scale). */
export function drawIcon(kind: IconKind, name: string, label: string): Uint8Array {
  const size = ICON_SIZE
  const data = new Uint8Array(size * size * 4)
  const paint = shapePainter(kind, hash(`${kind}:${name}`))
  const fill: Rgb = [0, 0, 0]
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let covered = 0
      fill.fill(0)
      for (let sy = 0; sy < 4; sy++) {
        for (let sx = 0; sx < 4; sx++) {
          const color = paint(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4)
          if (!color) continue
          covered++
          for (let k = 0; k < 3; k++) fill[k] += color[k]
        }
      }
      if (covered === 0) continue
      const px: Rgba = [Math.round(fill[0] / covered), Math.round(fill[1] / covered), Math.round(fill[2] / covered), Math.round((covered / 16) * 255)]
      data.set(px, (y * size + x) * 4)
    }
  }
  drawText(data, kind === 'flags' ? '' : iconInitials(label))
  return data
}

function drawText(data: Uint8Array, text: string): void {
  const glyphs = [...text].map((ch) => FONT[ch]).filter((g): g is string => g !== undefined)
  if (glyphs.length === 0) return
  const scale = 2
  const width = glyphs.length * 5 * scale + (glyphs.length - 1) * scale
  const left = Math.floor((ICON_SIZE - width) / 2)
  const top = Math.floor((ICON_SIZE - 7 * scale) / 2)
  // Light text on a dark background, dark text on a light one (one colour for the whole label).
  let luma = 0
  for (let y = top; y < top + 7 * scale; y++)
    for (let x = left; x < left + width; x++) {
      const i = (y * ICON_SIZE + x) * 4
      luma += (0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2]) / (7 * scale * width)
    }
  const ink = luma < 150 ? [255, 255, 255, 255] : [26, 26, 26, 255]
  glyphs.forEach((glyph, gi) => {
    for (let row = 0; row < 7; row++) {
      const bits = parseInt(glyph.slice(row * 2, row * 2 + 2), 16)
      for (let col = 0; col < 5; col++) {
        if (!((bits >> (4 - col)) & 1)) continue
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++) data.set(ink, ((top + row * scale + dy) * ICON_SIZE + left + gi * 6 * scale + col * scale + dx) * 4)
      }
    }
  })
}

const cache = new Map<string, Buffer>()

/** The encoded icon for a known kind/name (encoded once, then cached), or null for an unknown one. */
export function cdnIcon(kind: IconKind, name: string): Buffer | null {
  const key = `${kind}/${name}`
  const hit = cache.get(key)
  if (hit) return hit
  const label = KNOWN[kind](name)
  if (label === null) return null
  const webp = encodeWebpLossless({ width: ICON_SIZE, height: ICON_SIZE, data: drawIcon(kind, name, label) })
  cache.set(key, webp)
  return webp
}

export function createCdnHandler(): SimHandler {
  return (req) => {
    const match = /^\/(sports|flags|tournaments|opp)\/v1\/color\/([^/]+)\.webp$/.exec(req.path)
    if (req.method !== 'GET' && req.method !== 'HEAD') return { status: 405, body: { error: 'method not allowed' } }
    let name: string
    try {
      name = match ? decodeURIComponent(match[2]) : ''
    } catch {
      name = ''
    }
    const icon = match ? cdnIcon(match[1] as IconKind, name) : null
    if (!icon) return { status: 404, body: { error: 'not found', path: req.path } }
    return {
      status: 200,
      headers: { 'content-type': 'image/webp', 'cache-control': 'public, max-age=86400', 'content-length': String(icon.length) },
      body: req.method === 'HEAD' ? undefined : icon,
    }
  }
}
