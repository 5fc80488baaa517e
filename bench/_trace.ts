import { writeFileSync } from 'node:fs'
import { launchBrowser, startWebConsole } from '../test/e2e/launch.js'
import { PROBE_SCRIPT, probeOf, waitFor } from './browser-pages.js'
const server = await startWebConsole({ env: { DESK_DEMO_MATCHES: process.env.WORLD ?? '12800' } })
const context = await launchBrowser()
try {
  const page = await context.newPage()
  await page.addInitScript({ path: PROBE_SCRIPT })
  await page.goto(server.url)
  await page.getByTestId('match-row').first().waitFor({ timeout: 60_000 })
  const probe = probeOf(page)
  const cdp = await context.newCDPSession(page)
  const listCount = async () => Number((await page.locator('.browser__bar .mono').first().textContent())?.replace(/\D/g, '') || 0)
  const top = await listCount()
  for (let r = 0; r < 2; r++) {
    if (r > 0) { await page.getByTestId('feed-scope-top').click(); await waitFor(async () => (await listCount()) === top, 'top') }
    const from = await probe<number>('marksSeen')
    const events: unknown[] = []
    if (r === 1) {
      cdp.on('Tracing.dataCollected', (e) => events.push(...e.value))
      await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['devtools.timeline', 'v8', 'blink.user_timing', 'disabled-by-default-devtools.timeline', 'v8.execute'] }, transferMode: 'ReportEvents' })
    }
    await page.getByTestId('feed-scope-all').click()
    const fp = await waitFor(() => probe<any>('firstPaint', { from, more: top }), 'paint', 120_000)
    console.log(JSON.stringify(fp))
    if (r === 1) {
      const done = new Promise((res) => cdp.once('Tracing.tracingComplete', res))
      await cdp.send('Tracing.end'); await done
      writeFileSync('/tmp/trace-first-paint.json', JSON.stringify({ traceEvents: events }))
    }
  }
} finally { await context.close(); await server.stop() }
