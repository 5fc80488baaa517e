import type { IpcMain, IpcMainInvokeEvent, WebFrameMain } from 'electron'
import { methodTable, channelOf, type Result } from '../../src-shared/contract.js'
import type { Dispatch } from '../core/shared/dispatch.js'
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

export function createIpcGuard(dispatch: Dispatch, policy: SenderPolicy) {
  return async function guarded(channel: string, event: Pick<IpcMainInvokeEvent, 'senderFrame'> & { sender?: { mainFrame?: unknown } }, payload: unknown): Promise<Result<unknown>> {
    if (!channel.startsWith('desk:')) return { ok: false, code: 'unknown_channel', message: 'Not a desk channel' }
    const frame = event.senderFrame
    // Only the top frame of our own page may call; iframes and foreign origins are refused.
    if (!isTrustedFrame(frame, policy) || (event.sender?.mainFrame !== undefined && event.sender.mainFrame !== frame)) {
      return { ok: false, code: 'forbidden_sender', message: 'Call refused: sender frame is not the application' }
    }
    return dispatch(channel, payload)
  }
}

/** Registers one handler per contract method; nothing else is ever handled. */
export function registerIpc(ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>, dispatch: Dispatch, policy: SenderPolicy): () => void {
  const guarded = createIpcGuard(dispatch, policy)
  const channels = methodTable.map(([domain, method]) => channelOf(domain, method))
  for (const channel of channels) ipcMain.handle(channel, (event, payload) => guarded(channel, event, payload))
  return () => channels.forEach((channel) => ipcMain.removeHandler(channel))
}
