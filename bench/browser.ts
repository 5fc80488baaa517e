import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { BrowserContext } from 'playwright-core'
import { launchBrowser, startWebConsole } from '../test/e2e/launch.js'
import type { BenchConfig } from './lib/args.js'
import { row, type BenchRow } from './lib/report.js'
import { summarise } from './lib/stats.js'
import { heapMb, holdWholeLine, MB, openPlainList, PROBE_SCRIPT, probeOf, profiled, threadMs, waitFor } from './browser-pages.js'

/**
 * The line browser in Chromium: `npm run web`'s server with a Demo world big enough that its
 * largest sport lists about 5,000 matches (whole line, `match=all`), Debian's Chromium headless, one
 * launch for every figure. Beside it, in the same browser, a plain virtualised list of the same rows
 * (bench/page/plain-list.*, @tanstack/virtual-core and nothing else) takes the same data.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url))
/** The Demo world's size: its biggest sport (football, opened first) holds about 39% of the main matches. */
const WORLD = { full: 12_800, quick: 800 }
const CHANGED_PRICES = { full: 2000, quick: 100 }

export async function benchBrowser(config: BenchConfig): Promise<BenchRow[]> {
  started = Date.now()
  ensureBuilt()
  // BENCH_STATIC_DIR: another build of the renderer to measure (e.g. before a change), same server and bench.
  const staticDir = process.env.BENCH_STATIC_DIR
  const server = await startWebConsole({ env: { DESK_DEMO_MATCHES: String(config.size(WORLD.full, WORLD.quick)) }, args: staticDir ? ['--static-dir', staticDir] : [] })
  let context: BrowserContext | null = null
  try {
    context = await launchBrowser()
    return await measure(context, server.url, config)
  } finally {
    await context?.close().catch(() => undefined)
    await server.stop()
  }
}

/** The bench runs the built renderer (out/renderer, dist-web): built here when missing. */
function ensureBuilt(): void {
  if (existsSync(`${ROOT}out/renderer/index.html`) && existsSync(`${ROOT}dist-web/desk-shim.js`)) return
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] })
}

interface Timing {
  total: number
  script: number
  frame: number
}
interface Scroll {
  frames: number
  over20: number
  dropped: number
  worst: number
  px: number
}
interface FirstPaint {
  /** The whole list's rows, and those of the first message (fewer when a big list comes in two parts). */
  rows: number
  firstRows: number
  shown: number
  bytes: number
  total: number
  parse: number
  render: number
  /** From the first message's arrival to the whole list painted, and the whole list message's size. */
  whole: number
  wholeBytes: number
}

let started = Date.now()
const step = (what: string) => process.env.BENCH_VERBOSE && process.stderr.write(`bench: browser: ${what} at ${((Date.now() - started) / 1000).toFixed(1)} s\n`)

/** What main pushes for a list refresh today: the contract says whether feed lists have deltas. */
function refreshMode(): 'delta' | 'snapshot' {
  return /'feed\.events': \{ snapshot: TournamentEventsDto\[\]; delta: never \}/.test(readFileSync(`${ROOT}src-shared/contract.ts`, 'utf8')) ? 'snapshot' : 'delta'
}

