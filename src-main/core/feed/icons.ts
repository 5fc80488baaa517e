/**
 * Media URLs (spec "Icons"): built from ids, `.webp`. Empty or missing inputs give null so the UI
 * shows its placeholder instead of requesting `{cdn}/.../.webp`.
 */
const trimSlash = (cdn: string) => cdn.replace(/\/+$/, '')

function byId(cdn: string, folder: string, id: number | null | undefined): string | null {
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) return null
  return `${trimSlash(cdn)}/${folder}/v1/color/${id}.webp`
}

export const sportIconUrl = (cdn: string, sportId: number | null | undefined) => byId(cdn, 'sports', sportId)
export const countryIconUrl = (cdn: string, countryId: number | null | undefined) => byId(cdn, 'flags', countryId)
export const tournamentIconUrl = (cdn: string, tournamentId: number | null | undefined) => byId(cdn, 'tournaments', tournamentId)

/** `opp_N_icon` with its original extension (`.png`, ...) removed; '' → null. */
export function teamIconUrl(cdn: string, iconName: string | null | undefined): string | null {
  if (typeof iconName !== 'string') return null
  // Keep only the file name: a feed value must not steer the URL into another folder.
  const file = iconName.trim().split(/[\\/]/).pop() ?? ''
  const base = file.replace(/\.[A-Za-z0-9]+$/, '')
  if (base === '' || base === '.' || base === '..') return null
  try {
    return `${trimSlash(cdn)}/opp/v1/color/${encodeURIComponent(base)}.webp`
  } catch {
    // a lone UTF-16 surrogate cannot be URL-encoded: no icon rather than a failed list
    return null
  }
}
