/** Sport Line Feed client of the main process: typed client, normalisers, scheduler, icons, pointers. */
export { createFeedClient } from './client.js'
export type { FeedClient, FeedClientOptions, TopOptions, EventsOptions } from './client.js'
export * from './types.js'
export { feedKey, lineTypeOf, runFeedRequest } from './requests.js'
export type { FeedRequestSpec, FeedMethod, FeedResultMap, FeedResultOf } from './requests.js'
export { createFeedScheduler, systemTimers, SPEC_MIN_INTERVALS } from './scheduler.js'
export type { FeedScheduler, FeedSchedulerOptions, FeedListener, FeedUpdate, FeedIntervals, TimerPort } from './scheduler.js'
export { buildCouponPointer } from './pointer.js'
export { sportIconUrl, countryIconUrl, tournamentIconUrl, teamIconUrl } from './icons.js'
export { parseOcPointer } from './normalise-match.js'
export {
  normaliseSports,
  normaliseCountries,
  normaliseTournaments,
  normaliseSummaries,
  normaliseChampionships,
  normaliseEvents,
  normaliseEvent,
} from './normalise.js'
