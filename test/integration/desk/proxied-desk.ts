import type { DeskCoreOptions } from '../../../src-main/core/desk/index.js'
import { startSimulator, type RunningSimulator } from '../../../src-main/core/simulator/server.js'
import { startCountingProxy, type CountingProxy } from './counting-proxy.js'
import { createHarness, type Harness } from './helpers.js'

export interface ProxiedDesk {
  sim: RunningSimulator
  /** In front of the simulator's coupon and feed services: counts and can hold requests. */
  proxy: CountingProxy
  h: Harness
  /** The custom profile reaching the simulator through the proxy (saved with its demo credentials, not selected). */
  profileId: string
  /** Releases held requests and closes the harness, the proxy and the simulator. */
  close(): Promise<void>
}

/** A desk harness with one custom profile whose coupon and feed requests go through a counting proxy to a simulator. */
export async function startProxiedDesk(options: { seed: number; profileName: string; harness?: Partial<DeskCoreOptions> }): Promise<ProxiedDesk> {
  const sim = await startSimulator({ port: 0, clockTickMs: 0, seed: options.seed })
  const proxy = await startCountingProxy(sim.couponBaseUrl)
  const h = await createHarness(options.harness)
  const saved = h.profiles.save({
    name: options.profileName,
    environment: 'custom',
    couponBaseUrl: proxy.url,
    feedApiUrl: `${proxy.url}/feed`,
    cdnUrl: sim.cdnUrl,
    username: 'demo',
    language: 'en',
    legacyMode: false,
    timeZone: 'utc',
    listener: { enabled: false, host: '127.0.0.1', port: 0, path: '/callbacks' },
  })
  h.profiles.setSecret(saved.id, 'password', 'demo')
  h.profiles.setSecret(saved.id, 'feedApiKey', 'demo-key')
  return {
    sim,
    proxy,
    h,
    profileId: saved.id,
    async close() {
      proxy.release()
      await h.close()
      await proxy.close()
      await sim.close()
    },
  }
}
