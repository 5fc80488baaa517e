import { readFile, stat } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { lookup } from 'mrmime'

/**
 * net: `net.fetch` as Electron gives it to main, file: URLs included (Node's fetch refuses them).
 * A file answers 200 with the type Chromium's file loader would pick for its extension (its table
 * is not reachable from here; mrmime agrees with it on everything a Vite build emits); a missing
 * file rejects as Chromium does. Every other URL goes to Node's fetch.
 */
export const net = {
  async fetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.protocol !== 'file:') return fetch(input, init)
    const path = fileURLToPath(url)
    const info = await stat(path).catch(() => null)
    if (!info?.isFile()) throw new TypeError('net::ERR_FILE_NOT_FOUND')
    const type = lookup(path)
    return new Response(new Uint8Array(await readFile(path)), { status: 200, headers: type ? { 'content-type': type } : {} })
  },
  isOnline(): boolean {
    return true
  },
}
