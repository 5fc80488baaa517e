/** Pure helpers of the delivery inspector: sizes in words, a payload pretty-printed as text. */

export function formatBytes(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—'
  if (n < 1024) return `${n} B`
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`
  return `${(n / 1024 / 1024).toFixed(1)} MiB`
}

/** JSON indented for reading; anything else (or a cut payload) as received. Always text, never markup. */
export function prettyPayload(raw: string | null, truncated = false): { text: string; json: boolean } | null {
  if (raw === null) return null
  if (truncated) return { text: raw, json: false }
  try {
    return { text: JSON.stringify(JSON.parse(raw), null, 2), json: true }
  } catch {
    return { text: raw, json: false }
  }
}

/** Reasons the inspector has words for; another one is shown raw. */
export const KNOWN_REASONS = new Set([
  'signature_missing', 'signature_multiple', 'signature_malformed', 'signature_mismatch', 'malformed_json', 'schema_invalid',
  'body_too_large', 'body_too_slow', 'duplicate', 'applied', 'unknown',
])
