import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { WebSocket, WebSocketServer } from 'ws'
import type { DeskHandlers } from '../src-shared/contract.js'
import { startWebBridge } from '../src-main/web/bridge.js'
import { createDispatcher } from '../src-main/core/shared/dispatch.js'
import type { BenchConfig } from './lib/args.js'
import { openDesk } from './desk.js'
import { row, type BenchRow } from './lib/report.js'
import { percentile, summarise } from './lib/stats.js'

/**
 * A contract call through the bridge's whole serialisation path (socket, JSON, channel lookup, zod
 * validation of the input, dispatch, Result, JSON back), answering a real 50-match `feed.events`
 * value the desk mapped from its Demo line, against a bare WebSocket echo of the same answer bytes.
 * The handler answers the value it fetched before: upstream time is not a serialisation cost.
 */

function roundTrips(url: string, origin: string, message: (i: number) => string, count: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { origin })
    const times: number[] = []
    let sent = 0
    let start = 0
    const next = () => {
      start = performance.now()
      ws.send(message(sent++))
    }
    ws.on('open', next)
    ws.on('message', (data) => {
      JSON.parse(String(data))
      times.push(performance.now() - start)
      if (times.length < count) next()
      else {
        ws.close()
        resolve(times)
      }
    })
    ws.on('error', reject)
  })
}

export async function benchContract(config: BenchConfig): Promise<BenchRow[]> {
  const desk = await openDesk()
  const staticDir = mkdtempSync(join(tmpdir(), 'desk-bench-static-'))
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html>')
  const echo = await new Promise<WebSocketServer>((resolve) => {
    const server: WebSocketServer = new WebSocketServer({ port: 0, host: '127.0.0.1' }, () => resolve(server))
  })
  try {
    const input = { lineType: 'line', sportId: 1, tournamentId: 0, all: false } as const
    const full = await desk.core.handlers.feed.events(input)
    let left = 50
    const fifty = full.flatMap((t) => {
      const matches = t.matches.slice(0, left)
      left -= matches.length
      return matches.length > 0 ? [{ ...t, matches }] : []
    })
    const handlers: DeskHandlers = { ...desk.core.handlers, feed: { ...desk.core.handlers.feed, events: () => Promise.resolve(fifty) } }
    const bridge = await startWebBridge({ staticDir, dispatch: createDispatcher(handlers, { epoch: desk.core.epoch }), subscribe: desk.subscribe, onError: () => undefined })
    const answer = JSON.stringify({ id: 1, result: { ok: true, value: fifty, epoch: desk.core.epoch() } })
    echo.on('connection', (ws) => ws.on('message', () => ws.send(answer)))
    const echoPort = (echo.address() as { port: number }).port
    const calls = config.size(400, 20)
    const bridgeUrl = `${bridge.origin.replace('http', 'ws')}/desk?token=${bridge.token}`
    const call = (i: number) => JSON.stringify({ id: i, channel: 'desk:feed:events', payload: input })
    const ours: number[][] = []
    const base: number[][] = []
    await roundTrips(bridgeUrl, bridge.origin, call, 20) // warm-up
    await roundTrips(`ws://127.0.0.1:${echoPort}`, bridge.origin, call, 20)
    for (let r = 0; r < config.reps; r++) {
      ours.push(await roundTrips(bridgeUrl, bridge.origin, call, calls))
      base.push(await roundTrips(`ws://127.0.0.1:${echoPort}`, bridge.origin, call, calls))
    }
    await bridge.close()
    const q = (runs: number[][], p: number) => summarise(runs.map((t) => percentile([...t].sort((a, b) => a - b), p)))
    const kb = `${(answer.length / 1024).toFixed(0)} KB`
    return [
      row({ name: `contract: feed.events round trip, 50 matches (${kb}), p50`, value: q(ours, 50), unit: 'ms', baseline: q(base, 50) }),
      row({
        name: `contract: feed.events round trip, 50 matches (${kb}), p95`,
        value: q(ours, 95),
        unit: 'ms',
        baseline: q(base, 95),
        target: '<= 1.5x echo',
        met: (_v, _b, ratio) => ratio !== null && ratio <= 1.5,
      }),
    ]
  } finally {
    echo.close()
    await desk.close()
    rmSync(staticDir, { recursive: true, force: true })
  }
}
