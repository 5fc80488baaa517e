export { createFeedHandler } from './routes.js'
export { createCdnHandler } from './cdn.js'
export { createFeedControlHandler } from './control.js'
export { FEED_KEYS, LIMITED_SPORTS, SUPPORTED_LANGS, type FeedSubscription } from './auth.js'
