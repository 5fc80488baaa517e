import { startSimulator, type SimulatorOptions } from './server.js'
import { parseCliOptions, USAGE } from './cli-options.js'

/**
 * `npm run simulator -- [--port N] [--seed N] [--callback-secret S] [--time-scale X] [--matches N] [--feed-error-status by-kind|N] [--variations all|none|a,b] [--clock-offset-ms N]`
 * Prints exactly one JSON "ready" line on stdout; everything else goes to stderr.
 * Exit codes: 0 after SIGTERM/SIGINT, 2 for invalid flags, 1 when the server cannot start.
 */

function optionsOrExit(argv: string[]): SimulatorOptions {
  try {
    return parseCliOptions(argv)
  } catch (error) {
    process.stderr.write(`simulator: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`)
    process.exit(2)
  }
}

async function main(): Promise<void> {
  const options = optionsOrExit(process.argv.slice(2))
  // stdout carries exactly one line (the ready line): any stray console output goes to stderr.
  const toStderr = (...args: unknown[]) => process.stderr.write(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ') + '\n')
  console.log = toStderr
  console.info = toStderr
  console.debug = toStderr
  let sim: Awaited<ReturnType<typeof startSimulator>>
  try {
    sim = await startSimulator({ ...options, host: '127.0.0.1' })
  } catch (error) {
    process.stderr.write(`simulator: cannot start: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  }
  process.stderr.write(`simulator: listening on port ${sim.port} (seed ${options.seed}, ${options.matches} prematch matches, time scale ${options.timeScale}, variations ${options.variations})\n`)
  process.stdout.write(JSON.stringify({ event: 'ready', couponBaseUrl: sim.couponBaseUrl, feedApiUrl: sim.feedApiUrl, cdnUrl: sim.cdnUrl }) + '\n')

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    process.stderr.write(`simulator: ${signal}, closing\n`)
    setTimeout(() => {
      process.stderr.write('simulator: close timed out\n')
      process.exit(1)
    }, 5000).unref()
    sim.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`simulator: close failed: ${error instanceof Error ? error.message : String(error)}\n`)
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))
}

void main()
