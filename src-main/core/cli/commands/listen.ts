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
}

/**
 * `desk listen --port N --secret S --data-dir DIR [--path P]`: the callback listener without UI.
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
    .action(async (_flags: ListenFlags, command: Command) => {
      const flags = command.optsWithGlobals() as ListenFlags
      const secret = flags.secret ?? process.env.DESK_CALLBACK_SECRET
      if (!secret) throw new DeskError('usage', 'listen: --secret (or DESK_CALLBACK_SECRET) is required')
      const path = flags.path.startsWith('/') ? flags.path : `/${flags.path}`
      const store = openTimelineStore(timelineDbFile(resolveDataDir(flags.dataDir)))
      const listener = createCallbackListener({ host: flags.host, port: flags.port, path, secret, store })
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
