import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** The CLI entry under test: what `npm run desk --` runs. */
export const CLI_ENTRY = `${ROOT}src-main/core/cli/main.ts`

/**
 * Every process this module starts (the `tsx` wrapper AND the node process running the CLI under it)
 * carries this marker in its environment, so a survivor can be found even after it was re-parented.
 */
const MARKER = `DESK_TEST_CHILD=${randomUUID()}`
const groups = new Set<number>()

export interface CliRun {
  child: ChildProcess
  stdout: () => string
  stderr: () => string
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Signals the whole process group (wrapper and listener), not just the wrapper. */
  signal(signal: NodeJS.Signals): void
}

export function runCli(args: string[], env: Record<string, string> = {}): CliRun {
  const [key, value] = MARKER.split('=') as [string, string]
  // One node process, as `npm run desk` runs it (`node --import tsx`): the tsx wrapper would relay
  // SIGTERM and, when its child is slow to confirm (a loaded machine), kill it and exit 143. Own
  // process group all the same, so the whole group is signalled.
  const child = spawn(process.execPath, ['--import', 'tsx', CLI_ENTRY, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: { ...process.env, ...env, [key]: value } })
  if (child.pid) groups.add(child.pid)
  let out = ''
  let err = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  )
  const signal = (sig: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, sig)
    } catch {
      // group already gone
    }
  }
  return { child, stdout: () => out, stderr: () => err, exit, signal }
}

/** Pids of live processes started by this module (found by the environment marker, wherever they were re-parented). */
export function survivors(): number[] {
  const found: number[] = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      const environ = readFileSync(`/proc/${name}/environ`, 'utf8')
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      // a zombie (state Z) has already ended
      if (environ.split('\0').includes(MARKER) && !/^\d+ \(.*\) Z/.test(stat)) found.push(Number(name))
    } catch {
      // gone or not ours
    }
  }
  return found
}

/** The environment entry that marks a process as started by this test run (for other spawners). */
export function markerEnv(): Record<string, string> {
  const [key, value] = MARKER.split('=') as [string, string]
  return { [key]: value }
}

/** Waits up to `graceMs` for every marked process to end; resolves with the pids still alive. */
export async function waitNoSurvivors(graceMs = 3000): Promise<number[]> {
  const until = Date.now() + graceMs
  let left = survivors()
  while (left.length > 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 100))
    left = survivors()
  }
  return left
}

/** Kills every process group started here; resolves with the pids still alive after `graceMs`. */
export async function killAllAndCheck(graceMs = 3000): Promise<number[]> {
  for (const pgid of groups) {
    try {
      process.kill(-pgid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
  groups.clear()
  return waitNoSurvivors(graceMs)
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

export async function runToEnd(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const run = runCli(args, env)
  const { code } = await run.exit
  return { code, stdout: run.stdout(), stderr: run.stderr() }
}
