import type { RunningChromium } from './chromium.js'

/** The Chromium the app's windows live in, once `app` is ready. */
let running: Promise<RunningChromium> | null = null

export function setChromium(chromium: Promise<RunningChromium>): void {
  running = chromium
}

export function chromiumNow(): Promise<RunningChromium> {
  if (!running) throw new Error('Cannot create BrowserWindow before app is ready')
  return running
}
