import type { SimHandler } from '../http.js'
import { COUNTRY_BY_ID, SPORT_BY_ID, TEAM_ICONS, TOURNAMENT_BY_ID } from '../world/catalog.js'

/**
 * Media under /cdn: a 1×1 lossless WebP for every known sport, country, tournament and team icon,
 * 404 for anything else. The catalogue is static (seed-independent), so no world is needed.
 */
export const PLACEHOLDER_WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64')

const KNOWN: Record<string, (name: string) => boolean> = {
  sports: (name) => /^\d+$/.test(name) && SPORT_BY_ID.has(Number(name)),
  flags: (name) => /^\d+$/.test(name) && COUNTRY_BY_ID.has(Number(name)),
  tournaments: (name) => /^\d+$/.test(name) && TOURNAMENT_BY_ID.has(Number(name)),
  opp: (name) => TEAM_ICONS.has(name),
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
    if (!match || !KNOWN[match[1]](name)) return { status: 404, body: { error: 'not found', path: req.path } }
    return {
      status: 200,
      headers: { 'content-type': 'image/webp', 'cache-control': 'public, max-age=86400', 'content-length': String(PLACEHOLDER_WEBP.length) },
      body: req.method === 'HEAD' ? undefined : PLACEHOLDER_WEBP,
    }
  }
}
