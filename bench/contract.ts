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
import { percentile, settle, summarise } from './lib/stats.js'

/**
 * A contract call through the bridge's whole serialisation path (socket, JSON, channel lookup, zod
 * validation of the input, dispatch, Result, JSON back), answering a real 50-match `feed.events`
 * value the desk mapped from its Demo line, against a bare WebSocket echo of the same answer bytes.
 * The handler answers the value it fetched before: upstream time is not a serialisation cost.
 */

/** One client socket; `call` times one message out and its answer back in (parsed, as a window does). */
interface Client {
  /** Wall ms of one round trip, and the process CPU ms it took (both ends run in this process). */
  call(message: string): Promise<{ wall: number; cpu: number }>
  /** The last answer's text. */
  last(): string
  close(): void
}

function connect(url: string, origin: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { origin })
    let answered: ((t: { wall: number; cpu: number }) => void) | null = null
    let start = 0
    let cpu = process.cpuUsage()
    let text = ''
    ws.on('message', (data) => {
      text = String(data)
      JSON.parse(text)
      const done = answered
      answered = null
      const used = process.cpuUsage(cpu)
      done?.({ wall: performance.now() - start, cpu: (used.user + used.system) / 1000 })
    })
    ws.on('error', reject)
    ws.on('open', () =>
      resolve({
        call: (message) =>
          new Promise((done) => {
            answered = done
            cpu = process.cpuUsage()
            start = performance.now()
            ws.send(message)
          }),
        last: () => text,
        close: () => ws.close(),
      }),
    )
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
    const oursCpu: number[] = []
    const baseCpu: number[] = []
    const bridgeClient = await connect(bridgeUrl, bridge.origin)
    const echoClient = await connect(`ws://127.0.0.1:${echoPort}`, bridge.origin)
    // The two sides alternate call by call (in ABBA order) so the machine's noise meets both alike;
    // each repetition starts from a collected heap and the first calls warm both paths up.
    const sample = async (reps: number, count: number, keep: boolean) => {
      for (let r = 0; r < reps; r++) {
        await settle()
        const o: number[] = []
        const b: number[] = []
        let oCpu = 0
        let bCpu = 0
        const side = async (client: Client, i: number, into: number[]) => {
          const t = await client.call(call(i))
          into.push(t.wall)
          return t.cpu
        }
        for (let i = 0; i < count; i++) {
          if (i % 2 === 0) {
            oCpu += await side(bridgeClient, i, o)
            bCpu += await side(echoClient, i, b)
          } else {
            bCpu += await side(echoClient, i, b)
            oCpu += await side(bridgeClient, i, o)
          }
        }
        if (!keep) continue
        ours.push(o)
        base.push(b)
        oursCpu.push(oCpu / count)
        baseCpu.push(bCpu / count)
      }
    }
    await sample(1, config.size(100, 10), false)
    await bridgeClient.call(call(1))
    if (bridgeClient.last() !== answer) throw new Error('the echo does not send the bytes the bridge sends')
    await sample(config.reps, calls, true)
    bridgeClient.close()
    echoClient.close()
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
      row({
        name: `contract: feed.events round trip, 50 matches (${kb}), CPU per call`,
        value: summarise(oursCpu),
        unit: 'ms',
        baseline: summarise(baseCpu),
        note: 'process CPU time (both ends run in this process), mean per call of each repetition: what a busy machine moves least',
      }),
    ]
  } finally {
    echo.close()
    await desk.close()
    rmSync(staticDir, { recursive: true, force: true })
  }
}
