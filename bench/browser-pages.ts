import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import WebSocket from 'ws'
import type { BrowserContext, CDPSession, Page } from 'playwright-core'

/** The pages of the line browser bench: the console with its probe, the plain list beside it, and a second window on the bridge. */

const PAGE_DIR = fileURLToPath(new URL('./page/', import.meta.url))
const VIRTUAL_CORE = fileURLToPath(new URL('../node_modules/@tanstack/virtual-core/dist/esm/', import.meta.url))
const PLAIN = 'http://plain.bench.invalid'
export const PROBE_SCRIPT = `${PAGE_DIR}probe.js`
export const MB = 1024 * 1024

/** Calls `window.__deskProbe[name](arg)` (bench/page/probe.js) in `page`. */
export type ProbeCall = <T>(name: string, arg?: unknown) => Promise<T>
export const probeOf =
  (page: Page): ProbeCall =>
  <T>(name: string, arg?: unknown): Promise<T> =>
    page.evaluate(([n, a]) => (globalThis as unknown as { __deskProbe: Record<string, (x: unknown) => unknown> }).__deskProbe[n](a), [name, arg] as const) as Promise<T>

/** JS heap in use after a full collection. */
export async function heapMb(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  return usedSize / MB
}

export async function waitFor<T>(test: () => Promise<T | null | false>, what: string, ms = 60_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await test()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/**
 * The plain virtual list (bench/page/plain-list.*) on its own origin in the same browser, served by
 * Playwright from the bench's files; `/data.json` is `text`. Holds the text in its probe.
 */
export async function openPlainList(context: BrowserContext, text: string, errors: string[]): Promise<Page> {
  await context.route(`${PLAIN}/**`, (route) => {
    const path = new URL(route.request().url()).pathname
    if (path === '/data.json') return route.fulfill({ body: text, contentType: 'application/json' })
    // As a bundler serves it: the library's development checks compiled out.
    if (path.startsWith('/vc/'))
      return route.fulfill({ body: readFileSync(VIRTUAL_CORE + path.slice(4), 'utf8').replaceAll('process.env.NODE_ENV', '"production"'), contentType: 'text/javascript' })
    const file = path === '/' ? 'plain-list.html' : path.slice(1)
    return route.fulfill({ body: readFileSync(PAGE_DIR + file), contentType: file.endsWith('.html') ? 'text/html' : 'text/javascript' })
  })
  const plain = await context.newPage()
  plain.on('pageerror', (e) => errors.push(`plain list: ${e.message}`))
  await plain.addInitScript({ path: PROBE_SCRIPT })
  await plain.goto(`${PLAIN}/`)
  await plain.waitForFunction(() => '__plain' in globalThis)
  await plain.evaluate('fetch("/data.json").then((r) => r.text()).then((t) => window.__deskProbe.hold(t))')
  return plain
}

/**
 * A second window on the bridge (a WebSocket from here) holding the whole line of `sportId`, so main
 * keeps polling that key and answers each reopening from its cache, as for a desk with two windows.
 */
export async function holdWholeLine(consoleUrl: string, sportId: number): Promise<() => void> {
  const url = new URL(consoleUrl)
  const token = new URLSearchParams(url.hash.slice(1)).get('token') ?? ''
  const ws = new WebSocket(`ws://${url.host}/desk?token=${encodeURIComponent(token)}`, { origin: url.origin })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  const topic = { name: 'feed.events', lineType: 'line', sportId, tournamentId: 0, all: true }
  ws.send(JSON.stringify({ id: 1, channel: 'desk:watch:subscribe', payload: { subscriptionId: 'bench-second-window', topic } }))
  await new Promise<void>((resolve) => ws.on('message', (data) => String(data).startsWith('{"id":1,') && resolve()))
  return () => ws.close()
}

/**
 * With BENCH_PROFILE=<dir>: a CPU profile of `fn` in the page (`<dir>/<name>.cpuprofile`, open it in
 * Chrome's DevTools), to explain a missed target. Without it, just `fn`.
 */
export async function profiled<T>(cdp: CDPSession, name: string, fn: () => Promise<T>): Promise<T> {
  if (process.env.BENCH_TRACE) return traced(cdp, process.env.BENCH_TRACE, name, fn)
  const dir = process.env.BENCH_PROFILE
  if (!dir) return fn()
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  try {
    return await fn()
  } finally {
    const { profile } = await cdp.send('Profiler.stop')
    mkdirSync(dir, { recursive: true })
    writeFileSync(`${dir}/${name}.cpuprofile`, JSON.stringify(profile))
  }
}

/**
 * With BENCH_TRACE=<dir>: a Chrome trace of `fn` (`<dir>/<name>.json`, open it in DevTools' Performance
 * panel): where a frame's time went between script, style, layout and paint, which a CPU profile
 * lumps together as "(program)".
 */
async function traced<T>(cdp: CDPSession, dir: string, name: string, fn: () => Promise<T>): Promise<T> {
  const events: unknown[] = []
  const collect = (e: { value: unknown[] }) => void events.push(...e.value)
  cdp.on('Tracing.dataCollected', collect)
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,v8.execute,blink.user_timing,disabled-by-default-devtools.timeline,v8,disabled-by-default-v8.gc,blink.gc,blink', transferMode: 'ReportEvents' })
  try {
    return await fn()
  } finally {
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()))
    await cdp.send('Tracing.end')
    await done
    cdp.off('Tracing.dataCollected', collect)
    mkdirSync(dir, { recursive: true })
    writeFileSync(`${dir}/${name}.json`, JSON.stringify({ traceEvents: events }))
  }
}

/**
 * CPU time of the page's main thread (Chrome's `ThreadTime`) `fn` costs: what a figure of main-thread
 * work should count on a shared machine, where wall time also counts the other tenants' turns.
 */
export async function threadMs<T>(cdp: CDPSession, fn: () => Promise<T>): Promise<{ value: T; cpu: number }> {
  const read = async () => ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN) * 1000
  const before = await read()
  const value = await fn()
  return { value, cpu: (await read()) - before }
}
