import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { chromium, type Browser, type BrowserContext } from 'playwright-core'

/**
 * The Chromium behind the stand-in: one headless browser per stand-in process, started by this
 * process (not detached, so killing the process group ends it too) and driven over CDP. Its
 * DevTools endpoint is handed to the test so the test drives the same pages.
 */
export interface Fuses {
  /** Electron's GrantFileProtocolExtraPrivileges fuse (on unless the packaging config turns it off). */
  grantFileProtocolExtraPrivileges: boolean
}

export interface RunningChromium {
  browser: Browser
  context: BrowserContext
  endpoint: string
  pid: number
}

let child: ChildProcess | null = null
let profileDir: string | null = null

export function readFuses(): Fuses {
  const raw = process.env.ELECTRON_STANDIN_FUSES ? (JSON.parse(process.env.ELECTRON_STANDIN_FUSES) as Partial<Fuses>) : {}
  return { grantFileProtocolExtraPrivileges: raw.grantFileProtocolExtraPrivileges !== false }
}

export async function launchChromium(fuses: Fuses): Promise<RunningChromium> {
  const executable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  profileDir = process.env.ELECTRON_STANDIN_CHROMIUM_PROFILE ?? mkdtempSync(join(tmpdir(), 'electron-standin-chromium-'))
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
    '--no-default-browser-check',
    '--remote-debugging-port=0',
    `--user-data-dir=${profileDir}`,
    // What the GrantFileProtocolExtraPrivileges fuse gives file:// pages in Electron: module
    // scripts and fetches from other file:// URLs.
    ...(fuses.grantFileProtocolExtraPrivileges ? ['--allow-file-access-from-files'] : []),
    'about:blank',
  ]
  const proc = spawn(executable, args, { stdio: ['ignore', 'ignore', 'pipe'] })
  child = proc
  let stderr = ''
  const endpoint = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${stderr}`)), 30_000)
    proc.once('error', reject)
    proc.once('exit', (code) => reject(new Error(`Chromium exited with ${code}:\n${stderr}`)))
    createInterface({ input: proc.stderr! }).on('line', (line) => {
      if (stderr.length < 20_000) stderr += `${line}\n`
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(line)
      if (match) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
  })
  const browser = await chromium.connectOverCDP(endpoint)
  const context = browser.contexts()[0]
  return { browser, context, endpoint, pid: proc.pid! }
}

/** Synchronous, for process exit: Electron's browser process goes away with the app. */
export function killChromium(): void {
  if (child && child.exitCode === null) {
    try {
      child.kill('SIGKILL')
    } catch {
      /* already gone */
    }
  }
  child = null
  if (profileDir && !process.env.ELECTRON_STANDIN_CHROMIUM_PROFILE) {
    try {
      rmSync(profileDir, { recursive: true, force: true, maxRetries: 3 })
    } catch {
      /* a dying renderer may still write; the temp dir is the OS's to clean */
    }
  }
  profileDir = null
}
