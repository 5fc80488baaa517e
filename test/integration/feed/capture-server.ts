import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { feedCaptureNames, feedCaptureText, feedErrorCaptureText } from '../../unit/feed/captures.js'

/**
 * A loopback feed that answers with the vendor's captures byte for byte (not the project's
 * simulator): `GET /feed/v1/...` → the capture of that route, `X-Key-Expires` on every success.
 * The `Package` header steers faults: `err/<feed-errors capture>/<http status>` answers that error
 * body with that status; `code/<error_code>/<http status>` an error the vendor never documented;
 * `expires/<value>` sends that X-Key-Expires value (`-` = no header).
 */
export const KEY_EXPIRES = '2026-11-03T14:34:23.479Z'
/** Game ids the captures answer with the `event` messages. */
export const FINISHED_GAME = 111
export const NOT_FOUND_GAME = 222

export interface CaptureServer {
  baseURL: string
  hits: Array<{ path: string; query: string; key: string }>
  close(): Promise<void>
}

function captureFor(path: string, query: URLSearchParams): string | null {
  const full = query.get('full') === 'true' ? '.full' : ''
  const names = new Set(feedCaptureNames())
  const pick = (name: string) => (names.has(name) ? name : null)
  let m: RegExpExecArray | null
  if ((m = /^\/v1\/(menu|sports)\/(live|line)\/en$/.exec(path))) return pick(`${m[1]}.${m[2]}.en.json`)
  if ((m = /^\/v1\/countries\/1\/(live|line)\/en$/.exec(path))) return pick(`countries.sport-1.${m[1]}.en.json`)
  if ((m = /^\/v1\/tournaments\/1\/1\/(live|line)\/en$/.exec(path))) return pick(`tournaments.sport-1.country-1.${m[1]}.en.json`)
  if ((m = /^\/v1\/topmatches\/(live|line)\/en$/.exec(path))) return pick(`topmatches${full}.${m[1]}.en.json`)
  if (/^\/v1\/toplist\/1\/en$/.test(path)) return pick(`toplist${full}.sport-1.line.en.json`)
  if ((m = /^\/v1\/search\/(live|line)\/en\/([^/]+)$/.exec(path))) return pick(`search.query-${decodeURIComponent(m[2]).toLowerCase()}.${m[1]}.en.json`)
  if ((m = /^\/v1\/events\/1\/0\/sub\/50\/(live|line)\/en$/.exec(path))) return pick(`events.sport-1.tournament-0.sub-50.${m[1]}.en.json`)
  if ((m = /^\/v1\/events\/1\/\d+\/sub\/50\/line\/(\d+)\/(\d+)\/en$/.exec(path))) return Number(m[1]) === 0 && Number(m[2]) > 5 ? 'events-by-period.empty.json' : 'events-by-period.calendar.json'
  if ((m = /^\/v1\/event\/(\d+)\/group\/(live|line)\/en$/.exec(path))) return pick(`event.game-${m[1]}.group.${m[2]}.en.json`)
  if (path === '/v1/account') return 'account.json'
  return null
}

export async function startCaptureServer(): Promise<CaptureServer> {
  const hits: CaptureServer['hits'] = []
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const key = String(req.headers.package ?? '')
    const path = url.pathname.replace(/^\/feed/, '')
    hits.push({ path, query: url.search, key })
    const send = (status: number, text: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers })
      res.end(text)
    }
    if (key.startsWith('err/')) {
      const [, file, status] = key.split('/')
      return send(Number(status), feedErrorCaptureText(`${file}.json`))
    }
    if (key.startsWith('code/')) {
      const [, code, status] = key.split('/')
      return send(Number(status), JSON.stringify({ error_code: Number(code), error_message: 'Too many requests, slow down' }))
    }
    const expires = key.startsWith('expires/') ? decodeURIComponent(key.slice('expires/'.length)) : KEY_EXPIRES
    const headers: Record<string, string> = expires === '-' ? {} : { 'X-Key-Expires': expires }
    if (path === `/v1/event/${FINISHED_GAME}/group/line/en`) return send(200, feedErrorCaptureText('game-finished.json'), headers)
    if (/^\/v1\/event\/\d+\/group\/(live|line)\/en$/.test(path) && !captureFor(path, url.searchParams)) return send(200, feedErrorCaptureText('game-not-found.json'), headers)
    const name = captureFor(path, url.searchParams)
    if (!name) return send(404, JSON.stringify({ message: `no capture for ${path}` }))
    send(200, feedCaptureText(name), headers)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed`,
    hits,
    async close() {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
