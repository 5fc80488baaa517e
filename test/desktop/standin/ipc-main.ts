import { EventEmitter } from 'node:events'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handler = (event: any, ...args: any[]) => unknown

export type InvokeAnswer = { ok: true; value: unknown } | { ok: false; error: string; outcome: 'no-handler' | 'threw' }

/** ipcMain: `handle` for invoke (one handler per channel, as in Electron) and events for send. */
class IpcMain extends EventEmitter {
  readonly #handlers = new Map<string, Handler>()

  handle(channel: string, handler: Handler): void {
    if (this.#handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.#handlers.set(channel, handler)
  }

  handleOnce(channel: string, handler: Handler): void {
    this.handle(channel, (event, ...args) => {
      this.removeHandler(channel)
      return handler(event, ...args)
    })
  }

  removeHandler(channel: string): void {
    this.#handlers.delete(channel)
  }

  /** Stand-in internals: the channels with an invoke handler. */
  handledChannels(): string[] {
    return [...this.#handlers.keys()]
  }

  /** Stand-in internals: what ipcRenderer.invoke gets back (Electron's error texts). */
  async invoke(channel: string, event: unknown, args: unknown[]): Promise<InvokeAnswer> {
    const handler = this.#handlers.get(channel)
    if (!handler) return { ok: false, error: `Error: No handler registered for '${channel}'`, outcome: 'no-handler' }
    try {
      return { ok: true, value: await handler(event, ...args) }
    } catch (error) {
      const err = error instanceof Error ? error : new Error(String(error))
      return { ok: false, error: `${err.name}: ${err.message}`, outcome: 'threw' }
    }
  }
}

export const ipcMain = new IpcMain()
