import { createServer, type Server } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskHandlers } from '../../../src-shared/contract.js'
import { createHarness, type Harness } from './helpers.js'

/** Coupons carry the callback URL they were placed with: the listener keeps its port across stops and restarts. */
let h: Harness
let api: DeskHandlers

beforeAll(async () => {
  h = await createHarness()
  api = h.core.handlers
})
afterAll(async () => {
  await h?.close()
})

const portOf = (url: string | null) => Number(new URL(url ?? 'http://x:1').port)
const occupy = (port: number) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve(server))
  })

describe('the callback listener port', () => {
  it('is chosen once, kept in the profile, and taken again after a stop', async () => {
    expect(h.profiles.active().listener.port).toBe(0)
    const first = await api.listener.start(undefined)
    const port = portOf(first.url)
    expect(port).toBeGreaterThan(0)
    expect(h.profiles.active().listener.port).toBe(port)
    await api.listener.stop(undefined)
    expect(portOf((await api.listener.start(undefined)).url)).toBe(port)
    await api.listener.stop(undefined)
  })

  it('says it cannot bind and takes no other port when its port is taken', async () => {
    const port = h.profiles.active().listener.port
    const blocker = await occupy(port)
    try {
      await expect(api.listener.start(undefined)).rejects.toMatchObject({ code: 'listener_port_in_use' })
      const status = await api.listener.status(undefined)
      expect(status).toMatchObject({ running: false, url: null, reason: { code: 'listener_port_in_use' } })
      expect(h.profiles.active().listener.port).toBe(port)
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()))
    }
    expect(portOf((await api.listener.start(undefined)).url)).toBe(port)
    await api.listener.stop(undefined)
  })

  it('counts the open coupons whose callbacks go to another address: while stopped, and after the port was changed', async () => {
    await api.session.login(undefined)
    const here = await api.listener.start(undefined)
    expect(here.stranded).toBe(0)
    const menu = await api.feed.menu({ lineType: 'line' })
    const events = await api.feed.events({ lineType: 'line', sportId: menu[0]!.id, tournamentId: 0 })
    const pointer = events.flatMap((e) => e.matches).flatMap((m) => (m.markets ?? []).flatMap((k) => k.columns.flat())).find((o) => !o.blocked && o.pointer)!.pointer
    const placed = await api.coupons.place({ pointers: [pointer], amount: 3, multi: false, mode: 'accept', confirmed: false })
    expect(placed.outcome).toBe('placed')
    expect((await api.listener.status(undefined)).stranded).toBe(0)
    expect((await api.listener.stop(undefined)).stranded).toBe(1)

    // The operator gives the listener another port: the coupon still carries the old address.
    const { createdAt: _createdAt, ...stored } = h.profiles.active()
    await api.profiles.save({ ...stored, listener: { ...stored.listener, port: 0 } })
    const moved = await api.listener.start(undefined)
    expect(portOf(moved.url)).not.toBe(portOf(here.url))
    expect(moved.stranded).toBe(1)
    await api.listener.stop(undefined)
  })
})
