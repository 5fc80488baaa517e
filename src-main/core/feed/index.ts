/** Sport Line Feed client of the main process: typed client, normalisers, scheduler, icons, pointers. */
export { createFeedClient } from './client.js'
export type { FeedClient, FeedClientOptions, TopOptions, EventsOptions } from './client.js'
export * from './types.js'
export { feedKey, lineTypeOf, runFeedRequest } from './requests.js'
export type { FeedRequestSpec, FeedMethod, FeedResultMap, FeedResultOf } from './requests.js'
export { createFeedScheduler, systemTimers, SPEC_MIN_INTERVALS, FAILURE_BACKOFF_MS } from './scheduler.js'
export type { FeedScheduler, FeedSchedulerOptions, FeedListener, FeedUpdate, FeedIntervals, TimerPort } from './scheduler.js'
export { buildCouponPointer, couponPointerOf, isUsableRate, MAX_RATE, outcomeTypeId, parseOcPointer, POINTER_PARAM, readOcPointer } from './pointer.js'
export { sportIconUrl, countryIconUrl, tournamentIconUrl, teamIconUrl } from './icons.js'
export { feedErrorOf, isFeedErrorBody, isFeedErrorAnswer, isTemporaryFeedError } from './errors.js'
export type { FeedErrorCategory, FeedErrorData } from './errors.js'
export { parseKeyExpires, keyExpiryWarning, KEY_EXPIRY_WARN_DAYS } from './key-expiry.js'
export type { KeyExpiryState } from './key-expiry.js'
export { normaliseAccount } from './account.js'
export type { FeedAccount, FeedAccountKey, FeedAccountUsageDay } from './account.js'
export { calendarWindow, calendarSegments, calendarPeriodText, CALENDAR_HOURS, CALENDAR_MAX_DAY, CALENDAR_TIME_ZONE } from './calendar.js'
export type { CalendarPeriod } from './calendar.js'
export { FEED_LANGUAGE_CODES, isFeedLanguageCode } from '../shared/feed-languages.js'
export type { FeedLanguageCode } from '../shared/feed-languages.js'
export { findLiveSuccessor } from './successor.js'
export type { SuccessorSource } from './successor.js'
export {
  normaliseSports,
  normaliseCountries,
  normaliseTournaments,
  normaliseSummaries,
  normaliseChampionships,
  normaliseEvents,
  normaliseEvent,
  goneReasonOf,
} from './normalise.js'
