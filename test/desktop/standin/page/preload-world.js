/*
 * Runs in an isolated world ("the preload world") of the top frame, before the page's scripts, the
 * way Electron runs a sandboxed preload with contextIsolation: CONFIG.preloadSource is the built
 * preload file, called with a `require` that only knows 'electron' (contextBridge, ipcRenderer).
 * ipcRenderer reaches ipcMain through a CDP binding that exists only in this world; the host knows
 * the calling frame from the execution context, so a page cannot claim another frame's URL.
 */
/* global CONFIG, createWorldBridge, createHostChannel, toWire, fromWire, window */
if (window === window.top || CONFIG.subFrames) {
  const binding = globalThis[CONFIG.ipcBinding]
  delete globalThis[CONFIG.ipcBinding]
  const host = createHostChannel(binding, CONFIG.ipcDeliver)
  const bridge = createWorldBridge(CONFIG.prefix, 'iso', 'main')

  const exposed = []
  bridge.on('hello', () => exposed.forEach((entry) => bridge.emit('expose', entry)))
  const shapeOf = (value, depth = 0) => {
    if (typeof value === 'function') return 'function'
    if (value === null || typeof value !== 'object' || depth > 4) return value === null ? 'null' : typeof value
    return Object.fromEntries(Object.keys(value).map((key) => [key, shapeOf(value[key], depth + 1)]))
  }
  const contextBridge = Object.freeze({
    exposeInMainWorld(key, api) {
      if (typeof key !== 'string' || key === '') throw new TypeError('contextBridge.exposeInMainWorld: key must be a non-empty string')
      const entry = { key, value: bridge.encode(api) }
      exposed.push(entry)
      bridge.emit('expose', entry)
      host.send({ kind: 'exposed', key, shape: shapeOf(api) })
    },
    exposeInIsolatedWorld() {
      throw new Error('electron stand-in: contextBridge.exposeInIsolatedWorld is not emulated')
    },
  })

  const listeners = new Map()
  const ipcEvent = () => ({ sender: ipcRenderer, senderId: 0, ports: [] })
  const ipcRenderer = {
    invoke(channel, ...args) {
      let payload
      try {
        payload = toWire(args)
      } catch (error) {
        return Promise.reject(error)
      }
      return host.request({ kind: 'invoke', channel: String(channel), args: payload }).then((reply) => {
        if (reply.ok) return fromWire(reply.value)
        throw new Error(`Error invoking remote method '${channel}': ${reply.error}`)
      })
    },
    send(channel, ...args) {
      host.send({ kind: 'send', channel: String(channel), args: toWire(args) })
    },
    sendSync() {
      throw new Error('electron stand-in: ipcRenderer.sendSync is not emulated')
    },
    postMessage() {
      throw new Error('electron stand-in: ipcRenderer.postMessage is not emulated')
    },
    on(channel, listener) {
      if (!listeners.has(channel)) listeners.set(channel, [])
      listeners.get(channel).push(listener)
      return ipcRenderer
    },
    once(channel, listener) {
      const wrapped = (...args) => {
        ipcRenderer.removeListener(channel, wrapped)
        listener(...args)
      }
      return ipcRenderer.on(channel, wrapped)
    },
    removeListener(channel, listener) {
      const list = listeners.get(channel) ?? []
      const at = list.indexOf(listener)
      if (at >= 0) list.splice(at, 1)
      return ipcRenderer
    },
    off(channel, listener) {
      return ipcRenderer.removeListener(channel, listener)
    },
    removeAllListeners(channel) {
      if (channel === undefined) listeners.clear()
      else listeners.delete(channel)
      return ipcRenderer
    },
    listenerCount(channel) {
      return (listeners.get(channel) ?? []).length
    },
  }
  host.handle('message', ({ channel, args }) => {
    for (const listener of [...(listeners.get(channel) ?? [])]) {
      try {
        listener(ipcEvent(), ...fromWire(args))
      } catch (error) {
        console.error(error)
      }
    }
  })

  const electron = Object.freeze({ contextBridge, ipcRenderer })
  const sandboxedRequire = (name) => {
    if (name === 'electron' || name === 'electron/renderer') return electron
    throw new Error(`module not found: ${name}`)
  }
  const preloadProcess = { type: 'renderer', sandboxed: true, contextIsolated: true, platform: CONFIG.platform, arch: CONFIG.arch, versions: CONFIG.versions, env: {}, argv: [] }
  const preloadModule = { exports: {} }
  try {
    CONFIG.runPreload.call(preloadModule.exports, sandboxedRequire, preloadProcess, preloadModule, preloadModule.exports, CONFIG.preloadPath, CONFIG.preloadDir, globalThis)
  } catch (error) {
    console.error(`Unable to load preload script: ${CONFIG.preloadPath}`)
    console.error(error)
    host.send({ kind: 'preload-error', message: String((error && error.stack) || error) })
  }
}