async function measure(context: BrowserContext, url: string, config: BenchConfig): Promise<BenchRow[]> {
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.addInitScript({ path: PROBE_SCRIPT })
  await page.goto(url)
  await page.getByTestId('match-row').first().waitFor({ timeout: 60_000 })
  const probe = probeOf(page)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Performance.enable')
  const listCount = async () => Number((await page.locator('.browser__bar .mono').first().textContent())?.replace(/\D/g, '') || 0)
  const topCount = await listCount()
  const heapTop = await heapMb(cdp)
  step('console open')

  // Data to first rows painted: the whole line opened from the Top 50, `reps` times.
  const paints: FirstPaint[] = []
  let release = () => {}
  try {
    for (let r = 0; r < config.reps; r++) {
      if (r > 0) {
        await page.getByTestId('feed-scope-top').click()
        await waitFor(async () => (await listCount()) === topCount, 'the Top 50 again')
      }
      const from = await probe<number>('marksSeen')
      paints.push(
        await profiled(cdp, `first-paint-${r + 1}`, async () => {
          await page.getByTestId('feed-scope-all').click()
          return waitFor(() => probe<FirstPaint | null>('firstPaint', { from, more: topCount }), 'the whole line painted', 120_000)
        }),
      )
      if (r === 0 && config.reps > 1) {
        const text = (await probe<string | null>('text')) ?? ''
        release = await holdWholeLine(url, Number(/"sportId":(\d+)/.exec(text)?.[1]))
      }
    }
  } finally {
    release()
  }
  const rows = paints[0].rows
  step('first paints')

  // The plain list beside it, taking the same message text.
  const text = await probe<string | null>('text')
  if (!text) throw new Error('no list message was seen')
  const plain = await openPlainList(context, text, errors)
  const plainProbe = probeOf(plain)
  const plainCdp = await context.newCDPSession(plain)
  await plainCdp.send('Performance.enable')
  const plainPaints: Timing[] = []
  await plain.bringToFront()
  for (let r = 0; r <= config.reps; r++) {
    const t = await plain.evaluate<Timing>('window.__plain.load(window.__deskProbe.text())')
    if (r > 0) plainPaints.push(t)
  }
  step('plain list loads')

  // Scrolling the whole list at a steady speed (a scrollbar dragged end to end), console and plain list taking turns.
  const scrollMs = config.size(3000, 600)
  const appScrolls: Array<Scroll & { cpu: number }> = []
  const plainScrolls: Array<Scroll & { cpu: number }> = []
  for (let r = 0; r < config.reps; r++) {
    await page.bringToFront()
    const a = await threadMs(cdp, () => profiled(cdp, `scroll-${r + 1}`, () => probe<Scroll>('scroll', { selector: '.mlist__scroll', ms: scrollMs })))
    appScrolls.push({ ...a.value, cpu: a.cpu })
    await plain.bringToFront()
    const b = await threadMs(plainCdp, () => plainProbe<Scroll>('scroll', { selector: '#scroller', ms: scrollMs }))
    plainScrolls.push({ ...b.value, cpu: b.cpu })
  }
  step('scrolls')

  // A refresh in which `changed` prices moved, handed to the page's socket as main pushes it.
  const mode = refreshMode()
  const changed = Math.min(config.size(CHANGED_PRICES.full, CHANGED_PRICES.quick), rows)
  const applies: Array<Timing & { cpu: number }> = []
  const plainApplies: Array<Timing & { cpu: number }> = []
  let refreshBytes = 0
  for (let r = 0; r <= config.reps; r++) {
    await page.bringToFront()
    refreshBytes = (await probe<{ bytes: number }>('buildRefresh', { changed, round: r + 1, mode })).bytes
    const a = await threadMs(cdp, () => profiled(cdp, `refresh-${r + 1}`, () => probe<Timing>('apply')))
    await plain.bringToFront()
    await plainProbe('buildRefresh', { changed, round: r + 1, mode })
    const b = await threadMs(plainCdp, () => plain.evaluate<Timing>('window.__plain.refresh(window.__deskProbe.pending())'))
    if (r > 0) {
      applies.push({ ...a.value, cpu: a.cpu })
      plainApplies.push({ ...b.value, cpu: b.cpu })
    }
  }
  step('refreshes')

  // Renderer heap with the whole list open (after a full collection), against the Top 50 open.
  await page.bringToFront()
  await probe('forget')
  await plainProbe('forget')
  const heapList = await heapMb(cdp)
  const heapPlain = await heapMb(plainCdp)
  if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`)

  const s = summarise
  const n = rows.toLocaleString('en-US')
  const mean = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1)
  const kb = (bytes: number) => (bytes >= MB ? `${(bytes / MB).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`)
  const twoParts = paints[0].firstRows < paints[0].rows
  return [
    row({
      name: `line browser: data to first rows painted, ${n} matches`,
      value: s(paints.map((p) => p.total)),
      unit: 'ms',
      baseline: s(plainPaints.map((p) => p.total)),
      target: '<= 150 ms',
      met: (v) => v <= 150,
      note: `from the list message's arrival in the page (${kb(paints[0].bytes)}${twoParts ? `: the first part of the list, ${paints[0].firstRows.toLocaleString('en-US')} rows; the whole, ${kb(paints[0].wholeBytes)}, follows it` : ''}) to the frame after its first rows painted: parse and store ${mean(paints.map((p) => p.parse))} ms, render and paint ${mean(paints.map((p) => p.render))} ms; baseline: a plain virtual list taking the whole list's text`,
    }),
    row({
      name: `line browser: data to the whole line painted, ${n} matches`,
      value: s(paints.map((p) => p.whole)),
      unit: 'ms',
      baseline: s(plainPaints.map((p) => p.total)),
      note: `from the first list message's arrival to the frame after the whole list (${kb(paints[0].wholeBytes)}) was stored and painted${twoParts ? ', its first part painted on the way' : ''}; baseline: a plain virtual list taking the same text`,
    }),
    row({
      name: `line browser: frames dropped scrolling ${n} rows in ${scrollMs / 1000} s (frames over 20 ms), vs plain virtual list`,
      value: s(appScrolls.map((x) => x.dropped)),
      unit: 'frames',
      baseline: s(plainScrolls.map((x) => x.dropped)),
      target: '<= 1.2x plain',
      // A plain list that dropped none allows one.
      met: (v, b) => b !== null && v <= Math.max(1.2 * b, 1),
      note: `60 Hz frames that showed nothing new; ${mean(appScrolls.map((x) => x.over20))} of ${mean(appScrolls.map((x) => x.frames))} frames came over 20 ms (plain ${mean(plainScrolls.map((x) => x.over20))} of ${mean(plainScrolls.map((x) => x.frames))}), worst gap ${mean(appScrolls.map((x) => x.worst))} ms (plain ${mean(plainScrolls.map((x) => x.worst))} ms); wall time, so the machine's other load counts`,
    }),
    row({
      name: `line browser: main-thread CPU per frame scrolling ${n} rows, vs plain virtual list`,
      value: s(appScrolls.map((x) => x.cpu / x.frames)),
      unit: 'ms',
      baseline: s(plainScrolls.map((x) => x.cpu / x.frames)),
      note: "the page's main-thread CPU time over the scroll (Chrome's ThreadTime) per frame: the same scroll's cost without the other tenants' turns",
    }),
    row({
      name: `line browser: main-thread time applying ${changed.toLocaleString('en-US')} changed prices`,
      value: s(applies.map((a) => a.cpu)),
      unit: 'ms',
      baseline: s(plainApplies.map((a) => a.cpu)),
      target: '<= 8 ms',
      met: (v) => v <= 8,
      note: `${mode === 'delta' ? 'a list delta' : 'a whole snapshot (feed lists push no deltas yet)'} of ${(refreshBytes / 1024).toFixed(0)} KB handed to the page's socket as main pushes it, to the frame after it painted; main-thread CPU time (Chrome's ThreadTime); wall: script ${mean(applies.map((a) => a.script))} ms, frame ${mean(applies.map((a) => a.frame))} ms; baseline: the plain list taking the same message`,
    }),
    row({
      name: `memory: renderer JS heap, ${n}-match list open`,
      value: heapList,
      unit: 'MB',
      baseline: heapTop,
      note: `after a full collection; baseline: the console with the Top 50 open; the plain list holding the same rows: ${heapPlain.toFixed(1)} MB`,
    }),
  ]
}
