/**
 * Everything a command needs, resolved from the global flags, the environment and the data dir:
 * the profile store, the profile, connection overrides, secrets (env or no-echo prompt, never
 * argv), the clients, and the embedded simulator for Demo when no URL is given.
 */
import { join } from 'node:path'
import type { Command } from 'commander'
import { createCouponClient, type CouponClient } from '../coupons/index.js'
import { createFeedClient, type FeedClient } from '../feed/index.js'
import {
  claimUnnamedHistory,
  DEMO_SECRETS,
  describeClient,
  normaliseServiceUrl,
  openProfileStore,
  resolveClient,
  secretOrigin,
  type NodeProfileStore,
  type Profile,
  type ResolvedClient,
} from '../profiles/index.js'
import { DeskError, toDeskError } from '../shared/errors.js'
import { createFileSink, createLogger, nullLogger, type LogLevel, type Logger } from '../shared/log.js'
import { defaultRedactor } from '../shared/redact.js'
import type { RunningSimulator } from '../simulator/server.js'
import { adoptLegacyHistory, type LegacyHistory } from '../timeline/index.js'
import type { CliIo } from './io.js'

export interface GlobalFlags {
  json?: boolean
  profile?: string
  dataDir?: string
  couponUrl?: string
  feedUrl?: string
  cdnUrl?: string
  username?: string
  legacy?: boolean
}

export interface Endpoints {
  coupons: string
  feed: string
  cdn: string
}

export interface CliContext {
  readonly io: CliIo
  readonly flags: GlobalFlags
  readonly json: boolean
  readonly dataDir: string
  readonly log: Logger
  store(): NodeProfileStore
  /** The profile of this run: see `client()`. */
  profile(): Profile
  /** `--profile`, the active one, or the (saved or unnamed) client the URL flags describe. */
  client(): ResolvedClient
  /**
   * The history database of this run's profile, the one every command and the console use; an old
   * data-dir history is taken over first when the active profile has none (see timeline/legacy.ts).
   */
  history(): { file: string; legacy: LegacyHistory; claimed: string | null }
  /** What resolving the history changed or found (a history taken over, an old file left aside), as sentences. */
  historyNotes(): string[]
  /** Says on stderr which profile and history the run uses, and its notes. */
  announceHistory(): void
  language(): string
  endpoints(): Promise<Endpoints>
  /** A secret from the environment or the vault (Demo: its public value), never prompted; null when there is none. */
  knownSecret(kind: 'password' | 'feedApiKey' | 'callbackSecret'): string | null
  coupons(): Promise<CouponClient>
  feed(): Promise<FeedClient>
  /** Stops the embedded simulator, if one was started. Idempotent. */
  close(): Promise<void>
}

export function defaultDataDir(io: CliIo): string {
  return io.env.PARTNER_DESK_HOME || join(io.homeDir, '.partner-desk')
}

/** The options every command of mine accepts (also before the command name). */
export function addGlobalOptions(command: Command): Command {
  return command
    .option('--json', 'print exactly one JSON document on stdout')
    .option('--profile <nameOrId>', 'profile to use (default: the active one)')
    .option('--data-dir <dir>', 'data directory (default: $PARTNER_DESK_HOME or ~/.partner-desk)')
    .option('--coupon-url <url>', 'coupon service base URL (env DESK_COUPON_URL)')
    .option('--feed-url <url>', 'feed API URL (env DESK_FEED_URL)')
    .option('--cdn-url <url>', 'CDN URL (env DESK_CDN_URL)')
    .option('--username <name>', 'client username (env DESK_USERNAME)')
    .option('--legacy', 'use the legacy coupon routes')
}

const LOG_LEVELS: LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent']

function optionalUrl(value: string | undefined, field: string): string | undefined {
  if (value === undefined || value.trim() === '') return undefined
  try {
    return normaliseServiceUrl(value, field)
  } catch (error) {
    throw new DeskError('usage', toDeskError(error).message)
  }
}

export interface ContextOptions {
  /** Starts the embedded simulator (injected so tests can observe it; default: startSimulator). */
  startSimulator?: () => Promise<RunningSimulator>
}

