/**
 * What the stand-in saw, for the desktop e2e to assert on: arguments the app passed to Electron
 * APIs and the decisions its handlers made. Payloads of IPC calls are never kept (they can hold
 * passwords); only channel, calling frame and outcome.
 */
export interface LifecycleEntry {
  name: string
  at: number
  prevented?: boolean
  detail?: unknown
}

export const recorder = {
  startedAt: Date.now(),
  lifecycle: [] as LifecycleEntry[],
  windowsCreated: [] as Array<{ id: number; webContentsId: number; options: unknown }>,
  exposures: [] as Array<{ windowId: number | null; frameUrl: string; key: string; shape: unknown }>,
  invokes: [] as Array<{ windowId: number | null; channel: string; frameUrl: string; outcome: 'ok' | 'no-handler' | 'threw' | 'not-cloneable' }>,
  /** webContents.send from main, counted per channel. */
  pushed: {} as Record<string, number>,
  sends: [] as Array<{ windowId: number | null; channel: string; frameUrl: string; listeners: number }>,
  navigations: [] as Array<{ windowId: number | null; url: string; mainFrame: boolean; prevented: boolean }>,
  windowOpens: [] as Array<{ windowId: number | null; url: string; via: 'window.open' | 'popup'; action: string }>,
  permissions: [] as Array<{ windowId: number | null; permission: string; kind: 'request' | 'check'; granted: boolean; handler: boolean; requestingUrl: string }>,
  external: [] as Array<{ api: string; target: string }>,
  responses: [] as Array<{ windowId: number | null; url: string; resourceType: string; status: number; csp: string[]; changed: boolean }>,
  console: [] as Array<{ windowId: number | null; source: string; level: string; text: string; url?: string }>,
  preloadErrors: [] as Array<{ windowId: number | null; message: string }>,
  secondInstances: [] as Array<{ argv: string[]; workingDirectory: string; additionalData: unknown }>,
  notifications: [] as Array<{ title: string; body?: string }>,
  dialogs: [] as Array<{ api: string; options: unknown }>,
  menus: [] as Array<{ api: string; labels: string[] | null }>,
  protocols: [] as Array<{ api: string; scheme: string; privileges?: Record<string, unknown> }>,
  commandLine: [] as Array<{ switch: string; value?: string }>,
  stubErrors: [] as string[],
}

export function lifecycle(name: string, extra: Omit<LifecycleEntry, 'name' | 'at'> = {}): void {
  recorder.lifecycle.push({ name, at: Date.now() - recorder.startedAt, ...extra })
}

/** APIs the stand-in does not emulate fail loudly instead of pretending. */
export function notEmulated(what: string): never {
  const message = `electron stand-in: ${what} is not emulated`
  recorder.stubErrors.push(message)
  throw new Error(message)
}

/** Electron's event objects: preventDefault() and defaultPrevented, plus any fields. */
export interface StandinEvent {
  defaultPrevented: boolean
  preventDefault(): void
  [key: string]: unknown
}

export function createEvent(fields: Record<string, unknown> = {}): StandinEvent {
  const event: StandinEvent = {
    ...fields,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true
    },
  }
  return event
}

/** Structured-clone-like copy for recording constructor options (functions are named, not kept). */
export function copyOptions(value: unknown): unknown {
  if (typeof value === 'function') return '[function]'
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map(copyOptions)
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, copyOptions(item)]))
}
