/**
 * The demo control calls (`/__sim/...`) through the shared HTTP layer: they change the simulated world,
 * so they are `never` calls: sent once, a lost answer is `demo_unreachable`, refusals keep their codes.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simControl } from '../../../src-main/core/desk/demo-sim.js'
import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'

let sim: RunningSimulator
let dropper: Server
let dropperHits = 0
let dropperUrl: string

beforeAll(async () => {
  sim = await startSimulator({ port: 0, clockTickMs: 0, seed: 3 })
  dropper = createServer((req) => {
    dropperHits++
    req.resume()
    req.on('end', () => req.socket.destroy())
  })
  await new Promise<void>((resolve) => dropper.listen(0, '127.0.0.1', resolve))
  dropperUrl = `http://127.0.0.1:${(dropper.address() as AddressInfo).port}`
})
afterAll(async () => {
  await sim?.close()
  dropper.closeAllConnections()
  await new Promise<void>((resolve) => dropper.close(() => resolve()))
})

describe('demo control calls', () => {
  it('advances the simulator clock and returns its answer', async () => {
    const before = sim.clock.now()
    const answer = (await simControl(sim, '/clock/advance', { ms: 60_000 })) as { now?: number }
    expect(answer.now).toBeGreaterThanOrEqual(before + 60_000)
  })

  it('a refusal keeps its code: unknown coupon → not_found', async () => {
    await expect(simControl(sim, '/coupons/NO-SUCH-COUPON/settle', { result: 'win' })).rejects.toMatchObject({ code: 'not_found', status: 404 })
  })

  it('a lost answer is demo_unreachable and the call is not sent again', async () => {
    const fake = { couponBaseUrl: dropperUrl } as RunningSimulator
    await expect(simControl(fake, '/clock/advance', { ms: 1 })).rejects.toMatchObject({ code: 'demo_unreachable', retry: 'never' })
    expect(dropperHits).toBe(1)
  })
})
