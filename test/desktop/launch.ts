import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { loadBuilderConfig } from './builder-config.js'

/**
 * Test side of the desktop e2e: starts the stand-in's `electron` (test/desktop/standin/host.ts) on
 * this repository, so the BUILT out/main/index.js runs unchanged with `electron` resolved to the
 * stand-in, then connects to the stand-in's Chromium over CDP to drive the window's page.
 */
export const REPO = resolve(import.meta.dirname, '../..')
export const SHOTS = 'test/desktop/__screenshots__'
const HOST = join(REPO, 'test/desktop/standin/host.ts')
const REGISTER = join(REPO, 'test/desktop/standin/register.mjs')

export interface StandinState {
  pid: number
  ready: boolean
  singleInstanceLock: boolean
  paths: { userData: string; logs: string }
  windows: Array<{ id: number; targetId: string; url: string; visible: boolean; shown: boolean; minimized: boolean; focused: boolean; focusCount: number; readyToShow: boolean; size: [number, number] }>
  ipc: { handled: string[]; listeners: string[] }
  mainErrors: string[]
  lifecycle: Array<{ name: string; at: number; prevented?: boolean }>
  windowsCreated: Array<{ id: number; options: { webPreferences?: Record<string, unknown>; [key: string]: unknown } }>
  exposures: Array<{ windowId: number | null; frameUrl: string; key: string; shape: unknown }>
  invokes: Array<{ windowId: number | null; channel: string; frameUrl: string; outcome: string }>
  sends: Array<{ channel: string }>
  pushed: Record<string, number>
  navigations: Array<{ windowId: number | null; url: string; mainFrame: boolean; prevented: boolean }>
  windowOpens: Array<{ windowId: number | null; url: string; via: string; action: string }>
  permissions: Array<{ permission: string; kind: string; granted: boolean; handler: boolean }>
  external: Array<{ api: string; target: string }>
  responses: Array<{ windowId: number | null; url: string; resourceType: string; status: number; csp: string[]; changed: boolean }>
  console: Array<{ windowId: number | null; source: string; level: string; text: string; url?: string }>
  preloadErrors: Array<{ message: string }>
  secondInstances: Array<{ argv: string[] }>
  protocols: Array<{ api: string; scheme: string; privileges?: Record<string, unknown> }>
  stubErrors: string[]
}

export interface Desktop {
  child: ChildProcess
  browser: Browser
  state(): Promise<StandinState>
  command<T = unknown>(command: string, args?: Record<string, unknown>): Promise<T>
  /** The page of a stand-in window (matched by CDP target id). */
  page(windowId: number): Promise<Page>
  /** Resolves with the exit code once the stand-in process has exited. */
  exited: Promise<number | null>
  /** Written by the stand-in as it exits: its lifecycle and what was still open in the process. */
  exitReport(): ExitReport | null
  output(): string
  /** Kills the stand-in's whole process group (it and its Chromium), if still running. */
  kill(): Promise<void>
}

export interface ExitReport {
  code: number
  lifecycle: Array<{ name: string; at: number; prevented?: boolean }>
  activeResources: string[]
  /** host:port of TCP servers still listening at exit. */
  listening: string[]
}

export interface LaunchOptions {
  userData?: string
  env?: Record<string, string>
}

export function assertBuilt(): void {
  for (const file of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']) {
    if (!existsSync(join(REPO, file))) throw new Error(`${file} is missing: the desktop e2e runs the built app (npm run build first)`)
  }
}

async function standinEnv(options: LaunchOptions, exitReport: string): Promise<NodeJS.ProcessEnv> {
  const { config } = await loadBuilderConfig()
  return {
    ...process.env,
    ELECTRON_STANDIN_EXIT_REPORT: exitReport,
    ELECTRON_STANDIN_USER_DATA: options.userData ?? mkdtempSync(join(tmpdir(), 'desk-desktop-userdata-')),
    // The packaged app's fuses decide what file:// pages may do; the stand-in follows them.
    ELECTRON_STANDIN_FUSES: JSON.stringify(config.electronFuses ?? {}),
    ...options.env,
  }
}

