import { afterAll, describe, expect, it } from 'vitest'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect } from 'node:net'
import { fileURLToPath } from 'node:url'

/** The real `npm run web` process (issue 8 item 7): the three requests that used to end it get 400 and it keeps running. */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))
/** One node process, as the npm scripts run it (the tsx CLI wrapper relays signals with a 30 ms deadline). */
const TSX = ['--import', 'tsx']
let child: ChildProcess | undefined

afterAll(() => {
  // The whole process group: tsx starts the console as its own child.
  if (child?.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
})

function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    const done = () => {
      clearTimeout(timer)
      socket.destroy()
      resolve(Buffer.concat(chunks).toString('latin1'))
    }
    const timer = setTimeout(done, 3000)
    socket.on('data', (c) => chunks.push(c))
    socket.on('error', done)
    socket.on('close', done)
    socket.write(text)
  })
}

describe('web console process under hostile requests', () => {
  it('answers 400 to GET /%E0%A4%A, GET //x:abc/ and an upgrade to //x:abc/desk, and stays up', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-web-cli-'))
    const staticDir = join(dir, 'static')
    mkdirSync(staticDir)
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>desk</title>')
    writeFileSync(join(dir, 'shim.js'), '')
    child = spawn(process.execPath, [...TSX, 'src-main/web/cli.ts', '--port', '0', '--static-dir', staticDir, '--shim', join(dir, 'shim.js'), '--data-dir', join(dir, 'data')], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    let stderr = ''
    child.stderr?.on('data', (d) => (stderr += String(d)))
    const url = await new Promise<string>((resolve, reject) => {
      let out = ''
      child!.stdout?.on('data', (d) => {
        out += String(d)
        const m = /(http:\/\/127\.0\.0\.1:\d+)\//.exec(out)
        if (m) resolve(m[1])
      })
      child!.once('exit', (code) => reject(new Error(`web console exited ${code}: ${stderr}`)))
    })
    const port = Number(new URL(url).port)
    const status = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)
    const host = `Host: 127.0.0.1:${port}`
    expect(status(await raw(port, `GET /%E0%A4%A HTTP/1.1\r\n${host}\r\nConnection: close\r\n\r\n`))).toBe(400)
    expect(status(await raw(port, `GET //x:abc/ HTTP/1.1\r\n${host}\r\nConnection: close\r\n\r\n`))).toBe(400)
    const upgrade = ['GET //x:abc/desk HTTP/1.1', host, 'Connection: Upgrade', 'Upgrade: websocket', 'Sec-WebSocket-Version: 13', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', `Origin: ${url}`, '', ''].join('\r\n')
    expect(status(await raw(port, upgrade))).toBe(400)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(child.exitCode).toBeNull()
    expect((await fetch(url + '/')).status).toBe(200)
  }, 90_000)
})
