import { captureJson, captureNames as names, captureText as text, haveCaptures, skipMessage } from '../../support/captures.js'

/** The vendor's real coupon answers (`../shared/real-captures/coupon`), through the shared loader. */
export const HAVE_CAPTURES = haveCaptures('coupon')
export const SKIP_MESSAGE = skipMessage('coupon')

if (!HAVE_CAPTURES) console.warn(SKIP_MESSAGE)

export const captureNames = (prefix = ''): string[] => names('coupon', prefix)
export const captureText = (name: string): string => text('coupon', name)
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const capture = <T = any>(name: string): T => captureJson<T>('coupon', name)

/** Every coupon object of the API captures (not the callback), with the file it came from. */
export function captureCoupons(): Array<{ from: string; coupon: Record<string, unknown> }> {
  const out: Array<{ from: string; coupon: Record<string, unknown> }> = []
  for (const name of captureNames()) {
    if (name.startsWith('callback')) continue
    const body = capture(name)?.body
    const list = Array.isArray(body) ? body : Array.isArray(body?.coupons) ? body.coupons : body && typeof body === 'object' && 'coupon_code' in body ? [body] : []
    for (const coupon of list) out.push({ from: name, coupon })
  }
  return out
}