function spawnHost(env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', REGISTER, HOST, REPO], {
    cwd: REPO,
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    detached: true,
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    if (output.length < 200_000) output += String(chunk)
  }
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)))
  return { child, output: () => output, exited }
}

async function killGroup(child: ChildProcess, exited: Promise<unknown>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  try {
    process.kill(-child.pid!, 'SIGKILL')
  } catch {
    /* already gone */
  }
  await exited
}

export async function launchDesktop(options: LaunchOptions = {}): Promise<Desktop> {
  assertBuilt()
  const reportFile = join(mkdtempSync(join(tmpdir(), 'desk-desktop-exit-')), 'exit.json')
  const { child, output, exited } = spawnHost(await standinEnv(options, reportFile))
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>()
  let nextId = 1
  const endpoint = new Promise<string>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`the stand-in did not become ready:\n${output()}`)), 60_000)
    child.on('message', (raw) => {
      const message = raw as { type?: string; endpoint?: string; id?: number; ok?: boolean; result?: unknown; error?: string }
      if (message.type === 'ready') {
        clearTimeout(timer)
        resolveReady(message.endpoint!)
      } else if (message.id !== undefined) {
        const waiter = pending.get(message.id)
        pending.delete(message.id)
        if (message.ok) waiter?.resolve(message.result)
        else waiter?.reject(new Error(message.error))
      }
    })
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`the stand-in exited with ${code} before it was ready:\n${output()}`))
      for (const waiter of pending.values()) waiter.reject(new Error(`the stand-in exited with ${code}`))
    })
  })
  let browser: Browser
  try {
    browser = await chromium.connectOverCDP(await endpoint)
  } catch (error) {
    await killGroup(child, exited)
    throw error
  }
  const command = <T,>(name: string, args: Record<string, unknown> = {}) =>
    new Promise<T>((resolveCommand, reject) => {
      if (!child.connected) return reject(new Error(`the stand-in is gone:\n${output()}`))
      const id = nextId++
      pending.set(id, { resolve: resolveCommand as (value: unknown) => void, reject })
      child.send({ id, command: name, args })
    })
  return {
    child,
    browser,
    state: () => command<StandinState>('state'),
    command,
    async page(windowId) {
      const window = (await command<StandinState>('state')).windows.find((w) => w.id === windowId)
      if (!window) throw new Error(`no window ${windowId}`)
      const context = browser.contexts()[0]
      for (let attempt = 0; attempt < 50; attempt++) {
        for (const page of context.pages()) {
          const session = await context.newCDPSession(page)
          const info = (await session.send('Target.getTargetInfo')) as { targetInfo: { targetId: string } }
          await session.detach()
          if (info.targetInfo.targetId === window.targetId) return page
        }
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error(`the page of window ${windowId} is not visible over CDP`)
    },
    exited,
    exitReport: () => (existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, 'utf8')) as ExitReport) : null),
    output,
    async kill() {
      await browser.close().catch(() => undefined)
      await killGroup(child, exited)
    },
  }
}

/** A second `electron .` on the same userData: it should hand over to the first and exit. */
export async function runSecondInstance(userData: string): Promise<{ code: number | null; output: string }> {
  const { child, output, exited } = spawnHost(await standinEnv({ userData }, join(mkdtempSync(join(tmpdir(), 'desk-desktop-exit-')), 'exit.json')))
  const timer = setTimeout(() => void killGroup(child, exited), 30_000)
  const code = await exited
  clearTimeout(timer)
  return { code, output: output() }
}

/** Polls the stand-in's state until `check` returns a value (not undefined/false). */
export async function waitForState<T>(desktop: Desktop, check: (state: StandinState) => T | undefined | false, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: StandinState | undefined
  while (Date.now() < deadline) {
    last = await desktop.state()
    const value = check(last)
    if (value !== undefined && value !== false) return value
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`timed out waiting on the stand-in; last state: ${JSON.stringify({ windows: last?.windows, lifecycle: last?.lifecycle, stubErrors: last?.stubErrors, mainErrors: last?.mainErrors })}\n${desktop.output()}`)
}
