import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createHarness, liveHandles } from './helpers.js'

const script = fileURLToPath(new URL('./fixtures/dispose-run.ts', import.meta.url))
const tsx = fileURLToPath(new URL('../../../node_modules/tsx/dist/cli.mjs', import.meta.url))

describe('desk core dispose', () => {
  it('leaves no open handles: a process that used every timer and socket exits by itself', { timeout: 40_000 }, async () => {
    const child = spawn(process.execPath, [tsx, script], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    const code = await new Promise<number | 'hung'>((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL')
        resolve('hung')
      }, 25_000) // tsx compiles the core and Demo builds its world first: seconds, more on a loaded machine
      child.on('exit', (c) => {
        clearTimeout(timer)
        resolve(c ?? -1)
      })
    })
    expect(out, err).toContain('disposed')
    expect(code, err).toBe(0)
  })

  it('in-process: timers and sockets return to the baseline after dispose, and handlers refuse', async () => {
    const baseline = liveHandles().length
    const h = await createHarness({ balancePollMs: 50 })
    const api = h.core.handlers
    await api.session.login(undefined)
    await api.listener.start(undefined)
    const { subscriptionId } = await h.subscribe({ name: 'feed.menu', lineType: 'line' })
    await h.subscribe({ name: 'balance' })
    await h.subscribe({ name: 'coupons.active' })
    await h.waitFor('watch.snapshot', (e) => e.subscriptionId === subscriptionId)
    expect(liveHandles().length).toBeGreaterThan(baseline)
    await h.close()
    const deadline = Date.now() + 3000
    while (liveHandles().length > baseline && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25))
    expect(liveHandles().length).toBeLessThanOrEqual(baseline)
    await expect(api.app.info(undefined)).rejects.toMatchObject({ code: 'disposed' })
  })
})
