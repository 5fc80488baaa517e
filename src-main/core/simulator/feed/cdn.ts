import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { SimHandler } from '../http.js'
import { COUNTRY_BY_ID, SPORT_BY_ID, TEAM_ICONS, TOURNAMENT_BY_ID } from '../world/catalog.js'

/**
 * Media under /cdn: a 32×32 lossless WebP for every known sport, country, tournament and team icon,
 * 404 for anything else. The pictures are static files in ./icons (drawn once and encoded with
 * sharp): each kind has its own shape in a few colours, picked by a hash of kind + name, so an icon
 * is stable per name and neighbours mostly differ. The catalogue is static (seed-independent), so
 * no world is needed.
 */

export const ICON_SIZE = 32

export type IconKind = 'sports' | 'flags' | 'tournaments' | 'opp'

/** The file-name prefix of each kind's pictures in ./icons. */
export const ICON_SHAPES: Record<IconKind, string> = { sports: 'ball', flags: 'flag', tournaments: 'cup', opp: 'shield' }

const KNOWN: Record<IconKind, (name: string) => boolean> = {
  sports: (name) => /^\d+$/.test(name) && SPORT_BY_ID.has(Number(name)),
  flags: (name) => /^\d+$/.test(name) && COUNTRY_BY_ID.has(Number(name)),
  tournaments: (name) => /^\d+$/.test(name) && TOURNAMENT_BY_ID.has(Number(name)),
  opp: (name) => TEAM_ICONS.has(name),
}

/**
 * Beside this module, from source and in the Electron build alike (electron.vite.config.ts copies
 * the folder next to the bundle that holds this module).
 */
export const ICON_DIR = new URL('./icons/', import.meta.url)

let pictures: Record<IconKind, Buffer[]> | undefined

/** Each kind's pictures, in file-name order (read once). */
function loadPictures(): Record<IconKind, Buffer[]> {
  if (pictures) return pictures
  const files = readdirSync(ICON_DIR).filter((file) => file.endsWith('.webp')).sort()
  const of = (shape: string) => files.filter((file) => file.startsWith(`${shape}-`)).map((file) => readFileSync(new URL(file, ICON_DIR)))
  const loaded = { sports: of(ICON_SHAPES.sports), flags: of(ICON_SHAPES.flags), tournaments: of(ICON_SHAPES.tournaments), opp: of(ICON_SHAPES.opp) }
  const missing = Object.entries(loaded).filter(([, list]) => list.length === 0)
  if (missing.length > 0) throw new Error(`simulator CDN: no icons for ${missing.map(([kind]) => kind).join(', ')} in ${fileURLToPath(ICON_DIR)}`)
  pictures = loaded
  return loaded
}

function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/** The icon for a known kind/name, or null for an unknown one. */
export function cdnIcon(kind: IconKind, name: string): Buffer | null {
  if (!KNOWN[kind](name)) return null
  const list = loadPictures()[kind]
  return list[hash(`${kind}:${name}`) % list.length]
}

export function createCdnHandler(): SimHandler {
  // Read at start: a build without the icons fails here, not on the first image request.
  loadPictures()
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
