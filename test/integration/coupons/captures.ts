import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The vendor's real coupon answers, read from `../shared/real-captures/coupon` beside the repository
 * (never copied into it). Tests that need them skip with a message where the folder is absent.
 */
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))
export const CAPTURES_DIR = resolve(repoRoot, '../shared/real-captures/coupon')
export const HAVE_CAPTURES = existsSync(CAPTURES_DIR)
export const SKIP_MESSAGE = `real captures not found at ${CAPTURES_DIR}: capture tests skipped`

if (!HAVE_CAPTURES) console.warn(SKIP_MESSAGE)

export function captureNames(prefix = ''): string[] {
  return HAVE_CAPTURES ? readdirSync(CAPTURES_DIR).filter((f) => f.startsWith(prefix) && f.endsWith('.json')).sort() : []
}

/** The capture's exact text (served byte for byte by the loopback server). */
export function captureText(name: string): string {
  return readFileSync(resolve(CAPTURES_DIR, name.endsWith('.json') ? name : `${name}.json`), 'utf8')
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function capture<T = any>(name: string): T {
  return JSON.parse(captureText(name)) as T
}

/** Every coupon object of the captures, with where it came from. */
export function captureCoupons(): Array<{ from: string; coupon: Record<string, unknown> }> {
  const out: Array<{ from: string; coupon: Record<string, unknown> }> = []
  for (const name of captureNames()) {
    const json = capture(name)
    const body = json?.body
    if (name.startsWith('callback')) continue
    const list = Array.isArray(body) ? body : Array.isArray(body?.coupons) ? body.coupons : body && typeof body === 'object' && 'coupon_code' in body ? [body] : []
    for (const coupon of list) out.push({ from: name, coupon })
  }
  return out
}
