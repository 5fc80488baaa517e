/** A stand-in for the bits of Electron's ipcMain the IPC wrapper uses, so no test needs Electron. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handler = (event: any, payload: any) => unknown

export function createFakeIpcMain() {
  const handlers = new Map<string, Handler>()
  return {
    handlers,
    handle(channel: string, handler: Handler) {
      if (handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
      handlers.set(channel, handler)
    },
    removeHandler(channel: string) {
      handlers.delete(channel)
    },
    /** What ipcRenderer.invoke would do: Electron rejects when no handler is registered. */
    async invoke(channel: string, event: unknown, payload?: unknown) {
      const handler = handlers.get(channel)
      if (!handler) throw new Error(`No handler registered for '${channel}'`)
      return handler(event, payload)
    },
  }
}

export function fakeEvent(url: string, options: { subFrame?: boolean } = {}) {
  const mainFrame = { url: 'file:///opt/partner-desk/out/renderer/index.html' }
  const senderFrame = options.subFrame ? { url } : Object.assign(mainFrame, { url })
  return { senderFrame, sender: { mainFrame } }
}
