import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export interface WebConsoleOptions {
  /** Added to this process's environment (e.g. DESK_DEMO_MATCHES). */
  env?: Record<string, string>
  args?: string[]
  /** The feed's reads paced on a clock the test moves forward (`skipFeedClock`): `--skippable-feed-clock`. */
  skippableFeedClock?: boolean
}

export interface WebConsole {
  url: string
  child: ChildProcess
  /**
   * Moves the clock the desk paces the feed's reads on `ms` forward (with `skippableFeedClock`):
   * a read due within `ms` starts now. Resolves once the console has moved it.
   */
  skipFeedClock(ms: number): Promise<void>
  stop(): Promise<void>
}

/** Starts `npm run web`'s server part (the renderer is built by `npm run test:e2e` first). */
export async function startWebConsole(options: WebConsoleOptions = {}): Promise<WebConsole> {
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-e2e-data-'))
  const args = [...(options.args ?? []), ...(options.skippableFeedClock ? ['--skippable-feed-clock'] : [])]
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/web/cli.ts', '--port', '0', '--data-dir', dataDir, ...args], {
    cwd: process.cwd(),
    env: { ...process.env, ...options.env },
    stdio: [options.skippableFeedClock ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  })
  const skipped: Array<() => void> = []
  let stderr = ''
  child.stderr?.on('data', (chunk) => (stderr += String(chunk)))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // One that never said it is ready is not left running behind the failed test.
      child.kill('SIGKILL')
      reject(new Error(`web console did not start:\n${stderr}`))
    }, 60_000)
    child.once('exit', (code) => reject(new Error(`web console exited with ${code}:\n${stderr}`)))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('feed clock skipped ')) return skipped.shift()?.()
      const match = /^Partner Desk web console: (http:\/\/127\.0\.0\.1:\d+\/#token=\S+)$/.exec(line)
      if (match) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
  })
  return {
    url,
    child,
    skipFeedClock(ms) {
      if (!options.skippableFeedClock) return Promise.reject(new Error('this console was started without skippableFeedClock'))
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`web console did not skip its feed clock:\n${stderr}`)), 10_000)
        skipped.push(() => {
          clearTimeout(timer)
          resolve()
        })
        child.stdin!.write(`skip-feed-clock ${Math.round(ms)}\n`)
      })
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

export async function launchBrowser(): Promise<BrowserContext> {
  const profileDir = mkdtempSync(join(tmpdir(), 'desk-e2e-chromium-'))
  return chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1440, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  })
}

export const SHOTS = 'test/e2e/__screenshots__'
/** Screenshots of whole walks at every size and theme are for people to look at (`npm run shots`), not for every test run. */
export const TAKE_SHOTS = process.env.DESK_SHOTS === '1'

/**
 * One screenshot into SHOTS for people to look at, with `DESK_SHOTS=1` only (a capture of the page
 * costs more than most checks). An element is still waited for when no shot is taken: its capture
 * used to wait for it, and a test may lean on that.
 */
export async function snap(target: Page | Locator, file: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const element = 'waitFor' in target
  if (TAKE_SHOTS) await target.screenshot({ path: `${SHOTS}/${file}`, ...(element ? {} : options) })
  else if (element) await target.waitFor()
}

export interface OpenConsole {
  page: Page
  /** Uncaught page errors seen so far (a test asserts it stays empty). */
  pageErrors: string[]
  /** See WebConsole.skipFeedClock (opened with `skippableFeedClock`). */
  skipFeedClock(ms: number): Promise<void>
  close(): Promise<void>
}

/** `npm run web`'s server + a fresh Chromium profile + one page on the console, with errors collected. */
export async function openConsole(options: Pick<WebConsoleOptions, 'skippableFeedClock' | 'env'> = {}): Promise<OpenConsole> {
  mkdirSync(SHOTS, { recursive: true })
  // The server and Chromium start side by side: each waits mostly on its own process starting.
  const [started, launched] = await Promise.allSettled([startWebConsole(options), launchBrowser()])
  if (started.status === 'rejected' || launched.status === 'rejected') {
    // A console that did not open leaves no server or browser behind.
    if (launched.status === 'fulfilled') await launched.value.close().catch(() => undefined)
    if (started.status === 'fulfilled') await started.value.stop()
    throw started.status === 'rejected' ? started.reason : (launched as PromiseRejectedResult).reason
  }
  const server = started.value
  const browser: BrowserContext = launched.value
  const pageErrors: string[] = []
  let page: Page
  try {
    page = await browser.newPage()
    page.on('pageerror', (error) => pageErrors.push(error.message))
    await page.goto(server.url)
  } catch (error) {
    await browser.close().catch(() => undefined)
    await server.stop()
    throw error
  }
  return {
    page,
    pageErrors,
    skipFeedClock: server.skipFeedClock,
    async close() {
      await browser.close()
      await server.stop()
    },
  }
}
