export { createConfStorage, createMemoryStorage, type ProfileStorage, type ConfStorageOptions } from './storage.js'
export {
  DEMO_PROFILE_ID,
  DEMO_SECRETS,
  demoProfile,
  normaliseServiceUrl,
  profileInputSchema,
  profileSchema,
  validateProfileInput,
  type Profile,
  type ProfileInput,
} from './schema.js'
export { createProfileService, secretOrigin, ACTIVE_KEY, FAVOURITES_KEY, MAX_MARKET_FAVOURITES, PROFILES_KEY, type ProfileService, type ProfileServiceOptions } from './service.js'
export { openProfileStore, type NodeProfileStore, type OpenProfileStoreOptions } from './open.js'
export { ensurePrivateDatabase, ensurePrivateDir, ensurePrivateFile, tightenPrivateFile, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../shared/private-files.js'
export { createWatchlists, pinInputSchema, pinRefSchema, pinSchema, WATCHLISTS_KEY, type PinInput, type PinRef, type Watchlists } from './watchlist.js'
export { adhocProfileId, claimUnnamedHistory, describeClient, historyFileOf, resolveClient, ADHOC_PREFIX, type ClientFlags, type ClientOrigin, type ResolvedClient } from './client.js'
