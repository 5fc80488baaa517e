import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { InvalidArgumentError, type Command } from 'commander'
import {
  createCallbackListener,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_CONNECTIONS,
  MAX_BODY_LIMIT_BYTES,
  MIN_BODY_LIMIT_BYTES,
} from '../../callbacks/index.js'
import { ensurePrivateDatabase } from '../../profiles/index.js'
import { DeskError } from '../../shared/errors.js'
import { createFileSink, createLogger, type LogSink } from '../../shared/log.js'
import { defaultRedactor } from '../../shared/redact.js'
import { openTimelineStore, resolveDataDir } from '../../timeline/index.js'
import type { CommandDeps } from '../action.js'
import { createContext, type CliContext } from '../context.js'
import type { CliIo } from '../io.js'

function parsePort(value: string): number {
  const port = Number(value)
  if (!/^\d+$/.test(value) || port < 0 || port > 65535) throw new InvalidArgumentError('port must be an integer 0..65535')
  return port
}

const UNITS: Record<string, number> = { '': 1, b: 1, k: 1024, kb: 1024, kib: 1024, m: 1024 ** 2, mb: 1024 ** 2, mib: 1024 ** 2 }

/** `--max-body`: bytes, or a number with KiB / MiB (K, M, KB, MB are read as binary units too). */
export function parseBodySize(value: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value)
  const unit = match ? UNITS[match[2]!.toLowerCase()] : undefined
  const bytes = match && unit ? Math.floor(Number(match[1]) * unit) : NaN
  if (!Number.isFinite(bytes) || bytes < MIN_BODY_LIMIT_BYTES || bytes > MAX_BODY_LIMIT_BYTES) {
    throw new InvalidArgumentError(`must be a size from 64KiB to 256MiB (bytes, or with KiB / MiB), e.g. 16MiB`)
  }
  return bytes
}

function parseConnections(value: string): number {
  const n = Number(value)
  if (!/^\d+$/.test(value.trim()) || n < 1 || n > 10_000) throw new InvalidArgumentError('must be an integer 1..10000')
  return n
}

interface ListenFlags {
  port: number
  dataDir?: string
  profile?: string
  path: string
  host: string
  maxBody?: number
  maxConnections?: number
  tlsCert?: string
  tlsKey?: string
  couponUrl?: string
  feedUrl?: string
  cdnUrl?: string
  username?: string
  syncBeforeAnswer?: boolean
}

/** HTTPS for exposed deployments: both files or neither. */
function tlsFrom(flags: ListenFlags): { cert: Buffer; key: Buffer } | undefined {
  if (!flags.tlsCert && !flags.tlsKey) return undefined
  if (!flags.tlsCert || !flags.tlsKey) throw new DeskError('usage', 'listen: --tls-cert and --tls-key go together')
  try {
    return { cert: readFileSync(flags.tlsCert), key: readFileSync(flags.tlsKey) }
  } catch (cause) {
    throw new DeskError('usage', `listen: cannot read the TLS certificate or key (${(cause as Error).message})`, { cause })
  }
}

/**
 * The profile whose history this listener writes, by the rule every command follows (CliContext.client):
 * `--profile`, else the client the URL flags (or DESK_COUPON_URL / DESK_USERNAME) describe, else the
 * active profile. The vault's callback secret is used only for a profile named with `--profile`.
 */
function listenerContext(dataDir: string, flags: ListenFlags, io: CliIo): { ctx: CliContext; secret: string | null } {
  if (flags.profile && !existsSync(join(dataDir, 'profiles.json'))) throw new DeskError('profile_not_found', `No profile named or with id "${flags.profile}" (see \`desk profiles\`)`)
  const ctx = createContext({ profile: flags.profile, dataDir, couponUrl: flags.couponUrl, feedUrl: flags.feedUrl, cdnUrl: flags.cdnUrl, username: flags.username }, io)
  const { how, profile } = ctx.client()
  return { ctx, secret: how === 'named' ? ctx.store().profiles.secret(profile.id, 'callbackSecret') : null }
}

/**
 * `desk listen --port N [--profile P] [--data-dir DIR] [--path P] [--max-body SIZE] [--max-connections N] [--tls-cert F --tls-key F] [--sync-before-answer]`:
 * the callback listener without UI. The signing secret never comes from argv (`--secret` is refused
 * before parsing): env DESK_CALLBACK_SECRET, else the `--profile` vault, else a no-echo prompt.
 * stdout carries exactly one line, `{"event":"ready","url":...}`; listener problems are JSON log lines
 * on stderr (and in <dataDir>/logs/cli.log); failures are thrown as DeskError.
 * SIGTERM / SIGINT close the listener and the database, then exit 0.
 */