export function createContext(flags: GlobalFlags, io: CliIo, options: ContextOptions = {}): CliContext {
  const dataDir = flags.dataDir || defaultDataDir(io)
  const env = io.env
  const overrides = {
    coupons: optionalUrl(flags.couponUrl ?? env.DESK_COUPON_URL, '--coupon-url'),
    feed: optionalUrl(flags.feedUrl ?? env.DESK_FEED_URL, '--feed-url'),
    cdn: optionalUrl(flags.cdnUrl ?? env.DESK_CDN_URL, '--cdn-url'),
  }
  let store: NodeProfileStore | null = null
  let profile: Profile | null = null
  let log: Logger | null = null
  let sim: RunningSimulator | null = null
  let simStarting: Promise<RunningSimulator> | null = null
  let endpoints: Promise<Endpoints> | null = null
  let coupons: CouponClient | null = null
  let feed: FeedClient | null = null

  const getStore = (): NodeProfileStore => (store ??= openProfileStore({ dataDir }))

  // An empty variable is an unset one (`DESK_USERNAME= desk …`).
  const givenUsername = flags.username?.trim() || env.DESK_USERNAME?.trim() || undefined
  let client: ResolvedClient | null = null
  const getClient = (): ResolvedClient =>
    (client ??= resolveClient(dataDir, getStore().profiles, {
      profile: flags.profile,
      couponUrl: overrides.coupons,
      feedUrl: overrides.feed,
      cdnUrl: overrides.cdn,
      username: givenUsername,
    }))
  const getProfile = (): Profile => (profile ??= getClient().profile)

  let history: { file: string; legacy: LegacyHistory; claimed: string | null } | null = null
  const getHistory = () => {
    if (history) return history
    const resolved = getClient()
    const file = resolved.historyFile
    const claimed = resolved.how === 'adhoc' ? null : claimUnnamedHistory(dataDir, resolved.profile)
    const legacy: LegacyHistory = resolved.how === 'active' ? adoptLegacyHistory(dataDir, file, resolved.profile.id) : { state: 'none' }
    return (history = { file, legacy, claimed })
  }

  const getLog = (): Logger => {
    if (log) return log
    const level = (env.DESK_LOG_LEVEL ?? 'info') as LogLevel
    try {
      log = createLogger({ sink: createFileSink(join(dataDir, 'logs', 'cli.log')), level: LOG_LEVELS.includes(level) ? level : 'info' })
    } catch {
      log = nullLogger
    }
    return log
  }

  const startSim = async (): Promise<RunningSimulator> => {
    if (sim) return sim
    simStarting ??= (async () => {
      try {
        const start = options.startSimulator ?? (async () => (await import('../simulator/server.js')).startSimulator({ port: 0, seed: 1 }))
        sim = await start()
        getLog().info('embedded simulator started', { url: sim.couponBaseUrl })
        return sim
      } catch (error) {
        throw new DeskError('simulator_start', `The embedded demo simulator did not start: ${toDeskError(error).message}`, { cause: error })
      }
    })()
    return simStarting
  }

  const resolveEndpoints = async (): Promise<Endpoints> => {
    const p = getProfile()
    const given = {
      coupons: overrides.coupons ?? (p.couponBaseUrl || undefined),
      feed: overrides.feed ?? (p.feedApiUrl || undefined),
      cdn: overrides.cdn ?? (p.cdnUrl || undefined),
    }
    // Demo without any address: the embedded simulator serves all three.
    if (p.environment === 'demo' && !given.coupons && !given.feed) {
      const s = await startSim()
      return { coupons: s.couponBaseUrl, feed: s.feedApiUrl, cdn: given.cdn ?? s.cdnUrl }
    }
    return { coupons: given.coupons ?? '', feed: given.feed ?? '', cdn: given.cdn ?? '' }
  }

  /**
   * The vault's value only for the service it was entered for: a URL flag pointing elsewhere never
   * receives a stored secret. The simulator's public demo values are no secrets and go anywhere
   * an ad-hoc client started from Demo (or Demo itself) points.
   */
  const storedSecret = (kind: 'password' | 'feedApiKey'): string | null => {
    const resolved = getClient()
    const p = resolved.profile
    if (resolved.how === 'adhoc') return resolved.base.environment === 'demo' ? DEMO_SECRETS[kind] : null
    const override = kind === 'feedApiKey' ? overrides.feed : overrides.coupons
    if (!override || secretOrigin({ couponBaseUrl: override, feedApiUrl: override }, kind) === secretOrigin(p, kind)) return getStore().profiles.secret(p.id, kind)
    return p.environment === 'demo' ? DEMO_SECRETS[kind] : null
  }

  /** Env first (explicit), then the vault (or Demo's public value), then a no-echo prompt. */
  const secretOf = async (envName: string, kind: 'password' | 'feedApiKey', label: string): Promise<string> => {
    const fromEnv = env[envName]
    if (fromEnv) {
      // Not from the vault, so register it here: masked in every log line like vault secrets.
      defaultRedactor.register(fromEnv)
      return fromEnv
    }
    const stored = storedSecret(kind)
    if (stored) return stored
    const p = getProfile()
    const asked = await io.promptSecret(`${label} for profile "${p.name}": `)
    if (asked) {
      defaultRedactor.register(asked)
      return asked
    }
    throw new DeskError('missing_secret', `No ${label.toLowerCase()} for profile "${p.name}": set ${envName} or store it in the profile`)
  }

  const ctx: CliContext = {
    io,
    flags,
    json: flags.json === true,
    dataDir,
    get log() {
      return getLog()
    },
    store: getStore,
    profile: getProfile,
    client: getClient,
    history: getHistory,
    historyNotes() {
      const { legacy, claimed } = getHistory()
      const notes: string[] = []
      if (claimed) notes.push(`took over the history this client had without a profile name (${claimed})`)
      if (legacy.state === 'adopted') notes.push(`took over ${legacy.entries} entries of ${legacy.from} (an older \`desk listen\` without --profile); the old file is kept as ${legacy.keptAs}`)
      if (legacy.state === 'kept') notes.push(`${legacy.file} (an older \`desk listen\` without --profile, ${legacy.entries} entries) is not part of this history; read it with \`desk timeline --history-file ${legacy.file}\``)
      return notes
    },
    announceHistory() {
      io.stderr(`history: ${describeClient(getClient())}\n`)
      for (const note of ctx.historyNotes()) io.stderr(`history: ${note}\n`)
    },
    language: () => getProfile().language,
    knownSecret(kind) {
      const envName = { password: 'DESK_PASSWORD', feedApiKey: 'DESK_FEED_KEY', callbackSecret: 'DESK_CALLBACK_SECRET' }[kind]
      const fromEnv = env[envName]
      if (fromEnv) {
        defaultRedactor.register(fromEnv)
        return fromEnv
      }
      if (kind !== 'callbackSecret') return storedSecret(kind)
      // The listener's secret: the profile's own vault (as `desk listen --profile` takes it), Demo's public one.
      const resolved = getClient()
      const stored = resolved.how === 'adhoc' ? null : getStore().profiles.secret(resolved.profile.id, 'callbackSecret')
      return stored ?? (resolved.base.environment === 'demo' ? DEMO_SECRETS.callbackSecret : null)
    },
    endpoints: () => (endpoints ??= resolveEndpoints()),
    async coupons() {
      if (coupons) return coupons
      const p = getProfile()
      const { coupons: baseURL } = await ctx.endpoints()
      if (!baseURL) throw new DeskError('usage', 'No coupon service URL: pass --coupon-url (or DESK_COUPON_URL) or use a profile that has one')
      const username = (givenUsername ?? p.username).trim()
      if (!username) throw new DeskError('usage', 'No username: pass --username (or DESK_USERNAME) or store it in the profile')
      // Resolved up front: every coupon command signs in, and a missing secret is reported as such.
      const password = await secretOf('DESK_PASSWORD', 'password', 'Password')
      coupons = createCouponClient({
        baseURL,
        mode: flags.legacy || p.legacyMode ? 'legacy' : 'new',
        credentials: async () => ({ username, password }),
        logger: getLog().child({ module: 'coupons' }),
      })
      return coupons
    },
    async feed() {
      if (feed) return feed
      const { feed: baseURL } = await ctx.endpoints()
      if (!baseURL) throw new DeskError('usage', 'No feed URL: pass --feed-url (or DESK_FEED_URL) or use a profile that has one')
      feed = createFeedClient({ baseURL, apiKey: await secretOf('DESK_FEED_KEY', 'feedApiKey', 'Feed API key'), logger: getLog().child({ module: 'feed' }) })
      return feed
    },
    async close() {
      const running = sim ?? (simStarting ? await simStarting.catch(() => null) : null)
      sim = null
      simStarting = null
      if (running) await running.close()
    },
  }
  return ctx
}
