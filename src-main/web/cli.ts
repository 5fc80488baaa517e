/**
 * `npm run web`: the console in a browser, for machines where Electron cannot run and for e2e
 * tests. Same core, same contract, same validation; loopback only. Never part of the Electron build.
 *
 *   npm run web -- [--port N] [--data-dir DIR] [--static-dir DIR] [--shim FILE]
 * serves the desktop build's renderer (out/renderer) with the browser's preload stand-in
 * (dist-web/desk-shim.js) loaded first, and the app's Content-Security-Policy as a header.
 * prints one line: `Partner Desk web console: http://127.0.0.1:P/#token=…` (stdout), logs to stderr.
 *
 * For e2e tests only, `--skippable-feed-clock`: the feed's reads are paced on a clock the parent moves
 * forward through stdin (`skip-feed-clock <ms>` per line, answered `feed clock skipped <ms>` on stdout),
 * so a test drives a Prematch match's 30 s between reads instead of waiting it out; the minimum
 * intervals still hold on that clock. Without the flag stdin is not read.
 */
import { parseArgs } from 'node:util'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'
import { existsSync, readFileSync } from 'node:fs'
import { startWebBridge } from './bridge.js'
import { contentSecurityPolicy, WEB_CSP_OPTIONS } from '../electron/csp.js'
import { createDispatcher } from '../core/shared/dispatch.js'
import { createEventHub } from '../core/shared/events.js'
import { openProfileStore } from '../core/profiles/index.js'
import { createDeskCore } from '../core/desk/index.js'
import { createLogger, createStreamSink } from '../core/shared/log.js'
import { createSkippableClock, type SkippableClock } from '../core/shared/clock.js'
import { createInterface } from 'node:readline'

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'data-dir': { type: 'string' },
    'static-dir': { type: 'string' },
    shim: { type: 'string' },
    'skippable-feed-clock': { type: 'boolean', default: false },
  },
  strict: true,
})

const root = resolve(import.meta.dirname, '../..')
const staticDir = resolve(values['static-dir'] ?? join(root, 'out/renderer'))
const shimFile = resolve(values.shim ?? join(root, 'dist-web/desk-shim.js'))
for (const needed of [join(staticDir, 'index.html'), shimFile]) {
  if (existsSync(needed)) continue
  process.stderr.write(`web: ${needed} not found; build it with "npm run web" (it runs both builds first)\n`)
  process.exit(2)
}
const dataDir = resolve(values['data-dir'] ?? process.env.PARTNER_DESK_HOME ?? join(homedir(), '.partner-desk'))
const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version
// Every line goes through the redactor: secrets the vault has seen, bearer tokens, JWTs, key fields.
const logger = createLogger({ sink: createStreamSink(process.stderr), level: 'info', fields: { app: 'web' } })

const hub = createEventHub()
const store = openProfileStore({ dataDir })
/** A positive whole number of ms from the environment (tests shorten the Overview's pace), else the default. */
const msFromEnv = (name: string): number | undefined => (/^\d+$/.test(process.env[name] ?? '') && Number(process.env[name]) > 0 ? Number(process.env[name]) : undefined)
const feedClock = values['skippable-feed-clock'] ? createSkippableClock() : undefined
const core = await createDeskCore({
  dataDir,
  profiles: store.profiles,
  vault: store.vault,
  emit: hub.emit,
  bridge: 'web',
  version,
  logger,
  feedClock,
  overviewPollMs: msFromEnv('DESK_OVERVIEW_POLL_MS'),
  overviewTimeoutMs: msFromEnv('DESK_OVERVIEW_TIMEOUT_MS'),
})
const bridge = await startWebBridge({
  staticDir,
  shimFile,
  csp: contentSecurityPolicy(WEB_CSP_OPTIONS),
  port: Number(values.port),
  dispatch: createDispatcher(core.handlers, { epoch: core.epoch, onInternalError: (channel, error) => logger.error('call failed', { channel, error }) }),
  subscribe: hub.subscribe,
  onError: (what, error) => logger.error(`web bridge: ${what}`, { error }),
})
// A stray rejection is logged, not fatal: a request from a browser tab must never end the console.
process.on('unhandledRejection', (error) => logger.error('unhandled rejection', { error }))
process.stdout.write(`Partner Desk web console: ${bridge.url}\n`)
if (feedClock) skipOnStdin(feedClock)

/** `skip-feed-clock <ms>` lines from the test that started this console; anything else is refused on stderr. */
function skipOnStdin(clock: SkippableClock): void {
  createInterface({ input: process.stdin }).on('line', (line) => {
    const match = /^skip-feed-clock (\d{1,9})$/.exec(line.trim())
    if (!match) return logger.warn('stdin: not a feed clock skip', { line: line.slice(0, 80) })
    clock.skip(Number(match[1]))
    process.stdout.write(`feed clock skipped ${match[1]}\n`)
  })
}

let closing = false
async function shutdown() {
  if (closing) return
  closing = true
  await bridge.close()
  await core.dispose()
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown())
process.on('SIGINT', () => void shutdown())
