import { readFileSync } from 'node:fs'
import { InvalidArgumentError, type Command } from 'commander'
import { createCallbackListener } from '../../callbacks/listener.js'
import { DeskError } from '../../shared/errors.js'
import { openTimelineStore } from '../../timeline/store.js'
import { resolveDataDir, timelineDbFile } from '../../timeline/paths.js'

function parsePort(value: string): number {
  const port = Number(value)
  if (!/^\d+$/.test(value) || port < 0 || port > 65535) throw new InvalidArgumentError('port must be an integer 0..65535')
  return port
}

interface ListenFlags {
  port: number
  secret?: string
  dataDir?: string
  path: string
  host: string
  maxBodyBytes?: number
  tlsCert?: string
  tlsKey?: string
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
 * `desk listen --port N --secret S --data-dir DIR [--path P] [--tls-cert F --tls-key F]`: the callback listener without UI.
 * stdout carries exactly one line, `{"event":"ready","url":...}`; failures are thrown as DeskError
 * (the CLI entry prints `error <code>: <message>` on stderr and exits non-zero).
 * SIGTERM / SIGINT close the listener and the database, then exit 0.
 */
export function registerListenCommand(program: Command): void {
  program
    .command('listen')
    .description('run the signed settlement callback listener (headless)')
    .requiredOption('--port <port>', 'port to listen on (0 = any free port)', parsePort)
    .option('--secret <secret>', 'callback signing secret (or env DESK_CALLBACK_SECRET)')
    .option('--data-dir <dir>', 'directory of the history database')
    .option('--path <path>', 'callback path', '/callbacks')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--tls-cert <file>', 'PEM certificate: serve HTTPS (with --tls-key)')
    .option('--tls-key <file>', 'PEM private key for --tls-cert')
    .action(async (_flags: ListenFlags, command: Command) => {
      const flags = command.optsWithGlobals() as ListenFlags
      const secret = flags.secret ?? process.env.DESK_CALLBACK_SECRET
      if (!secret) throw new DeskError('usage', 'listen: --secret (or DESK_CALLBACK_SECRET) is required')
      const path = flags.path.startsWith('/') ? flags.path : `/${flags.path}`
      const tls = tlsFrom(flags)
      const store = openTimelineStore(timelineDbFile(resolveDataDir(flags.dataDir)))
      const listener = createCallbackListener({ host: flags.host, port: flags.port, path, secret, store, tls })
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
      process.stdout.write(`${JSON.stringify({ event: 'ready', url })}\n`)
    })
}
