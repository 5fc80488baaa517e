import type { Page } from 'playwright-core'

/**
 * Waits until the page is still: every running animation and CSS transition (a theme's colours, a
 * drawer's width) has finished, then two frames have been painted. Screenshots and axe read computed
 * colours and sizes, so they wait on this instead of a fixed time.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const doc = (globalThis as unknown as { document: { getAnimations(): Array<{ finished: Promise<unknown> }> } }).document
    const raf = (globalThis as unknown as { requestAnimationFrame(cb: () => void): void }).requestAnimationFrame
    for (let round = 0; round < 5; round++) {
      const running = doc.getAnimations()
      if (running.length === 0) break
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)))
    }
    await new Promise<void>((resolve) => raf(() => raf(() => resolve())))
  })
}
