import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
const TSX = `${ROOT}node_modules/.bin/tsx`

/** The CLI entry under test: what `npm run desk --` runs. */
export const CLI_ENTRY = `${ROOT}src-main/core/cli/main.ts`

export interface CliRun {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

export function runCli(args: string[]): CliRun {
  const child = spawn(TSX, [CLI_ENTRY, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  )
  return { child, stdout: () => out, stderr: () => err, exit }
}

/** Resolves with the parsed ready line, or rejects with stderr when the process ends first. */
export async function waitReady(run: CliRun, timeoutMs = 15_000): Promise<{ event: string; url: string }> {
  const started = Date.now()
  for (;;) {
    const line = run.stdout().split('\n')[0]
    if (run.stdout().includes('\n')) return JSON.parse(line) as { event: string; url: string }
    if (run.child.exitCode !== null || run.child.signalCode !== null) throw new Error(`exited before ready: ${run.stderr()}`)
    if (Date.now() - started > timeoutMs) throw new Error(`no ready line: ${run.stderr()}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

export async function runToEnd(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const run = runCli(args)
  const { code } = await run.exit
  return { code, stdout: run.stdout(), stderr: run.stderr() }
}
