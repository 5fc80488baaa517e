/**
 * Browser-side stand-in for the preload: builds the same `window.desk` from the method list and
 * speaks to the loopback bridge over a WebSocket. The token comes from the URL fragment.
 */
import { methodTable } from '../../../src-preload/methods.js'

type Pending = { resolve: (value: unknown) => void }
type Listener = (event: unknown) => void

const token = new URLSearchParams(location.hash.replace(/^#/, '')).get('token') ?? sessionStorage.getItem('desk-token') ?? ''
if (token) sessionStorage.setItem('desk-token', token)

const pending = new Map<number, Pending>()
const listeners = new Map<string, Set<Listener>>()
const queue: string[] = []
let socket: WebSocket | undefined
let nextId = 1
let retryMs = 250

function connect(): void {
  const ws = new WebSocket(`ws://${location.host}/desk?token=${encodeURIComponent(token)}`)
  socket = ws
  ws.onopen = () => {
    retryMs = 250
    while (queue.length) ws.send(queue.shift()!)
  }
  ws.onmessage = (message) => {
    const data = JSON.parse(String(message.data)) as { id?: number; result?: unknown; event?: { type: string } }
    if (data.event) emit(data.event)
    else if (typeof data.id === 'number') {
      pending.get(data.id)?.resolve(data.result)
      pending.delete(data.id)
    }
  }
  ws.onclose = () => {
    socket = undefined
    for (const [id, call] of pending) {
      call.resolve({ ok: false, code: 'bridge_disconnected', message: 'Connection to the desk bridge was lost' })
      pending.delete(id)
    }
    setTimeout(connect, retryMs)
    retryMs = Math.min(retryMs * 2, 5000)
  }
}

function emit(event: { type: string }): void {
  listeners.get(event.type)?.forEach((listener) => listener(event))
}

function call(channel: string, payload: unknown): Promise<unknown> {
  const id = nextId++
  const text = JSON.stringify({ id, channel, payload })
  return new Promise((resolve) => {
    pending.set(id, { resolve })
    if (socket?.readyState === WebSocket.OPEN) socket.send(text)
    else queue.push(text)
  })
}

const api: Record<string, unknown> = {}
for (const [domain, method] of methodTable) {
  const group = (api[domain] ??= {}) as Record<string, (input?: unknown) => Promise<unknown>>
  group[method] = (input?: unknown) => call(`desk:${domain}:${method}`, input)
}
api.on = (type: string, listener: Listener) => {
  const set = listeners.get(type) ?? new Set<Listener>()
  set.add(listener)
  listeners.set(type, set)
  return () => set.delete(listener)
}

;(window as unknown as { desk: unknown }).desk = Object.freeze(api)
connect()
