/**
 * What a CLI run talks to: output streams, environment, the home directory and a no-echo secret
 * prompt. `nodeIo()` is the real process; tests pass their own to run commands in-process.
 */
import { homedir } from 'node:os'
import { createInterface } from 'node:readline'

export interface CliIo {
  stdout(text: string): void
  stderr(text: string): void
  env: Record<string, string | undefined>
  homeDir: string
  /** Asks for a secret without echo; null when there is no terminal to ask on. */
  promptSecret(question: string): Promise<string | null>
}

/** Reads one line from the terminal without echoing it. The question goes to stderr (stdout stays clean). */
export function promptSecretOnTty(question: string): Promise<string | null> {
  const input = process.stdin
  if (!input.isTTY || !process.stderr.isTTY) return Promise.resolve(null)
  return new Promise((resolve) => {
    const rl = createInterface({ input, output: process.stderr, terminal: true })
    process.stderr.write(question)
    // Silence readline's echo of every typed character.
    ;(rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined
    rl.on('SIGINT', () => {
      rl.close()
      process.stderr.write('\n')
      resolve(null)
    })
    rl.question('', (answer) => {
      rl.close()
      process.stderr.write('\n')
      resolve(answer.length > 0 ? answer : null)
    })
  })
}

export function nodeIo(): CliIo {
  return {
    stdout: (text) => {
      process.stdout.write(text)
    },
    stderr: (text) => {
      process.stderr.write(text)
    },
    env: process.env,
    homeDir: homedir(),
    promptSecret: promptSecretOnTty,
  }
}
