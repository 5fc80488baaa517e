import { parseArgs } from 'node:util'
import { DEFAULT_CALLBACK_SECRET, type SimulatorOptions } from './server.js'
import { parseVariations } from './variations.js'
import { MAX_CLOCK_OFFSET_MS } from './clock-offset.js'

/**
 * The simulator CLI's flags (`npm run simulator -- ...`, see cli.ts) read into its options. A module of
 * its own: importing it starts nothing. A flag it refuses throws an Error whose message says why; the
 * CLI prints it with the usage line and exits 2.
 */

export const USAGE = 'usage: simulator [--port N] [--seed N] [--callback-secret S] [--time-scale X] [--matches N] [--feed-error-status by-kind|N] [--variations all|none|name,...] [--clock-offset-ms N]'

function fail(message: string): never {
  throw new Error(message)
}

function intFlag(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value)) fail(`--${name} must be an integer, got '${value}'`)
  const n = Number(value)
  if (n < min || n > max) fail(`--${name} must be between ${min} and ${max}`)
  return n
}

export function parseCliOptions(argv: string[]): SimulatorOptions {
  let values: Record<string, string | boolean | undefined>
  try {
    values = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        seed: { type: 'string' },
        'callback-secret': { type: 'string' },
        'time-scale': { type: 'string' },
        matches: { type: 'string' },
        'feed-error-status': { type: 'string' },
        variations: { type: 'string' },
        'clock-offset-ms': { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }).values
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error))
  }
  const str = (key: string) => values[key] as string | undefined
  const timeScaleRaw = str('time-scale')
  let timeScale: number | undefined
  if (timeScaleRaw !== undefined) {
    timeScale = Number(timeScaleRaw)
    if (!/^\d+(\.\d+)?$/.test(timeScaleRaw) || !(timeScale > 0) || timeScale > 100_000) fail(`--time-scale must be a positive number, got '${timeScaleRaw}'`)
  }
  const secret = str('callback-secret')
  if (secret !== undefined && secret.length === 0) fail('--callback-secret must not be empty')
  const errorStatus = str('feed-error-status')
  if (errorStatus !== undefined && errorStatus !== 'by-kind' && !/^[1-5]\d\d$/.test(errorStatus)) fail(`--feed-error-status must be by-kind or an HTTP status, got '${errorStatus}'`)
  const variations = str('variations') ?? 'none'
  try {
    parseVariations(variations)
  } catch (error) {
    fail(`--variations: ${error instanceof Error ? error.message : String(error)}`)
  }
  const offsetRaw = str('clock-offset-ms')
  if (offsetRaw !== undefined && (!/^-?\d+$/.test(offsetRaw) || Math.abs(Number(offsetRaw)) > MAX_CLOCK_OFFSET_MS)) fail(`--clock-offset-ms must be an integer of at most ${MAX_CLOCK_OFFSET_MS} either way, got '${offsetRaw}'`)
  return {
    clockOffsetMs: offsetRaw === undefined ? 0 : Number(offsetRaw),
    variations,
    feedErrorStatus: errorStatus === undefined || errorStatus === 'by-kind' ? 'by-kind' : Number(errorStatus),
    port: intFlag('port', str('port'), 0, 65_535) ?? 0,
    seed: intFlag('seed', str('seed'), 0, 2 ** 31) ?? 1,
    callbackSecret: secret ?? DEFAULT_CALLBACK_SECRET,
    timeScale: timeScale ?? 1,
    matches: intFlag('matches', str('matches'), 0, 100_000) ?? 300,
  }
}
