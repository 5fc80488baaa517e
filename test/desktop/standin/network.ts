import type { CDPSession } from 'playwright-core'
import { createEvent, recorder } from './record.js'
import { fromGateway } from './scheme.js'
import type { HeadersReceivedResponse, Session } from './session.js'

/**
 * A window's network, through CDP Fetch: renderer-started navigations of a frame are offered to
 * `will-frame-navigate` / `will-navigate` first (a prevented one is aborted and never commits), and
 * every response, file:// included, passes session.webRequest.onHeadersReceived, whose headers
 * (the app's CSP) are what the page gets.
 */
export const FETCH_PATTERNS = [
  { urlPattern: '*', resourceType: 'Document' as const, requestStage: 'Request' as const },
  { urlPattern: '*', requestStage: 'Response' as const },
]

export interface NetworkHost {
  readonly cdp: CDPSession
  readonly session: Session
  readonly id: number
  readonly contents: unknown
  windowId(): number | null
  mainFrameId(): string
  frame(frameId: string): unknown
  /** True, once, when a Document request is the app's own loadURL / reload (no will-navigate). */
  takeExpected(url: string): boolean
  emit(event: string, ...args: unknown[]): boolean
  destroyed(): boolean
}

export function attachNetwork(host: NetworkHost): void {
  const cdp = host.cdp
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function onPaused(event: any): Promise<void> {
    const { requestId, frameId, resourceType } = event as { requestId: string; frameId: string; resourceType: string }
    // Requests to a custom scheme's gateway are the app's scheme URLs for everything the app sees.
    const raw = event.request as { url: string; method: string; headers: Record<string, string> }
    const request = { ...raw, url: fromGateway(raw.url) }
    try {
      const atResponse = event.responseStatusCode !== undefined || event.responseErrorReason !== undefined
      if (!atResponse) {
        await onNavigationRequest(requestId, request.url, frameId)
        return
      }
      if (event.responseErrorReason !== undefined) {
        await cdp.send('Fetch.continueRequest', { requestId })
        return
      }
      await onResponse(event, requestId, request, frameId, resourceType)
    } catch (error) {
      if (!host.destroyed()) recorder.stubErrors.push(`request ${request.url}: ${String(error)}`)
      await cdp.send('Fetch.continueRequest', { requestId }).catch(() => undefined)
    }
  }

  async function onNavigationRequest(requestId: string, url: string, frameId: string): Promise<void> {
    if (host.takeExpected(url)) {
      await cdp.send('Fetch.continueRequest', { requestId })
      return
    }
    const isMainFrame = frameId === host.mainFrameId()
    const event = createEvent({ url, isMainFrame, frame: host.frame(frameId) })
    host.emit('will-frame-navigate', event)
    if (isMainFrame && !event.defaultPrevented) host.emit('will-navigate', event, url)
    recorder.navigations.push({ windowId: host.windowId(), url, mainFrame: isMainFrame, prevented: event.defaultPrevented })
    if (event.defaultPrevented) await cdp.send('Fetch.failRequest', { requestId, errorReason: 'Aborted' })
    else await cdp.send('Fetch.continueRequest', { requestId })
  }

  async function onResponse(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    event: any,
    requestId: string,
    request: { url: string; method: string; headers: Record<string, string> },
    frameId: string,
    resourceType: string,
  ): Promise<void> {
    const status = event.responseStatusCode as number
    const original = (event.responseHeaders ?? []) as Array<{ name: string; value: string }>
    const listener = host.session.webRequest.headersListener(request.url)
    const type = electronResourceType(resourceType, frameId === host.mainFrameId())
    const record = (headers: Array<{ name: string; value: string }>, changed: boolean) => {
      if (type === 'mainFrame' || type === 'subFrame' || type === 'script') {
        const csp = headers.filter((h) => h.name.toLowerCase() === 'content-security-policy').map((h) => h.value)
        recorder.responses.push({ windowId: host.windowId(), url: request.url, resourceType: type, status, csp, changed })
      }
    }
    if (!listener) {
      record(original, false)
      await cdp.send('Fetch.continueResponse', { requestId })
      return
    }
    const responseHeaders: Record<string, string[]> = {}
    for (const { name, value } of original) (responseHeaders[name] ??= []).push(value)
    const details = {
      id: Number(requestId.replace(/\D/g, '')) || 0,
      url: request.url,
      method: request.method,
      resourceType: type,
      referrer: request.headers.Referer ?? '',
      timestamp: Date.now(),
      statusLine: `HTTP/1.1 ${status} ${event.responseStatusText ?? ''}`.trim(),
      statusCode: status,
      responseHeaders,
      webContentsId: host.id,
      webContents: host.contents,
      frame: host.frame(frameId),
    }
    const answer = await new Promise<HeadersReceivedResponse>((resolve) => listener(details, (response: HeadersReceivedResponse = {}) => resolve(response)))
    if (answer.cancel) {
      record(original, true)
      await cdp.send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' })
      return
    }
    if (!answer.responseHeaders && !answer.statusLine) {
      record(original, false)
      await cdp.send('Fetch.continueResponse', { requestId })
      return
    }
    const headers = Object.entries(answer.responseHeaders ?? responseHeaders).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => ({ name, value: String(v) })))
    const code = answer.statusLine ? Number(/\s(\d{3})(\s|$)/.exec(answer.statusLine)?.[1] ?? status) : status
    record(headers, true)
    await cdp.send('Fetch.continueResponse', { requestId, responseCode: code, responseHeaders: headers })
  }

  cdp.on('Fetch.requestPaused', (event) => void onPaused(event))
}

function electronResourceType(cdpType: string, mainFrame: boolean): string {
  switch (cdpType) {
    case 'Document':
      return mainFrame ? 'mainFrame' : 'subFrame'
    case 'Stylesheet':
      return 'stylesheet'
    case 'Script':
      return 'script'
    case 'Image':
      return 'image'
    case 'Font':
      return 'font'
    case 'XHR':
    case 'Fetch':
      return 'xhr'
    case 'WebSocket':
      return 'webSocket'
    case 'Media':
      return 'media'
    case 'Ping':
      return 'ping'
    case 'CSPViolationReport':
      return 'cspReport'
    default:
      return 'other'
  }
}

