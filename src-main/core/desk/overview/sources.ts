/**
 * Where a profile's row is read from. A profile that is not active gets its own coupon client (its
 * own session, credentials from the vault, a short timeout, no retries beyond one) and one feed
 * `/v1/account` read when the overview opens. The active profile's row reads through the desk's own
 * environment: the same client and session, the listener and the feed key status it already holds.
 */
import type { FeedKeyDto, ListenerStatusDto, SessionStatus } from '../../../../src-shared/contract.js'
import type { OverviewListenerState, OverviewSessionState } from '../../../../src-shared/vocabulary/overview.js'
import { stakeRuleOf } from '../../../../src-shared/vocabulary/stake.js'
import { createCouponClient, type Coupon, type CouponClient, type SessionPhase } from '../../coupons/index.js'
import { createFeedClient, type FeedAccount, type FeedClient } from '../../feed/index.js'
import type { Profile } from '../../profiles/index.js'
import type { Clock } from '../../shared/clock.js'
import { DeskError } from '../../shared/errors.js'
import type { Logger } from '../../shared/log.js'
import { DEMO_CREDENTIALS } from '../types.js'
import type { OpenCoupon } from './figures.js'

export interface ProfileSource {
  /** The balance and the active coupons, read now. */
  read(): Promise<{ balance: number; coupons: OpenCoupon[] }>
  /** Days the feed key has left: what is known, else one `/v1/account` read; null when unknown or no key. */
  keyDaysLeft(): Promise<number | null>
  /** Days left as already known without a request (the active profile's `X-Key-Expires`); absent when never known. */
  knownKeyDays?(): number | null
  session(): OverviewSessionState
  listener(): OverviewListenerState
  dispose(): void
}

/** What the active profile's row needs of the desk's environment (the environment is one). */
export interface ActiveEnvironment {
  readonly profile: Profile
  readonly kind: 'demo' | 'custom'
  readonly coupons: Pick<CouponClient, 'balance' | 'active'>
  readonly session: { authed<T>(call: () => Promise<T>): Promise<T>; status(): SessionStatus }
  readonly balance: { observe(balance: number): unknown }
  readonly feedKey: { status(): FeedKeyDto }
  readonly feed: Pick<FeedClient, 'account'>
  readonly listener: { status(): ListenerStatusDto }
}

export interface Endpoints {
  coupons: string
  feed: string
}

export interface OwnSourceDeps {
  profile: Profile
  /** The profile's service addresses (Demo: its embedded simulator's). */
  endpoints: () => Promise<Endpoints>
  secret: (kind: 'password' | 'feedApiKey') => string | null
  clock: Clock
  timeoutMs: number
  logger?: Logger
}

const DAY_MS = 86_400_000

export function openCouponOf(c: Coupon): OpenCoupon {
  // Legacy answers carry one `win`: the potential payout while the coupon is open.
  const potentialWin = c.potentialWin ?? (c.model === 'legacy' ? c.win : null)
  return { couponCode: c.code, amount: c.amount, coef: c.coef, potentialWin }
}

function sessionWord(phase: SessionPhase): OverviewSessionState {
  return phase === 'signed-in' ? 'signed-in' : phase === 'failed' ? 'failed' : 'signed-out'
}

/** Whole days from `now` to `expiresAt` (negative once expired). */
export function daysLeft(expiresAt: number, now: number): number {
  return Math.floor((expiresAt - now) / DAY_MS)
}

/** The current key's days left from an account read (the key the request was made with). */
function accountDaysLeft(account: FeedAccount, now: number): number | null {
  const key = account.keys.find((k) => k.current)
  if (key?.expiresAtMs != null) return daysLeft(key.expiresAtMs, now)
  if (account.keyExpiresAtMs !== null) return daysLeft(account.keyExpiresAtMs, now)
  return key?.daysLeft ?? null
}

export function createOwnSource(deps: OwnSourceDeps): ProfileSource {
  const { profile } = deps
  const demo = profile.environment === 'demo'
  const log = deps.logger?.child({ module: 'overview', profile: profile.id })
  const password = () => (demo ? (deps.secret('password') ?? DEMO_CREDENTIALS.password) : deps.secret('password'))
  const apiKey = () => (demo ? DEMO_CREDENTIALS.feedApiKey : deps.secret('feedApiKey'))
  let phase: SessionPhase = 'signed-out'
  let client: ReturnType<typeof createCouponClient> | null = null

  const couponClient = async () => {
    if (client) return client
    const { coupons } = await deps.endpoints()
    client = createCouponClient({
      baseURL: coupons,
      credentials: async () => {
        const value = password()
        if (!value) throw new DeskError('missing_secret', 'No password is stored for this profile')
        return { username: demo ? profile.username || DEMO_CREDENTIALS.username : profile.username, password: value }
      },
      mode: profile.legacyMode ? 'legacy' : 'new',
      clock: deps.clock,
      timeoutMs: deps.timeoutMs,
      readRetries: 1,
      stakeRule: stakeRuleOf(profile),
      logger: log,
      onSessionChange: (state) => (phase = state.phase),
    })
    return client
  }

  return {
    async read() {
      if (!password()) throw new DeskError('missing_secret', 'No password is stored for this profile')
      const c = await couponClient()
      const [balance, coupons] = await Promise.all([c.balance(), c.active()])
      return { balance, coupons: coupons.map(openCouponOf) }
    },
    async keyDaysLeft() {
      const key = apiKey()
      if (!key) return null
      const { feed } = await deps.endpoints()
      let header: number | null = null
      const client = createFeedClient({ baseURL: feed, apiKey: key, clock: deps.clock, timeoutMs: deps.timeoutMs, onKeyExpires: (ms) => (header = ms) })
      const account = await client.account()
      const now = deps.clock.now()
      return accountDaysLeft(account, now) ?? (header !== null ? daysLeft(header, now) : null)
    },
    session: () => (!password() ? 'no-credentials' : sessionWord(phase)),
    // This process runs no listener for a profile that is not active.
    listener: () => (profile.listener.enabled ? 'stopped' : 'disabled'),
    dispose() {
      client?.logout()
      client = null
    },
  }
}

/** The active profile's source: the desk's environment answers, no second client. */
export function createActiveSource(env: ActiveEnvironment, clock: Clock): ProfileSource {
  const demo = env.kind === 'demo'
  return {
    async read() {
      const [balance, coupons] = await Promise.all([
        env.session.authed(() => env.coupons.balance()),
        env.session.authed(() => env.coupons.active()),
      ])
      // The header's balance learns this read too: one read, every view.
      env.balance.observe(balance)
      return { balance, coupons: coupons.map(openCouponOf) }
    },
    knownKeyDays() {
      const known = env.feedKey.status()
      return known.expiresAt === null ? null : daysLeft(known.expiresAt, clock.now())
    },
    async keyDaysLeft() {
      const known = env.feedKey.status()
      if (known.expiresAt !== null) return daysLeft(known.expiresAt, clock.now())
      const account = await env.feed.account()
      return accountDaysLeft(account, clock.now())
    },
    session() {
      const status = env.session.status()
      if (!demo && status.state !== 'signed-in' && status.accountState === 'bad-credentials') return 'failed'
      return status.state === 'signing-in' ? 'signed-out' : status.state
    },
    listener() {
      const status = env.listener.status()
      if (status.running) return 'running'
      if (!env.profile.listener.enabled) return 'disabled'
      return status.reason ? 'failed' : 'stopped'
    },
    dispose: () => undefined,
  }
}
