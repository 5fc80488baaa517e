/** The CLI's own English for the doctor's report (the console words the same codes through its i18n tables). */
import type { DoctorAdvice, DoctorCheckDto, DoctorCheckId, DoctorFigureDto } from '../../../src-shared/vocabulary/doctor.js'

export const CHECK_WORDS: Record<DoctorCheckId, string> = {
  'coupons.health': 'coupon service health',
  'coupons.login': 'sign-in',
  'coupons.account': 'client account',
  'coupons.balance': 'balance',
  'coupons.token': 'session token',
  'feed.key': 'feed key',
  'feed.keyExpiry': 'feed key expiry',
  'feed.address': 'feed address',
  'feed.language': 'feed language',
  'feed.sports': 'feed sports',
  'clock.offset': 'clock offset',
  'listener.bound': 'callback listener',
  'listener.signed': 'signed test delivery',
  'listener.unsigned': 'unsigned test delivery',
  'listener.secret': 'callback secret',
  'listener.reachable': 'callback reachability',
  'coupons.callbackUrl': 'open coupons call back here',
  'storage.history': 'history database',
  'storage.disk': 'free disk space',
  'storage.permissions': 'data folder permissions',
}

export const ADVICE_WORDS: Record<DoctorAdvice, string> = {
  checkServiceUrl: 'Check the coupon service URL and that the service is up.',
  retryLater: 'No answer in time: try again later, or check the network.',
  checkPassword: 'Wrong username or password: check the credentials stored in the profile.',
  storePassword: 'Store the password in the profile (or set DESK_PASSWORD).',
  accountDisabled: 'The client account is disabled: ask the account manager to enable it.',
  accountExpired: "The client account's access has expired: ask for it to be extended.",
  topUpBalance: 'The balance is zero or negative: top the client account up.',
  checkSession: 'A fresh sign-in failed: sign in again and check the service.',
  tokenShort: 'The session token lives only minutes: expect frequent re-logins.',
  storeFeedKey: 'Store the feed API key in the profile (or set DESK_FEED_KEY).',
  checkFeedKey: 'The feed does not know this key: check the key stored in the profile.',
  renewFeedKey: 'Renew the feed key with the vendor before it expires.',
  unblockFeedKey: 'The feed key is blocked: ask the vendor to unblock it.',
  waitKeyStart: 'The feed key is not active yet: wait for its start date or use another key.',
  allowAddress: "Add this machine's address to the key's allowed IPs.",
  allowSite: "Add this site to the key's allowed domains.",
  addressMonitored: "This address is not in the key's allowed IPs: the key would refuse it once enforced.",
  chooseKeyLanguage: "Pick one of the key's languages in the profile, or have the language added to the key.",
  chooseKeySports: 'Some watched sports are outside the key: have them added or unpin them.',
  checkFeedUrl: 'Check the feed URL and that the feed is up.',
  syncClock: "Synchronise this machine's clock (NTP): placement windows depend on it.",
  enableListener: 'The callback listener is off: settlements arrive only by polling. Switch it on in the profile.',
  startListener: 'Start the callback listener (the console, or `desk listen`) on the address coupons carry.',
  storeCallbackSecret: 'Store the callback secret in the profile (or set DESK_CALLBACK_SECRET).',
  checkListenerSecret: 'The listener refused a delivery signed with the stored secret: it runs with another secret.',
  listenerAcceptsUnsigned: 'The listener accepted an unsigned delivery: something else answers at that address.',
  fixCallbackSecret: "Deliveries were refused for their signature: store the service's callback secret, then re-verify them.",
  publicCallbackUrl: 'The callback address is loopback or private but the service is not: it cannot reach it. Use a public address.',
  strandedCoupons: "Open coupons carry another callback address: their settlements arrive only by polling.",
  checkHistory: 'The history database cannot be written: check the data folder.',
  freeDisk: 'Free some disk space in the data folder.',
  tightenPermissions: 'Other users can read the data folder: make it private (chmod 700).',
}

const num = (v: unknown) => (typeof v === 'number' ? v : null)

function bytes(n: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB']
  let v = n
  let i = 0
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024
    i++
  }
  return `${i === 0 ? v : v.toFixed(1)} ${units[i]}`
}

