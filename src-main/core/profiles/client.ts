/**
 * Which profile, and so which history, a run belongs to. The one rule every host follows (the
 * console always runs a named profile; each `desk` command resolves its flags here):
 *
 *   --profile P, its own client         → P
 *   no flags (or the active one's own)  → the active profile
 *   a coupon URL (or username) that is not the named / active profile's client
 *                                       → a saved custom profile with exactly that client, else an
 *                                         unnamed custom profile "ad hoc" keyed by URL + username
 *
 * A client is the coupon service plus the username signed in as: that is whose coupons and
 * settlements a history holds. Demo's username only picks a simulator account (as in the console),
 * so it never makes Demo another client. A feed or CDN URL alone changes no client.
 */
import { createHash } from 'node:crypto'
import { existsSync, renameSync } from 'node:fs'
import { dirname } from 'node:path'
import { DeskError } from '../shared/errors.js'
import { profileTimelineFile } from '../timeline/index.js'
import type { Profile } from './schema.js'
import type { ProfileService } from './service.js'

export interface ClientFlags {
  profile?: string
  /** Normalised (normaliseServiceUrl) coupon service URL from a flag or the environment. */
  couponUrl?: string
  feedUrl?: string
  cdnUrl?: string
  username?: string
}

export type ClientOrigin = 'named' | 'active' | 'matched' | 'adhoc'

export interface ResolvedClient {
  /** The profile the run uses: a saved one, or the unnamed ad-hoc profile built from the flags. */
  profile: Profile
  how: ClientOrigin
  /** The saved profile the flags started from (`--profile`, else the active one). */
  base: Profile
  /** The history database of `profile`. */
  historyFile: string
}

export const ADHOC_PREFIX = 'adhoc-'

/** The stable id of an unnamed client: same coupon URL and username, same id (and history). */
export function adhocProfileId(couponUrl: string, username: string): string {
  return ADHOC_PREFIX + createHash('sha256').update(`${couponUrl}\n${username}`).digest('hex').slice(0, 16)
}

/** The history database of a profile, saved or ad hoc: `<dataDir>/profiles/<id>/timeline.sqlite`. */
export function historyFileOf(dataDir: string, profileId: string): string {
  return profileTimelineFile(dataDir, profileId)
}

function adhocProfile(base: Profile, couponUrl: string, username: string, flags: ClientFlags): Profile {
  let host = couponUrl
  try {
    host = new URL(couponUrl).host
  } catch {
    // kept whole
  }
  return {
    ...base,
    id: adhocProfileId(couponUrl, username),
    name: `${username || '?'}@${host} (ad hoc)`,
    environment: 'custom',
    couponBaseUrl: couponUrl,
    feedApiUrl: flags.feedUrl ?? '',
    cdnUrl: flags.cdnUrl ?? '',
    username,
    listener: { ...base.listener, enabled: false },
    simVariations: undefined,
  }
}

/** Resolves the profile of a run from its flags (already merged with the environment and normalised). */
export function resolveClient(dataDir: string, profiles: ProfileService, flags: ClientFlags): ResolvedClient {
  let base: Profile
  if (flags.profile) {
    const found = profiles.find(flags.profile)
    if (!found) throw new DeskError('profile_not_found', `No profile named or with id "${flags.profile}" (see \`desk profiles\`)`)
    base = found
  } else base = profiles.active()
  const keep = (profile: Profile, how: ClientOrigin): ResolvedClient => ({ profile, how, base, historyFile: historyFileOf(dataDir, profile.id) })
  const own = flags.profile ? 'named' : 'active'
  const username = (flags.username ?? base.username).trim()

  if (base.environment === 'demo') {
    if (!flags.couponUrl) return keep(base, own)
  } else if ((flags.couponUrl ?? base.couponBaseUrl) === base.couponBaseUrl && username === base.username) return keep(base, own)

  const couponUrl = flags.couponUrl ?? base.couponBaseUrl
  if (!flags.profile) {
    const same = profiles.list().filter((p) => p.environment === 'custom' && p.couponBaseUrl === couponUrl && p.username === username)
    if (same.length > 1) {
      throw new DeskError('usage', `Profiles ${same.map((p) => `"${p.name}"`).join(', ')} all use ${username} at ${couponUrl}: pick one with --profile`)
    }
    if (same.length === 1) return keep(same[0]!, 'matched')
  }
  return keep(adhocProfile(base, couponUrl, username, flags), 'adhoc')
}

/**
 * A custom profile saved for a client that was used before without a name (URL flags) takes that
 * client's history over, so saving it as a profile loses nothing: the unnamed one's folder becomes
 * the profile's when the profile has no history yet. Returns the folder taken over, else null.
 */
export function claimUnnamedHistory(dataDir: string, profile: Profile): string | null {
  if (profile.environment !== 'custom' || !profile.couponBaseUrl) return null
  const own = historyFileOf(dataDir, profile.id)
  const unnamed = historyFileOf(dataDir, adhocProfileId(profile.couponBaseUrl, profile.username))
  if (own === unnamed || existsSync(own) || !existsSync(unnamed)) return null
  try {
    if (existsSync(dirname(own))) {
      for (const suffix of ['', '-wal', '-shm']) if (existsSync(unnamed + suffix)) renameSync(unnamed + suffix, own + suffix)
    } else renameSync(dirname(unnamed), dirname(own))
  } catch {
    // Taken by another run meanwhile, or not movable: the profile starts its own history.
    return null
  }
  return dirname(unnamed)
}

/** One line saying which profile and history a run uses (for stderr). */
export function describeClient(resolved: ResolvedClient): string {
  const { profile, how } = resolved
  const why =
    how === 'named' ? '--profile' : how === 'active' ? 'the active profile' : how === 'matched' ? 'the saved profile with this coupon URL and username' : 'an unnamed client from the URL flags'
  return `profile "${profile.name}" (${profile.id}; ${why}), history ${resolved.historyFile}`
}
