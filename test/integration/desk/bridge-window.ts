import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WebSocket } from 'ws'
import type { DeskEvent, Result } from '../../../src-shared/contract.js'
import type { SimulatedClock } from '../../../src-main/core/shared/clock.js'
import { createDispatcher } from '../../../src-main/core/shared/dispatch.js'
import type { EventHub } from '../../../src-main/core/shared/events.js'
import { startWebBridge, type WebBridge } from '../../../src-main/web/bridge.js'
import type { ProxiedDesk } from './proxied-desk.js'

/** The web bridge in front of a desk harness, serving a placeholder page, its events from `hub`. */
export async function startDeskBridge(desk: ProxiedDesk, hub: Pick<EventHub, 'subscribe'>): Promise<WebBridge> {
  const staticDir = mkdtempSync(join(tmpdir(), 'desk-bridge-'))
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>desk</title>')
  return startWebBridge({ staticDir, dispatch: createDispatcher(desk.h.core.handlers, { epoch: desk.h.core.epoch }), subscribe: hub.subscribe })
}

/** A browser window on the web bridge: its socket, every pushed event (and its frame's text), its calls. */
export interface BridgeWindow {
  ws: WebSocket
  frames: string[]
  events: DeskEvent[]
  /** What arrived, in order: `event:<type>` and `reply:<call id>`. */
  arrivals: string[]
  call<T>(channel: string, payload?: unknown): Promise<Result<T>>
}

export async function openBridgeWindow(bridge: WebBridge): Promise<BridgeWindow> {
  const ws = new WebSocket(`${bridge.origin.replace('http', 'ws')}/desk?token=${encodeURIComponent(bridge.token)}`, { headers: { origin: bridge.origin } })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  const frames: string[] = []
  const events: DeskEvent[] = []
  const arrivals: string[] = []
  const pending = new Map<number, (result: Result<unknown>) => void>()
  let next = 1
  ws.on('message', (data) => {
    const text = String(data)
    const message = JSON.parse(text) as { id?: number; result?: Result<unknown>; event?: DeskEvent }
    if (message.event) {
      frames.push(text)
      events.push(message.event)
      arrivals.push(`event:${message.event.type}`)
    } else if (typeof message.id === 'number') {
      arrivals.push(`reply:${message.id}`)
      pending.get(message.id)?.(message.result!)
    }
  })
  return {
    ws,
    frames,
    events,
    arrivals,
    call<T>(channel: string, payload?: unknown) {
      const id = next++
      return new Promise<Result<T>>((resolve) => {
        pending.set(id, resolve as (result: Result<unknown>) => void)
        ws.send(JSON.stringify({ id, channel, payload }))
      })
    },
  }
}

export const ok = <T>(result: Result<T>): T => {
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`)
  return result.value
}

/**
 * Moving a simulated clock under a desk whose HTTP is real: `settle` lets the work started by due
 * timers finish (no request in flight twice running), `advance` moves a second at a time.
 */
export function quietClock(desk: () => ProxiedDesk, clock: SimulatedClock) {
  async function settle(): Promise<void> {
    for (let quiet = 0; quiet < 2; ) {
      await new Promise((r) => setTimeout(r, 8))
      quiet = desk().proxy.inFlight() === 0 ? quiet + 1 : 0
    }
  }
  async function advance(ms: number): Promise<void> {
    for (let done = 0; done < ms; done += 1000) {
      await clock.advance(1000)
      await settle()
    }
  }
  return { settle, advance }
}