export function registerListenCommand(program: Command, deps: CommandDeps): void {
  program
    .command('listen')
    .description('run the signed settlement callback listener (headless)')
    .requiredOption('--port <port>', 'port to listen on (0 = any free port)', parsePort)
    .option('--data-dir <dir>', 'data directory (default: $PARTNER_DESK_HOME or ~/.partner-desk)')
    .option('--profile <nameOrId>', "use this profile's vault secret, body limit and history database (default: the active profile's history)")
    .option('--coupon-url <url>', "the history of the client at this coupon service (with --username; env DESK_COUPON_URL), as `desk place` records it")
    .option('--username <name>', 'client username of that client (env DESK_USERNAME)')
    .option('--feed-url <url>', 'accepted like the other commands take it (env DESK_FEED_URL); picks no history')
    .option('--cdn-url <url>', 'accepted like the other commands take it (env DESK_CDN_URL); picks no history')
    .option('--path <path>', 'callback path', '/callbacks')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--max-body <size>', `largest callback body, e.g. 16MiB (default: the profile's setting, else ${DEFAULT_MAX_BODY_BYTES / 1024 / 1024}MiB)`, parseBodySize)
    .option('--max-connections <n>', `open connections served at once (default ${DEFAULT_MAX_CONNECTIONS})`, parseConnections)
    .option('--tls-cert <file>', 'PEM certificate: serve HTTPS (with --tls-key)')
    .option('--tls-key <file>', 'PEM private key for --tls-cert')
    .option('--sync-before-answer', 'answer 200 only once the delivery is synced to the disk (survives a power loss too; a lone sender waits one disk sync per delivery)')
    .action(async (_flags: ListenFlags, command: Command) => {
      const flags = command.optsWithGlobals() as ListenFlags
      const { io } = deps
      const dataDir = resolveDataDir(flags.dataDir, io.env as NodeJS.ProcessEnv)
      const { ctx, secret: stored } = listenerContext(dataDir, flags, io)
      const secret = io.env.DESK_CALLBACK_SECRET || stored || (await io.promptSecret('Callback signing secret: '))
      if (!secret) {
        throw new DeskError('missing_secret', 'listen: no callback signing secret: set DESK_CALLBACK_SECRET, store it in a profile (--profile), or run on a terminal to be asked')
      }
      defaultRedactor.register(secret)
      const path = flags.path.startsWith('/') ? flags.path : `/${flags.path}`
      const tls = tlsFrom(flags)
      let fileSink: LogSink = () => undefined
      try {
        fileSink = createFileSink(join(dataDir, 'logs', 'cli.log'))
      } catch {
        // stderr still gets every line
      }
      const log = createLogger({ sink: (line) => (io.stderr(`${line}\n`), fileSink(line)), level: 'info', fields: { module: 'listener' } })
      const { profile, how, historyFile } = ctx.client()
      ctx.history()
      log.info('history', { profile: profile.name, profileId: profile.id, how, file: historyFile })
      for (const note of ctx.historyNotes()) log.warn(note)
      const store = openTimelineStore(ensurePrivateDatabase(historyFile, dataDir), { acknowledge: flags.syncBeforeAnswer ? 'synced' : 'committed', logger: log })
      const listener = createCallbackListener({
        host: flags.host,
        port: flags.port,
        path,
        secret,
        store,
        tls,
        log,
        maxBodyBytes: flags.maxBody ?? (how === 'adhoc' ? undefined : profile.listener.maxBodyBytes),
        maxConnections: flags.maxConnections,
      })
      let url: string
      try {
        ;({ url } = await listener.start())
      } catch (error) {
        store.close()
        throw error
      }
      store.audit('cli', 'listener.start', { url })
      let stopping = false
      const shutdown = async () => {
        if (stopping) return
        stopping = true
        try {
          await listener.stop()
          store.audit('cli', 'listener.stop', { url })
        } finally {
          store.close()
          process.exit(0)
        }
      }
      process.on('SIGTERM', () => void shutdown())
      process.on('SIGINT', () => void shutdown())
      io.stdout(`${JSON.stringify({ event: 'ready', url })}\n`)
    })
}
