import { writeFileSync } from 'node:fs'
import { launchBrowser, startWebConsole } from '../test/e2e/launch.js'
import { PROBE_SCRIPT, probeOf, waitFor } from './browser-pages.js'
const server = await startWebConsole({ env: { DESK_DEMO_MATCHES: '800' } })
const context = await launchBrowser()
try {
  const page = await context.newPage()
  await page.addInitScript({ path: PROBE_SCRIPT })
  await page.goto(server.url)
  await page.getByTestId('match-row').first().waitFor({ timeout: 60_000 })
  const probe = probeOf(page)
  const from = await probe<number>('marksSeen')
  await page.getByTestId('feed-scope-all').click()
  await waitFor(() => probe<any>('firstPaint', { from, more: 50 }), 'paint', 120_000)
  writeFileSync('/tmp/list.json', (await probe<string>('text'))!)
} finally { await context.close(); await server.stop() }
