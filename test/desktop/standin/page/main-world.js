/*
 * Runs in the page's main world of every frame, before the page's own scripts (CONFIG and bridge.js
 * are prepended). It receives what the preload exposes through contextBridge, and routes the
 * browser features Electron decides in the main process (window.open, permission prompts) to the
 * host, where the app's handlers answer. It defines no page-visible names of its own.
 */
/* global CONFIG, createWorldBridge, createHostChannel, window, location, Notification */
const binding = globalThis[CONFIG.hostBinding]
delete globalThis[CONFIG.hostBinding]
const host = createHostChannel(binding, CONFIG.hostDeliver)

if (CONFIG.preload && window === window.top) {
  const bridge = createWorldBridge(CONFIG.prefix, 'main', 'iso')
  const exposed = new Set()
  bridge.on('expose', ({ key, value }) => {
    if (exposed.has(key)) return
    exposed.add(key)
    if (key in window) {
      console.error(`contextBridge: cannot bind an API on top of an existing property on the window object: ${key}`)
      return
    }
    Object.defineProperty(window, key, { value: bridge.decode(value), enumerable: true, configurable: false, writable: false })
  })
  // Whichever world starts first, the exposures reach this one.
  bridge.emit('hello', {})
}

// window.open: Electron asks the main process's setWindowOpenHandler; a denied open returns null.
const resolveUrl = (url) => (url === undefined || url === null || url === '' ? 'about:blank' : new URL(String(url), location.href).href)
window.open = function open(url, target, features) {
  host.send({ kind: 'window-open', url: resolveUrl(url), frameName: target === undefined ? '' : String(target), features: features === undefined ? '' : String(features) })
  return null
}

// Permissions: the session's request / check handlers decide (no handler = granted, as in Electron).
const ask = (kind, permission, extra = {}) => host.request({ kind, permission, ...extra }).then((reply) => reply.granted === true)
const denied = () => ({ code: 1, message: 'User denied Geolocation', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 })
const checkName = { camera: 'media', microphone: 'media', 'clipboard-read': 'clipboard-read', 'clipboard-write': 'clipboard-sanitized-write', midi: 'midi' }

if (typeof Notification === 'function') {
  Notification.requestPermission = function requestPermission(callback) {
    return ask('permission-request', 'notifications').then(async (granted) => {
      // Electron answers from the session's handler alone (headless Chromium itself would say denied).
      const result = granted ? 'granted' : 'denied'
      if (typeof callback === 'function') callback(result)
      return result
    })
  }
}
if (navigator.permissions) {
  navigator.permissions.query = function query(descriptor) {
    const name = String(descriptor && descriptor.name)
    return ask('permission-check', checkName[name] ?? name).then((granted) => ({ name, state: granted ? 'granted' : 'denied', onchange: null }))
  }
}
if (navigator.geolocation) {
  const geo = navigator.geolocation
  const current = geo.getCurrentPosition.bind(geo)
  const watch = geo.watchPosition.bind(geo)
  geo.getCurrentPosition = (success, error, options) => {
    void ask('permission-request', 'geolocation').then((granted) => (granted ? current(success, error, options) : error && error(denied())))
  }
  let nextWatch = 1
  geo.watchPosition = (success, error, options) => {
    const id = nextWatch++
    void ask('permission-request', 'geolocation').then((granted) => (granted ? watch(success, error, options) : error && error(denied())))
    return id
  }
}
if (navigator.mediaDevices && navigator.mediaDevices.getUserMedia) {
  const media = navigator.mediaDevices
  const getUserMedia = media.getUserMedia.bind(media)
  media.getUserMedia = (constraints = {}) => {
    const mediaTypes = [...(constraints.video ? ['video'] : []), ...(constraints.audio ? ['audio'] : [])]
    return ask('permission-request', 'media', { mediaTypes }).then((granted) =>
      granted ? getUserMedia(constraints) : Promise.reject(new DOMException('Permission denied', 'NotAllowedError')),
    )
  }
}
if (navigator.clipboard && navigator.clipboard.readText) {
  const clipboard = navigator.clipboard
  const readText = clipboard.readText.bind(clipboard)
  clipboard.readText = () => ask('permission-request', 'clipboard-read').then((granted) => (granted ? readText() : Promise.reject(new DOMException('Read permission denied.', 'NotAllowedError'))))
}
