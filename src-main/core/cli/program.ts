/**
 * The `desk` program: builds the commander tree and runs it in-process with an injected CliIo, so
 * tests drive commands without spawning. Returns the exit code; never calls process.exit itself.
 */
import { Command, CommanderError } from 'commander'
import { toDeskError, type ErrorCode } from '../shared/errors.js'
import type { CommandDeps } from './action.js'
import { registerAccountCommands } from './commands/account.js'
import { registerCouponCommands } from './commands/coupons.js'
import { registerDoctorCommand } from './commands/doctor.js'
import { registerFeedCommands } from './commands/feed.js'
import { registerListenCommand, registerTimelineCommand } from './commands/index.js'
import { registerPlaceCommand } from './commands/place.js'
import { registerProfilesCommands } from './commands/profiles.js'
import { addGlobalOptions, type ContextOptions } from './context.js'
import { EXIT, exitCodeOf } from './exit-codes.js'
import { nodeIo, type CliIo } from './io.js'
import { errorDocument, printError as printErrorLine, printJson } from './output.js'

/** Flags that would put a secret into argv (shell history, `ps`): refused before parsing. */
const SECRET_FLAGS = ['--password', '--pass', '--feed-key', '--api-key', '--token', '--jwt', '--secret', '--callback-secret']

export function buildProgram(deps: CommandDeps): Command {
  const program = addGlobalOptions(new Command('desk'))
    .description('Partner Desk command line: profiles, feed, coupons, placement, callbacks and timeline')
    .enablePositionalOptions()
    .showHelpAfterError(false)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => deps.io.stdout(text),
      // Help shown because a command was missing goes to stderr; error messages are printed by runCli.
      writeErr: (text) => deps.io.stderr(text),
      outputError: () => undefined,
    })
  registerProfilesCommands(program, deps)
  registerAccountCommands(program, deps)
  registerFeedCommands(program, deps)
  registerCouponCommands(program, deps)
  registerPlaceCommand(program, deps)
  registerListenCommand(program, deps)
  registerTimelineCommand(program, deps)
  registerDoctorCommand(program, deps)
  // Every subcommand reports usage errors through the same exitOverride / output.
  const inherit = (command: Command): void => {
    for (const sub of command.commands) {
      sub.exitOverride().configureOutput({ writeOut: (text) => deps.io.stdout(text), writeErr: (text) => deps.io.stderr(text), outputError: () => undefined })
      inherit(sub)
    }
  }
  inherit(program)
  return program
}

export interface RunOptions {
  io?: CliIo
  contextOptions?: ContextOptions
}

/** `--json` among the options (not after a `--` that ends them). */
function jsonRequested(argv: string[]): boolean {
  const end = argv.indexOf('--')
  return (end === -1 ? argv : argv.slice(0, end)).includes('--json')
}

export async function runCli(argv: string[], options: RunOptions = {}): Promise<number> {
  const base = options.io ?? nodeIo()
  // `--json` promises one JSON document on stdout, failures included: the error becomes that document
  // unless the command already printed its own (commands run through `act` print it themselves).
  let printed = false
  const io: CliIo = { ...base, stdout: (text) => ((printed = true), base.stdout(text)) }
  const printError = (code: ErrorCode, message: string, data?: unknown) => {
    printErrorLine(io, code, message)
    if (jsonRequested(argv) && !printed) printJson(io, errorDocument({ code, message, data }))
  }
  const forbidden = argv.find((arg) => SECRET_FLAGS.some((flag) => arg === flag || arg.startsWith(`${flag}=`)))
  if (forbidden) {
    const name = forbidden.split('=')[0]
    printError('usage', `${name} is not accepted: secrets never go on the command line; use DESK_PASSWORD / DESK_FEED_KEY / DESK_CALLBACK_SECRET, the profile's vault or the interactive prompt`)
    return EXIT.usage
  }
  let code: number = EXIT.ok
  const program = buildProgram({ io, contextOptions: options.contextOptions, setExit: (c) => (code = c) })
  try {
    await program.parseAsync(argv, { from: 'user' })
    return code
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT.ok
      // Help printed (to stderr) because no command was given.
      if (error.code === 'commander.help') return error.exitCode === 0 ? EXIT.ok : EXIT.usage
      printError('usage', error.message.replace(/^error:\s*/i, ''))
      return EXIT.usage
    }
    const e = toDeskError(error)
    printError(e.code, e.message, e.data)
    return exitCodeOf(e)
  }
}
