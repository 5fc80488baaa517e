import type { IpcMain, IpcMainInvokeEvent, WebFrameMain } from 'electron'
import { methodTable, channelOf, type DeskEvent, type Result } from '../../src-shared/contract.js'
import { createCallerScopes, type CallerScope, type Dispatch } from '../core/shared/dispatch.js'
import { originOf } from './app-protocol.js'

/**
 * validatedIpcMain, after VS Code: every `ipcMain.handle` goes through here. A call is answered
 * only when the channel is a contract channel and the sender is the app's own top frame; the
 * payload is validated by the dispatcher. Never throws across IPC: failures are `{ ok:false }`.
 */
export interface SenderPolicy {
  /** Origins the renderer is served from (`app://desk`, and the dev server in development). */
  allowedOrigins: string[]
  /** For file:// pages (not used by the app any more): the absolute URL prefix of a renderer folder. */
  fileUrlPrefix?: string
}

export function isTrustedFrame(frame: Pick<WebFrameMain, 'url'> | null | undefined, policy: SenderPolicy): boolean {
  if (!frame || typeof frame.url !== 'string') return false
  let url: URL
  try {
    url = new URL(frame.url)
  } catch {
    return false
  }
  if (url.protocol === 'file:') {
    return policy.fileUrlPrefix !== undefined && url.href.startsWith(policy.fileUrlPrefix)
  }
  const origin = originOf(url.href)
  return origin !== null && policy.allowedOrigins.includes(origin)
}

/** The parts of a sender's webContents used here: its identity, and the events that end its page. */
export interface SenderContents {
  mainFrame?: unknown
  once?(event: 'destroyed', listener: () => void): unknown
  on?(event: 'did-start-navigation', listener: (...args: unknown[]) => void): unknown
}
type GuardEvent = Pick<IpcMainInvokeEvent, 'senderFrame'> & { sender?: SenderContents }

/** Per sender page: its watch subscriptions, released when the page is reloaded, navigates away or is destroyed. */
function senderScopes(dispatch: Dispatch) {
  const scopes = createCallerScopes(dispatch)
  const bySender = new Map<object, CallerScope>()
  const hooked = new WeakSet<object>()
  const release = (sender: object) => {
    const scope = bySender.get(sender)
    bySender.delete(sender)
    void scope?.release()
  }
  return {
    of(sender: SenderContents | undefined): CallerScope | null {
      if (!sender) return null
      if (!hooked.has(sender)) {
        hooked.add(sender)
        sender.once?.('destroyed', () => release(sender))
        sender.on?.('did-start-navigation', (details: unknown, _url: unknown, isInPlace: unknown, isMainFrame: unknown) => {
          const d = details as { isMainFrame?: boolean; isSameDocument?: boolean } | undefined
          if ((d?.isMainFrame ?? isMainFrame === true) && !(d?.isSameDocument ?? isInPlace === true)) release(sender)
        })
      }
      let scope = bySender.get(sender)
      if (!scope) {
        scope = scopes.open(sender)
        bySender.set(sender, scope)
      }
      return scope
    },
    /** The sender is the caller identity of its scope, so this is the caller scopes' own answer. */
    wants: scopes.wants,
    releaseAll() {
      for (const sender of [...bySender.keys()]) release(sender)
    },
  }
}

export function createIpcGuard(dispatch: Dispatch, policy: SenderPolicy, scopes = senderScopes(dispatch)) {
  return async function guarded(channel: string, event: GuardEvent, payload: unknown): Promise<Result<unknown>> {
    if (!channel.startsWith('desk:')) return { ok: false, code: 'unknown_channel', message: 'Not a desk channel', epoch: dispatch.epoch() }
    const frame = event.senderFrame
    // Only the top frame of our own page may call; iframes and foreign origins are refused.
    if (!isTrustedFrame(frame, policy) || (event.sender?.mainFrame !== undefined && event.sender.mainFrame !== frame)) {
      return { ok: false, code: 'forbidden_sender', message: 'Call refused: sender frame is not the application', epoch: dispatch.epoch() }
    }
    const scope = scopes.of(event.sender)
    return scope ? scope.dispatch(channel, payload) : dispatch(channel, payload)
  }
}

export interface RegisteredIpc {
  /** Whether a pushed event goes to this webContents (`watch.*` events only to the page that subscribed). */
  wants(contents: object, event: DeskEvent): boolean
  dispose(): void
}

/** Registers one handler per contract method; nothing else is ever handled. */
export function registerIpc(ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>, dispatch: Dispatch, policy: SenderPolicy): RegisteredIpc {
  const scopes = senderScopes(dispatch)
  const guarded = createIpcGuard(dispatch, policy, scopes)
  const channels = methodTable.map(([domain, method]) => channelOf(domain, method))
  for (const channel of channels) ipcMain.handle(channel, (event, payload) => guarded(channel, event as GuardEvent, payload))
  return {
    wants: scopes.wants,
    dispose() {
      channels.forEach((channel) => ipcMain.removeHandler(channel))
      scopes.releaseAll()
    },
  }
}
