import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { methodTable, channelOf, EVENT_CHANNEL } from '../src-shared/methods.js'

// Named functions only: the renderer never receives ipcRenderer or a generic invoke.
const api: Record<string, unknown> = {}
for (const [domain, method] of methodTable) {
  const group = (api[domain] ??= {}) as Record<string, (input?: unknown) => Promise<unknown>>
  const channel = channelOf(domain, method)
  group[method] = (input?: unknown) => ipcRenderer.invoke(channel, input)
}
api.on = (type: string, listener: (event: unknown) => void) => {
  const wrapped = (_event: IpcRendererEvent, payload: { type?: string }) => {
    if (payload && payload.type === type) listener(payload)
  }
  ipcRenderer.on(EVENT_CHANNEL, wrapped)
  return () => {
    ipcRenderer.removeListener(EVENT_CHANNEL, wrapped)
  }
}

contextBridge.exposeInMainWorld('desk', Object.freeze(api))
