/*
 * Page-side half of the Electron stand-in, shared by both worlds of a window (the page's main world
 * and the isolated "preload" world). Concatenated into the scripts injected through CDP; never
 * imported by Node. Only strings cross between worlds (CustomEvent.detail), so values are encoded
 * here: functions and promises become ids that the other world calls back through, like Electron's
 * contextBridge. DOM events dispatch synchronously, so a call across worlds returns synchronously.
 */
/* global document */
const TAG = '\u0000standin'

/** IPC payloads: what structured clone keeps (undefined, Date, Error, NaN), no functions. */
function toWire(value) {
  if (value === undefined) return { [TAG]: 'u' }
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : { [TAG]: 'n', v: String(value) }
  if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') throw new Error('An object could not be cloned.')
  if (value instanceof Date) return { [TAG]: 'd', v: value.getTime() }
  if (value instanceof Error) return { [TAG]: 'e', name: value.name, message: value.message }
  if (Array.isArray(value)) return value.map(toWire)
  const out = {}
  for (const key of Object.keys(value)) out[key] = toWire(value[key])
  return out
}

function fromWire(value) {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map(fromWire)
  switch (value[TAG]) {
    case 'u':
      return undefined
    case 'n':
      return Number(value.v)
    case 'd':
      return new Date(value.v)
    case 'e': {
      const error = new Error(value.message)
      error.name = value.name
      return error
    }
  }
  const out = {}
  for (const key of Object.keys(value)) out[key] = fromWire(value[key])
  return out
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars
function createWorldBridge(prefix, me, other) {
  const fns = new Map()
  const fnIds = new WeakMap()
  const remoteFns = new Map()
  const promises = new Map()
  const returns = new Map()
  let nextFn = 1
  let nextPromise = 1
  let nextCall = 1

  const emit = (kind, data) => document.dispatchEvent(new CustomEvent(`${prefix}${kind}:${other}`, { detail: JSON.stringify(data) }))
  const on = (kind, handler) => document.addEventListener(`${prefix}${kind}:${me}`, (event) => handler(JSON.parse(event.detail)))

  function encode(value) {
    if (typeof value === 'function') {
      let id = fnIds.get(value)
      if (!id) {
        id = `${me}${nextFn++}`
        fnIds.set(value, id)
        fns.set(id, value)
      }
      return { [TAG]: 'f', id }
    }
    if (value !== null && typeof value === 'object' && typeof value.then === 'function') {
      const id = `${me}${nextPromise++}`
      value.then(
        (result) => emit('settle', { id, ok: true, value: encode(result) }),
        (error) => emit('settle', { id, ok: false, value: encode(error instanceof Error ? error : new Error(String(error))) }),
      )
      return { [TAG]: 'p', id }
    }
    if (value === null || typeof value !== 'object' || value instanceof Date || value instanceof Error) return toWire(value)
    if (Array.isArray(value)) return value.map(encode)
    const out = {}
    for (const key of Object.keys(value)) out[key] = encode(value[key])
    return out
  }

  function decode(value) {
    if (value === null || typeof value !== 'object') return value
    if (Array.isArray(value)) return value.map(decode)
    if (value[TAG] === 'f') {
      let proxy = remoteFns.get(value.id)
      if (!proxy) {
        const id = value.id
        proxy = (...args) => callRemote(id, args)
        remoteFns.set(id, proxy)
      }
      return proxy
    }
    if (value[TAG] === 'p') return new Promise((resolve, reject) => promises.set(value.id, { resolve, reject }))
    if (value[TAG] !== undefined) return fromWire(value)
    const out = {}
    for (const key of Object.keys(value)) out[key] = decode(value[key])
    return out
  }

  function callRemote(id, args) {
    const call = nextCall++
    emit('call', { call, id, args: encode(args) })
    const answer = returns.get(call)
    returns.delete(call)
    if (!answer) throw new Error('contextBridge: the other world did not answer (it was torn down?)')
    const value = decode(answer.value)
    if (!answer.ok) throw value
    return value
  }

  on('call', ({ call, id, args }) => {
    let answer
    try {
      const fn = fns.get(id)
      if (!fn) throw new Error('contextBridge: that function is gone')
      answer = { call, ok: true, value: encode(fn(...decode(args))) }
    } catch (error) {
      answer = { call, ok: false, value: encode(error instanceof Error ? error : new Error(String(error))) }
    }
    // The caller reads this synchronously, right after its dispatchEvent returns.
    document.dispatchEvent(new CustomEvent(`${prefix}return:${other}`, { detail: JSON.stringify(answer) }))
  })
  on('return', ({ call, ok, value }) => returns.set(call, { ok, value }))
  on('settle', ({ id, ok, value }) => {
    const pending = promises.get(id)
    if (!pending) return
    promises.delete(id)
    if (ok) pending.resolve(decode(value))
    else pending.reject(decode(value))
  })

  return { encode, decode, emit, on }
}

/** A host channel over a CDP binding: `send` is fire-and-forget, `request` awaits the host's reply. */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
function createHostChannel(binding, deliverName) {
  const pending = new Map()
  const handlers = new Map()
  let next = 1
  Object.defineProperty(globalThis, deliverName, {
    value: (json) => {
      const message = JSON.parse(json)
      if (message.kind === 'reply') {
        const waiter = pending.get(message.id)
        pending.delete(message.id)
        if (waiter) waiter(message)
      } else if (handlers.has(message.kind)) handlers.get(message.kind)(message)
    },
    enumerable: false,
    configurable: false,
    writable: false,
  })
  const send = (message) => binding(JSON.stringify(message))
  return {
    send,
    request(message) {
      const id = next++
      return new Promise((resolve) => {
        pending.set(id, resolve)
        send({ ...message, id })
      })
    },
    handle(kind, handler) {
      handlers.set(kind, handler)
    },
  }
}
