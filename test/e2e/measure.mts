import { openConsole } from './launch.ts'
process.env.DESK_DEMO_MATCHES = process.env.N ?? '14000'
const desk = await openConsole()
const { page } = desk
try {
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.getByTestId('match-row').first().waitFor({ timeout: 60000 })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  const m0 = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]))
  const t0 = Date.now()
  await page.getByTestId('feed-scope-all').click()
  await page.waitForFunction(() => document.querySelector('[data-testid="match-list"]')?.getAttribute('data-virtual') === 'true' && document.querySelectorAll('[data-testid="match-row"]').length > 0, null, { timeout: 60000 })
  const t1 = Date.now()
  const m1 = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]))
  const count = await page.locator('[data-testid="feed-list-count"], .browser__bar .mono').first().textContent()
  const rendered = await page.locator('[data-testid="match-row"]').count()
  console.log(JSON.stringify({ count, rendered, clickToRowsMs: t1 - t0, scriptMs: Math.round((m1.ScriptDuration - m0.ScriptDuration) * 1000), layoutMs: Math.round((m1.LayoutDuration - m0.LayoutDuration) * 1000), taskMs: Math.round((m1.TaskDuration - m0.TaskDuration) * 1000) }))
  // scroll through the whole list
  const s0 = Date.now()
  const frames = await page.evaluate(async () => {
    const el = document.querySelector('.mlist__scroll') as HTMLElement
    const long: number[] = []
    let last = performance.now()
    const total = el.scrollHeight
    for (let y = 0; y < total; y += 600) {
      el.scrollTop = y
      await new Promise((r) => requestAnimationFrame(() => r(null)))
      const now = performance.now()
      long.push(now - last)
      last = now
    }
    long.sort((a, b) => a - b)
    return { frames: long.length, p50: long[Math.floor(long.length / 2)], p95: long[Math.floor(long.length * 0.95)], over20: long.filter((x) => x > 20).length }
  })
  console.log(JSON.stringify({ scroll: frames, ms: Date.now() - s0 }))
  console.log('errors', desk.pageErrors)
} finally {
  await desk.close()
}
