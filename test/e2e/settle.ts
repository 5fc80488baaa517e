import type { Page } from 'playwright-core'

/**
 * Waits until the page is still: every running animation and CSS transition (a theme's colours, a
 * drawer's width), including those a change just made starts a frame later, has finished, then two
 * frames have been painted. Screenshots and axe read computed
 * colours and sizes, so they wait on this instead of a fixed time.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const doc = (globalThis as unknown as { document: { getAnimations(): Array<{ finished: Promise<unknown> }> } }).document
    const raf = (globalThis as unknown as { requestAnimationFrame(cb: () => void): void }).requestAnimationFrame
    const frames = () => new Promise<void>((resolve) => raf(() => raf(() => resolve())))
    // A change just made (a colour scheme, a new row) starts its transitions only once the page has
    // rendered it: two frames first, then wait out what runs, until two frames pass with nothing running.
    await frames()
    for (let round = 0; round < 8; round++) {
      const running = doc.getAnimations()
      if (running.length === 0) break
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)))
      await frames()
    }
    await frames()
  })
}
