/** Entry of `npm run desk -- <command>` (= `tsx src-main/core/cli/main.ts`). */
import { runCli } from './program.js'

const LONG_RUNNING = new Set(['listen'])

const argv = process.argv.slice(2)
const code = await runCli(argv)
process.exitCode = code
// Long-running commands (the listener) keep the process alive and exit on their own signals.
// Everything else ends here, even if a keep-alive socket is still open.
if (!argv.some((arg) => LONG_RUNNING.has(arg))) {
  process.stdout.write('', () => process.exit(code))
}
