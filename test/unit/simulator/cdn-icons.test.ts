import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { cdnIcon, ICON_DIR, ICON_SHAPES, ICON_SIZE, type IconKind } from '../../../src-main/core/simulator/feed/cdn.js'
import { COUNTRIES, SPORTS, TEAM_ICONS, TOURNAMENTS } from '../../../src-main/core/simulator/world/catalog.js'

/** Width, height and alpha flag of a lossless (VP8L) WebP, read from its header bits. */
function vp8l(file: Buffer) {
  expect(file.subarray(0, 4).toString('latin1')).toBe('RIFF')
  expect(file.readUInt32LE(4)).toBe(file.length - 8)
  expect(file.subarray(8, 16).toString('latin1')).toBe('WEBPVP8L')
  expect(file[20]).toBe(0x2f)
  const bits = file.readUInt32LE(21)
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1, alpha: (bits >>> 28) & 1 }
}

const KNOWN_NAMES: Record<IconKind, string[]> = {
  sports: SPORTS.map((s) => String(s.id)),
  flags: COUNTRIES.map((c) => String(c.id)),
  tournaments: TOURNAMENTS.map((t) => String(t.id)),
  opp: [...TEAM_ICONS],
}

describe('the simulated CDN icons', () => {
  it('are the committed files: 32×32 lossless WebPs with transparency, each of one kind', () => {
    const files = readdirSync(ICON_DIR).sort()
    expect(files.length).toBeGreaterThanOrEqual(4)
    for (const file of files) {
      expect(file).toMatch(new RegExp(`^(${Object.values(ICON_SHAPES).join('|')})-[a-z-]+\\.webp$`))
      expect([file, vp8l(readFileSync(new URL(file, ICON_DIR)))]).toEqual([file, { width: ICON_SIZE, height: ICON_SIZE, alpha: 1 }])
    }
  })

  it('every known name has an icon of its kind, stable per name; unknown names have none', () => {
    for (const [kind, names] of Object.entries(KNOWN_NAMES) as Array<[IconKind, string[]]>) {
      const shapes = readdirSync(ICON_DIR).filter((f) => f.startsWith(`${ICON_SHAPES[kind]}-`)).map((f) => readFileSync(new URL(f, ICON_DIR)))
      const used = new Set<Buffer>()
      for (const name of names) {
        const icon = cdnIcon(kind, name)
        expect(icon, `${kind}/${name}`).not.toBeNull()
        expect(shapes.some((s) => s.equals(icon!))).toBe(true)
        expect(cdnIcon(kind, name)).toBe(icon)
        used.add(icon!)
      }
      // Distinguishable: a catalogue of several names uses several pictures.
      if (names.length >= 4) expect(used.size, kind).toBeGreaterThan(1)
    }
    expect(cdnIcon('sports', '1')!.equals(cdnIcon('flags', '1')!)).toBe(false)
    for (const [kind, name] of [['sports', '9999'], ['sports', '1.0'], ['flags', 'abc'], ['tournaments', '1'], ['opp', 'nobody'], ['opp', 'teamdefault.png']] as const) expect(cdnIcon(kind, name), `${kind}/${name}`).toBeNull()
  })
})
