/**
 * Browser-side stand-in for the preload: builds the same `window.desk` from the method list and
 * speaks to the loopback bridge over a WebSocket. The token comes from the URL fragment.
 */
import { methodTable } from '../../../src-shared/methods.js'

type Pending = { resolve: (value: unknown) => void; placement: string | null; sent: boolean }
type Listener = (event: unknown) => void

const token = new URLSearchParams(location.hash.replace(/^#/, '')).get('token') ?? sessionStorage.getItem('desk-token') ?? ''
if (token) sessionStorage.setItem('desk-token', token)

const pending = new Map<number, Pending>()
const listeners = new Map<string, Set<Listener>>()
const queue: string[] = []
let socket: WebSocket | undefined
let nextId = 1
let retryMs = 250
const PLACE = 'desk:coupons:place'
const RESOLVE = 'desk:coupons:resolvePlacement'
/** Request ids of placements sent and unanswered when the connection dropped. */
const lost = new Set<string>()
const SUBSCRIBE = 'desk:watch:subscribe'
const UNSUBSCRIBE = 'desk:watch:unsubscribe'
/** Subscriptions this page holds: main releases them when the socket closes, so they are made again on reconnect. */
const subscriptions = new Map<string, unknown>()
/** The newest profile epoch seen, for the answers the shim gives itself. */
let epoch = 0

function connect(): void {
  const ws = new WebSocket(`ws://${location.host}/desk?token=${encodeURIComponent(token)}`)
  socket = ws
  ws.onopen = () => {
    retryMs = 250
    while (queue.length) send(ws, queue.shift()!)
    for (const payload of subscriptions.values()) void resubscribe(payload)
  }
  ws.onmessage = (message) => {
    const data = JSON.parse(String(message.data)) as { id?: number; result?: { epoch?: unknown }; event?: { type: string; epoch?: unknown } }
    const seen = data.event?.epoch ?? data.result?.epoch
    if (typeof seen === 'number' && seen > epoch) epoch = seen
    if (data.event) emit(data.event)
    else if (typeof data.id === 'number') {
      pending.get(data.id)?.resolve(data.result)
      pending.delete(data.id)
    }
  }
  ws.onclose = () => {
    socket = undefined
    // Nothing queued is sent after its caller was answered.
    queue.length = 0
    for (const [id, call] of pending) {
      if (call.placement && call.sent) {
        // The placement may have been made: an unknown outcome, resolved (by its request id) once reconnected.
        lost.add(call.placement)
        call.resolve({ ok: true, value: { outcome: 'unknown', attemptId: call.placement, cause: { code: 'bridge_disconnected', detail: null } }, epoch })
      } else call.resolve({ ok: false, code: 'bridge_disconnected', message: call.placement ? 'Connection to the desk bridge was lost before the placement was sent: nothing was placed' : 'Connection to the desk bridge was lost', epoch })
      pending.delete(id)
    }
    setTimeout(connect, retryMs)
    retryMs = Math.min(retryMs * 2, 5000)
  }
}

/**
 * After a reconnect: the subscription is made again and its answer (the current snapshot and state)
 * is handed to the page as the events main would push, so the page's stores catch up.
 */
async function resubscribe(payload: unknown): Promise<void> {
  const answer = (await call(SUBSCRIBE, payload)) as { ok: boolean; epoch: number; value?: { subscriptionId: string; seq: number; topic: string; snapshot: unknown; partial?: true; whole?: number; live: boolean; error: unknown } }
  if (!answer.ok || !answer.value) return
  const { subscriptionId, seq, topic, snapshot, partial, whole, live, error } = answer.value
  if (snapshot !== null) emit({ type: 'watch.snapshot', subscriptionId, seq, topic, snapshot, ...(partial ? { partial, whole } : {}), epoch: answer.epoch })
  emit({ type: 'watch.state', subscriptionId, seq, live, error, epoch: answer.epoch })
}

async function subscribe(input: unknown): Promise<unknown> {
  const id = (input as { subscriptionId?: unknown } | null)?.subscriptionId
  if (typeof id === 'string') subscriptions.set(id, input)
  const answer = (await call(SUBSCRIBE, input)) as { ok: boolean }
  if (!answer.ok && typeof id === 'string' && subscriptions.get(id) === input) subscriptions.delete(id)
  return answer
}

function unsubscribe(input: unknown): Promise<unknown> {
  const id = (input as { subscriptionId?: unknown } | null)?.subscriptionId
  if (typeof id === 'string') subscriptions.delete(id)
  return call(UNSUBSCRIBE, input)
}

function emit(event: { type: string; [field: string]: unknown }): void {
  listeners.get(event.type)?.forEach((listener) => listener(event))
}

/** Marks the call of a message as sent (a placement sent and unanswered may have been made). */
function send(ws: WebSocket, text: string): void {
  ws.send(text)
  const id = (JSON.parse(text) as { id: number }).id
  const call = pending.get(id)
  if (call) call.sent = true
}

function call(channel: string, payload: unknown): Promise<unknown> {
  const id = nextId++
  let placement: string | null = null
  if (channel === PLACE && payload && typeof payload === 'object' && !Array.isArray(payload)) {
    const given = (payload as { requestId?: unknown }).requestId
    placement = typeof given === 'string' ? given : crypto.randomUUID()
    payload = { ...payload, requestId: placement }
  }
  const text = JSON.stringify({ id, channel, payload })
  return new Promise((resolve) => {
    pending.set(id, { resolve, placement, sent: false })
    if (socket?.readyState === WebSocket.OPEN) send(socket, text)
    else queue.push(text)
  })
}

/**
 * A lost placement's outcome, asked with its request id: the core answers from the call it still
 * runs, the outcome it kept, or the lookup. A core that never saw the id never got the request
 * (the connection dropped before it arrived): nothing was placed.
 */
async function resolveLost(input: unknown): Promise<unknown> {
  const answer = (await call(RESOLVE, input)) as { ok: boolean; code?: string; value?: { outcome?: string } }
  const attemptId = (input as { attemptId?: unknown } | null)?.attemptId
  if (typeof attemptId !== 'string' || !lost.has(attemptId)) return answer
  if (!answer.ok && answer.code === 'unknown_attempt') {
    lost.delete(attemptId)
    return { ok: true, value: { outcome: 'not_placed' }, epoch }
  }
  if (answer.ok && answer.value?.outcome !== 'unknown' && answer.value?.outcome !== 'ambiguous') lost.delete(attemptId)
  return answer
}

const api: Record<string, unknown> = {}
for (const [domain, method] of methodTable) {
  const group = (api[domain] ??= {}) as Record<string, (input?: unknown) => Promise<unknown>>
  const channel = `desk:${domain}:${method}`
  group[method] =
    channel === RESOLVE ? resolveLost : channel === SUBSCRIBE ? subscribe : channel === UNSUBSCRIBE ? unsubscribe : (input?: unknown) => call(channel, input)
}
api.on = (type: string, listener: Listener) => {
  const set = listeners.get(type) ?? new Set<Listener>()
  set.add(listener)
  listeners.set(type, set)
  return () => set.delete(listener)
}

;(window as unknown as { desk: unknown }).desk = Object.freeze(api)
connect()
