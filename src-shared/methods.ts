/**
 * The contract's method names, without any schema library, so the sandboxed preload can build its
 * named functions from them. `contract.ts` checks at compile time that its schemas match this list.
 */
export const methods = {
  app: ['info'],
  session: ['status', 'login', 'logout', 'signIn'],
  profiles: ['list', 'select', 'save', 'remove', 'setSecret', 'clearSecret', 'marketFavourites', 'setMarketFavourite'],
  feed: ['menu', 'events', 'event', 'topMatches', 'topChampionships', 'toplist', 'search', 'calendar', 'liveSuccessor', 'account', 'keyStatus'],
  coupons: ['place', 'resolvePlacement', 'pendingPlacements', 'get', 'active', 'calculated', 'resultsByIds', 'resultsByPeriod'],
  balance: ['get'],
  timeline: ['query', 'couponHistory', 'deliveries', 'delivery', 'checkBalance', 'pnl', 'balanceHistory'],
  listener: ['status', 'start', 'stop', 'reverify'],
  watch: ['subscribe', 'unsubscribe'],
  watchlist: ['list', 'pin', 'unpin'],
  audit: ['query', 'record'],
  doctor: ['run', 'last'],
  demo: [
    'settle',
    'recalculate',
    'advanceClock',
    'accounts',
    'startMatch',
    'finishMatch',
    'cancelMatch',
    'moveOdds',
    'blockOutcome',
    'failCallbacks',
    'suppressCallback',
    'dropNextPlacement',
    'setBalance',
    'revokeTokens',
  ],
} as const

export type MethodNames = typeof methods

export const EVENT_CHANNEL = 'desk:event'
export const channelOf = (domain: string, method: string): string => `desk:${domain}:${method}`

/** Every (domain, method) pair. */
export const methodTable: ReadonlyArray<readonly [keyof MethodNames, string]> = (Object.keys(methods) as Array<keyof MethodNames>).flatMap(
  (domain) => methods[domain].map((method) => [domain, method] as const),
)