/** An offset as the largest units that read at a glance: `+850 ms`, `+45.2 s`, `−2 h 5 min`. */
export function offsetText(ms: number): string {
  const sign = ms >= 0 ? '+' : '−'
  const a = Math.abs(ms)
  if (a < 10_000) return `${sign}${Math.round(a)} ms`
  if (a < 120_000) return `${sign}${(a / 1000).toFixed(1)} s`
  const minutes = Math.round(a / 60_000)
  if (minutes < 120) return `${sign}${minutes} min`
  const days = Math.floor(minutes / 1440)
  const hours = Math.floor((minutes % 1440) / 60)
  const rest = minutes % 60
  return `${sign}${[days ? `${days} d` : '', hours ? `${hours} h` : '', rest && !days ? `${rest} min` : ''].filter(Boolean).join(' ')}`
}

/** The figure as a short phrase (an unknown kind is shown raw). */
export function figureText(f: DoctorFigureDto | null, raw?: string | null): string | null {
  if (!f) return null
  const x = f.extra ?? {}
  const v = f.value
  switch (f.kind) {
    case 'latency':
      return `answered in ${v} ms`
    case 'error':
      return raw ? `${v}: ${raw}` : String(v)
    case 'errorCode':
      return `error_code ${v ?? 'none'}${raw ? ` (${raw})` : ''}`
    case 'secret':
      return 'none stored'
    case 'accountState':
      return v === 'ok' ? 'account usable' : `account ${String(v).replace('_', ' ')}${x.errorCode ? ` (error_code ${x.errorCode})` : ''}`
    case 'balance':
      return `balance ${v}`
    case 'tokenLifetime':
      return `${v === null ? 'token without exp' : `token valid ${v} s more`}${num(x.reloginMs) !== null ? `; a fresh sign-in took ${x.reloginMs} ms` : ''}`
    case 'clockOffset': {
      // The milliseconds stay first (tools read them); a large offset adds the unit a reader takes in.
      const ms = Number(v)
      const readable = Math.abs(ms) >= 10_000 ? ` (${offsetText(ms)})` : ''
      return `service clock ${ms >= 0 ? '+' : '−'}${Math.abs(ms)} ms${readable} against this machine (± ${x.bound} ms)`
    }
    case 'keyStatus':
      return `key ${v === 'notActive' ? 'not active yet' : v}${x.inferred ? ' (the service checked it before the address)' : ''}${raw ? ` (${raw})` : ''}`
    case 'daysLeft': {
      const from = [x.fromHeader !== null && x.fromHeader !== undefined ? `X-Key-Expires ${x.fromHeader}` : '', x.fromAccount !== null && x.fromAccount !== undefined ? `account ${x.fromAccount}` : '']
        .filter(Boolean)
        .join(', ')
      return v === null ? 'expiry not given' : `${v} days left (${from}; warns within ${x.warnDays})`
    }
    case 'address':
      return `the feed sees ${v ?? 'this machine'}${x.accessMode ? ` (access ${x.accessMode}, ${x.allowed} allowed IPs)` : ''}${raw ? ` (${raw})` : ''}`
    case 'language':
      return `language ${v}${x.allowed ? ` (key: ${x.allowed})` : ''}`
    case 'sports':
      return `${v === 'all' ? 'the key opens all sports' : v === null ? 'sports not given' : `the key opens ${v} sports`}${num(x.outside) ? `; ${x.outside} watched outside it` : ''}`
    case 'url':
      return v ? `at ${v}` : x.enabled === false ? 'switched off' : 'not listening'
    case 'httpStatus':
      return `answered HTTP ${v}`
    case 'refusedDeliveries':
      return `${v} refused for their signature in ${x.hours} h`
    case 'host':
      return `callback host ${v} is ${x.scope}; the coupon service is ${x.serviceScope}`
    case 'strandedCoupons':
      return `${v} open coupons call back elsewhere`
    case 'bytes':
      return `${bytes(Number(v))}, writable`
    case 'freeBytes':
      return `${bytes(Number(v))} free`
    case 'mode':
      return v === null ? `no mode bits on ${x.platform}` : `mode ${v}`
    case 'timeout':
      return `no answer within ${v} ms`
    default:
      return `${f.kind}: ${String(v)}`
  }
}

export function adviceText(advice: string | null): string | null {
  if (advice === null) return null
  return (ADVICE_WORDS as Record<string, string>)[advice] ?? advice
}

/** One line of the human report. */
export function checkLine(c: DoctorCheckDto, width: number): string {
  const figure = figureText(c.figure, c.raw)
  const advice = c.verdict === 'pass' || c.verdict === 'skip' ? null : adviceText(c.advice)
  const tail = [c.verdict === 'skip' ? 'not run: a check it needs did not pass' : figure, advice].filter(Boolean).join(' — ')
  return `${c.verdict.toUpperCase().padEnd(4)}  ${CHECK_WORDS[c.id].padEnd(width)}  ${tail}`
}
